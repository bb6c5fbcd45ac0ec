import CauseGraph
import Foundation

/// The capture `top --process NAME` starts itself: macOS's
/// `log stream --style ndjson --level info` of SwiftUI's
/// `_logChanges()` lines (subsystem `com.apple.SwiftUI`, category
/// `Changed Body Properties`) from one process, or the same through
/// `xcrun simctl spawn booted` for the booted Simulator. Its output is
/// what `top` reads from a pipe; the capture ends with `top`.
final class LogStreamCapture {
    private let child: ChildProcess
    /// What the capture writes, for `top`'s reader.
    let stream: ByteStream

    /// Starts the capture of the process `name` (or pid), read as it comes with `live`.
    init(process name: String, simulator: Bool, live: LiveReading) throws(Diagnostic) {
        let arguments = Self.arguments(process: name)
        let command: [String]
        if simulator {
            guard let xcrun = Self.find("xcrun") else { throw Self.needsMac(name: name, simulator: true) }
            command = [xcrun, "simctl", "spawn", "booted", "log"] + arguments
        } else {
            guard let log = Self.find("log") else { throw Self.needsMac(name: name, simulator: false) }
            command = [log] + arguments
        }
        child = try ChildProcess(command, output: .pipe, errors: .pipe, name: Self.sourceName(name))
        stream = ByteStream(name: Self.sourceName(name), descriptor: child.takeOutput()!, live: live)
    }

    /// Ends the capture; a capture that failed by itself is an error quoting it.
    func finish(stopped: Bool) throws(Diagnostic) {
        if stopped { child.signal(SIGTERM) }
        let termination = child.waitForExit()
        guard !stopped, termination != .exit(0) else { return }
        let status: String
        switch termination {
        case .exit(let code): status = "exit status \(code)"
        case .signal(let number): status = "signal \(number)"
        }
        throw .error(
            "log stream failed (\(status))\(child.errorLine().map { ": \($0)" } ?? ""); the command was: \(child.command.joined(separator: " "))",
            at: SourceLocation(file: stream.name))
    }

    /// `log stream`'s arguments for the process `name`, or a pid.
    static func arguments(process name: String) -> [String] {
        ["stream", "--style", "ndjson", "--level", "info", "--predicate", predicate(process: name)]
    }

    /// The predicate choosing SwiftUI's change lines of one process.
    static func predicate(process name: String) -> String {
        let process =
            name.allSatisfy(\.isASCII) && !name.isEmpty && name.allSatisfy(\.isNumber)
            ? "processIdentifier == \(name)"
            : "process == \"\(name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
        return "subsystem == \"com.apple.SwiftUI\" AND category == \"Changed Body Properties\" AND \(process)"
    }

    private static func sourceName(_ name: String) -> String {
        "log stream (\(VisibleText.singleLine(name)))"
    }

    /// The one-line error where there is no `log` (or `xcrun`): it shows the pipe to use on a Mac.
    private static func needsMac(name: String, simulator: Bool) -> Diagnostic {
        let shellQuoted = "'" + predicate(process: name).replacingOccurrences(of: "'", with: "'\\''") + "'"
        let prefix = simulator ? "xcrun simctl spawn booted log" : "log"
        return .error(
            "top --process\(simulator ? " --simulator" : "") needs macOS's log command\(simulator ? " and Xcode's xcrun" : "") (a Mac); "
                + "on the Mac, pipe it in instead: \(prefix) stream --style ndjson --level info --predicate \(shellQuoted) | causegraph top"
        )
    }

    private static func find(_ program: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.lazy.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
