import ArgumentParser
import CauseGraph

/// The time range a command keeps: `render`, `diff` and `report` (through
/// the shaping options) and `timeline`.
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
}
