/// A line and column in a file, for input whose records span several lines.
public struct TextPosition: Equatable, Sendable {
    /// 1-based line.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` of `text`, when `text` starts here.
    public func advanced(by offset: Int, in text: UnsafeBufferPointer<UInt8>) -> TextPosition {
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

    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
