import ArgumentParser
import CauseGraph

extension InputFormat: ExpressibleByArgument {}

/// The traces a command reads and how to read them.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Trace files or directories; '-' reads standard input.", valueName: "trace"))
    var traces: [String]

    @OptionGroup var reading: ReadingOptions

    var settings: ImportSettings { reading.settings }
}

/// How to read traces: the options every command shares, whatever traces it names.
struct ReadingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The input format, instead of detecting it from the content.", valueName: "format"))
    var inputFormat: InputFormat?

    @Option(help: ArgumentHelp("Judge durations against this refresh rate (Hz), instead of the trace's (default 60).", valueName: "hz"))
    var frameRate: Double?

    @Option(name: .customLong("classify"), help: ArgumentHelp("Extra rules (JSON Lines) classifying Instruments node titles, tried before the built-in ones.", valueName: "file"))
    var classificationFiles: [String] = []

    func validate() throws {
        if let frameRate, let problem = FrameBudget.problem(withFrameRate: frameRate) {
            throw ValidationError("--frame-rate " + problem)
        }
    }

    var settings: ImportSettings {
        ImportSettings(format: inputFormat, frameRate: frameRate, classificationFiles: classificationFiles)
    }

    /// Reads and reconstructs the graph of `traces`, printing import notes on standard error.
    func reconstruct(_ traces: [String]) throws -> CauseGraph {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        return try CauseGraph.reconstruct(from: traces, settings: settings, diagnostics: &diagnostics)
    }
}
