/// Reads a JSON array of objects one element at a time, so a `log show
/// --style json` export of any length is read in the memory of its largest
/// entry rather than of the whole array.
///
/// It only finds where each element starts and ends (tracking strings and
/// nesting); the element itself is then parsed strictly by ``JSONParser``.
struct JSONArrayReader {
    /// The largest element accepted, in bytes.
    static let maximumElementLength = LineReader.maximumLineLength

    let stream: ByteStream
    /// Bytes before the array that were already accounted for, and the line they end on.
    let preamble: ChangeLogLayout.Preamble

    private enum Phase {
        case beforeArray
        case beforeFirstElement
        case beforeElement
        case inElement
        case afterElement
        case afterArray
    }

    /// Calls `body` with the bytes of each element and where it starts.
    /// The bytes are valid only during the call.
    func forEachElement(
        _ body: (_ element: UnsafeBufferPointer<UInt8>, _ start: TextPosition) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        var phase = Phase.beforeArray
        var position = TextPosition(line: preamble.lines + 1, column: 1)
        var skip = preamble.bytes
        var element: [UInt8] = []
        var elementStart = position
        var depth = 0
        var inString = false
        var escaped = false

        func fail(_ message: String) -> Diagnostic {
            .error(message, at: position.location(in: stream.name))
        }

        while let chunk = try stream.nextChunk() {
            for byte in chunk {
                if skip > 0 {
                    skip -= 1
                    continue
                }
                let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
                switch phase {
                case .beforeArray:
                    guard isSpace else {
                        guard byte == UInt8(ascii: "[") else {
                            throw fail("expected '[' starting the JSON array of log entries")
                        }
                        phase = .beforeFirstElement
                        break
                    }
                case .beforeFirstElement, .beforeElement:
                    guard !isSpace else { break }
                    if byte == UInt8(ascii: "]") {
                        guard phase == .beforeFirstElement else { throw fail("expected a log entry after ','") }
                        phase = .afterArray
                    } else {
                        guard byte == UInt8(ascii: "{") else { throw fail("expected a log entry object '{'") }
                        element.append(byte)
                        elementStart = position
                        depth = 1
                        phase = .inElement
                    }
                case .inElement:
                    element.append(byte)
                    guard element.count <= Self.maximumElementLength else {
                        throw Diagnostic.error(
                            "log entry longer than \(Self.maximumElementLength) bytes",
                            at: elementStart.location(in: stream.name))
                    }
                    if inString {
                        if escaped {
                            escaped = false
                        } else if byte == UInt8(ascii: "\\") {
                            escaped = true
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 {
                            try element.withUnsafeBufferPointer { (bytes) throws(Diagnostic) in
                                try body(bytes, elementStart)
                            }
                            element.removeAll(keepingCapacity: true)
                            phase = .afterElement
                        }
                    }
                case .afterElement:
                    guard !isSpace else { break }
                    switch byte {
                    case UInt8(ascii: ","): phase = .beforeElement
                    case UInt8(ascii: "]"): phase = .afterArray
                    default: throw fail("expected ',' or ']' after a log entry")
                    }
                case .afterArray:
                    guard isSpace else { throw fail("unexpected text after the JSON array of log entries") }
                }
                if byte == 0x0A {
                    position.line += 1
                    position.column = 1
                } else if byte & 0xC0 != 0x80 {
                    position.column += 1
                }
            }
        }
        switch phase {
        case .afterArray:
            return
        case .beforeArray:
            throw fail("expected '[' starting the JSON array of log entries, found the end of the file")
        case .inElement:
            throw fail(
                "the file ends inside a log entry that starts at line \(elementStart.line): the log is cut short")
        case .beforeFirstElement, .beforeElement, .afterElement:
            throw fail("the file ends before the JSON array is closed with ']': the log is cut short")
        }
    }
}
