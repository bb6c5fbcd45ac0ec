import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file by offset: what lets the Instruments importer count
/// an export's refs before reading it (``IDCensus``) and read an element
/// again when something asks for it (``InternedValues/materialize(_:at:)``).
///
/// Reads may come from several threads at once.
final class RandomAccessBytes: @unchecked Sendable {
    /// How many bytes there are.
    let count: Int
    private let readAt: @Sendable (Int, UnsafeMutableRawBufferPointer) throws(Diagnostic) -> Int

    /// - Parameter read: copies the bytes at an offset into a buffer and
    ///   returns how many it copied; fewer than asked only at the end.
    init(count: Int, read: @escaping @Sendable (Int, UnsafeMutableRawBufferPointer) throws(Diagnostic) -> Int) {
        self.count = count
        readAt = read
    }

    /// Bytes held in memory, for tests.
    convenience init(bytes: [UInt8]) {
        self.init(count: bytes.count) { offset, buffer in
            let copied = max(0, min(buffer.count, bytes.count - offset))
            guard copied > 0 else { return 0 }
            bytes.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + copied)]))
            }
            return copied
        }
    }

    /// Reads `buffer.count` bytes from `offset`, fewer at the end of the
    /// file; returns how many.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(Diagnostic) -> Int {
        var total = 0
        while total < buffer.count {
            let copied = try readAt(offset + total, UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            guard copied > 0 else { break }
            total += copied
        }
        return total
    }

    /// The bytes of a regular file, read with `pread` through a descriptor
    /// of its own (`dup`), closed when nothing holds these bytes any more;
    /// `name` is the file's name in diagnostics.
    static func file(name: String, descriptor: Int32) -> RandomAccessBytes? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let own = dup(descriptor)
        guard own >= 0 else { return nil }
        let closer = DescriptorCloser(own)
        return RandomAccessBytes(count: Int(info.st_size)) { offset, buffer throws(Diagnostic) in
            while true {
                let read = pread(closer.descriptor, buffer.baseAddress, buffer.count, off_t(offset))
                if read >= 0 { return read }
                guard errno == EINTR else {
                    throw Diagnostic.error(
                        "cannot read again: \(String(cString: strerror(errno)))", at: SourceLocation(file: name))
                }
            }
        }
    }

    private final class DescriptorCloser: Sendable {
        let descriptor: Int32
        init(_ descriptor: Int32) { self.descriptor = descriptor }
        deinit { close(descriptor) }
    }

    /// Runs `scan` over `parts` stretches of the bytes at once, one thread
    /// each, and returns their results in file order. A stretch is at least
    /// `minimumStretch` bytes, so a small file is one stretch.
    func scanInParts<Part>(
        _ parts: Int, minimumStretch: Int, _ scan: @Sendable (Range<Int>) throws(Diagnostic) -> Part
    ) throws(Diagnostic) -> [Part] {
        let parts = max(1, min(parts, count / max(minimumStretch, 1) + 1))
        let stretch = (count + parts - 1) / parts
        let results = PartResults<Part>(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let start = min(count, part * stretch)
            let end = min(count, start + stretch)
            results.store(Result { () throws(Diagnostic) in try scan(start..<end) }, at: part)
        }
        var all: [Part] = []
        for result in results.all { all.append(try result.get()) }
        return all
    }
}

/// What the threads of ``RandomAccessBytes/scanInParts(_:minimumStretch:_:)`` found, by part.
private final class PartResults<Part>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Part, Diagnostic>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func store(_ result: Result<Part, Diagnostic>, at index: Int) {
        lock.withLock { results[index] = result }
    }

    /// Every part's result; each has stored one by the time `concurrentPerform` returns.
    var all: [Result<Part, Diagnostic>] { lock.withLock { results.map { $0! } } }
}
