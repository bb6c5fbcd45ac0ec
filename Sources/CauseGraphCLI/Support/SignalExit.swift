import CauseGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the process on SIGINT, SIGTERM or SIGHUP without debris: helper
/// programs still running (xctrace) are killed, the
/// temporary files of outputs not yet committed are removed, existing
/// outputs stay as they were, one line says why, and the exit status is
/// 128 plus the signal's number (130, 143, 129), as shells report it.
///
/// The signals are blocked in every thread and taken by a thread of their
/// own with `sigwait`, so the clean-up runs as ordinary code, not in a
/// signal handler, where almost nothing is safe to call. A signal ignored
/// when the process starts (`nohup`, a shell's background job) stays
/// ignored, as for any command.
enum SignalExit {
    static let signals: [(number: Int32, name: String)] = [
        (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"),
    ]

    /// Call first thing, before any other thread starts: threads inherit the
    /// blocked signals from the one that creates them.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals where !isIgnored(signal.number) { sigaddset(&set, signal.number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        Thread.detachNewThread {
            var set = waited
            var received: Int32 = 0
            while true {
                guard sigwait(&set, &received) == 0 else { return }
                guard received == SIGINT, let forward = interruptTarget.withLock({ $0 }) else { break }
                forward()
            }
            for action in stopActions.withLock({ $0 }) { action() }
            ChildProcess.killAll()
            PendingOutputs.shared.removeAll()
            let name = signals.first { $0.number == received }?.name ?? "signal \(received)"
            let line = Array("causegraph: stopped by \(name); no output file was replaced\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _exit(128 + received)
        }
    }

    private static let stopActions = LockedList()
    private static let interruptTarget = LockedValue()

    /// While `body` runs, SIGINT (Ctrl-C) runs `forward` instead of ending
    /// causegraph: for `record`, whose xctrace stops recording cleanly on it.
    static func forwardingInterrupts<Result>(
        to forward: @escaping @Sendable () -> Void, during body: () throws -> Result
    ) rethrows -> Result {
        interruptTarget.withLock { $0 = forward }
        defer { interruptTarget.withLock { $0 = nil } }
        return try body()
    }

    /// Runs `action` on the signal's thread before the process ends: to undo
    /// what must not outlive it, such as a terminal's modes.
    static func onStop(_ action: @escaping @Sendable () -> Void) {
        stopActions.withLock { $0.append(action) }
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        let previous = signal(number, SIG_IGN)
        signal(number, previous)
        return unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The actions to run when a signal stops the process, under a lock.
private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [@Sendable () -> Void] = []

    func withLock<Result>(_ body: (inout [@Sendable () -> Void]) -> Result) -> Result {
        lock.withLock { body(&actions) }
    }
}

/// Where SIGINT goes instead, under a lock.
private final class LockedValue: @unchecked Sendable {
    private let lock = NSLock()
    private var forward: (@Sendable () -> Void)?

    func withLock<Result>(_ body: (inout (@Sendable () -> Void)?) -> Result) -> Result {
        lock.withLock { body(&forward) }
    }
}
