import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of a program did.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: Data
    public var standardError: String

    public var output: String { String(decoding: standardOutput, as: UTF8.self) }

    public init(status: Int32, standardOutput: Data, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// Runs a program the way a shell would, for the tests.
///
/// Standard input is written on a thread of its own while two more read
/// standard output and standard error, so neither side can wait forever on a
/// full pipe: a program that prints before it has read all of its input, or a
/// test that sends more than a pipe holds, finishes as it would in a shell.
/// The program is a ``StartedProgram`` and its pipes are ``PrivatePipe``s, so
/// no program another test starts meanwhile holds them.
public enum ProcessRunner {
    /// How long output is still read after the program ended: a process it
    /// started (a build server) may hold the pipes open for as long as it lives.
    static let drainAfterExit: DispatchTimeInterval = .seconds(10)

    /// - Parameter environment: variables to set (an empty value removes one) over this process's.
    public static func run(
        _ executable: URL, _ arguments: [String], standardInput: Data? = nil, in directory: URL? = nil,
        environment: [String: String] = [:], timeout: Duration = .seconds(300)
    ) throws -> CommandResult {
        // A program that exits without reading all of its input must not end the test run.
        signal(SIGPIPE, SIG_IGN)
        let input = try PrivatePipe()
        let output = try PrivatePipe()
        let error = try PrivatePipe()
        let program = try StartedProgram(
            [executable.path] + arguments, handing: [0: input.reading, 1: output.writing, 2: error.writing],
            directory: directory?.path, environment: environment)
        let writer = input.writing
        let bytes = standardInput ?? Data()
        Thread.detachNewThread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
        let outputReader = PipeReader(output.reading)
        let errorReader = PipeReader(error.reading)
        let end = try program.end(within: timeout)
        let deadline = DispatchTime.now() + drainAfterExit
        return CommandResult(
            status: end.status,
            standardOutput: outputReader.bytes(waitingUntil: deadline),
            standardError: String(decoding: errorReader.bytes(waitingUntil: deadline), as: UTF8.self))
    }

    /// The first executable of that name on the `PATH`.
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while let chunk = try? handle.read(upToCount: 65_536), !chunk.isEmpty {
                lock.withLock { collected.append(chunk) }
            }
            done.signal()
        }
    }

    /// Everything read by the end of the pipe, or by `deadline` if that comes first.
    func bytes(waitingUntil deadline: DispatchTime) -> Data {
        _ = done.wait(timeout: deadline)
        return lock.withLock { collected }
    }
}
