import ArgumentParser
import CauseGraph

/// `causegraph convert`: any supported input to causegraph's own JSON Lines format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert traces to causegraph's JSON Lines trace format.",
        discussion: "The conversion streams: memory stays flat however large the input.")

    @OptionGroup var input: InputOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The output file; '-' or none writes standard output.", valueName: "file"))
    var output: String = "-"

    func validate() throws {
        try OutputName.refuseOtherFormats(
            output, writes: "a causegraph JSON Lines trace", suffix: "jsonl", alsoAllowed: ["ndjson", "json"])
    }

    func run() throws {
        let file = try OutputFile(path: output)
        var writer = PipelinedTraceWriter(output: file)
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        do {
            try TraceInput.read(paths: input.traces, settings: input.settings, into: &writer, diagnostics: &diagnostics)
        } catch {
            // A failed write stops the import at whichever record was being
            // read at the time; the writer's own diagnostic names the output.
            if let failure = writer.failure { throw failure }
            throw error
        }
        try writer.finish()
        try file.commit()
    }
}
