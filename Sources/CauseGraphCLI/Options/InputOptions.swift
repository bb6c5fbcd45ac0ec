import ArgumentParser
import CauseGraph

extension InputFormat: ExpressibleByArgument {}

/// The traces a command reads and how to read them.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Trace files or directories, Instruments .trace bundles (read with Xcode's xctrace); '-' reads standard input.",
            valueName: "trace"))
    var traces: [String]

    @OptionGroup var reading: ReadingOptions

    var settings: ImportSettings { reading.settings }
}

/// How to read traces: the options every command shares, whatever traces it names.
struct ReadingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The input format, instead of detecting it from the content.", valueName: "format"))
    var inputFormat: InputFormat?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Judge durations against this refresh rate (Hz), instead of the trace's (default 60).", valueName: "hz"))
    var frameRate: Double?

    @Option(
        name: .customLong("classify"),
        help: ArgumentHelp(
            "Extra rules (JSON Lines) classifying Instruments node titles, tried before the built-in ones.",
            valueName: "file"))
    var classificationFiles: [String] = []

    @Option(help: ArgumentHelp("The run of a .trace bundle to read, when it holds several.", valueName: "n"))
    var run: Int?

    @Flag(help: "Show no progress on standard error while reading (it shows only on a terminal, after a second).")
    var quiet = false

    @OptionGroup var caching: CacheOptions

    func validate() throws {
        if let frameRate, let problem = FrameBudget.problem(withFrameRate: frameRate) {
            throw ValidationError("--frame-rate " + problem)
        }
        if let run, run < 0 {
            throw ValidationError("--run must be a run number of the recording (0 or more)")
        }
    }

    var settings: ImportSettings {
        var settings = ImportSettings(
            format: inputFormat, frameRate: frameRate, classificationFiles: classificationFiles, run: run,
            progress: ProgressMeter.callback(quiet: quiet),
            cache: caching.cache)
        settings.spelling = CommandSpelling.current
        return settings
    }

}
