import Foundation

/// Xcode's `xctrace`, which alone can read an Instruments `.trace` bundle.
///
/// Found as `CAUSEGRAPH_XCTRACE` (a path) when set, else `xctrace` on
/// `PATH`, else `xcrun xctrace`. Each call runs it once as a
/// ``ChildProcess``: it lives and dies with causegraph, and the first line
/// of its standard error names a failure. One that prints nothing for
/// ``stallLimit`` seconds (`CAUSEGRAPH_XCTRACE_TIMEOUT`, default 600) is
/// stopped, and that is an error.
package struct Xctrace {
    /// The program and the arguments that come before xctrace's own.
    package let command: [String]
    /// Seconds it may print nothing before it is stopped.
    var stallLimit = Xctrace.defaultStallLimit

    /// The environment variable that names another xctrace.
    static let environmentVariable = "CAUSEGRAPH_XCTRACE"

    /// The xctrace to run, or `nil` when this machine has none.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Xctrace? {
        if let path = environment[environmentVariable], !path.isEmpty { return Xctrace(command: [path]) }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        func find(_ program: String) -> String? {
            directories.lazy.map { ($0 as NSString).appendingPathComponent(program) }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
        }
        if let xctrace = find("xctrace") { return Xctrace(command: [xctrace]) }
        if let xcrun = find("xcrun") { return Xctrace(command: [xcrun, "xctrace"]) }
        return nil
    }

    /// The most a table of contents may take; real ones take a few kB.
    static let maximumOutput = 64 << 20

    /// Everything xctrace writes to standard output for `arguments`, such
    /// as a table of contents.
    package func output(_ arguments: [String], name: String) throws(Diagnostic) -> [UInt8] {
        let running = try start(arguments, name: name)
        var bytes: [UInt8] = []
        while let chunk = try running.stream.nextChunk() {
            bytes += chunk
            guard bytes.count <= Self.maximumOutput else {
                throw .error(
                    "xctrace printed more than \(Self.maximumOutput >> 20) MiB for \(arguments.joined(separator: " ")); expected a table of contents",
                    at: SourceLocation(file: name))
            }
        }
        try running.finish()
        return bytes
    }

    /// Starts xctrace with its standard output on a pipe to read.
    func start(_ arguments: [String], name: String) throws(Diagnostic) -> Running {
        let child = try ChildProcess(command + arguments, output: .pipe, errors: .pipe, name: name)
        let output = child.takeOutput()!
        let stream = ByteStream(name: name, descriptor: output)
        let watchdog = StallWatchdog(child: child, limit: stallLimit, stream: stream, pipe: dup(output))
        return Running(child: child, stream: stream, watchdog: watchdog, name: name)
    }

    /// One xctrace run.
    final class Running {
        let child: ChildProcess
        /// What xctrace writes to standard output.
        let stream: ByteStream
        private let watchdog: StallWatchdog
        private let name: String

        init(child: ChildProcess, stream: ByteStream, watchdog: StallWatchdog, name: String) {
            self.child = child
            self.stream = stream
            self.watchdog = watchdog
            self.name = name
        }

        /// Waits for xctrace to end; a failure is an error quoting the first
        /// line it said, cut to 200 characters.
        func finish() throws(Diagnostic) {
            let termination = child.waitForExit()
            watchdog.stop()
            let command = child.command.joined(separator: " ")
            if watchdog.stalled {
                throw .error(
                    "xctrace printed nothing for \(watchdog.limit) s and was stopped (\(Xctrace.stallVariable) sets how long to wait); "
                        + "the command was: \(command)",
                    at: SourceLocation(file: name))
            }
            guard termination != .exit(0) else { return }
            throw .error(
                Xctrace.failure(termination, said: child.errorLine(), command: command, recording: false),
                at: SourceLocation(file: name))
        }

        deinit {
            watchdog.stop()
        }
    }

    /// The line that reports xctrace ending with `termination`: its status
    /// (for `xctrace record`, explained where known), what it said, and the command.
    package static func failure(
        _ termination: ChildProcess.Termination, said: String?, command: String, recording: Bool
    ) -> String {
        let status: String
        switch termination {
        case .exit(let code):
            let meaning = recording ? recordStatuses[code] : nil
            status = "exit status \(code)" + (meaning.map { ", \($0)" } ?? "")
        case .signal(let number): status = "signal \(number)"
        }
        return "xctrace failed (\(status))\(said.map { ": \($0)" } ?? ""); the command was: \(command)"
    }

    /// What the exit statuses of `xctrace record` are known to mean
    /// (reported by public tools that run it).
    static let recordStatuses: [Int32: String] = [
        2: "the attach failed", 21: "no process with that pid", 54: "finalizing the recording was cut short",
        57: "an option is missing its key",
    ]

    /// The environment variable setting how many seconds xctrace may print
    /// nothing before it is stopped.
    static let stallVariable = "CAUSEGRAPH_XCTRACE_TIMEOUT"
    /// Ten minutes: exporting a large table takes minutes, but not silently
    /// for this long.
    static let defaultStallLimit = 600

    /// The stall limit the environment sets, else the default.
    static func stallLimit(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic)
        -> Int
    {
        guard let text = environment[stallVariable], !text.isEmpty else { return defaultStallLimit }
        guard let seconds = Int(text), seconds > 0, seconds <= 7 * 24 * 3600 else {
            throw .error("\(stallVariable)=\(VisibleText.singleLine(text)) is not a number of seconds (1 to 604800)")
        }
        return seconds
    }
}
