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
/// outputs stay as they were, one line says why (and names any output
/// already written whole), and the exit status is
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
    ///
    /// SIGTSTP (Ctrl-Z) is taken by the same thread: it runs the actions
    /// given to ``onSuspend(_:resume:)`` and stops the process with SIGSTOP;
    /// the SIGCONT that continues it (`fg`) is taken too (blocked, it still
    /// continues the process), and runs their resumes. So a full-screen
    /// command leaves the terminal clean while stopped and draws itself again
    /// after. Waiting for SIGCONT, rather than for `kill` to return, matters:
    /// the stop reaches the other threads a moment after `kill` returns.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals where !isIgnored(signal.number) { sigaddset(&set, signal.number) }
        if !isIgnored(SIGTSTP) {
            sigaddset(&set, SIGTSTP)
            sigaddset(&set, SIGCONT)
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        Thread.detachNewThread {
            var set = waited
            var received: Int32 = 0
            var suspended: [SuspendAction] = []
            while true {
                guard sigwait(&set, &received) == 0 else { return }
                if received == SIGTSTP {
                    suspended = suspendActions.withLock { $0 }
                    for action in suspended { action.suspend() }
                    kill(getpid(), SIGSTOP)
                } else if received == SIGCONT {
                    for action in suspended { action.resume() }
                    suspended = []
                } else if received == SIGINT, let forward = interruptTarget.withLock({ $0 }) {
                    forward()
                } else {
                    break
                }
            }
            stopping.set()
            for action in stopActions.withLock({ $0 }) { action() }
            ChildProcess.killAll()
            let written = PendingOutputs.shared.removeAll()
            // Deepest first, and only if empty: what was written into them before the stop stays.
            for folder in foldersMade.withLock({ $0 }).reversed() { rmdir(folder) }
            // The line then starts at the left edge, not after a progress line and the terminal's `^C`.
            ProgressMeter.standardError.clear()
            let name = signals.first { $0.number == received }?.name ?? "signal \(received)"
            let line = Array("causegraph: stopped by \(name); \(outputs(written))\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _exit(128 + received)
        }
    }

    /// What the stop left of the outputs: none replaced, or those the
    /// command had put in place whole before it.
    static func outputs(_ written: CommittedOutputs) -> String {
        guard let last = written.last.map({ VisibleText.excerpt($0, length: 200) }) else {
            return "no output file was replaced"
        }
        return written.count == 1
            ? "\(last) was written before the stop"
            : "\(written.count) output files were written before the stop, the last \(last)"
    }

    /// Set once a signal begins to stop the process: from then on the
    /// command's own ending must wait. The stop kills xctrace, and the
    /// command would otherwise report the export it lost as its own failure
    /// and race the stop to exit with that status.
    private static let stopping = StopFlag()

    /// Call before exiting with the command's status: when a signal is
    /// already stopping the process, waits for good, and the process ends as
    /// the stop decides (128 plus the signal's number). A signal that comes
    /// later still stops the process at once, so an exit stuck writing to a
    /// full pipe can be interrupted.
    static func deferToStop() {
        guard stopping.isSet else { return }
        // Every signal is blocked on this thread: this waits for the stop's `_exit`.
        while true { pause() }
    }

    private static let stopActions = LockedList<@Sendable () -> Void>()
    private static let suspendActions = LockedList<SuspendAction>()

    /// What to undo before Ctrl-Z stops the process, and to redo when it continues.
    private struct SuspendAction: Sendable {
        var suspend: @Sendable () -> Void
        var resume: @Sendable () -> Void
    }

    /// Runs `suspend` on the signal's thread before Ctrl-Z stops the
    /// process, and `resume` when it continues.
    static func onSuspend(_ suspend: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void) {
        suspendActions.withLock { $0.append(SuspendAction(suspend: suspend, resume: resume)) }
    }

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

    private static let foldersMade = LockedList<String>()

    /// Creates `folder` and the parents it lacks. A stop then removes each
    /// one it made that it leaves empty: an output folder the command made
    /// and wrote nothing into is debris (`render --each -o graphs`, `redact
    /// -o out/` stopped before their first file).
    static func makeFolder(_ folder: String) throws {
        var missing: [String] = []
        var path = URL(fileURLWithPath: folder).standardizedFileURL.path
        while !path.isEmpty, path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        // Recorded first: a stop while they are made still finds them (rmdir of one not made yet fails, harmlessly).
        foldersMade.withLock { $0 += missing.reversed() }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
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

/// The actions to run when a signal stops or suspends the process, under a lock.
private final class LockedList<Action>: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [Action] = []

    func withLock<Result>(_ body: (inout [Action]) -> Result) -> Result {
        lock.withLock { body(&actions) }
    }
}

/// Whether a stop began, under a lock.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}

/// Where SIGINT goes instead, under a lock.
private final class LockedValue: @unchecked Sendable {
    private let lock = NSLock()
    private var forward: (@Sendable () -> Void)?

    func withLock<Result>(_ body: (inout (@Sendable () -> Void)?) -> Result) -> Result {
        lock.withLock { body(&forward) }
    }
}
