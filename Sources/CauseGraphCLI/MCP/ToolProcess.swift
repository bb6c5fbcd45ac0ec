import CauseGraph
import Foundation
import MCP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the server hands the process of one call: the call, and the roots
/// it may read and write under.
struct ToolCallRequest: Codable {
    var name: String
    var arguments: [String: Value]?
    var roots: [String]
}

/// Runs one tool call in a process of its own, `causegraph mcp --call`,
/// which reads a ``ToolCallRequest`` on standard input and writes the
/// `CallTool.Result` as JSON on standard output.
///
/// A process per call is what lets the server always answer: calls run side
/// by side; one that passes its time limit or that the client cancels is
/// stopped (SIGTERM to its process group, which removes its temporary
/// files, then SIGKILL), not merely abandoned while it still holds a core;
/// and one that crashes on a hostile input (a stack overflow, a trap) ends
/// its own process, not the server, which answers with an error.
enum ToolProcess {
    /// How an attempt to answer a call ended.
    enum Outcome: Sendable {
        case answered(CallTool.Result)
        case cancelled
    }

    /// How many calls run at once; the others wait their turn, within their time limit.
    private static let slotCount = max(2, ProcessInfo.processInfo.activeProcessorCount)

    private static let slots = DispatchSemaphore(value: slotCount)

    /// The most calls the server holds at once, running or waiting. Each
    /// holds its arguments (a request line may take 64 MiB) and, waiting
    /// for its turn, a thread: past this, a call is refused at once, so a
    /// client that sends calls faster than they run cannot grow the server
    /// without bound.
    static let mostHeld = slotCount + 16

    private static let held = HeldCalls()

    /// Runs `body` for a call if fewer than ``mostHeld`` are held, or answers at once that the server is busy.
    static func holding(_ tool: String, _ body: () async -> Outcome) async -> Outcome {
        guard held.enter() else {
            return .answered(
                RunningCall.failure(
                    "the server is busy: \(mostHeld) calls are running or waiting, the most it holds; "
                        + "call \(tool) again once one is answered"))
        }
        defer { held.leave() }
        return await body()
    }

    /// How many calls are held, under a lock.
    private final class HeldCalls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func enter() -> Bool {
            lock.withLock {
                guard count < ToolProcess.mostHeld else { return false }
                count += 1
                return true
            }
        }

        func leave() { lock.withLock { count -= 1 } }
    }

    /// How long a stopped call's process has, after SIGTERM, to remove its temporary files.
    private static let grace: DispatchTimeInterval = .seconds(2)

    /// The process groups of the calls running now.
    private static let running = ProcessGroups()

    /// Kills every call's process group: for when a signal ends the server,
    /// since each leads a group of its own, which the terminal's Ctrl-C does not reach.
    static func stopAll() {
        for group in running.all { kill(-group, SIGKILL) }
    }

    /// A set of process groups under a lock.
    private final class ProcessGroups: @unchecked Sendable {
        private let lock = NSLock()
        private var groups: Set<pid_t> = []

        func insert(_ group: pid_t) { lock.withLock { _ = groups.insert(group) } }
        func remove(_ group: pid_t) { lock.withLock { _ = groups.remove(group) } }
        var all: Set<pid_t> { lock.withLock { groups } }
    }

    /// Runs `request` by `deadline`, or answers that it passed its `timeLimit`.
    static func run(_ request: ToolCallRequest, deadline: DispatchTime, timeLimit: Double) async -> Outcome {
        let call = RunningCall(tool: request.name, timeLimit: timeLimit)
        let input: Data
        do {
            input = try JSONEncoder().encode(request)
        } catch {
            return .answered(RunningCall.failure("the \(request.name) tool's arguments cannot be passed on: \(error)"))
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                call.start(input: input, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            call.stop(.cancelled)
        }
    }

    /// One call's process, from its turn to its end, under a lock: the
    /// timer and the client's cancellation may stop it at any moment.
    private final class RunningCall: @unchecked Sendable {
        enum Stop { case timeLimit, cancelled }

        private let tool: String
        private let timeLimit: Double
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Outcome, Never>?
        private var stopped: Stop?
        private var running: pid_t?

        init(tool: String, timeLimit: Double) {
            self.tool = tool
            self.timeLimit = timeLimit
        }

        func start(input: Data, deadline: DispatchTime, continuation: CheckedContinuation<Outcome, Never>) {
            let alreadyStopped: Stop? = lock.withLock {
                self.continuation = continuation
                return stopped
            }
            if let alreadyStopped {
                finish(answer(for: alreadyStopped))
                return
            }
            DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in stop(.timeLimit) }
            Thread.detachNewThread { [self] in work(input: input, deadline: deadline) }
        }

        func stop(_ reason: Stop) {
            let process: pid_t? = lock.withLock {
                if stopped == nil { stopped = reason }
                return running
            }
            guard let process else {
                // Still waiting for its turn, or not started: answered now.
                finish(answer(for: reason))
                return
            }
            kill(-process, SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + ToolProcess.grace) { [self] in
                lock.withLock {
                    if running == process { _ = kill(-process, SIGKILL) }
                }
            }
        }

        /// Waits for a turn, runs the process and hands over what it answered.
        private func work(input: Data, deadline: DispatchTime) {
            guard ToolProcess.slots.wait(timeout: deadline) == .success else {
                stop(.timeLimit)
                return
            }
            defer { ToolProcess.slots.signal() }
            let spawned: Result<Child, Diagnostic>? = lock.withLock {
                guard stopped == nil else { return nil }
                let spawned = Result { () throws(Diagnostic) in try Child.spawn(timeLimit: timeLimit) }
                if case .success(let child) = spawned {
                    running = child.pid
                    ToolProcess.running.insert(child.pid)
                }
                return spawned
            }
            let child: Child
            switch spawned {
            case nil: return  // stopped while it waited, and answered then
            case .failure(let error)?:
                finish(.answered(Self.failure("the \(tool) tool could not start: \(error.message)")))
                return
            case .success(let started)?: child = started
            }
            let (output, status) = child.exchange(input)
            let reason: Stop? = lock.withLock {
                ToolProcess.running.remove(child.pid)
                running = nil
                return stopped
            }
            if let reason {
                finish(answer(for: reason))
            } else {
                finish(.answered(result(output: output, status: status)))
            }
        }

        private func result(output: Data, status: Int32) -> CallTool.Result {
            let signal = status & 0x7F
            if signal == 0, let result = try? JSONDecoder().decode(CallTool.Result.self, from: output) {
                return result
            }
            if signal != 0 {
                let name = ToolProcess.signalNames[signal].map { " (\($0))" } ?? ""
                return Self.failure(
                    "the \(tool) tool's process ended with signal \(signal)\(name) before it answered: "
                        + "an input it cannot handle; the server goes on")
            }
            return Self.failure(
                "the \(tool) tool's process ended with status \((status >> 8) & 0xFF) and no answer; the server goes on"
            )
        }

        private func answer(for reason: Stop) -> Outcome {
            switch reason {
            case .cancelled: return .cancelled
            case .timeLimit:
                return .answered(
                    Self.failure(
                        "the \(tool) tool passed its time limit of \(ToolProcess.seconds(timeLimit)) s and was stopped; "
                            + "causegraph mcp --timeout SECONDS sets the limit"))
            }
        }

        /// Hands the outcome over once: the first of the process, the timer and the client wins.
        private func finish(_ outcome: Outcome) {
            let waiting: CheckedContinuation<Outcome, Never>? = lock.withLock {
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(returning: outcome)
        }

        static func failure(_ message: String) -> CallTool.Result {
            CallTool.Result(
                content: [.text(text: Diagnostic.error(message).description, annotations: nil, _meta: nil)],
                isError: true)
        }
    }

    /// A time limit as errors write it: `120`, `0.1`.
    static func seconds(_ timeLimit: Double) -> String {
        timeLimit.rounded() == timeLimit ? String(Int(timeLimit)) : String(timeLimit)
    }

    private static let signalNames: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
        SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGALRM: "SIGALRM",
    ]

    /// The process of one call: `causegraph mcp --call`, leading a process
    /// group of its own, with an empty signal mask and default dispositions
    /// (the server blocks SIGINT, SIGTERM and SIGHUP for its own handling),
    /// and no descriptor but its pipes and /dev/null.
    private struct Child {
        let pid: pid_t
        let input: Int32
        let output: Int32

        static func spawn(timeLimit: Double) throws(Diagnostic) -> Child {
            guard let executable = Bundle.main.executablePath else {
                throw .error("cannot find the causegraph executable to run the call")
            }
            spawning.lock()
            defer { spawning.unlock() }
            let toChild = try pipe()
            let fromChild: (read: Int32, write: Int32)
            do {
                fromChild = try pipe()
            } catch {
                close(toChild.read)
                close(toChild.write)
                throw error
            }
            defer {
                close(toChild.read)
                close(fromChild.write)
            }
            let command = [
                executable, "mcp", "--call", "--timeout", String(timeLimit), "--server", String(getpid()),
            ]
            do throws(IsolatedSpawn.Failure) {
                let pid = try IsolatedSpawn.start(
                    command, input: .descriptor(toChild.read), output: .descriptor(fromChild.write),
                    errors: .null(O_WRONLY))
                return Child(pid: pid, input: toChild.write, output: fromChild.read)
            } catch {
                close(toChild.write)
                close(fromChild.read)
                throw .error(error.reason)
            }
        }

        /// A pipe whose ends no other process inherits: they are marked
        /// close-on-exec under ``spawning``, which every start holds.
        private static func pipe() throws(Diagnostic) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            #if canImport(Glibc)
                let made = Glibc.pipe(&ends)
            #else
                let made = Darwin.pipe(&ends)
            #endif
            guard made == 0 else { throw .error("cannot make a pipe: \(String(cString: strerror(errno)))") }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            return (ends[0], ends[1])
        }

        /// Held from making a call's pipes to starting its process, so that
        /// no other call's process inherits them before they are marked.
        private static let spawning = NSLock()

        /// Writes the request, reads the answer to its end and waits for the
        /// process; returns the answer and the wait status.
        func exchange(_ request: Data) -> (Data, Int32) {
            let writer = input
            Thread.detachNewThread {
                request.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                    var offset = 0
                    while offset < bytes.count {
                        let written = write(writer, bytes.baseAddress! + offset, bytes.count - offset)
                        if written < 0 && errno == EINTR { continue }
                        guard written > 0 else { break }
                        offset += written
                    }
                }
                close(writer)
            }
            var answer = Data()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                answer.append(contentsOf: chunk[..<count])
            }
            close(output)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return (answer, status)
        }
    }
}
