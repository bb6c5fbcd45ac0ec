import ArgumentParser
import CauseGraph

/// `causegraph convert`: any supported input to causegraph's own JSON Lines format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert traces to causegraph's JSON Lines trace format.",
        discussion: CommandExamples.appending(
            [
                "causegraph convert exports/ -o trace.jsonl":
                    "Exported tables of a recording to one native trace.",
                "causegraph convert app.log -o changes.jsonl":
                    "A _printChanges() log to a native trace.",
                "causegraph convert App.trace --window 10m:11m -o minute.jsonl":
                    "One minute of a long recording, small enough to share or attach to a bug.",
            ], to: "The conversion streams: memory grows with the update groups of a recording, not with its rows."))

    @OptionGroup var input: InputOptions

    @OptionGroup var window: TimeWindowOption

    @OptionGroup var destination: OutputOption

    /// The path to write, `-` for standard output.
    var output: String { destination.path }

    func validate() throws {
        try OutputName.refuseOtherFormats(
            output, writes: "a causegraph JSON Lines trace", suffix: "jsonl", alsoAllowed: ["ndjson", "json"])
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let range = try window.timeWindow()
        try OutputFile.writing(to: output) { file throws(Diagnostic) in
            let statistics = try TraceInput.convert(
                paths: input.traces, settings: input.settings, window: range, to: file, diagnostics: &diagnostics)
            // Before the file is committed: a window that kept nothing writes nothing.
            try window.account(for: statistics, diagnostics: &diagnostics)
        }
    }
}
