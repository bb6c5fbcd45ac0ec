#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output written atomically: bytes go to a temporary file beside the
/// destination, which replaces the destination only on ``commit()``.
///
/// A run that fails before committing leaves no partial file and never
/// touches an existing one; the temporary file is removed when the value
/// is released. Standard output (`-`) is written through directly.
public final class OutputFile {
    /// The destination as the user named it, for diagnostics.
    public let name: String
    private let destination: String?
    private let temporaryPath: String?
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var committed = false

    private static let bufferLimit = 1 << 20

    /// Prepares to write `path`, or standard output when `path` is `-`.
    public init(path: String) throws(Diagnostic) {
        name = path == "-" ? "<stdout>" : path
        guard path != "-" else {
            destination = nil
            temporaryPath = nil
            descriptor = STDOUT_FILENO
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic.error("is a directory, expected an output file", at: SourceLocation(file: path))
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var attempt = 0
        while true {
            let candidate = "\(directory).\(base).tmp-\(getpid())-\(attempt)"
            // 0666 lets the umask decide the final permissions, as for any new file.
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                descriptor = fd
                temporaryPath = candidate
                destination = path
                return
            }
            guard errno == EEXIST, attempt < 1000 else {
                throw Diagnostic.error("cannot write: \(String(cString: strerror(errno)))", at: SourceLocation(file: path))
            }
            attempt += 1
        }
    }

    deinit {
        if let temporaryPath {
            close(descriptor)
            if !committed { unlink(temporaryPath) }
        }
    }

    /// Whether this writes to standard output.
    public var isStandardOutput: Bool { destination == nil }

    public func write(_ text: String) throws(Diagnostic) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    public func write(_ bytes: [UInt8]) throws(Diagnostic) {
        try bytes.withUnsafeBufferPointer { bytes throws(Diagnostic) in try write(bytes) }
    }

    /// Writes what is buffered and, for a file, moves it into place.
    public func commit() throws(Diagnostic) {
        try flush()
        guard let temporaryPath, let destination else { return }
        guard fsync(descriptor) == 0 else { throw failure() }
        guard rename(temporaryPath, destination) == 0 else { throw failure() }
        committed = true
    }

    private func flush() throws(Diagnostic) {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                writeToDescriptor(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure() -> Diagnostic {
        Diagnostic.error("cannot write: \(String(cString: strerror(errno)))", at: SourceLocation(file: name))
    }
}

/// The system call, under a name the methods called `write` do not hide.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
