import ArgumentParser
import CauseGraph

/// The time range a command keeps: `render`, `diff` and `report` (through
/// the shaping options), `timeline`, `summary`, `why`, `check` and `convert`.
struct TimeWindowOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only events in this time range: START:END, each 1.2s, 350ms, 20us, 10m, 1h or nanoseconds, or START..END of clock times as causegraph writes them (10:07.158..10:08); either end may be left out (1s:).",
            valueName: "start:end"))
    var window: String?

    func validate() throws {
        _ = try timeWindow()
    }

    /// The range given, if any.
    func timeWindow() throws -> TimeWindow? {
        guard let window else { return nil }
        do {
            return try TimeWindow(parsing: window)
        } catch {
            throw ValidationError("--window: \(error)")
        }
    }

    /// A pipeline reading through the range given, if any.
    func pipeline(_ settings: ImportSettings, burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow) throws
        -> TracePipeline
    {
        TracePipeline(settings: settings, window: try timeWindow(), burstWindow: burstWindow)
    }

    /// ` inside --window …` when a range is given, for an answer that
    /// found nothing: what it looked for may lie outside the range.
    func within() throws -> String {
        try timeWindow().map { " inside \(CommandSpelling.current(.window)) \($0)" } ?? ""
    }

    /// Says in a note what the range left out of a reading, and refuses a
    /// range that kept no event of it: an answer about nothing would read
    /// as an answer about a quiet stretch. `subject` names, in the note, a
    /// reading other than the command's traces (`baseline`).
    func account(for statistics: WindowStatistics?, of subject: String? = nil, diagnostics: inout Diagnostics)
        throws(Diagnostic)
    {
        // `validate()` has read the range: it cannot fail here.
        guard let window = try? timeWindow(), let statistics else { return }
        let spelling = CommandSpelling.current
        if statistics.heldNothing {
            throw Diagnostic.error(ShapingFormatter.noEventInside(window, spelling: spelling))
        }
        let line = ShapingFormatter.line(for: ShapingReport.Step(window: window, statistics), spelling: spelling)
        diagnostics.note(subject.map { "\($0): \(line)" } ?? line)
    }
}
