import Foundation

/// A cache entry's `records.bin` (see ``CacheRecordLayout``), checked
/// whole before any record is handed on: its size and checksum, and that
/// every record and table is well formed, so a damaged entry is found
/// before a sink has seen half of it.
///
/// Read twice in pieces of about a megabyte with `pread`, once to check
/// and once to hand the records on, rather than mapped: a later command
/// then holds a megabyte of the file at a time, where a mapping read whole
/// counts all of it as resident, and a profile of a later read puts the
/// reads and the checksum together at about 2% of it, all a mapping could save.
final class CacheRecordFile {
    private typealias Layout = CacheRecordLayout
    private typealias Flag = CacheRecordLayout.Flag

    /// Why an entry's records cannot be used, for the one-line note.
    struct Damage: Error, Equatable {
        var problem: String
    }

    let path: String
    private let descriptor: Int32
    /// Where the records end and the strings begin.
    private let recordsEnd: Int
    private let strings: [String]
    private let lists: [[String]]

    /// Records read at once: about a megabyte.
    private static let recordsPerPiece = (1 << 20) / Layout.recordSize

    private init(descriptor: Int32, path: String, recordsEnd: Int, strings: [String], lists: [[String]]) {
        self.descriptor = descriptor
        self.path = path
        self.recordsEnd = recordsEnd
        self.strings = strings
        self.lists = lists
    }

    /// Checks the records `descriptor` holds against the size and checksum
    /// the entry's metadata gives; takes the descriptor, closing it on failure.
    static func open(descriptor: Int32, path: String, size expectedSize: Int64, checksum expectedChecksum: String)
        throws(Damage) -> CacheRecordFile
    {
        do {
            return try check(descriptor: descriptor, path: path, size: expectedSize, checksum: expectedChecksum)
        } catch {
            close(descriptor)
            throw error
        }
    }

    private static func check(
        descriptor: Int32, path: String, size expectedSize: Int64, checksum expectedChecksum: String
    )
        throws(Damage) -> CacheRecordFile
    {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Damage(problem: "its records cannot be read") }
        let size = Int64(info.st_size)
        guard size == expectedSize else {
            throw Damage(problem: "its records hold \(size) bytes, not \(expectedSize)")
        }
        let minimum = Int64(Layout.headerSize + Layout.footerSize + 8)
        guard size >= minimum, size <= Int64(Int.max) else { throw Damage(problem: "its records are cut short") }
        let header = try read(descriptor, at: 0, count: Layout.headerSize)
        guard header == Layout.header else {
            throw Damage(problem: "its records are not of this cache format (version \(TraceCache.formatVersion))")
        }
        let footer = try read(descriptor, at: Int(size) - Layout.footerSize, count: Layout.footerSize)
        let stringsOffset = uint64(footer, 0)
        let listsOffset = uint64(footer, 8)
        let tablesEnd = UInt64(size) - UInt64(Layout.footerSize)
        guard stringsOffset >= UInt64(Layout.headerSize), stringsOffset <= listsOffset, listsOffset <= tablesEnd,
            (stringsOffset - UInt64(Layout.headerSize)) % UInt64(Layout.recordSize) == 0
        else { throw Damage(problem: "its records' footer is damaged") }
        let recordsEnd = Int(stringsOffset)
        let tables = try read(descriptor, at: recordsEnd, count: Int(tablesEnd - stringsOffset))
        let listsStart = Int(listsOffset - stringsOffset)
        let strings = try Self.strings(tables[0..<listsStart])
        let lists = try Self.lists(tables[listsStart...], strings: strings)

        var checksum = ContentChecksum()
        checksum.update(header)
        var offset = Layout.headerSize
        while offset < recordsEnd {
            let count = min(recordsPerPiece * Layout.recordSize, recordsEnd - offset)
            let piece = try read(descriptor, at: offset, count: count)
            checksum.update(piece)
            let damaged = piece.withUnsafeBytes { bytes in
                stride(from: 0, to: count, by: Layout.recordSize).first { start in
                    let record = UnsafeRawBufferPointer(rebasing: bytes[start..<start + Layout.recordSize])
                    return !isWellFormed(record, strings: strings.count, lists: lists.count)
                }
            }
            if let damaged { throw Damage(problem: "its record at byte \(offset + damaged) is damaged") }
            offset += count
        }
        checksum.update(tables)
        checksum.update(footer)
        guard checksum.hexDigest == expectedChecksum else {
            throw Damage(problem: "its records do not match their checksum")
        }
        return CacheRecordFile(
            descriptor: descriptor, path: path, recordsEnd: recordsEnd, strings: strings, lists: lists)
    }

    deinit {
        close(descriptor)
    }

    /// Hands every record to `sink`, in the order the first read gave them.
    ///
    /// - Throws: a ``Diagnostic`` when the sink refuses a record, or when
    ///   the file changed since it was checked.
    func replay<Sink: TraceSink & ~Copyable>(into sink: inout Sink) throws(Diagnostic) {
        var offset = Layout.headerSize
        while offset < recordsEnd {
            let count = min(Self.recordsPerPiece * Layout.recordSize, recordsEnd - offset)
            let piece: [UInt8]
            do {
                piece = try Self.read(descriptor, at: offset, count: count)
            } catch {
                throw .error("the cache entry \(error.problem)", at: SourceLocation(file: path))
            }
            let failure = piece.withUnsafeBytes { bytes -> Diagnostic? in
                for start in stride(from: 0, to: count, by: Layout.recordSize) {
                    let record = UnsafeRawBufferPointer(rebasing: bytes[start..<start + Layout.recordSize])
                    guard Self.isWellFormed(record, strings: strings.count, lists: lists.count) else {
                        return .error("the cache entry changed while it was read", at: SourceLocation(file: path))
                    }
                    do {
                        try hand(record, to: &sink)
                    } catch let diagnostic as Diagnostic {
                        return diagnostic
                    } catch {
                        return .error("\(error)", at: SourceLocation(file: path))
                    }
                }
                return nil
            }
            if let failure { throw failure }
            offset += count
        }
    }

    /// Decodes one well-formed record and hands it to `sink`.
    private func hand<Sink: TraceSink & ~Copyable>(_ record: UnsafeRawBufferPointer, to sink: inout Sink) throws {
        let flags = record[1]
        func string(_ offset: Int) -> String? {
            let index = Self.uint32(record, offset)
            return index == Layout.none ? nil : strings[Int(index)]
        }
        func list(_ offset: Int) -> [String] {
            let index = Self.uint32(record, offset)
            return index == Layout.none ? [] : lists[Int(index)]
        }
        func int64(_ offset: Int, if flag: UInt8) -> Int64? {
            flags & flag == 0 ? nil : Int64(bitPattern: Self.uint64(record, offset))
        }
        switch Layout.Tag(rawValue: record[0])! {
        case .header:
            try sink.begin(
                TraceHeader(
                    version: Int(truncatingIfNeeded: Int64(bitPattern: Self.uint64(record, 8))), app: string(4),
                    frameRate: flags & Flag.frameRate == 0 ? nil : Double(bitPattern: Self.uint64(record, 16))))
        case .event:
            try sink.add(
                TraceEvent(
                    id: Self.uint64(record, 8), kind: NodeKind.byRank[Int(record[2])], title: string(4)!,
                    module: string(40), owner: record[3] & 1 == 0 ? .app : .system, time: int64(16, if: Flag.time),
                    duration: int64(24, if: Flag.duration), ran: flags & Flag.ran != 0,
                    group: int64(32, if: Flag.group),
                    severity: flags & Flag.severity == 0 ? nil : Severity.byRank[Int(record[3] >> 4)],
                    backtrace: list(44)))
        case .cause:
            try sink.add(
                TraceCause(
                    from: Self.uint64(record, 8), to: Self.uint64(record, 16), label: CauseLabel(rawValue: string(4)!),
                    time: int64(24, if: Flag.time), changed: list(44)))
        case .group:
            try sink.add(
                UpdateGroup(
                    id: Int64(bitPattern: Self.uint64(record, 8)), label: string(4)!,
                    start: int64(16, if: Flag.start), duration: int64(24, if: Flag.duration)))
        case .hitch:
            try sink.add(
                Hitch(
                    kind: record[2] == 0 ? .hitch : .hang, start: Int64(bitPattern: Self.uint64(record, 8)),
                    duration: Int64(bitPattern: Self.uint64(record, 16)), hangType: string(4), process: string(40),
                    narrative: string(44)))
        }
    }

    /// Whether the record can be decoded: a known tag, flags it may set,
    /// kinds in range, every index within the tables (absent only where
    /// the field is optional), times and durations from 0 and a frame rate
    /// in range, as every reader gives them (sinks rely on it).
    private static func isWellFormed(_ record: UnsafeRawBufferPointer, strings: Int, lists: Int) -> Bool {
        guard let tag = Layout.Tag(rawValue: record[0]) else { return false }
        let flags = record[1]
        guard flags & ~tag.allowedFlags == 0 else { return false }
        func string(_ offset: Int, optional: Bool) -> Bool {
            let index = uint32(record, offset)
            return index == Layout.none ? optional : Int(index) < strings
        }
        func list(_ offset: Int) -> Bool {
            let index = uint32(record, offset)
            return index == Layout.none || Int(index) < lists
        }
        func count(_ offset: Int) -> Bool {
            Int64(bitPattern: uint64(record, offset)) >= 0
        }
        switch tag {
        case .header:
            return string(4, optional: flags & Flag.app == 0)
                && (flags & Flag.frameRate == 0
                    || FrameBudget.frameRates.contains(Double(bitPattern: uint64(record, 16))))
        case .event:
            return Int(record[2]) < NodeKind.byRank.count && record[3] & 0x0E == 0
                && Int(record[3] >> 4) < Severity.byRank.count && string(4, optional: false)
                && string(40, optional: flags & Flag.module == 0) && list(44) && count(16) && count(24)
        case .cause:
            return string(4, optional: false) && list(44) && count(24)
        case .group:
            return string(4, optional: false) && count(16) && count(24)
        case .hitch:
            return record[2] <= 1 && count(8) && count(16) && string(4, optional: flags & Flag.hangType == 0)
                && string(40, optional: flags & Flag.process == 0)
                && string(44, optional: flags & Flag.narrative == 0)
        }
    }

    /// The strings table: each string's length and bytes.
    private static func strings(_ bytes: ArraySlice<UInt8>) throws(Damage) -> [String] {
        try table(bytes, of: "text") { (reader: inout TableReader) throws(Damage) -> String in
            let length = try reader.uint32()
            return String(decoding: try reader.bytes(Int(length)), as: UTF8.self)
        }
    }

    /// The lists table: each list's length and string indices.
    private static func lists(_ bytes: ArraySlice<UInt8>, strings: [String]) throws(Damage) -> [[String]] {
        try table(bytes, of: "lists") { (reader: inout TableReader) throws(Damage) -> [String] in
            let length = try reader.uint32()
            guard Int(length) <= reader.remaining / 4 else { throw Damage(problem: "its table of lists is damaged") }
            var list: [String] = []
            list.reserveCapacity(Int(length))
            for _ in 0..<length {
                let index = try reader.uint32()
                guard Int(index) < strings.count else { throw Damage(problem: "its table of lists is damaged") }
                list.append(strings[Int(index)])
            }
            return list
        }
    }

    /// A table: a count, then as many entries, each read by `entry`,
    /// filling `bytes` exactly; `name` says which table is damaged.
    private static func table<Entry>(
        _ bytes: ArraySlice<UInt8>, of name: String, entry: (inout TableReader) throws(Damage) -> Entry
    ) throws(Damage) -> [Entry] {
        var reader = TableReader(bytes: bytes)
        let count = try reader.uint32()
        // Each entry takes at least the four bytes of its length or count.
        guard Int(count) <= bytes.count / 4 else { throw Damage(problem: "its table of \(name) is damaged") }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count { entries.append(try entry(&reader)) }
        guard reader.isAtEnd else { throw Damage(problem: "its table of \(name) is damaged") }
        return entries
    }

    /// Reads a table's bytes in order, never past their end.
    private struct TableReader {
        let bytes: ArraySlice<UInt8>
        var position: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        var remaining: Int { bytes.endIndex - position }
        var isAtEnd: Bool { position == bytes.endIndex }

        mutating func uint32() throws(Damage) -> UInt32 {
            guard remaining >= 4 else { throw Damage(problem: "its tables are cut short") }
            var value: UInt32 = 0
            for shift in 0..<4 { value |= UInt32(bytes[position + shift]) << (8 * shift) }
            position += 4
            return value
        }

        mutating func bytes(_ count: Int) throws(Damage) -> ArraySlice<UInt8> {
            guard count <= remaining else { throw Damage(problem: "its tables are cut short") }
            defer { position += count }
            return bytes[position..<position + count]
        }
    }

    private static func uint32(_ record: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: record.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private static func uint64(_ record: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: record.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    private static func uint64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        bytes.withUnsafeBytes { uint64($0, offset) }
    }

    /// Exactly `count` bytes at `offset`, however many reads that takes.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) throws(Damage) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                throw Damage(problem: result == 0 ? "its records are cut short" : "its records cannot be read")
            }
            done += result
        }
        return bytes
    }
}
