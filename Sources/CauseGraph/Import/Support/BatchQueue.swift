import Foundation

/// A bounded first-in first-out hand-off of batches from one producer thread
/// to one consumer thread, with the consumer's failure sent back.
///
/// The bound keeps memory flat when the consumer is slower than the
/// producer: `push` waits for room. Emptied batches travel back to the
/// producer for reuse, so a long stream allocates a handful of arrays.
///
/// `@unchecked Sendable`: every stored property is read and written only
/// with `condition` locked.
final class BatchQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var waiting: [[Element]] = []
    private var spares: [[Element]] = []
    private var closed = false
    private var consumerDone = false
    private var failure: Diagnostic?

    /// A queue holding at most `capacity` batches not yet taken.
    init(capacity: Int) {
        precondition(capacity > 0, "a batch queue needs room for one batch")
        self.capacity = capacity
    }

    /// Hands `batch` over, waiting while the queue is full, and returns an
    /// empty array to fill next.
    /// - Throws: the consumer's failure, once it has failed; `batch` is then dropped.
    func push(_ batch: [Element]) throws(Diagnostic) -> [Element] {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && failure == nil && !closed {
            condition.wait()
        }
        if let failure { throw failure }
        precondition(!closed, "push after close")
        waiting.append(batch)
        condition.broadcast()
        return spares.popLast() ?? []
    }

    /// Says no batch will follow; the consumer still takes those waiting,
    /// unless `discardingWaiting`.
    func close(discardingWaiting: Bool = false) {
        condition.lock()
        closed = true
        if discardingWaiting { waiting.removeAll() }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producer called ``close(discardingWaiting:)``: a
    /// producer that closes as its last act has then let go of its input.
    func waitUntilClosed() {
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            condition.wait()
        }
    }

    /// Called by the consumer as its last act.
    func consumerFinished() {
        condition.lock()
        consumerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the consumer called ``consumerFinished()``, and returns its failure, if any.
    func waitForConsumer() -> Diagnostic? {
        condition.lock()
        defer { condition.unlock() }
        while !consumerDone {
            condition.wait()
        }
        return failure
    }

    /// The next batch, waiting for one; `nil` once the queue is closed and
    /// empty, or after ``fail(_:)``.
    func next() -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed && failure == nil {
            condition.wait()
        }
        guard failure == nil, !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }

    /// Gives an emptied batch back for the producer to reuse.
    func recycle(_ batch: inout [Element]) {
        batch.removeAll(keepingCapacity: true)
        condition.lock()
        if spares.count < capacity { spares.append(batch) }
        condition.unlock()
        batch = []
    }

    /// Records the consumer's failure: batches waiting are dropped and the
    /// producer's next `push` throws it.
    func fail(_ error: Diagnostic) {
        condition.lock()
        if failure == nil { failure = error }
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer's failure, if it failed.
    var consumerFailure: Diagnostic? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }
}
