#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file or standard input read in large chunks, with the first bytes
/// available up front so an importer can be chosen by content.
public final class ByteStream {
    /// The name diagnostics use: the path as given, or `<stdin>`.
    public let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var peeked: [UInt8] = []
    public private(set) var isAtEnd = false

    /// The size of one read; large enough that system calls do not dominate.
    public static let chunkSize = 1 << 20

    /// Opens a file, or standard input when `path` is `-`.
    public init(path: String) throws(Diagnostic) {
        if path == "-" {
            name = "<stdin>"
            descriptor = STDIN_FILENO
            ownsDescriptor = false
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
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Up to `count` bytes from the start of the stream, without consuming them.
    public func prefix(_ count: Int) throws(Diagnostic) -> [UInt8] {
        while peeked.count < count, !isAtEnd {
            peeked += try readFromDescriptor(max: Swift.max(count - peeked.count, Self.chunkSize))
        }
        return Array(peeked.prefix(count))
    }

    /// The next chunk of bytes, or `nil` at the end of the stream.
    public func nextChunk() throws(Diagnostic) -> [UInt8]? {
        if !peeked.isEmpty {
            defer { peeked = [] }
            return peeked
        }
        guard !isAtEnd else { return nil }
        let chunk = try readFromDescriptor(max: Self.chunkSize)
        return chunk.isEmpty ? nil : chunk
    }

    private func readFromDescriptor(max: Int) throws(Diagnostic) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: max)
        let count = chunk.withUnsafeMutableBytes { buffer -> Int in
            while true {
                let result = read(descriptor, buffer.baseAddress, max)
                if result < 0 && errno == EINTR { continue }
                return result
            }
        }
        guard count >= 0 else {
            throw Diagnostic.error("cannot read: \(Self.systemError())", at: SourceLocation(file: name))
        }
        if count == 0 { isAtEnd = true }
        chunk.removeLast(max - count)
        return chunk
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
