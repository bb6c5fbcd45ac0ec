/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports the byte
/// offset of every error and of every value it returns.
///
/// It refuses what a lenient parser might accept (trailing commas, comments,
/// duplicate keys, invalid UTF-8, lone surrogates, nesting deeper than its
/// ``Limits``), because trace text is untrusted. Its time is linear in the
/// length of its input.
package struct JSONParser {
    /// A syntax error and the byte offset where it was found.
    package struct SyntaxError: Error, Equatable, Sendable {
        package var offset: Int
        package var message: String

        package init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }
    }

    /// How much one parse may hold, so hostile input can exhaust neither the
    /// stack nor the time of whoever reads what it returns.
    package struct Limits: Sendable {
        /// Nesting deeper than this is refused.
        package var depth: Int
        /// More values than this (every scalar, array and object counts) are refused.
        package var values: Int

        package init(depth: Int, values: Int) {
            self.depth = depth
            self.values = values
        }

        /// A trace's: deep enough for any record, and no bound on a record's size but its line's.
        package static let trace = Limits(depth: 64, values: .max)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: Limits
    private var position = 0
    private var depth = 0
    private var values = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Parses exactly one JSON value, surrounded by optional whitespace.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = .trace) throws(SyntaxError)
        -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, limits: limits)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.error("unexpected text after the JSON value")
        }
        return value
    }

    /// Parses exactly one JSON value from a string.
    package static func parse(_ text: String, limits: Limits = .trace) throws(SyntaxError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, SyntaxError> = text.withUTF8 { buffer in
            Result { () throws(SyntaxError) -> JSONValue in try parse(buffer, limits: limits) }
        }
        return try result.get()
    }

    private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(offset: offset ?? position, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw error("expected a JSON value, found the end of the line") }
        let start = position
        values += 1
        if values > limits.values { throw error("more than \(limits.values) JSON values") }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(.object(try parseObject()), offset: start)
        case UInt8(ascii: "["): return JSONValue(.array(try parseArray()), offset: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        default:
            throw error("expected a JSON value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let matches =
            bytes.count - position >= count
            && (0..<count).allSatisfy { bytes[position + $0] == literal.utf8Start[$0] }
        guard matches else { throw error("expected a JSON value", at: start) }
        position += count
    }

    private mutating func enterNesting() throws(SyntaxError) {
        depth += 1
        if depth > limits.depth {
            throw error("JSON nested more than \(limits.depth) levels deep")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONObject {
        var object = JSONObject()
        // Records have a handful of keys, searched fastest in order; a hostile
        // object of thousands would make that search quadratic.
        var keys: Set<String> = []
        try parseSequence(closing: UInt8(ascii: "}"), of: "object") { (parser: inout Self) throws(SyntaxError) in
            guard parser.current == UInt8(ascii: "\"") else { throw parser.error("expected a quoted key") }
            let keyOffset = parser.position
            let key = try parser.parseString()
            if object.members.count == Self.keysSearchedInOrder { keys = Set(object.members.map(\.key)) }
            let isDuplicate =
                object.members.count < Self.keysSearchedInOrder
                ? object.members.contains(where: { $0.key == key }) : !keys.insert(key).inserted
            if isDuplicate {
                // The column names the key: an error quotes nothing of a file that may be no one's JSON.
                throw parser.error("duplicate key", at: keyOffset)
            }
            parser.skipWhitespace()
            guard parser.current == UInt8(ascii: ":") else { throw parser.error("expected ':' after the key") }
            parser.position += 1
            parser.skipWhitespace()
            object.members.append((key, try parser.parseValue()))
        }
        return object
    }

    /// Up to this many keys, a new key is looked for among them one by one.
    private static let keysSearchedInOrder = 16

    private mutating func parseArray() throws(SyntaxError) -> [JSONValue] {
        var elements: [JSONValue] = []
        try parseSequence(closing: UInt8(ascii: "]"), of: "array") { (parser: inout Self) throws(SyntaxError) in
            elements.append(try parser.parseValue())
        }
        return elements
    }

    /// The items of an object or an array, from its opening bracket to past
    /// `closing`: each read by `item`, starting at its first byte, and
    /// separated by commas.
    private mutating func parseSequence(
        closing: UInt8, of name: String, item: (inout Self) throws(SyntaxError) -> Void
    ) throws(SyntaxError) {
        try enterNesting()
        defer { depth -= 1 }
        position += 1
        skipWhitespace()
        if current == closing {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case closing:
                position += 1
                return
            default: throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))' in the \(name)")
            }
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONNumber {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("malformed number", at: start) }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) { throw error("malformed number: leading zero", at: start) }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let next = current, isDigit(next) else { throw error("malformed number", at: start) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let next = current, isDigit(next) else { throw error("malformed number", at: start) }
            skipDigits()
        }
        return JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let opening = position
        position += 1
        let contentStart = position
        // Fast path: no escapes, so the bytes are the string once validated.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            position += 1
        }
        if current == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
            position += 1
            return try validatedString(slice, at: contentStart)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: try validatedString(
                UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), at: contentStart
            ).unicodeScalars)
        while true {
            guard let byte = current else { throw error("unterminated string", at: opening) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try parseEscape())
            case ..<0x20:
                throw error("control character in a string must be escaped")
            default:
                let runStart = position
                while let next = current, next != UInt8(ascii: "\""), next != UInt8(ascii: "\\"), next >= 0x20 {
                    position += 1
                }
                scalars.append(
                    contentsOf: try validatedString(
                        UnsafeBufferPointer(rebasing: bytes[runStart..<position]), at: runStart
                    ).unicodeScalars)
            }
        }
    }

    private func validatedString(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws(SyntaxError) -> String {
        // `String(validating:as:)` is generic, not specialised here: it looked
        // up type metadata for every string, an eighth of reading a native trace.
        guard UTF8Check.isValid(slice) else {
            throw error("invalid UTF-8", at: offset + (UTF8Check.firstInvalidByte(in: slice) ?? 0))
        }
        return String(decoding: slice, as: UTF8.self)
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let byte = current else { throw error("unterminated escape", at: start) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: start)
            switch unit {
            case 0xD800...0xDBFF:
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone surrogate in \\u escape", at: start)
                }
                position += 2
                let low = try parseHex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else { throw error("lone surrogate in \\u escape", at: start) }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value)!
            case 0xDC00...0xDFFF:
                throw error("lone surrogate in \\u escape", at: start)
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw error("invalid escape sequence", at: start)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(SyntaxError) -> UInt16 {
        guard bytes.count - position >= 4 else { throw error("malformed \\u escape", at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("malformed \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}
