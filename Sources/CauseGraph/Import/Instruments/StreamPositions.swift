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
    private var line = 1
    private var column = 1

    /// The line and column of `offset`, which must lie in the current buffer
    /// (`bytes`) or just past it.
    func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let relative = min(max(offset - base, 0), bytes.count)
        let (newlines, lastNewline) = Self.newlines(in: UnsafeBufferPointer(rebasing: bytes[0..<relative]))
        guard let lastNewline else {
            return (line, column + Self.scalarCount(UnsafeBufferPointer(rebasing: bytes[0..<relative])))
        }
        return (line + newlines, 1 + Self.scalarCount(UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)..<relative])))
    }

    /// Forgets the first `count` bytes of the current buffer.
    mutating func discard(_ count: Int, of bytes: UnsafeBufferPointer<UInt8>) {
        (line, column) = location(ofOffset: base + count, in: bytes)
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

    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

/// Strict UTF-8 validation of streamed bytes: overlong forms, surrogates
/// and values past U+10FFFF are invalid, as in `String(validating:)`.
enum UTF8Validation {
    /// Where validation of `bytes[start...]` stopped: the end, or the start
    /// of a sequence the buffer cuts short (to be checked again with more
    /// bytes), or the first invalid byte.
    enum Outcome: Equatable {
        case valid(upTo: Int)
        case invalid(at: Int)
    }

    static func check(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool) -> Outcome {
        guard let p = bytes.baseAddress else { return .valid(upTo: 0) }
        let n = bytes.count
        var i = start
        while i < n {
            // ASCII runs dominate exports: test eight bytes at a time.
            while i + 8 <= n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let lead = p[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let width: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: width = 2
            case 0xE0: width = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: width = 3
            case 0xED: width = 3; upper = 0x9F
            case 0xF0: width = 4; lower = 0x90
            case 0xF1...0xF3: width = 4
            case 0xF4: width = 4; upper = 0x8F
            default: return .invalid(at: i)
            }
            for k in 1..<width {
                guard i + k < n else { return isFinal ? .invalid(at: i) : .valid(upTo: i) }
                let byte = p[i + k]
                if k == 1 ? (byte < lower || byte > upper) : (byte & 0xC0 != 0x80) { return .invalid(at: i) }
            }
            i += width
        }
        return .valid(upTo: n)
    }
}
