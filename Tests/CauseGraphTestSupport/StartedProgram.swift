import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program a test started, leading a process group of its own, and its
/// end: how tests start programs, in place of Foundation's `Process`.
///
/// Tests run side by side in one process. On Linux, `Process` closes in its
/// child only the descriptors that were open when it looked, and learns that
/// the child ended when a socket the child holds closes: a program another
/// test starts at that moment can hold this one's pipe, whose reader then
/// never sees its end, or that socket, and this program's end is not seen
/// until that program's too. This one starts through ``CleanSpawn``, which
/// closes every descriptor the child is not handed, and a thread of its own
/// waits for the child with `waitpid`.
public final class StartedProgram: @unchecked Sendable {
    /// How a program ended.
    public enum End: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status, or the number of the signal, as Foundation's
        /// `Process.terminationStatus` gives it.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public var command: String
        public var timeout: Duration
        public var description: String { "\(command) took longer than \(timeout)" }
    }

    public let pid: pid_t
    private let command: String
    private let reaper: Reaper

    /// Starts `arguments[0]` (a path) with `arguments`, its descriptors as
    /// `descriptors` and `handed` say (a standard one not named reads from
    /// or writes to /dev/null).
    ///
    /// - Parameters:
    ///   - handed: pipe ends the program gets as these descriptors; this
    ///     process's copies are closed once it has started (or failed to), so
    ///     each pipe's other end sees its end when the program closes its own.
    ///   - directory: its working directory; this process's when `nil`.
    ///   - environment: variables to set over this process's; an empty value removes one.
    public init(
        _ arguments: [String], descriptors: [Int32: CleanSpawn.Source] = [:], handing handed: [Int32: FileHandle] = [:],
        directory: String? = nil, environment: [String: String] = [:]
    ) throws {
        defer { for end in handed.values { try? end.close() } }
        pid = try CleanSpawn.start(
            arguments, descriptors: descriptors.merging(handed.mapValues { .descriptor($0.fileDescriptor) }) { $1 },
            ownProcessGroup: true, directory: directory, environment: environment)
        command = ([URL(fileURLWithPath: arguments[0]).lastPathComponent] + arguments.dropFirst()).joined(
            separator: " ")
        reaper = Reaper(pid)
    }

    /// A program still running when its test lets go of it is killed, with what it started.
    deinit {
        if isRunning { kill(-pid, SIGKILL) }
    }

    /// Whether the program has not ended.
    public var isRunning: Bool { reaper.end(waitingUntil: .now()) == nil }

    /// Waits for the program to end. Past `timeout` it is killed, with its
    /// group, and the wait throws, so a test that hangs fails instead of
    /// holding up the run.
    public func end(within timeout: Duration) throws -> End {
        if let end = reaper.end(waitingUntil: .now() + timeout.timeInterval) { return end }
        kill(-pid, SIGKILL)
        throw TimedOut(command: command, timeout: timeout)
    }

    /// Reaps the child on a thread of its own; holds no reference to the
    /// program, whose end of life kills the child.
    private final class Reaper: @unchecked Sendable {
        private let lock = NSLock()
        private var ended: End?
        private let done = DispatchSemaphore(value: 0)

        init(_ pid: pid_t) {
            Thread.detachNewThread { [self] in
                let status = CleanSpawn.wait(pid)
                let signal = status & 0x7F
                lock.withLock { ended = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal) }
                // Every waiter is let through from now on.
                done.signal()
            }
        }

        func end(waitingUntil deadline: DispatchTime) -> End? {
            guard done.wait(timeout: deadline) == .success else { return nil }
            done.signal()
            return lock.withLock { ended }
        }
    }
}
