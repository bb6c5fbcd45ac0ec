import Foundation
import Testing

/// Runs a program that may take long (a nested `swift package`), failing the
/// test instead of hanging when it takes longer than allowed.
enum TimedProcess {
    struct TimedOut: Error, CustomStringConvertible {
        var command: String
        var timeout: Duration
        var description: String { "\(command) took longer than \(timeout)" }
    }

    static func run(_ executable: URL, _ arguments: [String], in directory: URL, timeout: Duration) throws -> CommandResult {
        // Output goes to files: no pipe can fill up, and no reader thread is needed.
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("causegraph-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let outputURL = logs.appendingPathComponent("stdout")
        let errorURL = logs.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        guard finished.wait(timeout: .now() + seconds) == .success else {
            process.terminate()
            throw TimedOut(command: ([executable.lastPathComponent] + arguments).joined(separator: " "), timeout: timeout)
        }
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: try Data(contentsOf: outputURL),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// The first executable of that name on the `PATH`.
    static func find(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "\(name) is on the PATH")
    }
}
