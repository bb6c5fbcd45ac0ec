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
///
/// The program starts through ``CleanSpawn`` with ``PrivatePipe``s, not
/// Foundation's `Process`: on Linux that lets a child inherit whatever
/// another test opened while it started, and learns that a child ended
/// when a socket the child holds closes, which such a child of another
/// test may then hold too. A program started meanwhile by another test
/// could so keep this one's output from ending, or its end from being seen.
public enum ProcessRunner {
    public struct TimedOut: Error, CustomStringConvertible {
        public var command: String
        public var timeout: Duration
        public var description: String { "\(command) took longer than \(timeout)" }
    }

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
        let pid: pid_t
        do {
            defer {
                for end in [input.reading, output.writing, error.writing] { try? end.close() }
            }
            pid = try CleanSpawn.start(
                [executable.path] + arguments,
                descriptors: [
                    0: .descriptor(input.reading.fileDescriptor), 1: .descriptor(output.writing.fileDescriptor),
                    2: .descriptor(error.writing.fileDescriptor),
                ], ownProcessGroup: true, directory: directory?.path, environment: environment)
        }
        let ended = ProcessEnd(pid)

        let writer = input.writing
        let bytes = standardInput ?? Data()
        Thread.detachNewThread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
        let outputReader = PipeReader(output.reading)
        let errorReader = PipeReader(error.reading)

        guard let status = ended.status(waitingUntil: .now() + timeout.timeInterval) else {
            // The whole group: what the program started would otherwise hold its pipes on.
            kill(-pid, SIGKILL)
            throw TimedOut(
                command: ([executable.lastPathComponent] + arguments).joined(separator: " "), timeout: timeout)
        }
        let deadline = DispatchTime.now() + drainAfterExit
        return CommandResult(
            status: CleanSpawn.terminationStatus(status),
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

/// Waits for a child to end on a thread of its own, and reaps it.
private final class ProcessEnd: @unchecked Sendable {
    private let lock = NSLock()
    private var waitStatus: Int32?
    private let done = DispatchSemaphore(value: 0)

    init(_ pid: pid_t) {
        Thread.detachNewThread { [self] in
            let status = CleanSpawn.wait(pid)
            lock.withLock { waitStatus = status }
            done.signal()
        }
    }

    /// The child's wait status, or `nil` if it has not ended by `deadline`.
    func status(waitingUntil deadline: DispatchTime) -> Int32? {
        _ = done.wait(timeout: deadline)
        return lock.withLock { waitStatus }
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

extension Duration {
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Process {
    /// Waits for the process to end; past `timeout` it is killed and the wait
    /// throws, so a test that hangs fails instead of holding up the run.
    public func waitUntilExit(within timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            guard ContinuousClock.now < deadline else {
                kill(processIdentifier, SIGKILL)
                waitUntilExit()
                throw ProcessRunner.TimedOut(
                    command: ([executableURL?.lastPathComponent ?? "?"] + (arguments ?? [])).joined(separator: " "),
                    timeout: timeout)
            }
            usleep(10_000)
        }
        waitUntilExit()
    }
}
