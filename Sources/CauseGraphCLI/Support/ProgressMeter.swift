import CauseGraph
import Foundation

/// Signs of life on standard error while traces are read: one line,
/// redrawn in place (`reading 42% · 10.6 of 25.3 MB · 8.1 MB/s · 2 s left`),
/// once reading has taken longer than ``delay``, and only when standard
/// error is a terminal; cleared when reading ends or anything else is
/// printed.
final class ProgressMeter: @unchecked Sendable {
    static let standardError = ProgressMeter()

    /// How long reading goes on before the line appears: quick commands stay silent.
    static let delay: TimeInterval = 1
    /// The shortest time between two redraws.
    static let interval: TimeInterval = 0.1

    private let lock = NSLock()
    private var start: Date?
    private var lastDraw: Date?
    private var isShowing = false

    /// The progress callback for ``ImportSettings/progress``, or `nil` when
    /// standard error is not a terminal (or a dumb one, `TERM=dumb`, which
    /// cannot redraw a line) or the user asked for quiet.
    static func callback(quiet: Bool) -> (@Sendable (ReadProgress) -> Void)? {
        guard !quiet, TerminalEnvironment.allowsCursorControl(on: STDERR_FILENO) else { return nil }
        return { standardError.update($0) }
    }

    func update(_ progress: ReadProgress) {
        let now = Date()
        lock.lock()
        defer { lock.unlock() }
        if progress.isDone {
            clearLocked()
            start = nil
            return
        }
        let started = start ?? now
        start = started
        let elapsed = now.timeIntervalSince(started)
        guard elapsed >= Self.delay, now.timeIntervalSince(lastDraw ?? .distantPast) >= Self.interval else { return }
        lastDraw = now
        isShowing = true
        Terminal.standardError.handle.write(Data(("\r\u{1B}[K" + Self.line(progress, elapsed: elapsed)).utf8))
    }

    /// Removes the line, so other output starts on a clean line.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        clearLocked()
    }

    private func clearLocked() {
        guard isShowing else { return }
        isShowing = false
        Terminal.standardError.handle.write(Data("\r\u{1B}[K".utf8))
    }

    /// `reading 42% · 10.6 of 25.3 MB · 8.1 MB/s · 2 s left`, or without a
    /// known total `reading 10.6 MB · 8.1 MB/s`.
    static func line(_ progress: ReadProgress, elapsed: TimeInterval) -> String {
        let rate = elapsed > 0 ? Double(progress.bytesRead) / elapsed : 0
        var parts: [String]
        if let share = progress.share, let total = progress.totalBytes {
            parts = [
                "reading \(ShareText.percent(share))", "\(megabytes(progress.bytesRead)) of \(megabytes(total)) MB",
            ]
        } else {
            parts = ["reading \(megabytes(progress.bytesRead)) MB"]
        }
        parts.append("\(megabytes(Int64(rate))) MB/s")
        if let total = progress.totalBytes, rate > 0 {
            let left = Double(max(total - progress.bytesRead, 0)) / rate
            parts.append("\(Int(left.rounded(.up))) s left")
        }
        return parts.joined(separator: " · ")
    }

    /// Bytes as megabytes with one decimal: `10.6`.
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = max(bytes, 0) / 100_000
        return "\(CountText.format(tenths / 10)).\(tenths % 10)"
    }
}
