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
}
