/// The `xctrace` ids an export's `ref` attributes name, found by a scan of
/// the file before it is read.
///
/// Most ids of an export are never named again: each update row defines a
/// start time, a duration, an event id and a count that no later row refers
/// to, and each `swiftui-full-causes` row three such. Knowing that up front,
/// the reader keeps no entry for them, and the entries it does keep are
/// numbered densely among the referenced ids (``slot(of:)``), so an id costs
/// memory only when something can name it.
///
/// The scan looks for `ref`, after whitespace, then `=` and a quoted run of
/// digits, with whitespace allowed around `=`: every form the tokenizer
/// reads as a `ref` attribute. It may also count text that only looks like
/// one, which costs an entry and nothing else. When a candidate is too long
/// to read with certainty (hundreds of leading zeros or spaces) there is no
/// census, and every id is kept.
struct IDCensus: Sendable {
    /// One bit per id below ``denseLimit``.
    private var words: [UInt64] = []
    /// How many referenced ids lie in the words before each word.
    private var ranks: [UInt32] = []
    /// Referenced ids at or above ``denseLimit``: a hostile id cannot make
    /// `words` large.
    private var far: Set<UInt64> = []
    private let denseLimit: UInt64

    /// How many referenced ids have a dense slot.
    private(set) var denseCount = 0

    /// A census of nothing yet, for a file of `byteCount` bytes: ids up to a
    /// quarter of it are counted densely (a file defines at most one id per
    /// six bytes, so a real export's ids stay far below).
    init(byteCount: Int) {
        denseLimit = UInt64(max(1 << 20, byteCount / 4))
    }

    /// Whether some `ref` names `id`.
    func isReferenced(_ id: UInt64) -> Bool {
        guard id < denseLimit else { return far.contains(id) }
        let word = Int(id >> 6)
        return word < words.count && words[word] & (1 << (id & 63)) != 0
    }

    /// The position of a referenced id among the referenced ids below
    /// ``denseLimit``; `nil` for one above it, or one no `ref` names.
    func slot(of id: UInt64) -> Int? {
        guard id < denseLimit else { return nil }
        let word = Int(id >> 6)
        guard word < words.count else { return nil }
        let bit: UInt64 = 1 << (id & 63)
        guard words[word] & bit != 0 else { return nil }
        return Int(ranks[word]) + (words[word] & (bit &- 1)).nonzeroBitCount
    }

    mutating func insert(_ id: UInt64) {
        guard id < denseLimit else {
            far.insert(id)
            return
        }
        let word = Int(id >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        words[word] |= 1 << (id & 63)
    }

    /// Adds the ids `other` holds.
    mutating func formUnion(_ other: IDCensus) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        for (index, word) in other.words.enumerated() { words[index] |= word }
        far.formUnion(other.far)
    }

    /// Numbers the dense ids; call once every ref is in.
    mutating func seal() {
        ranks = []
        ranks.reserveCapacity(words.count)
        var total: UInt32 = 0
        for word in words {
            ranks.append(total)
            total += UInt32(word.nonzeroBitCount)
        }
        denseCount = Int(total)
    }
}

extension IDCensus {
    /// Bytes read at a time by each scanning thread.
    static let blockSize = 1 << 20
    /// The longest `ref = "digits"` read past the end of a block.
    static let longestReference = 256

    /// The census of a file, scanned by `parts` threads, each over its own
    /// stretch of it; `nil` when a candidate could not be read with
    /// certainty.
    static func take(of file: RandomAccessBytes, parts: Int = 2) throws(Diagnostic) -> IDCensus? {
        var census = IDCensus(byteCount: file.count)
        for part in try file.scanInParts(
            parts, minimumStretch: blockSize,
            { range throws(Diagnostic) in
                try scan(file, from: range.lowerBound, to: range.upperBound)
            })
        {
            guard let part else { return nil }
            census.formUnion(part)
        }
        census.seal()
        return census
    }

    /// The refs whose `r` lies in `start..<end`; `nil` when one is uncertain.
    private static func scan(_ file: RandomAccessBytes, from start: Int, to end: Int) throws(Diagnostic) -> IDCensus? {
        var census = IDCensus(byteCount: file.count)
        var buffer = [UInt8](repeating: 0, count: blockSize + longestReference + 1)
        var blockStart = start
        while blockStart < end {
            let blockEnd = min(end, blockStart + blockSize)
            // One byte before the block, for the whitespace a `ref` follows.
            let readStart = max(0, blockStart - 1)
            let wanted = min(file.count, blockEnd + longestReference) - readStart
            let read = try buffer.withUnsafeMutableBufferPointer { bytes throws(Diagnostic) in
                try file.read(
                    at: readStart,
                    into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[0..<wanted])))
            }
            let isFileEnd = readStart + read == file.count
            let certain = buffer.withUnsafeBufferPointer { bytes in
                scanBlock(
                    UnsafeBufferPointer(rebasing: bytes[0..<read]),
                    candidates: (blockStart - readStart)..<(blockEnd - readStart),
                    isFileEnd: isFileEnd, into: &census)
            }
            guard certain else { return nil }
            blockStart = blockEnd
        }
        return census
    }

    /// Records the refs whose `r` is at an index of `candidates`; false
    /// when one runs past the bytes read and the file goes on.
    static func scanBlock(
        _ bytes: UnsafeBufferPointer<UInt8>, candidates: Range<Int>, isFileEnd: Bool, into census: inout IDCensus
    ) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        let (r, e, f) = (
            SIMD16<UInt8>(repeating: UInt8(ascii: "r")), SIMD16<UInt8>(repeating: UInt8(ascii: "e")),
            SIMD16<UInt8>(repeating: UInt8(ascii: "f"))
        )
        var index = max(candidates.lowerBound, 1)
        let limit = min(candidates.upperBound, bytes.count)
        while index < limit {
            guard index + 18 <= bytes.count else {
                if index + 3 <= bytes.count, bytes[index] == UInt8(ascii: "r"), bytes[index + 1] == UInt8(ascii: "e"),
                    bytes[index + 2] == UInt8(ascii: "f"),
                    !reference(at: index, in: bytes, isFileEnd: isFileEnd, into: &census)
                {
                    return false
                }
                index += 1
                continue
            }
            let found =
                (raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== r)
                .& (raw.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self) .== e)
                .& (raw.loadUnaligned(fromByteOffset: index + 2, as: SIMD16<UInt8>.self) .== f)
            // Each lane is a byte of all ones or all zeros: the two halves
            // as words, walked by their lowest set byte.
            let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
            for half in 0..<2 {
                var word = halves[half]
                while word != 0 {
                    let bit = word.trailingZeroBitCount
                    let lane = half * 8 + bit / 8
                    word &= ~(0xFF << UInt64(bit & ~7))
                    guard index + lane < limit else { break }
                    guard reference(at: index + lane, in: bytes, isFileEnd: isFileEnd, into: &census) else {
                        return false
                    }
                }
            }
            index += 16
        }
        return true
    }

    /// Reads ` = "digits"` after the `ref` at `start`, if that is what is
    /// there, and records the id; false when the bytes end first and the
    /// file goes on.
    @inline(__always)
    private static func reference(
        at start: Int, in bytes: UnsafeBufferPointer<UInt8>, isFileEnd: Bool, into census: inout IDCensus
    ) -> Bool {
        let n = bytes.count
        guard Byte.isWhitespace(bytes[start - 1]) else { return true }
        var i = start + 3
        while i < n, Byte.isWhitespace(bytes[i]) { i += 1 }
        guard i < n else { return isFileEnd }
        guard bytes[i] == Byte.equals else { return true }
        i += 1
        while i < n, Byte.isWhitespace(bytes[i]) { i += 1 }
        guard i < n else { return isFileEnd }
        let quote = bytes[i]
        guard quote == Byte.doubleQuote || quote == Byte.singleQuote else { return true }
        i += 1
        let digits = i
        var id: UInt64 = 0
        var overflow = false
        while i < n, bytes[i] &- Byte.zero < 10 {
            let (times, o1) = id.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(bytes[i] &- Byte.zero))
            overflow = overflow || o1 || o2
            id = sum
            i += 1
        }
        guard i < n else { return isFileEnd }
        // Anything else is not an id the reader accepts: it stops there with an error.
        if bytes[i] == quote, i > digits, !overflow { census.insert(id) }
        return true
    }
}
