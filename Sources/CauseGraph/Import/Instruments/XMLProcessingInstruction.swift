/// The checks XML 1.0 makes of a processing instruction (`<?target …?>`),
/// which the reader otherwise passes over: its target is a name, `xml` in
/// any case is reserved for the declaration, and the declaration stands at
/// the very start of the file (after a byte order mark) with `version`,
/// then `encoding` and `standalone` if given, each a value XML allows.
/// Exports are UTF-8, so an encoding other than UTF-8 (or its subset
/// US-ASCII) would be read as what it is not.
enum XMLProcessingInstruction {
    /// Checks the instruction whose bytes between `<?` and `?>` are
    /// `content`, `<?` standing at `offset` in the file, and `atStart`
    /// when nothing but a byte order mark comes before it.
    static func check(_ content: UnsafeBufferPointer<UInt8>, offset: Int, atStart: Bool) throws(XMLReadFailure) {
        let target = content.prefix(while: Byte.isNameByte)
        guard let first = target.first, !Byte.isDigitOrNameStop(first) else {
            throw .at(offset: offset + 2, message: "a processing instruction must start with a name")
        }
        let rest = content[target.count...]
        guard rest.isEmpty || Byte.isWhitespace(rest.first!) else {
            throw .at(
                offset: offset + 2 + target.count, message: "a processing instruction's name must end with a space")
        }
        guard target.map(lowercased) == Array("xml".utf8) else { return }
        guard target.elementsEqual("xml".utf8) else {
            throw .at(offset: offset + 2, message: "processing instructions named xml, in any case, are reserved")
        }
        guard atStart else {
            throw .at(offset: offset, message: "the XML declaration (<?xml …?>) must start the file")
        }
        try checkDeclaration(Array(rest), offset: offset + 2 + target.count)
    }

    /// The pseudo-attributes a declaration may have, in the order it must give them.
    private static let declarationNames = ["version", "encoding", "standalone"]

    private static func checkDeclaration(_ bytes: [UInt8], offset: Int) throws(XMLReadFailure) {
        var index = 0
        var next = 0
        while true {
            let spaced = index
            while index < bytes.count && Byte.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            guard index > spaced else {
                throw .at(offset: offset + index, message: "the XML declaration's attributes must be apart")
            }
            let nameStart = index
            while index < bytes.count && Byte.isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            guard let position = declarationNames[next...].firstIndex(of: name), next > 0 || position == 0 else {
                throw .at(
                    offset: offset + nameStart,
                    message:
                        "the XML declaration holds version, then encoding and standalone if given, and nothing else")
            }
            next = position + 1
            while index < bytes.count && Byte.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == Byte.equals else {
                throw .at(offset: offset + index, message: "expected = after \(name) in the XML declaration")
            }
            index += 1
            while index < bytes.count && Byte.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == Byte.doubleQuote || bytes[index] == Byte.singleQuote,
                let close = bytes[(index + 1)...].firstIndex(of: bytes[index])
            else {
                throw .at(offset: offset + index, message: "expected a quoted value of \(name) in the XML declaration")
            }
            let value = Array(bytes[(index + 1)..<close])
            guard isAllowed(value, of: name) else {
                throw .at(offset: offset + index + 1, message: requirement(of: name))
            }
            index = close + 1
        }
        guard next > 0 else { throw .at(offset: offset, message: "the XML declaration must give its version") }
    }

    private static func isAllowed(_ value: [UInt8], of name: String) -> Bool {
        switch name {
        case "version":
            value.count > 2 && value.starts(with: Array("1.".utf8))
                && value.dropFirst(2).allSatisfy { (Byte.zero...Byte.nine).contains($0) }
        case "encoding":
            ["utf-8", "us-ascii"].contains(String(decoding: value.map(lowercased), as: UTF8.self))
        default:
            value.elementsEqual("yes".utf8) || value.elementsEqual("no".utf8)
        }
    }

    private static func requirement(of name: String) -> String {
        switch name {
        case "version": "the XML declaration's version must be 1.0 (or 1. and digits)"
        case "encoding": "the XML declaration names an encoding other than UTF-8: exports are UTF-8"
        default: "the XML declaration's standalone must be yes or no"
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
