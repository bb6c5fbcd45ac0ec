#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a byte stream into lines without holding more than one chunk and
/// one partial line in memory.
///
/// Lines end at `\n`; a `\r` before it is dropped. A line longer than
/// ``maximumLineLength`` is an error rather than unbounded memory.
package struct LineReader {
    /// The longest line accepted, in bytes.
    package static let maximumLineLength = 64 << 20

    private let stream: ByteStream

    package init(_ stream: ByteStream) {
        self.stream = stream
    }

    /// Calls `body` with each line's bytes and its 1-based number, in order.
    /// The bytes are valid only during the call.
    package func forEachLine(
        _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Void
    ) throws {
        var carry: [UInt8] = []
        var number = 0
        while let chunk = try stream.nextChunk() {
            var buffer = chunk
            if !carry.isEmpty {
                buffer = carry + chunk
                carry = []
            }
            let consumed = try buffer.withUnsafeBufferPointer { bytes -> Int in
                var lineStart = 0
                while lineStart < bytes.count {
                    let remaining = bytes.count - lineStart
                    guard let found = memchr(bytes.baseAddress! + lineStart, Int32(UInt8(ascii: "\n")), remaining)
                    else {
                        break
                    }
                    let lineEnd = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    number += 1
                    try body(Self.trimmingReturn(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])), number)
                    lineStart = lineEnd + 1
                }
                return lineStart
            }
            carry = Array(buffer[consumed...])
            if carry.count > Self.maximumLineLength {
                throw Diagnostic.error(
                    "line longer than \(Self.maximumLineLength) bytes",
                    at: SourceLocation(file: stream.name, line: number + 1))
            }
        }
        if !carry.isEmpty {
            number += 1
            try carry.withUnsafeBufferPointer { try body(Self.trimmingReturn($0), number) }
        }
    }

    private static func trimmingReturn(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        if let last = line.last, last == UInt8(ascii: "\r") {
            return UnsafeBufferPointer(rebasing: line.dropLast())
        }
        return line
    }
}

/// Converts byte offsets within a line to the 1-based columns users see.
package enum Column {
    /// The column of the byte at `offset`, counting Unicode scalars.
    package static func of(byteOffset offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        let end = min(offset, line.count)
        var column = 1
        for index in 0..<end where line[index] & 0xC0 != 0x80 {
            column += 1
        }
        return column
    }
}
