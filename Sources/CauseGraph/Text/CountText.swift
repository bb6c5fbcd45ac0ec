/// Counts for people: with their noun, `1 update`, `1,024 updates`; digits
/// grouped by thousands with commas whatever the machine's locale.
package enum CountText {
    static func string(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        format(count) + " " + (count == 1 ? singular : plural ?? singular + (singular.hasSuffix("ch") ? "es" : "s"))
    }

    /// `count` with its digits grouped by thousands: `12,345`.
    package static func format<Count: BinaryInteger>(_ count: Count) -> String {
        let digits = String(count.magnitude).utf8
        var grouped = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return grouped
    }
}
