/// Formats points in time of a trace for people, in integer arithmetic so
/// the text never varies: under a minute as milliseconds with microsecond
/// digits (`2041.667 ms`); from a minute on as Instruments' tables write
/// them, minutes and seconds, then milliseconds and microseconds
/// (`47:00.315.123`, `1:02:03.456.789`), which reads better than
/// `2820315.123 ms` in an hour's recording.
enum TimeText {
    static func string(_ time: Nanoseconds?) -> String {
        guard let time else { return "—" }
        // The magnitude, so that no negation overflows at `Int64.min`; rounded without `+ 500`.
        let (whole, rest) = time.magnitude.quotientAndRemainder(dividingBy: 1_000)
        let microseconds = whole + (rest >= 500 ? 1 : 0)
        let sign = time < 0 ? "-" : ""
        guard microseconds >= 60_000_000 else {
            return sign + "\(microseconds / 1_000).\(digits(microseconds % 1_000, 3)) ms"
        }
        let (seconds, inSecond) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        let (minutes, second) = seconds.quotientAndRemainder(dividingBy: 60)
        let (hours, minute) = minutes.quotientAndRemainder(dividingBy: 60)
        let clock = hours > 0 ? "\(hours):\(digits(minute, 2)):\(digits(second, 2))" : "\(minute):\(digits(second, 2))"
        return sign + clock + ".\(digits(inSecond / 1_000, 3)).\(digits(inSecond % 1_000, 3))"
    }

    /// `value` with leading zeros to `count` digits.
    private static func digits(_ value: UInt64, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(count - text.count, 0)) + text
    }
}
