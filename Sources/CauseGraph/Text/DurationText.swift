/// Formats nanosecond durations for people: three significant digits in the
/// largest unit that keeps the number at least 1 (`350 µs`, `8.42 ms`, `1.25 s`).
///
/// Integer arithmetic only, so the text never depends on the locale or on
/// floating-point formatting.
package enum DurationText {
    /// The units a duration is shown in, largest first.
    private static let units: [(scale: Int64, name: String)] = [(1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs")]

    package static func string(_ nanoseconds: Nanoseconds) -> String {
        let value = max(nanoseconds, 0)
        for unit in units where value >= unit.scale {
            return decimal(value, scale: unit.scale) + " " + unit.name
        }
        return "\(value) ns"
    }

    /// Reads a duration as people write it: `1.2s`, `350ms`, `20us` (or
    /// `20µs`), `800ns`, or a plain number of nanoseconds. `nil` when it is
    /// none of these, negative, or too large.
    package static func parse(_ text: String) -> Nanoseconds? {
        let units: [(suffix: String, scale: Int64)] = [
            ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
        ]
        let trimmed = text.trimmingWhitespace
        let unit = units.first { trimmed.hasSuffix($0.suffix) } ?? ("", 1)
        let number = String(trimmed.dropLast(unit.suffix.count)).trimmingWhitespace
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !number.isEmpty, parts.count <= 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            !parts[0].isEmpty, let whole = Int64(parts[0])
        else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard parts.count == 1 || !fraction.isEmpty else { return nil }
        // Digits beyond a nanosecond are dropped.
        var scale = unit.scale
        var fractionNanoseconds: Int64 = 0
        while !fraction.isEmpty, scale > 1 {
            scale /= 10
            fractionNanoseconds += Int64(String(fraction.removeFirst()))! * scale
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: unit.scale)
        guard !overflow else { return nil }
        let (total, overflowSum) = scaled.addingReportingOverflow(fractionNanoseconds)
        return overflowSum ? nil : total
    }

    /// `value / scale` rounded to three significant digits (more for large whole numbers).
    private static func decimal(_ value: Int64, scale: Int64) -> String {
        let whole = value / scale
        let decimals = whole >= 100 ? 0 : whole >= 10 ? 1 : 2
        var factor: Int64 = 1
        for _ in 0..<decimals { factor *= 10 }
        // Round half up at the last kept digit.
        let scaled = (value.multipliedReportingOverflow(by: factor).overflow ? Int64.max / 2 : value * factor)
        // Divides before rounding, so a duration near Int64.max cannot overflow.
        let rounded = scaled / scale + (scaled % scale >= (scale + 1) / 2 ? 1 : 0)
        let integerPart = rounded / factor
        guard decimals > 0 else { return "\(integerPart)" }
        var fraction = String(rounded % factor)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(integerPart)" : "\(integerPart).\(fraction)"
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
