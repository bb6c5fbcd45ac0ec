/// Finds where bytes stop being text, so an importer can point at the
/// exact column of invalid UTF-8 in untrusted input.
package enum UTF8Check {
    /// The offset of the first byte that breaks UTF-8 (or, when
    /// `rejectingNUL`, of the first NUL character); `nil` when there is none.
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, rejectingNUL: Bool = false) -> Int? {
        let fault = firstFault(in: bytes, allowing: .unicode)
        guard rejectingNUL else { return fault }
        return UnsafeBufferPointer(rebasing: bytes[..<(fault ?? bytes.count)]).firstIndex(of: 0) ?? fault
    }

    /// Whether `bytes` are UTF-8 throughout, as the standard's table of
    /// well-formed sequences says: no overlong forms, no surrogates, nothing
    /// past U+10FFFF.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstFault(in: bytes, allowing: .unicode) == nil
    }

    /// The first place `bytes` stop being the text of an XML 1.0 document,
    /// and why: UTF-8 that breaks, or a character XML does not allow (a C0
    /// control other than tab, newline and return, or U+FFFE and U+FFFF).
    /// An export holding one is damaged, and a parser such as libxml2
    /// refuses it.
    package static func firstXMLFault(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String)? {
        guard let offset = firstFault(in: bytes, allowing: .xml) else { return nil }
        let lead = bytes[offset]
        if lead < 0x80 { return (offset, "control character \(codePoint(UInt32(lead))) is not allowed in XML") }
        if lead == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, (0xBE...0xBF).contains(bytes[offset + 2])
        {
            return (offset, "\(codePoint(0xFFC0 | UInt32(bytes[offset + 2] & 0x3F))) is not a character XML allows")
        }
        return (offset, "invalid UTF-8")
    }

    /// `U+` and four or more hexadecimal digits.
    private static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// What text may hold besides well-formed UTF-8.
    private enum Allowance {
        /// Every Unicode scalar.
        case unicode
        /// The characters of XML 1.0: no C0 controls but tab, newline and
        /// return, no U+FFFE or U+FFFF.
        case xml
    }

    /// The offset of the first byte that starts a sequence which is not
    /// well-formed UTF-8 or, with `.xml`, a character XML refuses. Exports
    /// are mostly ASCII, so eight bytes are checked at a time until one is
    /// not, and nothing is copied.
    @inline(__always)
    private static func firstFault(in bytes: UnsafeBufferPointer<UInt8>, allowing allowance: Allowance) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let highs: UInt64 = 0x8080_8080_8080_8080
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // For an ASCII word, a high bit survives the subtraction only
                // where a byte is below a space (or just above one that is).
                let controls = allowance == .xml ? (word &- spaces) & ~word & highs : 0
                if (word & highs) | controls == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            guard lead >= 0x80 else {
                if allowance == .xml, lead < 0x20, lead != 0x09, lead != 0x0A, lead != 0x0D { return index }
                index += 1
                continue
            }
            // The length of the sequence, and the range its second byte must lie in.
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard count - index >= length, second.contains(base[index + 1]) else { return index }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 { return index }
            // U+FFFE and U+FFFF: EF BF BE and EF BF BF.
            if allowance == .xml, lead == 0xEF, base[index + 1] == 0xBF, base[index + 2] >= 0xBE { return index }
            index += length
        }
        return nil
    }
}
