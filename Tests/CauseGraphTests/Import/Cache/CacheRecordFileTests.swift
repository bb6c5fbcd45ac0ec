import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// The binary records of a cache entry (`records.bin`): what is written
/// reads back the same, and a damaged file is refused, never a crash.
@Suite("the cache's records file")
struct CacheRecordFileTests {
    /// Keeps every record it is given, in order.
    struct Collector: UniformTraceSink {
        var records: [TraceRecord] = []
        mutating func receive(_ record: TraceRecord) throws { records.append(record) }
    }

    /// Every kind of record, each optional field present and absent, text
    /// repeated and not, extreme numbers, two documents.
    static let records: [TraceRecord] = [
        .header(TraceHeader(version: 1, app: "Landmarks ✨", frameRate: 120)),
        .group(UpdateGroup(id: -3, label: "Transaction for Gesture", start: 5, duration: .max)),
        .event(TraceEvent(id: 1, kind: .gesture, title: "Gesture: Tap", owner: .app, time: 0)),
        .event(
            TraceEvent(
                id: .max, kind: .body, title: "Row<Item>", module: "App", owner: .app, time: 0,
                duration: .max, ran: false, group: -3, severity: .veryHigh,
                backtrace: ["closure #1 in Row.body", "main", ""])),
        .event(
            TraceEvent(
                id: 7, kind: .other, title: "Row<Item>", module: "App", owner: .system, ran: true,
                backtrace: ["closure #1 in Row.body", "main", ""])),
        .cause(TraceCause(from: 1, to: .max, label: .update, time: 42, changed: ["count", "name\n\"quoted\""])),
        .cause(TraceCause(from: 1, to: 7, label: CauseLabel(rawValue: "Invalidation"))),
        .hitch(Hitch(kind: .hang, start: 10, duration: 250, hangType: "Microhang", process: "App (42)")),
        .hitch(Hitch(kind: .hitch, start: .max, duration: 0, narrative: "Potentially expensive app update(s)")),
        .header(TraceHeader(version: 1)),
        .event(TraceEvent(id: 1, kind: .environmentWriter, title: "", owner: .system, severity: .low)),
        .group(UpdateGroup(id: .max, label: "")),
    ]

    /// The bytes of `records` as an entry holds them.
    static func encoded(_ records: [TraceRecord]) -> [UInt8] {
        var encoder = CacheRecordEncoder()
        var bytes = CacheRecordLayout.header
        for record in records { encoder.append(record, to: &bytes) }
        encoder.appendTables(at: UInt64(bytes.count), to: &bytes)
        return bytes
    }

    static func checksum(_ bytes: [UInt8]) -> String {
        var checksum = ContentChecksum()
        checksum.update(bytes)
        return checksum.hexDigest
    }

    /// Opens `bytes` written to a file, checked against `size` and `checksum`
    /// (by default theirs), and replays it: the records, or the damage found.
    static func read(_ bytes: [UInt8], size: Int64? = nil, checksum: String? = nil, in folder: TemporaryFolder)
        -> Result<[TraceRecord], CacheRecordFile.Damage>
    {
        let path = folder.path("records.bin")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        do {
            let file = try CacheRecordFile.open(
                descriptor: descriptor, path: path, size: size ?? Int64(bytes.count),
                checksum: checksum ?? Self.checksum(bytes))
            var collector = Collector()
            do {
                try file.replay(into: &collector)
            } catch {
                return .failure(.init(problem: "replay: \(error)"))
            }
            return .success(collector.records)
        } catch {
            return .failure(error)
        }
    }

    @Test("records written then read are the records given, in order")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        #expect(try Self.read(Self.encoded(Self.records), in: folder).get() == Self.records)
        // Text and lists are kept once: the second Row<Item> event adds 48 bytes and no text.
        let once = Self.encoded(Array(Self.records.prefix(4)))
        let twice = Self.encoded(Array(Self.records.prefix(5)))
        #expect(twice.count - once.count == CacheRecordLayout.recordSize)
        #expect(try Self.read(Self.encoded([]), in: folder).get() == [])
    }

    @Test("the graph reconstructed from an entry is the graph of the read that wrote it")
    func reconstructedGraphIsTheSame() throws {
        let folder = try TemporaryFolder()
        var collector = Collector()
        try SyntheticTrace(views: 60, frames: 40).emit(into: &collector)
        let trace = collector.records
        #expect(trace.count > 500)
        var direct = GraphBuilder()
        for record in trace { try direct.take(record) }
        var cached = GraphBuilder()
        for record in try Self.read(Self.encoded(trace), in: folder).get() { try cached.take(record) }
        #expect(cached.finish() == direct.finish())
    }

    @Test("a file cut short anywhere is refused, by its size or, if the size were right, by its structure")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let bytes = Self.encoded(Self.records)
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            guard case .failure(let damage) = Self.read(cut, size: Int64(bytes.count), in: folder) else {
                Issue.record("cut to \(length) bytes: read")
                continue
            }
            #expect(damage.problem == "its records hold \(length) bytes, not \(bytes.count)")
            // The same bytes with a size and checksum that match them: never a crash, never a read.
            if case .success = Self.read(cut, in: folder) {
                Issue.record("cut to \(length) bytes, checksum matching: read")
            }
        }
    }

    @Test("a changed byte anywhere fails the checksum; with a matching checksum it is refused or read, never a crash")
    func flippedBytes() throws {
        let folder = try TemporaryFolder()
        let bytes = Self.encoded(Self.records)
        let original = Self.checksum(bytes)
        var refusedByStructure = 0
        for offset in 0..<bytes.count {
            for bit: UInt8 in [0x01, 0x80] {
                var changed = bytes
                changed[offset] ^= bit
                guard case .failure(let damage) = Self.read(changed, checksum: original, in: folder) else {
                    Issue.record("byte \(offset) changed: read")
                    continue
                }
                #expect(damage.problem.hasPrefix("its"), "\(damage.problem)")
                // As if the checksum had been rewritten too: whatever is read is bounds-checked.
                if case .failure = Self.read(changed, in: folder) { refusedByStructure += 1 }
            }
        }
        #expect(refusedByStructure > 0)
    }

    @Test(
        "records of another format version are refused even when their checksum matches; entry.json of another is not read"
    )
    func otherVersion() throws {
        let folder = try TemporaryFolder()
        var bytes = Self.encoded(Self.records)
        bytes[8] = UInt8(truncatingIfNeeded: TraceCache.formatVersion - 1)
        guard case .failure(let damage) = Self.read(bytes, in: folder) else {
            Issue.record("read")
            return
        }
        #expect(damage.problem == "its records are not of this cache format (version \(TraceCache.formatVersion))")
        let key = try #require(CacheKey.files([folder.path("records.bin")], kind: "export", settings: ImportSettings()))
        let written = CacheEntry.Metadata(
            key: key, created: 0, recordsSize: 1, checksum: "0", diagnostics: [], unclassifiedTitles: [:])
        let current = try #require(CacheEntry.Metadata(written.encoded()))
        var older = current
        older.version = TraceCache.formatVersion - 1
        #expect(CacheEntry.Metadata(older.encoded()) == nil)
    }

    @Test("a negative time or a frame rate out of range is refused even when the checksum matches")
    func outOfRange() throws {
        let folder = try TemporaryFolder()
        let refused: [TraceRecord] = [
            .header(TraceHeader(frameRate: 0)),
            .event(TraceEvent(id: 1, kind: .body, title: "A", owner: .app, time: -1)),
            .event(TraceEvent(id: 1, kind: .body, title: "A", owner: .app, duration: .min)),
            .cause(TraceCause(from: 1, to: 1, label: .update, time: -5)),
            .group(UpdateGroup(id: 1, label: "", start: -1)),
            .hitch(Hitch(kind: .hitch, start: 0, duration: -1)),
        ]
        for record in refused {
            guard case .failure(let damage) = Self.read(Self.encoded([record]), in: folder) else {
                Issue.record("\(record): read")
                continue
            }
            #expect(damage.problem == "its record at byte 16 is damaged", "\(record)")
        }
    }
}
