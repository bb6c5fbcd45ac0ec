import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// `cache clear INPUT…`: the entries of what was read from each input are
/// removed, a folder's by its files, since commands key a folder of exports
/// by the files in it.
@Suite("clearing the cache by the inputs read")
struct TraceCacheClearingTests {
    /// A cache and the exports it keeps entries of: `large/` holding two,
    /// read together as reading the folder does, its graph, one read alone,
    /// and one in a subfolder, which reading the folder does not take.
    struct Kept {
        let scratch: TemporaryFolder
        let cache: TraceCache
        let folder: String

        init() throws {
            scratch = try TemporaryFolder()
            cache = TraceCache(directory: scratch.path("cache"))
            folder = scratch.path("large")
            try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
            let exports = try ["causes.xml", "updates.xml", "sub/deeper.xml"].map { name in
                try scratch.write("large/" + name, "<trace-query-result/>")
            }
            let together = try #require(
                CacheKey.files(Array(exports[0...1]), kind: "export", settings: ImportSettings()))
            try keep(together, .records)
            try keep(
                try #require(
                    CacheKey.graph(
                        records: [together], frameRate: nil, burstWindow: GraphBuilder.defaultBurstWindow, window: nil,
                        interaction: nil)), .graph)
            try keep(try #require(CacheKey.files([exports[0]], kind: "export", settings: ImportSettings())), .records)
            try keep(try #require(CacheKey.files([exports[2]], kind: "export", settings: ImportSettings())), .records)
        }

        private func keep(_ key: CacheKey, _ contents: CacheEntry.Contents) throws {
            var diagnostics = Diagnostics()
            cache.keep(Array("kept".utf8), for: key, contents: contents, diagnostics: &diagnostics)
            try #require(diagnostics.all.isEmpty)
        }

        /// The files each entry left read, sorted.
        var inputs: [[String]] { cache.entries().map(\.inputs).sorted { $0.joined() < $1.joined() } }
    }

    @Test("an entry no longer read, of an older format, goes once a day old, and with a clear of everything")
    func unreadableEntries() throws {
        let kept = try Kept()
        let stale = kept.cache.entriesDirectory + "/older-format"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        try #"{"version": 1}"#.write(toFile: stale + "/metadata.json", atomically: true, encoding: .utf8)
        kept.cache.removeLeftovers(olderThan: 24 * 60 * 60)
        #expect(FileManager.default.fileExists(atPath: stale), "a day must pass: another causegraph may be writing it")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * 24 * 60 * 60)], ofItemAtPath: stale)
        kept.cache.removeLeftovers(olderThan: 24 * 60 * 60)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(kept.cache.entries().count == 4, "the entries read stay")
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        kept.cache.clear()
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(kept.cache.entries().isEmpty)
    }

    @Test("a folder named, as given to summary (with a trailing slash), clears the entries of its files")
    func folderClearsItsFiles() throws {
        let kept = try Kept()
        try #require(kept.cache.entries().count == 4)
        let clearing = kept.cache.clear(inputs: [kept.folder + "/"])
        #expect(clearing.removed.count == 3, "the two exports read together, their graph, and one read alone")
        #expect(clearing.unmatched.isEmpty)
        #expect(kept.inputs == [[kept.folder + "/sub/deeper.xml"]], "a subfolder is not read with the folder")
    }

    @Test("a file removed from the folder since is still the folder's; a path nothing was read from is named")
    func removedFileAndUnmatchedPath() throws {
        let kept = try Kept()
        try FileManager.default.removeItem(atPath: kept.folder + "/updates.xml")
        let elsewhere = kept.scratch.path("elsewhere")
        let clearing = kept.cache.clear(inputs: [kept.folder, elsewhere])
        #expect(clearing.removed.count == 3)
        #expect(clearing.unmatched == [elsewhere])
        let none = kept.cache.clear(inputs: [kept.folder])
        #expect(none.removed.isEmpty && none.unmatched == [kept.folder])
        #expect(kept.cache.clear().removed.count == 1, "no input clears every entry")
    }
}
