import Foundation

/// One buffer of an export and the tokens found in it, as the reading
/// thread takes it over.
struct TokenizedBuffer: Sendable {
    /// The bytes, the first at absolute offset `base` of the file.
    var bytes: [UInt8]
    var base: Int
    /// How many of `bytes` were tokenized: a UTF-8 sequence cut short by the
    /// end of a chunk waits for the next buffer.
    var end: Int
    /// How many bytes the tokens cover; the rest starts the next buffer.
    var consumed: Int
    var tape: TokenTape
    /// The file ends with this buffer.
    var isFinal: Bool
    /// Why reading stops after these tokens, if it does.
    var failure: XMLReadFailure?
}

/// Reads a file's chunks, checks that they are UTF-8 and tokenizes them on
/// a thread of its own, while the caller interns the tokens of the buffer
/// before: an export's two halves of work on two cores.
///
/// Buffers travel in order through a bounded queue, so memory stays flat
/// and the tokens replay exactly as one thread would have seen them; a
/// failure travels after the tokens before it, so the first error is the
/// one a single thread would have met. The caller must ``finish(after:)``
/// before it touches the source again.
final class TokenizingThread {
    private let queue: BatchQueue<TokenizedBuffer>
    private let spares = Spares()

    /// Starts tokenizing `source`, keeping at most `queuedBuffers` buffers
    /// ahead of the caller.
    init(_ source: InstrumentsImporter.ChunkSource, queuedBuffers: Int = 2) {
        let queue = BatchQueue<TokenizedBuffer>(capacity: queuedBuffers)
        self.queue = queue
        let work = Work(source: source, queue: queue, spares: spares)
        Thread { work.run() }.start()
    }

    /// The next buffer, or `nil` after the last.
    func next() -> TokenizedBuffer? {
        queue.next()?.first
    }

    /// Gives a buffer's tape back for the thread to fill again.
    func recycle(_ buffer: consuming TokenizedBuffer) {
        spares.put(buffer.tape)
    }

    /// Stops the thread, if `failure` says the caller stopped early, and
    /// waits until it no longer touches the source.
    func finish(after failure: Diagnostic? = nil) {
        if let failure { queue.fail(failure) }
        queue.waitUntilClosed()
    }

    /// The source's chunks cut into pieces of at most ``size`` bytes: small
    /// enough that the few buffers in flight, and their tapes, cost little
    /// memory, large enough that handing one over costs next to nothing.
    private struct Pieces {
        static let size = 1 << 18
        let source: InstrumentsImporter.ChunkSource
        private var chunk: [UInt8] = []
        private var offset = 0

        init(source: InstrumentsImporter.ChunkSource) {
            self.source = source
        }

        /// The next piece, or `nil` at the end of the source.
        mutating func next() throws(Diagnostic) -> ArraySlice<UInt8>? {
            while offset >= chunk.count {
                guard let next = try source.next() else { return nil }
                (chunk, offset) = (next, 0)
            }
            let end = min(offset + Self.size, chunk.count)
            defer { offset = end }
            return chunk[offset..<end]
        }
    }

    /// Tapes already replayed, returned for reuse: a tape is larger than
    /// its buffer, and fresh storage for each would cost a page fault every
    /// few kilobytes.
    ///
    /// `@unchecked Sendable`: `stored` is touched only with `lock` held.
    private final class Spares: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [TokenTape] = []

        func put(_ tape: consuming TokenTape) {
            var tape = tape
            tape.removeAll()
            lock.lock()
            if stored.count < 4 { stored.append(tape) }
            lock.unlock()
        }

        func take() -> TokenTape {
            lock.lock()
            defer { lock.unlock() }
            return stored.popLast() ?? TokenTape()
        }
    }

    /// What the thread runs.
    ///
    /// `@unchecked Sendable`: the source is used by this thread alone from
    /// the start of ``run()`` until it closes the queue, and the caller
    /// waits for that (``finish(after:)``) before it uses the source again.
    private final class Work: @unchecked Sendable {
        let source: InstrumentsImporter.ChunkSource
        let queue: BatchQueue<TokenizedBuffer>
        let spares: Spares

        init(source: InstrumentsImporter.ChunkSource, queue: BatchQueue<TokenizedBuffer>, spares: Spares) {
            self.source = source
            self.queue = queue
            self.spares = spares
        }

        func run() {
            defer { queue.close() }
            var tokenizer = XMLTokenizer()
            var pieces = Pieces(source: source)
            var work: [UInt8] = []
            var tape = spares.take()
            var base = 0
            var validated = 0
            var sawBytes = false
            // A caller that stopped early stops the reading here too, before
            // the next read: a pipe from `xctrace` need not be drained first.
            while queue.consumerFailure == nil {
                let piece: ArraySlice<UInt8>?
                do {
                    piece = try pieces.next()
                } catch {
                    hand(
                        TokenizedBuffer(
                            bytes: work, base: base, end: 0, consumed: 0, tape: TokenTape(), isFinal: true,
                            failure: .diagnostic(error)))
                    return
                }
                let isFinal = piece == nil
                if let piece {
                    sawBytes = true
                    work.append(contentsOf: piece)
                }
                guard sawBytes else {
                    let empty = Diagnostic.error(
                        "empty file: expected an xctrace export (<trace-query-result>)",
                        at: SourceLocation(file: source.name, line: 1, column: 1))
                    hand(
                        TokenizedBuffer(
                            bytes: work, base: base, end: 0, consumed: 0, tape: tape, isFinal: true,
                            failure: .diagnostic(empty)))
                    return
                }
                var end = 0
                var consumed = 0
                var failure: XMLReadFailure?
                work.withUnsafeBufferPointer { bytes in
                    // A piece may end inside a multi-byte sequence: check it with the next one.
                    end = isFinal ? bytes.count : InstrumentsImporter.completeSequencesEnd(bytes)
                    if end > validated,
                        let fault = UTF8Check.firstXMLFault(in: UnsafeBufferPointer(rebasing: bytes[validated..<end]))
                    {
                        failure = .at(offset: base + validated + fault.offset, message: fault.message)
                        return
                    }
                    validated = max(validated, end)
                    do throws(XMLReadFailure) {
                        consumed = try tokenizer.parse(
                            UnsafeBufferPointer(rebasing: bytes[0..<end]), base: base, isFinal: isFinal, handler: &tape)
                    } catch {
                        failure = error
                    }
                }
                let stops = isFinal || failure != nil
                // What the tokens did not cover starts the next buffer.
                var next: [UInt8] = []
                if !stops {
                    next.reserveCapacity(work.count - consumed + Pieces.size)
                    next.append(contentsOf: work[consumed...])
                }
                let nextTape = stops ? TokenTape() : spares.take()
                guard
                    hand(
                        TokenizedBuffer(
                            bytes: work, base: base, end: end, consumed: consumed, tape: tape,
                            isFinal: isFinal, failure: failure)),
                    !stops
                else { return }
                (work, tape) = (next, nextTape)
                base += consumed
                validated -= consumed
                if work.count > InstrumentsImporter.maximumTokenLength {
                    let tooLong = Diagnostic.error(
                        "a single tag or text run is longer than \(InstrumentsImporter.maximumTokenLength >> 20) MiB",
                        at: SourceLocation(file: source.name))
                    hand(
                        TokenizedBuffer(
                            bytes: work, base: base, end: 0, consumed: 0, tape: tape, isFinal: true,
                            failure: .diagnostic(tooLong)))
                    return
                }
            }
        }

        /// Hands a buffer over; false once the caller has stopped.
        @discardableResult
        private func hand(_ buffer: TokenizedBuffer) -> Bool {
            do {
                _ = try queue.push([buffer])
                return true
            } catch {
                return false
            }
        }
    }
}
