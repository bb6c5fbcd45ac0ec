#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes the references XML allows without a DOCTYPE: the five predefined
/// entities (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`) and numeric character
/// references (`&#65;`, `&#x41;`). Any other `&name;` is an error, since
/// nothing could have declared it.
enum XMLReferences {
    /// Throws what ``decode(_:of:base:into:)`` would for `raw`: the
    /// tokenizer checks every reference, also in text and values no reader
    /// decodes, as a parser of the whole document does.
    static func check(_ raw: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        var decoded: [UInt8] = []
        try decode(raw, of: bytes, base: base, into: &decoded)
    }

    /// Appends `raw` (bytes of `bytes`) to `output` with references decoded.
    static func decode(
        _ raw: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, base: Int, into output: inout [UInt8]
    ) throws(XMLReadFailure) {
        var i = raw.lowerBound
        while i < raw.upperBound {
            guard let found = memchr(bytes.baseAddress! + i, Int32(Byte.ampersand), raw.upperBound - i) else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<raw.upperBound]))
                return
            }
            let ampersand = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if ampersand > i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<ampersand])) }
            i = ampersand
            // A name ends at ";": any length is read (`&#x0000000041;` is
            // `A`), and a search that fails ends the document's reading.
            var end = i + 1
            while end < raw.upperBound, bytes[end] != Byte.semicolon,
                Byte.isNameByte(bytes[end]) || bytes[end] == Byte.hash
            {
                end += 1
            }
            guard end < raw.upperBound, bytes[end] == Byte.semicolon, end > i + 1 else {
                throw .at(offset: base + i, message: "\"&\" must start a reference such as &amp; and end with \";\"")
            }
            let name = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end])
            if let first = name.first, first == Byte.hash {
                guard let scalar = numericScalar(UnsafeBufferPointer(rebasing: name.dropFirst())) else {
                    throw .at(offset: base + i, message: "invalid character reference &\(shown(name));")
                }
                output.append(contentsOf: String(Character(scalar)).utf8)
            } else if let replacement = predefined(name) {
                output.append(replacement)
            } else {
                throw .at(
                    offset: base + i,
                    message:
                        "unknown entity &\(shown(name)); (only the five predefined entities and numeric references are read)"
                )
            }
            i = end + 1
        }
    }

    /// A reference's name for a message: its first 32 bytes, then "…".
    private static func shown(_ name: UnsafeBufferPointer<UInt8>) -> String {
        let shown = String(decoding: name.prefix(32), as: UTF8.self)
        return name.count > 32 ? shown + "…" : shown
    }

    private static func predefined(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": UInt8(ascii: "<")
        case "gt": UInt8(ascii: ">")
        case "amp": UInt8(ascii: "&")
        case "quot": UInt8(ascii: "\"")
        case "apos": UInt8(ascii: "'")
        default: nil
        }
    }

    /// The scalar of `65` or `x41`, if it is a character XML allows.
    private static func numericScalar(_ digits: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var radix: UInt32 = 10
        var body = digits[...]
        if let first = body.first, first == UInt8(ascii: "x") {
            radix = 16
            body = body.dropFirst()
        }
        guard !body.isEmpty else { return nil }
        // Leading zeros are allowed in any number; past them, eight digits
        // hold every character's value, and more cannot be one.
        body = body.drop { $0 == Byte.zero }
        guard body.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in body {
            let digit: UInt32
            switch byte {
            case Byte.zero...Byte.nine: digit = UInt32(byte - Byte.zero)
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * radix + digit
        }
        // XML 1.0 Char: tab, newline, return, and U+0020 upward except surrogates and U+FFFE/U+FFFF.
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return Unicode.Scalar(value)
        default: return nil
        }
    }
}
