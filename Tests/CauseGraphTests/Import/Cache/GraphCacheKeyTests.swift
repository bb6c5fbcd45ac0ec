import Foundation
import Testing

@testable import CauseGraph

/// The key of a cached graph: every setting the builder or the filters
/// before it use changes it; shaping, which comes afterwards, has no place in it.
@Suite("the cached graph's key")
struct GraphCacheKeyTests {
    /// Two exports on disk and the records keys of reading them.
    struct Inputs {
        let folder: String
        let first: String
        let second: String

        init() throws {
            folder = NSTemporaryDirectory() + "causegraph-graph-key-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            first = folder + "/updates.xml"
            second = folder + "/causes.xml"
            try Data("<trace-query-result/>".utf8).write(to: URL(fileURLWithPath: first))
            try Data("<trace-query-result></trace-query-result>".utf8).write(to: URL(fileURLWithPath: second))
        }

        func records(_ settings: ImportSettings = ImportSettings()) throws -> [CacheKey] {
            [try #require(CacheKey.files([first, second], kind: "export", settings: settings))]
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    static func key(
        _ records: [CacheKey], frameRate: Double? = nil, burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow,
        window: TimeWindow? = nil, interaction: Interaction? = nil
    ) throws -> CacheKey {
        try #require(
            CacheKey.graph(
                records: records, frameRate: frameRate, burstWindow: burstWindow, window: window,
                interaction: interaction))
    }

    @Test("the same reads with the same settings give the same key, of kind graph, over the reads' inputs")
    func sameSettingsSameKey() throws {
        let inputs = try Inputs()
        defer { inputs.remove() }
        let first = try Self.key(inputs.records())
        let again = try Self.key(inputs.records())
        #expect(first == again)
        #expect(first.kind == "graph")
        #expect(first.inputs == (try inputs.records()).flatMap(\.inputs))
        #expect(first.digest != (try inputs.records())[0].digest)
    }

    @Test("each setting before or into the builder changes the key")
    func eachSettingChangesTheKey() throws {
        let inputs = try Inputs()
        defer { inputs.remove() }
        let records = try inputs.records()
        let plain = try Self.key(records).digest
        let changed = [
            try Self.key(records, frameRate: 120),
            try Self.key(records, frameRate: 60),
            try Self.key(records, burstWindow: 2_000_000),
            try Self.key(records, window: TimeWindow(start: 1_000_000_000, end: 2_000_000_000)),
            try Self.key(records, window: TimeWindow(start: 1_000_000_000)),
            try Self.key(records, window: TimeWindow(end: 1_000_000_000)),
            try Self.key(records, interaction: .group(3)),
            try Self.key(records, interaction: .group(-3)),
            try Self.key(records, interaction: .gesture(3)),
            try Self.key(inputs.records(ImportSettings(run: 2))),
            try Self.key(inputs.records(ImportSettings(format: .instruments))),
        ].map(\.digest)
        #expect(!changed.contains(plain))
        #expect(Set(changed).count == changed.count)
    }

    @Test("a classification file's content is in the key, through the records key")
    func classificationChangesTheKey() throws {
        let inputs = try Inputs()
        defer { inputs.remove() }
        let rules = inputs.folder + "/rules.txt"
        try Data("view Row app\n".utf8).write(to: URL(fileURLWithPath: rules))
        let before = try Self.key(inputs.records(ImportSettings(classificationFiles: [rules])))
        try Data("view Row framework\n".utf8).write(to: URL(fileURLWithPath: rules))
        let after = try Self.key(inputs.records(ImportSettings(classificationFiles: [rules])))
        #expect(before != after)
        #expect(before != (try Self.key(inputs.records())))
    }

    @Test("a touched input, or the reads in another order, changes the key")
    func touchedInputOrOrderChangesTheKey() throws {
        let inputs = try Inputs()
        defer { inputs.remove() }
        let first = try #require(CacheKey.files([inputs.first], kind: "export", settings: ImportSettings()))
        let second = try #require(CacheKey.files([inputs.second], kind: "export", settings: ImportSettings()))
        let before = try Self.key([first, second])
        #expect(before != (try Self.key([second, first])))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: inputs.second)
        let touched = try #require(CacheKey.files([inputs.second], kind: "export", settings: ImportSettings()))
        #expect(before != (try Self.key([first, touched])))
    }

    @Test("an export rewritten in place to its old size, its modification time set back, gets another key")
    func rewrittenInPlaceWithTheOldTime() throws {
        let inputs = try Inputs()
        defer { inputs.remove() }
        let before = try #require(CacheKey.files([inputs.second], kind: "export", settings: ImportSettings()))
        var old = stat()
        #expect(stat(inputs.second, &old) == 0)
        let handle = try #require(FileHandle(forUpdatingAtPath: inputs.second))
        try handle.write(contentsOf: Data("X".utf8))
        try handle.close()
        // What `touch -d` does: the old times again, to the nanosecond.
        #if canImport(Darwin)
            let times = [old.st_atimespec, old.st_mtimespec]
            let modified = { (info: stat) in [info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec] }
        #else
            let times = [old.st_atim, old.st_mtim]
            let modified = { (info: stat) in [info.st_mtim.tv_sec, info.st_mtim.tv_nsec] }
        #endif
        #expect(utimensat(AT_FDCWD, inputs.second, times, 0) == 0)
        var new = stat()
        #expect(stat(inputs.second, &new) == 0)
        #expect(new.st_size == old.st_size && new.st_ino == old.st_ino && modified(new) == modified(old))
        let rewritten = try #require(CacheKey.files([inputs.second], kind: "export", settings: ImportSettings()))
        #expect(before.digest != rewritten.digest)
    }

    @Test("another executable, or no read to key, gives another key or none")
    func executableAndEmptyReads() throws {
        let inputs = try Inputs()
        defer { inputs.remove() }
        let records = try inputs.records()
        let running = try Self.key(records)
        let other = try #require(
            CacheKey.graph(
                records: records, frameRate: nil, burstWindow: GraphBuilder.defaultBurstWindow, window: nil,
                interaction: nil, executable: inputs.first))
        #expect(running != other)
        #expect(
            CacheKey.graph(
                records: [], frameRate: nil, burstWindow: GraphBuilder.defaultBurstWindow, window: nil,
                interaction: nil) == nil)
        #expect(
            CacheKey.graph(
                records: records, frameRate: nil, burstWindow: GraphBuilder.defaultBurstWindow, window: nil,
                interaction: nil, executable: inputs.folder + "/missing") == nil)
    }
}
