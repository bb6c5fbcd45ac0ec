/// Writes a before/after comparison as people read it: `12 → 2 (−10)`,
/// `1,200 → 950 (−250)`,
/// `0 → 3 (+3)`, `3 → 3 (±0)`; durations the same way,
/// `10.1 ms → 441 µs (−9.64 ms)`, `447 µs → 447 µs (±0)`.
///
/// The minus sign is U+2212, so it lines up with `+` and is not mistaken for
/// a hyphen.
package enum DeltaText {
    package static let minus = "\u{2212}"

    /// Two counts and their signed difference.
    package static func count(_ before: Int, _ after: Int) -> String {
        "\(CountText.format(before)) → \(CountText.format(after)) (\(signed(after - before)))"
    }

    /// Two durations, `—` for an unknown one, and their signed difference when both are known.
    package static func duration(_ before: Nanoseconds?, _ after: Nanoseconds?) -> String {
        let text = "\(before.map(DurationText.string) ?? "—") → \(after.map(DurationText.string) ?? "—")"
        guard let before, let after else { return text }
        let (delta, overflow) = after.subtractingReportingOverflow(before)
        guard !overflow else { return text }
        guard delta != 0 else { return text + " (±0)" }
        let magnitude = delta.magnitude > UInt64(Int64.max) ? Int64.max : Int64(delta.magnitude)
        return text + " (\(delta > 0 ? "+" : minus)\(DurationText.string(magnitude)))"
    }

    /// `+3`, `−10`, `±0`.
    package static func signed(_ value: Int) -> String {
        value > 0 ? "+" + CountText.format(value) : value < 0 ? minus + CountText.format(value.magnitude) : "±0"
    }
}
