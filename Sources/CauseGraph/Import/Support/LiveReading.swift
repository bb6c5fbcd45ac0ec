import Foundation

/// How a stream read while it is still being written (`causegraph top`)
/// waits for more, and how another thread ends that wait.
///
/// A live ``ByteStream`` hands on each line as soon as it arrives instead
/// of filling large chunks; at the end of a regular file it waits for the
/// file to grow when ``follows`` (as `tail -f` does); and it ends as at the
/// end of its input once ``stop()`` is called, within ``pollInterval``, so
/// the importer reading it finishes its document as for any input.
package final class LiveReading: @unchecked Sendable {
    /// Whether the end of a regular file is waited past, for the lines still to be appended.
    package let follows: Bool
    /// How long one wait lasts before the stream looks again: the longest a stop waits.
    static let pollInterval: Int32 = 100

    private let lock = NSLock()
    private var stopped = false

    package init(follows: Bool) {
        self.follows = follows
    }

    /// Ends the stream at its next wait.
    package func stop() {
        lock.withLock { stopped = true }
    }

    var isStopped: Bool { lock.withLock { stopped } }
}
