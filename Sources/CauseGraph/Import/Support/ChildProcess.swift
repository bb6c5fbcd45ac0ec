import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A helper program causegraph runs (xctrace, `log stream`), that lives and
/// dies with it.
///
/// It starts with an empty signal mask and default signal dispositions,
/// whatever causegraph blocks or ignores (its signal thread blocks SIGINT,
/// SIGTERM and SIGHUP everywhere, and a blocked mask is inherited), in a
/// process group of its own, with no descriptor of causegraph's but the
/// three it is given. Its group is killed when the value is released
/// unfinished (a failed read), at exit, and by ``ChildProcess/killAll()``
/// when a signal stops causegraph. Its standard error is drained by a
/// thread of its own, which keeps the first ``errorLimit`` bytes, so a
/// chatty child neither blocks nor fills memory.
package final class ChildProcess {
    /// The program and its arguments, for messages.
    package let command: [String]
    package let pid: pid_t
    /// The read end of a pipe from its standard output, when asked for; the
    /// caller takes it over.
    package private(set) var output: Int32?
    private let errors: ErrorCollector?
    private var status: Int32?

    /// How much of its standard error is kept.
    package static let errorLimit = 64 << 10

    /// Where the child's standard output or error goes.
    package enum Destination {
        /// Causegraph's own.
        case inherited
        /// A pipe: `output` for standard output, the kept text for standard error.
        case pipe
        /// For standard error: causegraph's own, and kept as through a pipe,
        /// so a child's progress shows and its failure can be quoted.
        case passedThrough
    }

    /// Starts `command` (`command[0]` a path). Standard input is /dev/null
    /// unless `inheritInput`.
    package init(
        _ command: [String], output: Destination, errors: Destination, inheritInput: Bool = false,
        name: String
    ) throws(Diagnostic) {
        self.command = command
        var outputPipe: (read: Int32, write: Int32)?
        var errorPipe: (read: Int32, write: Int32)?
        do throws(Diagnostic) {
            if output == .pipe { outputPipe = try Self.makePipe(name: name) }
            if errors != .inherited { errorPipe = try Self.makePipe(name: name) }
        } catch {
            for end in [outputPipe?.read, outputPipe?.write].compactMap({ $0 }) { close(end) }
            throw error
        }
        defer {
            if let outputPipe { close(outputPipe.write) }
            if let errorPipe { close(errorPipe.write) }
        }
        _ = Self.installExitHandler
        let pid: pid_t
        do throws(IsolatedSpawn.Failure) {
            pid = try IsolatedSpawn.start(
                command, input: inheritInput ? .inherited : .null(O_RDONLY),
                output: outputPipe.map { .descriptor($0.write) } ?? .inherited,
                errors: errorPipe.map { .descriptor($0.write) } ?? .inherited)
        } catch {
            if let outputPipe { close(outputPipe.read) }
            if let errorPipe { close(errorPipe.read) }
            throw .error("cannot run \(command[0]): \(error.reason)", at: SourceLocation(file: name))
        }
        self.pid = pid
        self.output = outputPipe?.read
        self.errors = errorPipe.map { ErrorCollector(descriptor: $0.read, echo: errors == .passedThrough) }
        Self.running.insert(pid)
    }

    deinit {
        if let output { close(output) }
        if status == nil {
            kill(-pid, SIGKILL)
            _ = waitForExit()
        }
    }

    /// Hands the pipe of its standard output over to the caller, who closes it.
    package func takeOutput() -> Int32? {
        defer { output = nil }
        return output
    }

    /// Sends `signal` to its process group.
    package func signal(_ signal: Int32) {
        if status == nil { kill(-pid, signal) }
    }

    /// Waits for it to end and returns how: `exit` with a status, or the signal that ended it.
    @discardableResult
    package func waitForExit() -> Termination {
        if status == nil {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            status = raw
            Self.running.remove(pid)
        }
        let raw = status!
        let signal = raw & 0x7f
        return signal == 0 ? .exit((raw >> 8) & 0xff) : .signal(signal)
    }

    /// How a child ended.
    package enum Termination: Equatable {
        case exit(Int32)
        case signal(Int32)
    }

    /// The line of its standard error (of the first ``errorLimit`` bytes)
    /// that says what went wrong: the first that mentions an error, else
    /// the first, made visible and cut to 200 characters. Waits for the
    /// child to close its standard error.
    package func errorLine() -> String? {
        guard let text = errors?.collected() else { return nil }
        let lines = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let line = lines.first { $0.range(of: "error", options: .caseInsensitive) != nil } ?? lines.first
        return line.map { Self.shortened(VisibleText.singleLine($0), to: 200) }
    }

    /// `text` cut to `limit` characters, an ellipsis marking the cut.
    package static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    // MARK: Every child, for a process that is stopping

    private static let running = RunningSet()

    /// Kills the process group of every child still running: called when
    /// a signal stops causegraph, and at exit.
    package static func killAll() {
        for pid in running.all() { kill(-pid, SIGKILL) }
    }

    private static let installExitHandler: Void = {
        atexit { ChildProcess.killAll() }
    }()

    private static func makePipe(name: String) throws(Diagnostic) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .error("cannot make a pipe: \(String(cString: strerror(errno)))", at: SourceLocation(file: name))
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// The pids of the children running, under a lock, for ``ChildProcess/killAll()``.
private final class RunningSet: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: Set<pid_t> = []

    func insert(_ pid: pid_t) { lock.withLock { _ = pids.insert(pid) } }
    func remove(_ pid: pid_t) { lock.withLock { _ = pids.remove(pid) } }
    func all() -> [pid_t] { lock.withLock { Array(pids) } }
}

/// Drains a child's standard error on a thread of its own, keeping the
/// first ``ChildProcess/errorLimit`` bytes and discarding the rest (after
/// writing all of it to causegraph's standard error, when it `echo`es).
private final class ErrorCollector: @unchecked Sendable {
    private let lock = NSCondition()
    private var kept: [UInt8] = []
    private var done = false

    init(descriptor: Int32, echo: Bool) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                if echo { buffer.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, count) } }
                lock.withLock {
                    let room = ChildProcess.errorLimit - kept.count
                    if room > 0 { kept += buffer.prefix(min(room, count)) }
                }
            }
            close(descriptor)
            lock.withLock {
                done = true
                lock.broadcast()
            }
        }
    }

    /// What was kept, once the child has closed its standard error.
    func collected() -> [UInt8] {
        lock.withLock {
            while !done { lock.wait() }
            return kept
        }
    }
}
