#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the rows of each table of an export as its bytes stream past,
/// without tokenizing or keeping them: `<schema name="…"` starts a table and
/// every `<row` tag is one row. Inside text and attributes `<` is always
/// escaped, so every `<row` found is a tag. Memory stays flat however large
/// the export (real ones reach 1.5 GB).
struct TableRowCounter {
    struct Table: Equatable {
        var schema: String
        var rows: Int
    }

    /// The tables met, in order, with their rows so far.
    private(set) var tables: [Table] = []
    /// The bytes of a tag split by the end of the last chunk.
    private var carry: [UInt8] = []

    /// Counts `chunk`, which follows the bytes counted before it.
    mutating func count(_ chunk: [UInt8], name: String) throws(Diagnostic) {
        var bytes = carry
        bytes += chunk
        carry = []
        try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) in try count(buffer, isFinal: false, name: name) }
    }

    /// Ends the count; a tag left open is an error.
    mutating func finish(name: String) throws(Diagnostic) {
        let bytes = carry
        carry = []
        try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) in try count(buffer, isFinal: true, name: name) }
    }

    private mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, name: String) throws(Diagnostic) {
        let row = Array("row".utf8)
        let schema = Array("schema".utf8)
        var index = 0
        while index < bytes.count {
            guard let found = memchr(bytes.baseAddress! + index, Int32(Byte.lessThan), bytes.count - index) else {
                return
            }
            let at = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // Enough bytes to tell `<row` and `<schema ` from other tags.
            guard at + 8 <= bytes.count || isFinal else {
                carry = Array(bytes[at...])
                return
            }
            let rest = UnsafeBufferPointer(rebasing: bytes[(at + 1)...])
            if rest.starts(with: row), rest.count > 3, Self.endsName(rest[3]) {
                guard !tables.isEmpty else {
                    throw .error("a <row> before any <schema>", at: SourceLocation(file: name))
                }
                tables[tables.count - 1].rows += 1
            } else if rest.starts(with: schema), rest.count > 6, Self.endsName(rest[6]) {
                guard let end = rest.firstIndex(of: Byte.greaterThan) else {
                    guard !isFinal, bytes.count - at <= InstrumentsImporter.longestSchemaTag else {
                        throw .error("a <schema> tag that does not end", at: SourceLocation(file: name))
                    }
                    carry = Array(bytes[at...])
                    return
                }
                let tag = Array(rest[..<end])
                let schemaName = InstrumentsImporter.firstSchemaName(Array("<".utf8) + tag + [Byte.greaterThan])
                tables.append(Table(schema: schemaName ?? "", rows: 0))
            }
            index = at + 1
        }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        Byte.isWhitespace(byte) || byte == Byte.greaterThan || byte == Byte.slash
    }
}
