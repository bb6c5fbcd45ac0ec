/// How far reading the inputs has got: the numbers behind a progress line.
public struct ReadProgress: Sendable, Equatable {
    /// Bytes read from the trace files and standard input so far.
    public var bytesRead: Int64
    /// The size of everything to read, when known: every input a regular
    /// file (not standard input, a FIFO or an Instruments bundle).
    public var totalBytes: Int64?
    /// Whether reading has finished.
    public var isDone: Bool

    /// Progress of `bytesRead` out of `totalBytes`, when the size is known.
    package init(bytesRead: Int64, totalBytes: Int64?, isDone: Bool = false) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.isDone = isDone
    }

    /// The share of the bytes read, from 0 to 1, when the total is known.
    public var share: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(Double(bytesRead) / Double(totalBytes), 1)
    }
}

/// Adds up what the streams of one read report, for ``ImportSettings/progress``.
final class ProgressCounter {
    private let report: @Sendable (ReadProgress) -> Void
    private var progress: ReadProgress

    init(totalBytes: Int64?, report: @escaping @Sendable (ReadProgress) -> Void) {
        self.report = report
        progress = ReadProgress(bytesRead: 0, totalBytes: totalBytes)
    }

    /// Counts what `stream` read before (choosing its format) and reads from now on.
    func watch(_ stream: ByteStream) {
        progress.bytesRead = progress.bytesRead.saturatingAdding(stream.bytesRead)
        stream.onRead = { [self] count in
            progress.bytesRead = progress.bytesRead.saturatingAdding(Int64(count))
            report(progress)
        }
    }

    func finish() {
        progress.isDone = true
        report(progress)
    }
}
