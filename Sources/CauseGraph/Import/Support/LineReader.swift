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
/// Lines end at `\n`; a `\r` before it is dropped, and so is the UTF-8
/// byte-order mark some editors and Windows tools put before the first.
/// A line longer than ``maximumLineLength`` is an error rather than
/// unbounded memory. A followed log that starts over (``ByteStream/restarts``)
/// is numbered again from its first line, as its positions are.
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
        var restarts = stream.restarts
        while let chunk = try stream.nextChunk() {
            if stream.restarts != restarts {
                // A followed log cut short or rotated: its old last line ends
                // where it was, and the new text is numbered from its first line.
                restarts = stream.restarts
                if !carry.isEmpty {
                    number += 1
                    try carry.withUnsafeBufferPointer { try body(Self.trimming($0, number), number) }
                    carry = []
                }
                number = 0
            }
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
                    try body(Self.trimming(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), number), number)
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
            try carry.withUnsafeBufferPointer { try body(Self.trimming($0, number), number) }
        }
    }

    /// The line without its `\r`, and the first without a byte-order mark.
    private static func trimming(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> UnsafeBufferPointer<UInt8> {
        var line = line
        if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = UnsafeBufferPointer(rebasing: line[3...]) }
        if let last = line.last, last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
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
