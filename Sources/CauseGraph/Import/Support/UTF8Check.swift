/// Finds where bytes stop being text, so an importer can point at the
/// exact column of invalid UTF-8 in untrusted input.
package enum UTF8Check {
    /// The offset of the first byte that breaks UTF-8 (or, when
    /// `rejectingNUL`, of the first NUL character); `nil` when there is none.
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, rejectingNUL: Bool = false) -> Int? {
        if !(rejectingNUL && bytes.contains(0)), isValid(bytes) { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if rejectingNUL && scalar == "\0" { return consumed }
                consumed += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return consumed
            }
        }
    }

    /// Whether `bytes` are UTF-8 throughout, as the standard's table of
    /// well-formed sequences says: no overlong forms, no surrogates, nothing
    /// past U+10FFFF. Exports are mostly ASCII, so eight bytes are checked
    /// at a time until one is not, and nothing is copied.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = base[index]
            guard lead >= 0x80 else {
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
            default: return false
            }
            guard count - index >= length, second.contains(base[index + 1]) else { return false }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
