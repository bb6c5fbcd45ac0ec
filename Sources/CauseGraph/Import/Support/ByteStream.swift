#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file or standard input read in large chunks, with the first bytes
/// available up front so an importer can be chosen by content.
package final class ByteStream {
    /// The name diagnostics use: the path as given, or `<stdin>`.
    package let name: String
    private var descriptor: Int32
    private var ownsDescriptor: Bool
    private var peeked: [UInt8] = []
    package private(set) var isAtEnd = false
    /// Told the size of every read from the file, as it happens, for progress.
    package var onRead: ((Int) -> Void)?
    /// Bytes read from the file so far, each counted once: what is read
    /// again after ``rewind()`` is not.
    package private(set) var bytesRead: Int64 = 0
    /// Bytes read since the start, or since the last ``rewind()``.
    private var offset: Int64 = 0
    /// How far reading had got before the last ``rewind()``.
    private var furthestBeforeRewind: Int64 = 0
    /// Set for a log read as it is written; see ``LiveReading``.
    private var live: LiveReading?
    /// How often a followed file started over: cut shorter and read again
    /// from its start, or replaced under its name. What comes next is read
    /// from a new first line.
    package private(set) var restarts = 0

    /// What diagnostics call standard input.
    package static let standardInputName = "<stdin>"

    /// The size of one read; large enough that system calls do not dominate.
    package static let chunkSize = 1 << 20

    /// Opens a file, or standard input when `path` is `-`.
    package init(path: String) throws(Diagnostic) {
        if path == "-" {
            name = Self.standardInputName
            descriptor = STDIN_FILENO
            ownsDescriptor = false
            InputFiles.shared.record(descriptor: descriptor, path: nil)
            return
        }
        name = path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw Diagnostic.error("cannot open: \(Self.systemError())", at: SourceLocation(file: path))
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw Diagnostic.error("is a directory, expected a trace file", at: SourceLocation(file: path))
        }
        descriptor = fd
        ownsDescriptor = true
        InputFiles.shared.record(descriptor: fd, path: path)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Opens a file, or standard input when `path` is `-`, to read as it is written.
    package convenience init(path: String, live: LiveReading) throws(Diagnostic) {
        try self.init(path: path)
        self.live = live
    }

    /// Reads a descriptor the caller opened, such as a pipe from a child
    /// process; the stream closes it.
    package init(name: String, descriptor: Int32, live: LiveReading? = nil) {
        self.name = name
        self.descriptor = descriptor
        ownsDescriptor = true
        self.live = live
    }

    /// Whether the stream can be read again from the start: a regular file.
    package var canRewind: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The file's bytes by offset, when it is a regular file.
    func randomAccess() -> RandomAccessBytes? {
        RandomAccessBytes.file(name: name, descriptor: descriptor)
    }

    /// The file's size, when it is a regular file.
    package var fileSize: Int64? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Starts the stream again from its first byte.
    package func rewind() throws(Diagnostic) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw Diagnostic.error("cannot read again: \(Self.systemError())", at: SourceLocation(file: name))
        }
        peeked = []
        isAtEnd = false
        furthestBeforeRewind = max(furthestBeforeRewind, offset)
        offset = 0
    }

    /// Copies what is left of a stream that cannot be rewound (standard
    /// input, a pipe) into a temporary file and reads that from now on, so
    /// it can be. The file is unlinked as soon as it is made: nothing is
    /// left behind, however the process ends.
    ///
    /// What is spooled is an XML export, which never holds a NUL byte: one
    /// is an error at its line and column, before a pipe of binary data
    /// (`/dev/zero`) fills the disk.
    package func spoolToTemporaryFile() throws(Diagnostic) {
        guard !canRewind else { return }
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/causegraph-spool-XXXXXX".utf8CString)
        let spool = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard spool >= 0 else {
            throw Diagnostic.error(
                "cannot make a temporary file to hold the input: \(Self.systemError())", at: SourceLocation(file: name))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        do throws(Diagnostic) {
            while let chunk = try nextChunk() {
                if let zero = chunk.withUnsafeBufferPointer({ bytes in
                    memchr(bytes.baseAddress!, 0, bytes.count).map {
                        bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    }
                }) {
                    try Self.writeAll(Array(chunk[..<zero]), to: spool, name: name)
                    throw Diagnostic.error(
                        "binary data: a NUL byte, which no XML export holds",
                        at: Self.endPosition(of: spool).location(in: name))
                }
                try Self.writeAll(chunk, to: spool, name: name)
            }
        } catch {
            close(spool)
            throw error
        }
        if ownsDescriptor { close(descriptor) }
        descriptor = spool
        ownsDescriptor = true
        try rewind()
    }

    /// The line and column just past the text in `descriptor`, read again from its start.
    private static func endPosition(of descriptor: Int32) -> TextPosition {
        var position = TextPosition(line: 1, column: 1)
        var offset: off_t = 0
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { return position }
            position = buffer.withUnsafeBufferPointer { position.advanced(by: count, in: $0) }
            offset += off_t(count)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(Diagnostic) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw Diagnostic.error(
                    "cannot keep the input in a temporary file: \(systemError())", at: SourceLocation(file: name))
            }
            written += result
        }
    }

    /// Up to `count` bytes from the start of the stream, without consuming
    /// them. A live stream stops reading as soon as `isEnough` says the
    /// bytes read so far are enough, rather than wait for `count` of them.
    package func prefix(_ count: Int, isEnough: ([UInt8]) -> Bool = { _ in false }) throws(Diagnostic) -> [UInt8] {
        while peeked.count < count, !isAtEnd {
            peeked += try readFromDescriptor(max: Swift.max(count - peeked.count, Self.chunkSize))
            if live != nil, isEnough(peeked) { break }
        }
        return Array(peeked.prefix(count))
    }

    /// The next chunk of bytes, or `nil` at the end of the stream.
    package func nextChunk() throws(Diagnostic) -> [UInt8]? {
        if !peeked.isEmpty {
            defer { peeked = [] }
            return peeked
        }
        guard !isAtEnd else { return nil }
        let chunk = try readFromDescriptor(max: Self.chunkSize)
        return chunk.isEmpty ? nil : chunk
    }

    private func readFromDescriptor(max: Int) throws(Diagnostic) -> [UInt8] {
        guard let live else { return try readOnce(max: max) }
        let isRegularFile = canRewind
        while true {
            if live.isStopped {
                isAtEnd = true
                return []
            }
            var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard isRegularFile || poll(&descriptors, 1, LiveReading.pollInterval) > 0 else { continue }
            let chunk = try readOnce(max: max)
            guard chunk.isEmpty, isRegularFile, live.follows else { return chunk }
            // The end of a file still being written: wait for more.
            isAtEnd = false
            usleep(UInt32(LiveReading.pollInterval) * 1_000)
            try followByName()
        }
    }

    /// At the end of a followed file, does what `tail -F` does: a file cut
    /// shorter than what was read is read again from its start, and a file
    /// replaced under its name (a log rotated) is reopened by that name,
    /// once what the old one held was read to its end.
    private func followByName() throws(Diagnostic) {
        var current = stat()
        guard fstat(descriptor, &current) == 0 else { return }
        var named = stat()
        if name != Self.standardInputName, stat(name, &named) == 0,
            named.st_dev != current.st_dev || named.st_ino != current.st_ino
        {
            let fd = open(name, O_RDONLY)
            // Not there yet, or unreadable for the moment: the old file is kept, and the name tried again.
            guard fd >= 0 else { return }
            if ownsDescriptor { close(descriptor) }
            descriptor = fd
            ownsDescriptor = true
            InputFiles.shared.record(descriptor: fd, path: name)
            restarts += 1
            return
        }
        let offset = lseek(descriptor, 0, SEEK_CUR)
        if offset > 0, Int64(current.st_size) < Int64(offset) {
            _ = lseek(descriptor, 0, SEEK_SET)
            restarts += 1
        }
    }

    private func readOnce(max: Int) throws(Diagnostic) -> [UInt8] {
        var failure: Int32 = 0
        // Uninitialised: `read` fills what is kept, so the chunk is never cleared first.
        let chunk = [UInt8](unsafeUninitializedCapacity: max) { buffer, initialized in
            while true {
                let result = read(descriptor, buffer.baseAddress, max)
                if result < 0 && errno == EINTR { continue }
                if result < 0 { failure = errno }
                initialized = Swift.max(result, 0)
                return
            }
        }
        guard failure == 0 else {
            throw Diagnostic.error("cannot read: \(String(cString: strerror(failure)))", at: SourceLocation(file: name))
        }
        if chunk.isEmpty { isAtEnd = true }
        let start = offset
        offset = offset.saturatingAdding(Int64(chunk.count))
        // Standard input spooled to a file is read twice, from the pipe and
        // then from the file: progress counts the bytes, not the reads.
        let new = Swift.max(offset - Swift.max(start, furthestBeforeRewind), 0)
        bytesRead = bytesRead.saturatingAdding(new)
        onRead?(Int(new))
        return chunk
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
