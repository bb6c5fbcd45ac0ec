import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops a child that has printed nothing for `limit` seconds, so a hung
/// xctrace is an error rather than a causegraph that waits for ever.
///
/// Output counts as it is read from the child's pipe (the stream's
/// `onRead`). A child that is waiting because causegraph has not read what
/// it printed yet (bytes still in the pipe) is not stalled.
final class StallWatchdog: @unchecked Sendable {
    /// Seconds of silence allowed.
    let limit: Int
    private let condition = NSCondition()
    private var lastOutput = Date()
    private var stopped = false
    private var didStall = false

    /// Watches `child`, whose output `stream` reads; `pipe` is a duplicate
    /// of the pipe's read end for the watch alone, which it closes.
    init(child: ChildProcess, limit: Int, stream: ByteStream, pipe: Int32) {
        self.limit = limit
        let previous = stream.onRead
        stream.onRead = { [weak self] count in
            self?.sawOutput()
            previous?(count)
        }
        let pid = child.pid
        Thread.detachNewThread { [self] in
            watch(pid: pid, pipe: pipe)
            close(pipe)
        }
    }

    /// Whether the child was stopped for printing nothing.
    var stalled: Bool { condition.withLock { didStall } }

    /// Ends the watch; the child has ended.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private func sawOutput() {
        condition.withLock { lastOutput = Date() }
    }

    /// `FIONREAD`, which Darwin defines with a macro Swift cannot import
    /// (`_IOR('f', 127, int)`).
    #if canImport(Darwin)
        private static let bytesWaitingRequest: UInt = 0x4004_667F
    #else
        private static let bytesWaitingRequest = UInt(FIONREAD)
    #endif

    private func watch(pid: pid_t, pipe: Int32) {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            let deadline = lastOutput.addingTimeInterval(TimeInterval(limit))
            if Date() >= deadline {
                var waiting: Int32 = 0
                if ioctl(pipe, Self.bytesWaitingRequest, &waiting) == 0, waiting > 0 {
                    // causegraph is the slow one: the child waits on a full pipe.
                    lastOutput = Date()
                    continue
                }
                didStall = true
                kill(-pid, SIGKILL)
                return
            }
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(1)))
        }
    }
}
