import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sink that writes a native JSON Lines trace, byte for byte what
/// ``NativeTraceWriter`` writes, but encodes and writes it on a second
/// thread, so `causegraph convert` reads on one core while it writes on
/// another.
///
/// Records travel in batches through a bounded queue, so memory stays flat
/// however long the trace; one thread encodes them in the order they
/// arrived, so the output is deterministic. What it writes reads back: it
/// refuses a duplicate id or a link to an undefined event (``ReferenceCheck``).
///
/// Call ``finish()`` once the import is done, then commit the output. When
/// a write fails, the next hand-off throws (stopping the import early) and
/// ``finish()`` and ``failure`` give the diagnostic, which names the output.
/// A writer released without `finish()` stops its thread and writes no more.
///
/// Noncopyable: a copy would share the writing thread but keep a batch of its
/// own, so records handed to one copy could be lost or written out of order.
package struct PipelinedTraceWriter: TraceSink, ~Copyable {
    private let worker: Worker
    private let batchSize: Int
    private var batch: [Record] = []
    private var references = ReferenceCheck()
    /// Rows written, for the summary line of `convert`.
    package private(set) var records = 0

    /// A writer to `output`, handing records over `batchSize` at a time with
    /// at most `queuedBatches` waiting.
    package init(output: OutputFile, batchSize: Int = 4096, queuedBatches: Int = 4) {
        precondition(batchSize > 0, "a batch holds at least one record")
        self.batchSize = batchSize
        worker = Worker(output: output, queue: BatchQueue(capacity: queuedBatches))
        batch.reserveCapacity(batchSize)
    }

    package mutating func begin(_ header: TraceHeader) throws {
        references.begin()
        try append(.header(header))
    }

    package mutating func add(_ event: TraceEvent) throws {
        try references.define(event)
        try append(.event(event))
    }

    package mutating func add(_ cause: TraceCause) throws {
        try references.check(cause)
        try append(.cause(cause))
    }

    package mutating func add(_ group: UpdateGroup) throws {
        try references.define(group)
        try append(.group(group))
    }

    package mutating func add(_ hitch: Hitch) throws {
        try append(.hitch(hitch))
    }

    /// Writes what is still queued and waits for the writing thread to end.
    /// - Throws: the write failure, if writing failed at any point.
    package mutating func finish() throws(Diagnostic) {
        if !batch.isEmpty {
            // A push refused because writing failed is reported just below.
            batch = (try? worker.queue.push(batch)) ?? []
        }
        worker.queue.close()
        if let failure = worker.queue.waitForConsumer() { throw failure }
    }

    /// The failure that stopped writing, if any.
    package var failure: Diagnostic? {
        worker.queue.consumerFailure
    }

    /// Takes `record`, so it moves into the batch rather than being copied.
    private mutating func append(_ record: consuming Record) throws(Diagnostic) {
        records += 1
        batch.append(record)
        if batch.count >= batchSize {
            batch = try worker.queue.push(batch)
        }
    }
}

/// One record as it travels to the writing thread.
private enum Record: Sendable {
    case header(TraceHeader)
    case event(TraceEvent)
    case cause(TraceCause)
    case group(UpdateGroup)
    case hitch(Hitch)
    /// What is left in a batch of a record the writing thread took.
    case taken
}

/// The writing thread, stopped when its writer is released.
private final class Worker {
    let queue: BatchQueue<Record>

    init(output: OutputFile, queue: BatchQueue<Record>) {
        self.queue = queue
        let destination = Destination(output: output)
        Thread {
            yieldToReaders()
            Self.consume(queue, into: destination)
        }.start()
    }

    deinit {
        queue.close(discardingWaiting: true)
        _ = queue.waitForConsumer()
    }

    private static func consume(_ queue: BatchQueue<Record>, into destination: Destination) {
        if let output = destination.output { drain(queue, into: output) }
        // Let go of the output before saying so: the caller may then release
        // it, which removes an uncommitted temporary file at once.
        destination.output = nil
        queue.consumerFinished()
    }

    private static func drain(_ queue: BatchQueue<Record>, into output: OutputFile) {
        while var batch = queue.next() {
            do throws(Diagnostic) {
                try output.write { bytes in
                    // Each record is moved out, not copied: a copy would retain its strings, whose
                    // counts the reading thread is changing on its own core, and release them twice.
                    batch.withUnsafeMutableBufferPointer { records in
                        for index in records.indices { encode(exchange(&records[index], with: .taken), to: &bytes) }
                    }
                }
            } catch {
                queue.fail(error)
                break
            }
            queue.recycle(&batch)
        }
    }

    private static func encode(_ record: consuming Record, to bytes: inout [UInt8]) {
        switch consume record {
        case .header(let header): NativeTraceEncoder.append(header, to: &bytes)
        case .event(let event): NativeTraceEncoder.append(event, to: &bytes)
        case .cause(let cause): NativeTraceEncoder.append(cause, to: &bytes)
        case .group(let group): NativeTraceEncoder.append(group, to: &bytes)
        case .hitch(let hitch): NativeTraceEncoder.append(hitch, to: &bytes)
        case .taken: return
        }
        bytes.append(UInt8(ascii: "\n"))
    }
}

/// Carries the output to the writing thread.
///
/// `@unchecked Sendable`: only the writing thread touches `output` (the
/// caller keeps its own reference and does not write), and it lets go of it
/// before ``BatchQueue/consumerFinished()``, whose lock orders all its writes
/// before whatever the caller does next, such as `commit()`.
private final class Destination: @unchecked Sendable {
    var output: OutputFile?

    init(output: OutputFile) {
        self.output = output
    }
}

/// Lowers the calling thread's priority: the writer is the lightest stage
/// of `convert`, and with three threads on two cores the reading threads,
/// which set the pace, should get a core first. Its bounded queue stops the
/// reader when it falls behind, and then it has a core to itself. On Linux
/// with glibc a nice value belongs to a thread (`who` 0 names the caller);
/// Darwin's is the whole process's, so there the thread takes the utility
/// quality of service instead, its scheduler's word for the same thing.
private func yieldToReaders() {
    #if os(Linux) && canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
    #elseif canImport(Darwin)
        _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)
    #endif
}
