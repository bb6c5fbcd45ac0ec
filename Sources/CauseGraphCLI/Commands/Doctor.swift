import ArgumentParser
import CauseGraph

/// `causegraph doctor`: what each input is and holds, and why it cannot
/// answer "why did this body run" when it cannot.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Say what each input is, what it holds, what causegraph reads of it, and what is missing.",
        discussion: CommandExamples.appending(
            [
                "causegraph doctor App.trace":
                    "What the recording holds, what is read of it, and what is missing.",
                "causegraph doctor exports/ --format json":
                    "The same for a folder of exports, as JSON.",
            ],
            to: """
                For a .trace bundle (read through xctrace): its runs, device and platform, launched or attached, \
                template, Instruments version and every table with its row count, counted once and then kept in the cache \
                (see causegraph cache). Exit status: 0 every input can \
                answer "why did this body run", 1 one cannot, 2 bad input.
                """))

    @Argument(
        help: ArgumentHelp(
            "Traces: .trace bundles, exports, tables of contents, logs, native traces.", valueName: "input"))
    var inputs: [String]

    @Option(help: "The output format: text or json.")
    var format: DoctorFormat = .text

    @OptionGroup var caching: CacheOptions

    enum DoctorFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let diagnoses = try diagnoses(diagnostics: &diagnostics)
        print(format == .json ? DoctorFormatter.json(diagnoses) : DoctorFormatter.text(diagnoses), terminator: "")
        if diagnoses.contains(where: { !$0.canAnswerWhy }) { throw ExitCode(ExitStatus.checkFailed) }
    }

    /// What each input is and holds: the command's answer, and the MCP tool's.
    func diagnoses(diagnostics: inout Diagnostics) throws -> [InputDiagnosis] {
        let paths = try TraceInput.eachTrace(in: inputs, diagnostics: &diagnostics)
        return try Doctor.diagnose(paths, cache: caching.cache, diagnostics: &diagnostics)
    }
}
