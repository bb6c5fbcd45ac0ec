/// A range of trace time, `START:END`, that `--window` keeps.
///
/// The start is inclusive and the end exclusive, so consecutive windows
/// (`0:1s`, `1s:2s`) never count an event twice. Either end may be left
/// open (`1s:`, `:500ms`).
public struct TimeWindow: Sendable, Equatable, CustomStringConvertible {
    /// The first time inside the window, or `nil` for no lower bound.
    public var start: Nanoseconds?
    /// The first time after the window, or `nil` for no upper bound.
    public var end: Nanoseconds?

    /// A window from `start` to `end`; either may be left out.
    public init(start: Nanoseconds? = nil, end: Nanoseconds? = nil) throws(TimeWindow.ParseError) {
        if let start, let end, start >= end {
            throw ParseError("the window ends before it starts; give START:END with START < END")
        }
        self.start = start
        self.end = end
    }

    /// Parses `START:END`, each end a time such as `1.2s`, `350ms`, `20us`
    /// (or `20µs`), `15ns`, `10m` (or `10min`), `1h`, or a whole number of
    /// nanoseconds; an end may be empty. `START..END` takes the same, and
    /// also clock times as causegraph and Instruments write them
    /// (`10:07.158.309..10:08`, `1:02:03.5..`), whose colons `:` would split.
    package init(parsing text: String) throws(TimeWindow.ParseError) {
        let parts =
            text.contains("..")
            ? text.split(separator: "..", omittingEmptySubsequences: false)
            : text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ParseError(
                "expected START:END (for example 1.2s:2s, 350ms:, 10m:11m, :20000000) or, with clock times, START..END (10:07.158..10:08), found \"\(VisibleText.excerpt(text))\""
            )
        }
        guard !(parts[0].isEmpty && parts[1].isEmpty) else {
            throw ParseError("the window needs a start, an end, or both (for example 1s: or :2s)")
        }
        try self.init(
            start: parts[0].isEmpty ? nil : try Self.time(parts[0]),
            end: parts[1].isEmpty ? nil : try Self.time(parts[1]))
    }

    /// Whether a time falls inside the window.
    package func contains(_ time: Nanoseconds) -> Bool {
        if let start, time < start { return false }
        if let end, time >= end { return false }
        return true
    }

    /// Whether any part of `[from, from + duration]` falls inside the window.
    package func overlaps(from: Nanoseconds, duration: Nanoseconds) -> Bool {
        let (last, overflow) = from.addingReportingOverflow(max(duration, 0))
        if let start, (overflow ? Nanoseconds.max : last) < start { return false }
        if let end, from >= end { return false }
        return true
    }

    /// The window as `--window` takes it, each end exactly, in the largest
    /// unit that keeps it at least 1: `1.2s:1.35s`. An open end takes the
    /// `..` form (`350ms..`, `..2s`): a colon at the edge runs into the colon
    /// a legend line puts after it (`--window 0s:: nothing left out`).
    public var description: String {
        let separator = start == nil || end == nil ? ".." : ":"
        return (start.map(Self.text) ?? "") + separator + (end.map(Self.text) ?? "")
    }

    private static func text(_ time: Nanoseconds) -> String {
        guard let unit = [("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000)].first(where: { time >= $0.1 }) else {
            return time == 0 ? "0" : "\(time)ns"
        }
        let scale = Nanoseconds(unit.1)
        var fraction = String(time % scale)
        fraction = String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(time / scale)" + (fraction.isEmpty ? "" : "." + fraction) + unit.0
    }

    private static let units: [(suffix: String, scale: Nanoseconds)] = [
        ("ns", 1), ("us", 1_000), ("µs", 1_000), ("\u{3BC}s", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
        ("m", 60_000_000_000), ("min", 60_000_000_000), ("h", 3_600_000_000_000),
    ]

    /// One end: a clock time (``clockTime(_:)``), or a decimal number and a
    /// unit, computed exactly in integers so `1.1s` is 1 100 000 000 ns on
    /// every platform.
    private static func time(_ text: Substring) throws(ParseError) -> Nanoseconds {
        if text.contains(":") { return try clockTime(text) }
        // A space before the unit, as causegraph writes times under a minute (`7158.309 ms`).
        if let space = text.firstIndex(of: " "), text[..<space].last?.isNumber == true,
            text[text.index(after: space)...].allSatisfy(\.isLetter)
        {
            return try time(text[..<space] + text[text.index(after: space)...])
        }
        // Longest suffix first, so `ms` is not read as `s`.
        let unit = units.sorted { $0.suffix.count > $1.suffix.count }.first { text.hasSuffix($0.suffix) }
        let number = unit.map { text.dropLast($0.suffix.count) } ?? text
        let scale = unit?.scale ?? 1
        let pieces = number.split(separator: ".", omittingEmptySubsequences: false)
        let digits = pieces.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
        guard digits, pieces.count <= 2, !pieces[0].isEmpty, pieces.count == 1 || !pieces[1].isEmpty else {
            throw ParseError("\"\(text)\" is not a time; write for example 1.2s, 350ms, 20us or 1500 (nanoseconds)")
        }
        let tooLarge = ParseError("\"\(text)\" is too large a time")
        guard let whole = Nanoseconds(pieces[0]) else { throw tooLarge }
        var (value, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow else { throw tooLarge }
        if pieces.count == 2 {
            var fraction: Nanoseconds = 0
            var remaining = scale
            for digit in pieces[1] {
                let value = Nanoseconds(digit.wholeNumberValue ?? 0)
                if remaining % 10 == 0 {
                    remaining /= 10
                    fraction += value * remaining
                } else if value != 0 {
                    throw ParseError("\"\(text)\" is finer than a nanosecond")
                }
            }
            (value, overflow) = value.addingReportingOverflow(fraction)
            guard !overflow else { throw tooLarge }
        }
        return value
    }

    /// `[H:]M:SS`, then the fraction of a second as a decimal (`.5`) or in
    /// groups of three digits, milliseconds, microseconds and nanoseconds
    /// (`.158.309`), as ``TimeText`` and Instruments write times.
    private static func clockTime(_ text: Substring) throws(ParseError) -> Nanoseconds {
        let notATime = ParseError(
            "\"\(VisibleText.excerpt(String(text)))\" is not a clock time; write for example 10:07, 10:07.158.309 or 1:02:03.5"
        )
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        let secondsAndFraction = fields.last!.split(separator: ".", omittingEmptySubsequences: false)
        let wholeFields = fields.dropLast().map { $0 } + [secondsAndFraction[0]]
        let fraction = secondsAndFraction.dropFirst()
        let groups = fraction.count > 1
        guard fields.count <= 3,
            (wholeFields + fraction).allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
            wholeFields.dropFirst().allSatisfy({ $0.count == 2 }),
            fraction.count <= 3, !groups || fraction.allSatisfy({ $0.count == 3 })
        else { throw notATime }
        let digits = groups ? fraction.joined() : String(fraction.first ?? "")
        guard digits.count <= 9 else { throw ParseError("\"\(text)\" is finer than a nanosecond") }
        guard wholeFields.dropFirst().allSatisfy({ (Int($0) ?? 60) < 60 }) else { throw notATime }
        var value: Nanoseconds = 0
        for field in wholeFields {
            guard let number = Nanoseconds(field) else { throw ParseError("\"\(text)\" is too large a time") }
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 60)
            let (sum, overflowAgain) = scaled.addingReportingOverflow(number)
            guard !overflow, !overflowAgain else { throw ParseError("\"\(text)\" is too large a time") }
            value = sum
        }
        let nanoseconds = Nanoseconds(digits + String(repeating: "0", count: 9 - digits.count))!
        let (seconds, overflow) = value.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = seconds.addingReportingOverflow(nanoseconds)
        guard !overflow, !overflowAgain else { throw ParseError("\"\(text)\" is too large a time") }
        return total
    }

    /// Why a `--window` value could not be read.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong with the text, in one line.
        public var description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
