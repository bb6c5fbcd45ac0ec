/// Formats points in time of a trace: milliseconds with microsecond digits,
/// `2041.667 ms`, in integer arithmetic so the text never varies.
enum TimeText {
    static func string(_ time: Nanoseconds?) -> String {
        guard let time else { return "—" }
        // Rounded without `time + 500`, which overflows near `Int64.max`.
        let (whole, rest) = time.quotientAndRemainder(dividingBy: 1_000)
        let microseconds = whole + (rest >= 500 ? 1 : 0)
        let fraction = String(microseconds % 1_000)
        return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }
}
