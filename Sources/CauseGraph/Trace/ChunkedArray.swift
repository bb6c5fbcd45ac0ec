/// An array that grows at its end by fixed-size chunks.
///
/// An `Array` grows by doubling: while it copies itself into the new
/// buffer, the old one is still held, so an array of `n` bytes peaks at
/// three times that, and keeps up to twice that between growths. The
/// importer's per-document state grows for the whole document, so that
/// factor is most of its peak memory. Chunks are never moved: memory is the
/// elements plus at most one partly filled chunk.
///
/// A value type: a copy that is changed gets its own chunks first.
struct ChunkedArray<Element>: RandomAccessCollection {
    /// Elements per chunk, as a power of two.
    static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }
    private static var chunkMask: Int { chunkSize - 1 }

    private final class Chunks {
        // Changed only by the one ChunkedArray that holds it uniquely
        // (`makeUnique`), so no access can overlap another; a dynamic
        // exclusivity check on every element read would show in profiles.
        @exclusivity(unchecked) var pointers: [UnsafeMutablePointer<Element>] = []
        /// How many elements are initialized, from the first.
        @exclusivity(unchecked) var count = 0

        init() {}

        init(copying other: Chunks) {
            pointers.reserveCapacity(other.pointers.count)
            for (index, chunk) in other.pointers.enumerated() {
                let copy = UnsafeMutablePointer<Element>.allocate(capacity: ChunkedArray.chunkSize)
                copy.initialize(from: chunk, count: other.used(index))
                pointers.append(copy)
            }
            count = other.count
        }

        /// The elements initialized in chunk `index`.
        func used(_ index: Int) -> Int {
            Swift.min(ChunkedArray.chunkSize, Swift.max(0, count - index << ChunkedArray.chunkShift))
        }

        func removeAll() {
            for (index, chunk) in pointers.enumerated() { chunk.deinitialize(count: used(index)) }
            count = 0
        }

        deinit {
            removeAll()
            for chunk in pointers { chunk.deallocate() }
        }
    }

    private var chunks = Chunks()

    var count: Int { chunks.count }

    init() {}

    var isEmpty: Bool { count == 0 }
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return chunks.pointers[index >> Self.chunkShift][index & Self.chunkMask]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            makeUnique()
            chunks.pointers[index >> Self.chunkShift][index & Self.chunkMask] = newValue
        }
    }

    mutating func append(_ element: Element) {
        makeUnique()
        if count >> Self.chunkShift == chunks.pointers.count {
            chunks.pointers.append(.allocate(capacity: Self.chunkSize))
        }
        (chunks.pointers[count >> Self.chunkShift] + (count & Self.chunkMask)).initialize(to: element)
        chunks.count += 1
    }

    mutating func append(contentsOf elements: some Sequence<Element>) {
        let copied: Void? = elements.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil {
            for element in elements { append(element) }
        }
    }

    /// Appends `elements`, a chunk's worth at a time.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        makeUnique()
        var copied = 0
        while copied < elements.count {
            if count >> Self.chunkShift == chunks.pointers.count {
                chunks.pointers.append(.allocate(capacity: Self.chunkSize))
            }
            let offset = count & Self.chunkMask
            let run = Swift.min(Self.chunkSize - offset, elements.count - copied)
            (chunks.pointers[count >> Self.chunkShift] + offset).initialize(from: source + copied, count: run)
            chunks.count += run
            copied += run
        }
    }

    /// Appends `element` until the array holds `newCount` elements.
    mutating func grow(to newCount: Int, with element: Element) {
        while count < newCount { append(element) }
    }

    /// Empties the array, keeping its chunks for reuse.
    mutating func removeAll() {
        makeUnique()
        chunks.removeAll()
    }

    /// Removes the elements `shouldBeRemoved` picks, keeping the others in
    /// order and the chunks for reuse.
    mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        makeUnique()
        var kept = 0
        for index in 0..<count {
            let element = self[index]
            if try shouldBeRemoved(element) { continue }
            if kept != index { self[kept] = element }
            kept += 1
        }
        for index in kept..<count {
            (chunks.pointers[index >> Self.chunkShift] + (index & Self.chunkMask)).deinitialize(count: 1)
        }
        chunks.count = kept
    }

    /// Calls `body` with `range`'s elements in contiguous memory: in place
    /// when they lie in one chunk, else copied.
    func withContiguousElements<Result>(
        _ range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        guard !range.isEmpty else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let first = range.lowerBound >> Self.chunkShift
        if first == (range.upperBound - 1) >> Self.chunkShift {
            let start = chunks.pointers[first] + (range.lowerBound & Self.chunkMask)
            return try body(UnsafeBufferPointer(start: start, count: range.count))
        }
        let copy = range.map { self[$0] }
        return try copy.withUnsafeBufferPointer(body)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&chunks) { chunks = Chunks(copying: chunks) }
    }
}

/// `@unchecked Sendable` as `Array` is: copies share chunks only until one
/// is changed, and a change first makes the chunks its own (`makeUnique`),
/// so no two threads ever touch the same chunks where one of them writes.
extension ChunkedArray: @unchecked Sendable where Element: Sendable {}
