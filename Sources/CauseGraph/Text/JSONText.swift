/// Writes JSON scalars deterministically.
///
/// Strings escape `<`, `>` and `&` as well as what JSON requires, so the
/// output can be inlined in an HTML `<script>` without ending it, and
/// U+2028/U+2029 so it is also valid JavaScript. Every other scalar
/// ``VisibleText`` will not show as it is (C1 controls, BiDi controls,
/// invisible format characters, noncharacters) is written as its `\u`
/// escape too: the value read back is the same, but no terminal, editor or
/// agent that shows the raw text is reordered or told what no one sees.
///
/// The `append` forms write UTF-8 straight into a byte buffer; they are the
/// one definition of the escaping, and the `String` forms are built on them.
package enum JSONText {
    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A quoted string, or `null`.
    package static func quoted(_ text: String?) -> String {
        text.map { quoted($0) } ?? "null"
    }

    /// An integer, or `null`.
    package static func number<T: BinaryInteger>(_ value: T?) -> String {
        value.map { "\($0)" } ?? "null"
    }

    /// A double in its shortest round-trip form, written as an integer when whole.
    package static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return "\(Int64(value))" }
        return "\(value)"
    }

    /// An array of integers on one line.
    package static func numbers<T: BinaryInteger>(_ values: [T]) -> String {
        "[" + values.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    /// An array of quoted strings on one line.
    package static func strings(_ values: [String]) -> String {
        var bytes: [UInt8] = []
        appendStrings(values, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a quoted JSON string, the bytes of ``quoted(_:)-(String)``.
    package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &output) }
        if done == nil {
            // Only strings bridged from Objective-C lack contiguous UTF-8.
            Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends an array of quoted strings on one line, the bytes of ``strings(_:)``.
    package static func appendStrings(_ values: [String], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
            appendQuoted(value, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    package static func appendNumber(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        appendNumber(value.magnitude, to: &output)
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    package static func appendNumber(_ value: UInt64, to output: inout [UInt8]) {
        // UInt64.max has 20 digits; they are produced last first, two at a
        // time: a trace's times have ten or more, and each division costs.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var start = digits.count
            while rest >= 100 {
                let pair = Int(truncatingIfNeeded: rest % 100)
                rest /= 100
                start -= 2
                digits[start] = digitPairs[2 * pair]
                digits[start + 1] = digitPairs[2 * pair + 1]
            }
            if rest >= 10 {
                let pair = Int(truncatingIfNeeded: rest)
                start -= 2
                digits[start] = digitPairs[2 * pair]
                digits[start + 1] = digitPairs[2 * pair + 1]
            } else {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// "00" to "99", back to back.
    private static let digitPairs: [UInt8] = (0..<100).flatMap {
        [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)]
    }

    /// Copies `bytes` (valid UTF-8), escaped, in runs between the scalars that need an escape.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard mayNeedEscape(byte) else {
                index += 1
                continue
            }
            if byte < 0x80 {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): appendPair(UInt8(ascii: "\""), to: &output)
                case UInt8(ascii: "\\"): appendPair(UInt8(ascii: "\\"), to: &output)
                case UInt8(ascii: "\n"): appendPair(UInt8(ascii: "n"), to: &output)
                case UInt8(ascii: "\r"): appendPair(UInt8(ascii: "r"), to: &output)
                case UInt8(ascii: "\t"): appendPair(UInt8(ascii: "t"), to: &output)
                default: appendUnicodeEscape(UInt16(byte), to: &output)
                }
                index += 1
                runStart = index
                continue
            }
            index = escapeIfHidden(bytes, at: index, runStart: &runStart, to: &output)
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// JSON text another encoder wrote, with each scalar ``VisibleText``
    /// does not show as it is written as its `\u` escape, as
    /// ``appendQuoted(_:to:)`` writes it. Such scalars stand only inside
    /// strings, so the value read back is the same.
    package static func escapingHiddenScalars(inJSON json: [UInt8]) -> [UInt8] {
        json.withUnsafeBufferPointer { bytes in
            var output: [UInt8] = []
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte >= 0xC0, unsafeLeadBytes >> UInt64(byte - 0xC0) & 1 != 0 else {
                    index += 1
                    continue
                }
                if output.isEmpty { output.reserveCapacity(bytes.count + 12) }
                index = escapeIfHidden(bytes, at: index, runStart: &runStart, to: &output)
            }
            guard runStart > 0 else { return json }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            return output
        }
    }

    /// Looks at the scalar at `index` (past ASCII): a hidden one is escaped,
    /// after the run before it; returns the index past it.
    private static func escapeIfHidden(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, runStart: inout Int, to output: inout [UInt8]
    ) -> Int {
        let (scalar, length) = decodeScalar(bytes, at: index)
        if VisibleText.isUnsafe(scalar) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            for unit in UTF16.encode(scalar)! { appendUnicodeEscape(unit, to: &output) }
            runStart = index + length
        }
        return index + length
    }

    /// The scalar whose UTF-8 starts at `index`, and its length in bytes.
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        // Cut short only in bytes no Swift string or encoder gives: nothing to escape.
        guard index + length <= bytes.count else { return ("\u{FFFD}", bytes.count - index) }
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether `byte` is escaped (controls, DEL, `"`, `\`, `<`, `>`, `&`) or
    /// may lead a scalar that ``VisibleText`` does not show as it is: two bit
    /// masks cover the ASCII range, a third the lead bytes of those scalars
    /// (text in most scripts, CJK among them, never leads with one).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        let below64: UInt64 = 0x5000_0044_FFFF_FFFF  // 0x00-0x1F, ", &, <, >
        let from64: UInt64 = 0x8000_0000_1000_0000  // \ (0x5C), DEL (0x7F)
        if byte < 64 { return below64 >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return from64 >> UInt64(byte - 64) & 1 != 0 }
        if byte < 0xC0 { return false }
        return unsafeLeadBytes >> UInt64(byte - 0xC0) & 1 != 0
    }

    /// Bit `b - 0xC0` is set when lead byte `b` starts some scalar that
    /// ``VisibleText/isUnsafe(_:)`` flags: C2 (C1 controls, the soft hyphen),
    /// D8, DB, DC (Arabic and Syriac format characters), E0, E1, E2 (BiDi
    /// controls, separators, zero width spaces), EF (noncharacters, the byte
    /// order mark) and F0 to F4 (tag characters, noncharacters). A test
    /// checks it against that definition for every scalar.
    package static let unsafeLeadBytes: UInt64 = 0x1F_8007_1900_0004

    private static func appendPair(_ letter: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(letter)
    }

    /// `\uXXXX` with lowercase hexadecimal digits.
    private static func appendUnicodeEscape(_ value: UInt16, to output: inout [UInt8]) {
        appendPair(UInt8(ascii: "u"), to: &output)
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: value >> UInt16(shift)) & 0xF
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}
