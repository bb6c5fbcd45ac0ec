#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered standard output.
struct Output {
    var buffer: [UInt8] = []

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                perror("causegraph-export-gen: write")
                exit(1)
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
