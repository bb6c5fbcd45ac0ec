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
/// newlines are counted when bytes are discarded, once per byte, with
/// `memchr`, so tracking costs almost nothing when nothing goes wrong.
struct StreamPositions {
    /// The absolute offset of the current buffer's first byte.
    private(set) var base = 0
    /// Where that byte is.
    private var start = TextPosition(line: 1, column: 1)

    /// The position of `offset`, which must lie in the current buffer
    /// (`bytes`) or just past it.
    func position(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
        let relative = min(max(offset - base, 0), bytes.count)
        let (newlines, lastNewline) = Self.newlines(in: UnsafeBufferPointer(rebasing: bytes[0..<relative]))
        guard let lastNewline else { return start.advanced(by: relative, in: bytes) }
        let lineStart = TextPosition(line: start.line + newlines, column: 1)
        return lineStart.advanced(by: relative - lastNewline - 1, in: UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)...]))
    }

    /// Forgets the first `count` bytes of the current buffer.
    mutating func discard(_ count: Int, of bytes: UnsafeBufferPointer<UInt8>) {
        start = position(ofOffset: base + count, in: bytes)
        base += count
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
