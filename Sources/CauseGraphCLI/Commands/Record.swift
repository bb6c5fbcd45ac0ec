import ArgumentParser
import CauseGraph
import Foundation

/// `causegraph record`: a SwiftUI recording with Xcode's xctrace, then its summary.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a SwiftUI trace with Xcode's xctrace (macOS), then summarise it.",
        discussion: CommandExamples.appending(
            [
                "causegraph record --launch /path/to/App.app --time-limit 30s":
                    "Record the launched app for 30 s, then summarise the recording.",
                "causegraph record --attach Landmarks --device \"iPhone 16\" -o Landmarks.trace":
                    "Record a running app on a device (prefer --launch).",
            ],
            to: """
                Runs xctrace record with the SwiftUI template (or --instrument SwiftUI where the template \
                is not found), passing its progress through; Ctrl-C stops the recording cleanly. The new \
                recording is then read (filling the cache, so later commands on it answer at once) and \
                summarised. Prefer --launch: SwiftUI tables often come back empty for an attached process.
                """))

    @Option(help: ArgumentHelp("The app to launch and record; its arguments follow --.", valueName: "path"))
    var launch: String?

    @Option(help: ArgumentHelp("The running process to record, by name or pid.", valueName: "name|pid"))
    var attach: String?

    @Option(help: ArgumentHelp("The device (or Simulator) to record on, by name or UDID.", valueName: "name|udid"))
    var device: String?

    @Option(help: ArgumentHelp("Stop recording after this long (e.g. 30s, 2m, 500ms).", valueName: "time"))
    var timeLimit: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The recording to write; by default Recording-DATE-TIME.trace in the current folder.",
            valueName: "out.trace"))
    var output: String?

    @OptionGroup var reading: ReadingOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The launched app's arguments, after --.", valueName: "arg"))
    var arguments: [String] = []

    func validate() throws {
        guard (launch == nil) != (attach == nil) else {
            throw ValidationError("give --launch PATH or --attach NAME|PID (one of them)")
        }
        if !arguments.isEmpty, launch == nil {
            throw ValidationError("arguments after -- are for the app --launch starts")
        }
        if let timeLimit, timeLimit.range(of: #"^[0-9]+(ms|s|m|h)$"#, options: .regularExpression) == nil {
            throw ValidationError("--time-limit \(timeLimit): give a whole number with ms, s, m or h (e.g. 30s)")
        }
        if let output {
            guard (output as NSString).pathExtension.lowercased() == "trace" else {
                throw ValidationError("-o \(output): a recording is a .trace bundle; name it NAME.trace")
            }
            guard !FileManager.default.fileExists(atPath: output) else {
                throw ValidationError("-o \(output) exists already; name a new recording")
            }
        }
    }

    func run() throws {
        let output = output ?? Self.datedName()
        guard let xctrace = Xctrace.locate() else {
            throw Diagnostic.error(
                "recording needs Xcode's xctrace, on a Mac; there run: "
                    + "xcrun xctrace record --template SwiftUI --output App.trace --launch -- /path/to/App.app, then "
                    + "xcrun xctrace export --input App.trace --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-causes\"]' "
                    + "--output swiftui-causes.xml (likewise swiftui-updates, swiftui-changes, swiftui-update-groups), "
                    + "and give causegraph the .xml files")
        }
        if attach != nil {
            Terminal.standardError.print(
                Diagnostic(
                    .warning, "SwiftUI tables often come back empty for an attached process; prefer --launch PATH"))
        }
        let command =
            xctrace.command + ["record"] + (try Self.template(of: xctrace, name: output)) + recordArguments(output)
        let child = try ChildProcess(command, output: .inherited, errors: .passedThrough, name: output)
        let pid = child.pid
        let stopRecording: @Sendable () -> Void = { kill(-pid, SIGINT) }
        let termination = SignalExit.forwardingInterrupts(to: stopRecording) { child.waitForExit() }
        guard termination == .exit(0) else {
            throw Diagnostic.error(
                Xctrace.failure(
                    termination, said: child.errorLine(), command: command.joined(separator: " "), recording: true),
                at: SourceLocation(file: output))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Diagnostic.error(
                "xctrace ended without writing the recording; the command was: \(command.joined(separator: " "))",
                at: SourceLocation(file: output))
        }
        var summary = try Summary.parse([output])
        summary.input.reading = reading
        try summary.run()
    }

    /// `--template SwiftUI` when xctrace lists that template, else `--instrument SwiftUI`.
    static func template(of xctrace: Xctrace, name: String) throws(Diagnostic) -> [String] {
        let listed = String(decoding: try xctrace.output(["list", "templates"], name: name), as: UTF8.self)
        let hasTemplate = listed.split(whereSeparator: \.isNewline).contains {
            $0.trimmingCharacters(in: .whitespaces) == "SwiftUI"
        }
        return hasTemplate ? ["--template", "SwiftUI"] : ["--instrument", "SwiftUI"]
    }

    /// xctrace's arguments after the template: output, device, time limit, then what to record.
    func recordArguments(_ output: String) -> [String] {
        var result = ["--output", output]
        if let device { result += ["--device", device] }
        if let timeLimit { result += ["--time-limit", timeLimit] }
        if let attach { result += ["--attach", attach] }
        if let launch { result += ["--launch", "--", launch] + arguments }
        return result
    }

    /// `Recording-2026-11-25-131400.trace`, in UTC (as causegraph runs).
    static func datedName() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "Recording-\(formatter.string(from: Date())).trace"
    }
}
