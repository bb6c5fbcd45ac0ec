/// What a document's first bytes show of it as XML: its root element, or a
/// prolog (declaration, comments, processing instructions, a document type
/// declaration) that runs to the end of the bytes seen.
///
/// Format detection looks at a few kilobytes; an export whose prolog is
/// longer still reads as XML, and a document type with an internal subset
/// (whose `>` come before its end) is passed over whole, so the reader can
/// refuse it with its line and column.
enum XMLDocumentStart: Equatable {
    /// The first element after the prolog, by name.
    case root(String)
    /// The bytes end inside the prolog.
    case prolog

    /// How `prefix` starts, or `nil` when it is not XML: something other
    /// than whitespace, a byte order mark or markup comes first.
    init?(_ prefix: [UInt8]) {
        var index = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var sawMarkup = false
        while index < prefix.count {
            if Byte.isWhitespace(prefix[index]) {
                index += 1
                continue
            }
            guard prefix[index] == Byte.lessThan else { return nil }
            sawMarkup = true
            guard index + 1 < prefix.count else { break }
            let rest = prefix[(index + 1)...]
            let end: Int?
            if rest.starts(with: Self.commentOpening) {
                end = Self.end(of: Self.commentClosing, in: prefix, from: index + 4)
            } else if prefix[index + 1] == Byte.question {
                end = Self.end(of: Self.instructionClosing, in: prefix, from: index + 2)
            } else if prefix[index + 1] == Byte.exclamation {
                end = Self.declarationEnd(in: prefix, from: index + 2)
            } else {
                let name = rest.prefix(while: Byte.isNameByte)
                guard !name.isEmpty else { return nil }
                // A name cut by the end of the bytes is not yet known.
                guard name.count < rest.count else { break }
                self = .root(String(decoding: name, as: UTF8.self))
                return
            }
            guard let end else { break }
            index = end
        }
        guard sawMarkup else { return nil }
        self = .prolog
    }

    private static let commentOpening = Array("!--".utf8)
    private static let commentClosing = Array("-->".utf8)
    private static let instructionClosing = Array("?>".utf8)

    /// The index just past the first `closing` from `start`, if any.
    private static func end(of closing: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + closing.count <= bytes.count {
            if bytes[index] == closing[0], bytes[index...].starts(with: closing) { return index + closing.count }
            index += 1
        }
        return nil
    }

    /// The index just past the `>` that closes a `<!…>` declaration, passing
    /// over quoted literals and an internal subset in brackets.
    private static func declarationEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var depth = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if depth > 0, byte == Byte.lessThan, bytes[index...].starts(with: commentOpening) {
                // A comment in the internal subset may hold quotes and brackets of its own.
                guard let end = end(of: commentClosing, in: bytes, from: index + 3) else { return nil }
                index = end
            } else if byte == Byte.doubleQuote || byte == Byte.singleQuote {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == Byte.closeBracket {
                depth = max(depth - 1, 0)
            } else if byte == Byte.greaterThan, depth == 0 {
                return index
            }
        }
        return nil
    }
}
