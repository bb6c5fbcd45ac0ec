/// A line and column in a file, for input whose records span several lines.
package struct TextPosition: Equatable, Sendable {
    /// 1-based line.
    package var line: Int
    /// 1-based column in Unicode scalars.
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` of `text`, when `text` starts here.
    package func advanced(by offset: Int, in text: UnsafeBufferPointer<UInt8>) -> TextPosition {
        var position = self
        for index in 0..<min(offset, text.count) {
            let byte = text[index]
            if byte == 0x0A {
                position.line += 1
                position.column = 1
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
        }
        return position
    }

    package func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
