#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns absolute byte offsets of a file read chunk by chunk into the
/// 1-based lines and columns (in Unicode scalars) diagnostics show.
///
/// Only the line and column of the current buffer's first byte are kept;
/// newlines are counted with `memchr` and columns eight bytes at a time
/// when bytes are discarded, so tracking costs almost nothing when nothing
/// goes wrong, even in a file that is one long line.
struct StreamPositions {
    /// The absolute offset of the current buffer's first byte.
    private(set) var base = 0
    /// Where that byte is.
    private var start = TextPosition(line: 1, column: 1)

    /// The position of `offset`, which must lie in the current buffer
    /// (`bytes`) or just past it; counting starts from `earlier`, a known
    /// position at or before it, else from the buffer's first byte.
    func position(
        ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
        after earlier: (offset: Int, position: TextPosition)? = nil
    ) -> TextPosition {
        let end = min(max(offset - base, 0), bytes.count)
        var from = 0
        var known = start
        if let earlier, earlier.offset >= base, earlier.offset <= offset {
            from = earlier.offset - base
            known = earlier.position
        }
        let span = UnsafeBufferPointer(rebasing: bytes[from..<end])
        let (newlines, lastNewline) = Self.newlines(in: span)
        guard let lastNewline else {
            return TextPosition(line: known.line, column: known.column + Self.scalarCount(span))
        }
        return TextPosition(
            line: known.line + newlines,
            column: 1 + Self.scalarCount(UnsafeBufferPointer(rebasing: span[(lastNewline + 1)...])))
    }

    /// Forgets the first `count` bytes of the current buffer; `earlier` is
    /// a known position at or before the new start.
    mutating func discard(
        _ count: Int, of bytes: UnsafeBufferPointer<UInt8>, after earlier: (offset: Int, position: TextPosition)? = nil
    ) {
        start = position(ofOffset: base + count, in: bytes, after: earlier)
        base += count
    }

    /// The Unicode scalars in valid UTF-8: the bytes that are not
    /// continuation bytes (`10xxxxxx`), counted eight at a time because an
    /// export may be one line of hundreds of megabytes.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let p = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(p)
        var continuations = 0
        var i = 0
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            i += 8
        }
        while i < bytes.count {
            if bytes[i] & 0xC0 == 0x80 { continuations += 1 }
            i += 1
        }
        return bytes.count - continuations
    }

    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> (count: Int, last: Int?) {
        guard let p = bytes.baseAddress else { return (0, nil) }
        var count = 0
        var last: Int?
        var i = 0
        while i < bytes.count, let found = memchr(p + i, Int32(Byte.newline), bytes.count - i) {
            let at = p.distance(to: found.assumingMemoryBound(to: UInt8.self))
            count += 1
            last = at
            i = at + 1
        }
        return (count, last)
    }
}
