import Foundation

/// Xcode's `xctrace`, which alone can read an Instruments `.trace` bundle.
///
/// Found as `CAUSEGRAPH_XCTRACE` (a path) when set, else `xctrace` on
/// `PATH`, else `xcrun xctrace`. Each call runs it once; its standard error
/// goes to a temporary file, unlinked at once, so a chatty xctrace can never
/// block on a full pipe, and its first line names a failure.
struct Xctrace {
    /// The program and the arguments that come before xctrace's own.
    let command: [String]

    /// The environment variable that names another xctrace.
    static let environmentVariable = "CAUSEGRAPH_XCTRACE"

    /// The xctrace to run, or `nil` when this machine has none.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Xctrace? {
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
    func output(_ arguments: [String], name: String) throws(Diagnostic) -> [UInt8] {
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let errors = try Self.anonymousFile(name: name)
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .error(
                "cannot run \(command.joined(separator: " ")): \(error.localizedDescription)",
                at: SourceLocation(file: name))
        }
        // The child holds its own copy of the write end; ours must close so
        // reading ends when xctrace does.
        try? output.fileHandleForWriting.close()
        let descriptor = dup(output.fileHandleForReading.fileDescriptor)
        try? output.fileHandleForReading.close()
        return Running(
            process: process, stream: ByteStream(name: name, descriptor: descriptor), errors: errors, name: name,
            command: command + arguments)
    }

    /// One xctrace run.
    final class Running {
        let process: Process
        /// What xctrace writes to standard output.
        let stream: ByteStream
        private let errors: FileHandle
        private let name: String
        private let command: [String]

        init(process: Process, stream: ByteStream, errors: FileHandle, name: String, command: [String]) {
            self.process = process
            self.stream = stream
            self.errors = errors
            self.name = name
            self.command = command
        }

        /// Waits for xctrace to end; a failure is an error naming what it
        /// said first.
        func finish() throws(Diagnostic) {
            process.waitUntilExit()
            guard process.terminationReason != .exit || process.terminationStatus != 0 else { return }
            try? errors.seek(toOffset: 0)
            let said = String(decoding: (try? errors.readToEnd()) ?? Data(), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map { VisibleText.singleLine(String($0)) }
            let status =
                process.terminationReason == .exit
                ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            throw .error(
                "xctrace failed (\(status))\(said.map { ": \($0)" } ?? ""); the command was: \(command.joined(separator: " "))",
                at: SourceLocation(file: name))
        }

        deinit {
            if process.isRunning { process.terminate() }
        }
    }

    /// A temporary file with no name left on disk.
    private static func anonymousFile(name: String) throws(Diagnostic) -> FileHandle {
        var template = Array(
            (NSTemporaryDirectory() as NSString).appendingPathComponent("causegraph-xctrace-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .error("cannot make a temporary file for xctrace's messages", at: SourceLocation(file: name))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
