/// Writes JSON scalars deterministically.
///
/// Strings escape `<`, `>` and `&` as well as what JSON requires, so the
/// output can be inlined in an HTML `<script>` without ending it, and
/// U+2028/U+2029 so it is also valid JavaScript.
public enum JSONText {
    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
        return result
    }

    /// A quoted string, or `null`.
    public static func quoted(_ text: String?) -> String {
        text.map { quoted($0) } ?? "null"
    }

    /// An integer, or `null`.
    public static func number<T: BinaryInteger>(_ value: T?) -> String {
        value.map { "\($0)" } ?? "null"
    }

    /// A double in its shortest round-trip form, written as an integer when whole.
    public static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return "\(Int64(value))" }
        return "\(value)"
    }

    /// An array of quoted strings on one line.
    public static func strings(_ values: [String]) -> String {
        "[" + values.map { quoted($0) }.joined(separator: ", ") + "]"
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
