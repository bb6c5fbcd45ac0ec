import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// The cache of `.trace` bundles already read: the stand-in xctrace
/// (`fixtures/instruments/recording/xctrace`) writes one line per call to
/// `STANDIN_LOG`, so each test counts the exports a command ran.
@Suite("causegraph command line: the cache of .trace bundles")
struct TraceCacheCommandTests {
    static let standIn = fixture("instruments/recording/xctrace")

    /// A scratch folder with an empty `App.trace` bundle, a cache folder,
    /// and the environment that reads it through the stand-in into that cache.
    struct Setup {
        let scratch: TemporaryFolder
        let bundle: String
        let cache: String
        let log: String
        var environment: [String: String]

        init(bundleName: String = "App.trace") throws {
            scratch = try TemporaryFolder()
            bundle = scratch.path(bundleName)
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            cache = scratch.path("cache")
            log = scratch.path("calls.log")
            environment = [
                "CAUSEGRAPH_XCTRACE": TraceCacheCommandTests.standIn, "STANDIN_LOG": log,
                "CAUSEGRAPH_CACHE_DIR": cache,
            ]
        }

        /// The calls the stand-in has had so far.
        func calls() -> Int {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> CommandResult {
            try Causegraph.run(arguments, environment: environment.merging(extra) { _, given in given })
        }

        /// The entries' folders in the cache.
        func entries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/entries")) ?? []).filter {
                !$0.hasPrefix(".")
            }
        }

        /// The entries holding records, or (`contents` `graph.bin`) a built graph.
        func entries(holding contents: String) -> [String] {
            entries().filter { FileManager.default.fileExists(atPath: cache + "/entries/" + $0 + "/" + contents) }
        }
    }

    /// The toc and the eight tables: what one uncached read of the bundle costs.
    static let exportsPerRead = 8

    @Test(
        "the first command exports and caches; later ones (every command that reads traces) export nothing and answer the same"
    )
    func secondReadExportsNothing() throws {
        let setup = try Setup()
        let first = try setup.run(["summary", setup.bundle, "--format", "json"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(setup.calls() == Self.exportsPerRead)
        #expect(setup.entries(holding: "records.bin").count == 1 && setup.entries(holding: "graph.bin").count == 1)
        #expect(setup.entries().count == 2)
        let second = try setup.run(["summary", setup.bundle, "--format", "json"])
        #expect(second.status == 0 && second.output == first.output)
        // The first read's notes come back with the entry.
        #expect(second.standardError == first.standardError)
        for command in [
            ["why", setup.bundle, "--view", "LandmarkListItemView"], ["render", setup.bundle, "--format", "json"],
            ["convert", setup.bundle], ["timeline", setup.bundle, "-o", setup.scratch.path("t.json")],
            ["diff", setup.bundle, setup.bundle],
            ["check", setup.bundle, "--budget", fixture("budgets/landmarks.yaml")],
            ["report", setup.bundle, "-o", setup.scratch.path("r.html")],
        ] {
            let cached = try setup.run(command)
            let direct = try setup.run(command + ["--no-cache"], ["STANDIN_LOG": ""])
            #expect(
                cached.status == direct.status && cached.output == direct.output, "\(command): \(cached.standardError)")
        }
        #expect(setup.calls() == Self.exportsPerRead, "no command after the first ran xctrace")
    }

    @Test("a later command on a bundle whose every table takes 1.5 s to export answers in 0.5 s")
    func laterCommandIsQuick() throws {
        let setup = try Setup()
        let slow = ["STANDIN_SLEEP": "1.5"]
        let started = Date()
        #expect(try setup.run(["summary", setup.bundle], slow).status == 0)
        #expect(Date().timeIntervalSince(started) >= 1.5 * 7)
        for command in [["summary", setup.bundle], ["why", setup.bundle, "--view", "LandmarkListItemView"]] {
            let again = Date()
            let result = try setup.run(command, slow)
            let seconds = Date().timeIntervalSince(again)
            #expect(result.status == 0 && seconds <= 0.5 * Sanitizer.slowdown, "\(command) took \(seconds) s")
        }
        #expect(setup.calls() == Self.exportsPerRead)
    }

    @Test("a changed bundle, another run or other --classify rules miss; --no-cache neither reads nor writes")
    func changesMiss() throws {
        let setup = try Setup()
        #expect(try setup.run(["summary", setup.bundle]).status == 0)
        // A file added inside the bundle, then changed in place with the same size.
        _ = try setup.scratch.write("App.trace/form.template", "one")
        #expect(try setup.run(["summary", setup.bundle]).status == 0)
        #expect(setup.calls() == 2 * Self.exportsPerRead)
        let file = setup.scratch.path("App.trace/form.template")
        let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
        _ = try setup.scratch.write("App.trace/form.template", "two")
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: file)
        #expect(try setup.run(["summary", setup.bundle]).status == 0)
        #expect(setup.calls() == 3 * Self.exportsPerRead, "same size and time, other content: a miss")
        #expect(try setup.run(["summary", setup.bundle, "--run", "1"]).status == 0)
        #expect(setup.calls() == 4 * Self.exportsPerRead)
        let rules = try setup.scratch.write("rules.jsonl", "")
        #expect(try setup.run(["summary", setup.bundle, "--classify", rules]).status == 0)
        #expect(setup.calls() == 5 * Self.exportsPerRead)
        _ = try setup.scratch.write("rules.jsonl", "\n")
        #expect(try setup.run(["summary", setup.bundle, "--classify", rules]).status == 0)
        #expect(setup.calls() == 6 * Self.exportsPerRead, "rules that changed: a miss")
        // --no-cache: exports, although an entry is there, and writes none.
        let entries = setup.entries()
        #expect(try setup.run(["summary", setup.bundle, "--no-cache"]).status == 0)
        #expect(setup.calls() == 7 * Self.exportsPerRead)
        #expect(setup.entries() == entries)
        let other = try Setup(bundleName: "Other.trace")
        #expect(try other.run(["summary", other.bundle, "--no-cache"]).status == 0)
        #expect(other.entries().isEmpty)
    }

    /// A read after damage to `bundle`'s entry: the first read's answer,
    /// and of its lines of stderr that mention `notes`, one: the damage noted.
    static func expectDamageNoted(
        _ again: CommandResult, answering first: CommandResult, notes: String, of bundle: String, _ damage: String
    ) {
        #expect(again.status == 0 && again.output == first.output, "\(damage)")
        let lines = again.standardError.split(separator: "\n").filter { $0.contains(notes) }
        #expect(
            lines.count == 1 && lines[0].hasPrefix("\(bundle): note: the cache entry of this input is damaged"),
            "\(damage): \(again.standardError)")
    }

    @Test(
        "a damaged entry (cut short, a byte changed, its metadata gone) is noted in one line, read afresh and replaced")
    func damagedEntry() throws {
        let setup = try Setup()
        // convert replays the records: no graph entry answers for them.
        let command = ["convert", setup.bundle, "-o", "-"]
        let first = try setup.run(command)
        #expect(first.status == 0)
        let entry = setup.cache + "/entries/" + setup.entries()[0]
        let records = entry + "/records.bin"
        let whole = try Data(contentsOf: URL(fileURLWithPath: records))
        var flipped = whole
        flipped[whole.count / 2] ^= 0x01
        let damages: [(String, () throws -> Void)] = [
            ("cut short", { try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: records)) }),
            ("a byte changed", { try flipped.write(to: URL(fileURLWithPath: records)) }),
            ("metadata gone", { try FileManager.default.removeItem(atPath: entry + "/entry.json") }),
        ]
        for (index, (name, damage)) in damages.enumerated() {
            try damage()
            let again = try setup.run(command)
            Self.expectDamageNoted(again, answering: first, notes: "cache", of: setup.bundle, name)
            #expect(setup.calls() == (index + 2) * Self.exportsPerRead, "\(name): read afresh")
            let replaced = try setup.run(command)
            #expect(replaced.output == first.output && !replaced.standardError.contains("damaged"), "\(name)")
            #expect(setup.calls() == (index + 2) * Self.exportsPerRead, "\(name): the entry was replaced")
        }
    }

    @Test(
        "a later summary, why, render or diff loads the graph the first built: the same bytes, with its records gone")
    func graphAnswersWithoutReplay() throws {
        let setup = try Setup()
        let commands = [
            ["summary", setup.bundle, "--format", "json"], ["summary", setup.bundle],
            ["why", setup.bundle, "--view", "LandmarkListItemView"], ["render", setup.bundle, "--format", "dot"],
            ["render", setup.bundle, "--format", "json", "--max-nodes", "3"], ["diff", setup.bundle, setup.bundle],
        ]
        var first: [CommandResult] = []
        for command in commands { first.append(try setup.run(command)) }
        #expect(first.allSatisfy { $0.status == 0 }, "\(first.map(\.standardError))")
        // One graph serves them all: the builder's settings are the same.
        #expect(setup.entries(holding: "graph.bin").count == 1)
        // Records that no longer check would be noted and read afresh, were they replayed.
        let records = setup.cache + "/entries/" + setup.entries(holding: "records.bin")[0] + "/records.bin"
        try Data("not the records".utf8).write(to: URL(fileURLWithPath: records))
        for (command, expected) in zip(commands, first) {
            let again = try setup.run(command)
            #expect(
                again.status == 0 && again.output == expected.output && again.standardError == expected.standardError,
                "\(command): \(again.standardError)")
            let direct = try setup.run(command + ["--no-cache"], ["STANDIN_LOG": ""])
            #expect(again.output == direct.output && again.standardError == direct.standardError, "\(command)")
        }
        #expect(setup.calls() == Self.exportsPerRead)
    }

    @Test("a setting the builder takes misses the graph once, answers as --no-cache does, then hits")
    func graphSettingsMiss() throws {
        let setup = try Setup()
        #expect(try setup.run(["summary", setup.bundle]).status == 0)
        let commands = [
            ["summary", setup.bundle, "--storm-window", "2ms"], ["summary", setup.bundle, "--frame-rate", "120"],
            ["render", setup.bundle, "--format", "dot", "--window", "0s:1s"],
            ["render", setup.bundle, "--format", "dot", "--group", "1"],
        ]
        for (index, command) in commands.enumerated() {
            let cached = try setup.run(command)
            #expect(setup.entries(holding: "graph.bin").count == index + 2, "\(command): a new graph")
            let direct = try setup.run(command + ["--no-cache"], ["STANDIN_LOG": ""])
            #expect(
                cached.status == direct.status && cached.output == direct.output
                    && cached.standardError == direct.standardError, "\(command): \(cached.standardError)")
            let again = try setup.run(command)
            #expect(again.output == cached.output && again.standardError == cached.standardError, "\(command)")
            #expect(setup.entries(holding: "graph.bin").count == index + 2, "\(command): a hit")
        }
        // Shaping and formats apply to the graph afterwards: they share it.
        #expect(try setup.run(["render", setup.bundle, "--format", "svg", "--max-nodes", "4"]).status == 0)
        #expect(setup.entries(holding: "graph.bin").count == commands.count + 1)
        #expect(setup.calls() == Self.exportsPerRead)
    }

    @Test(
        "an entry's file that is a link to /dev/zero or a FIFO is noted as damage at once: never read for ever or waited on"
    )
    func entryFilesThatAreNotFiles() throws {
        let setup = try Setup()
        let command = ["summary", setup.bundle, "--format", "json"]
        let first = try setup.run(command)
        #expect(first.status == 0)
        let entryOf = { (contents: String) in setup.cache + "/entries/" + setup.entries(holding: contents)[0] }
        let replacements: [(String, (String) -> Int32)] = [
            ("a link to /dev/zero", { symlink("/dev/zero", $0) }),
            ("a FIFO", { mkfifo($0, 0o600) }),
        ]
        for file in ["graph.bin", "entry.json"] {
            for (name, replace) in replacements {
                let path = entryOf("graph.bin") + "/" + file
                try FileManager.default.removeItem(atPath: path)
                #expect(replace(path) == 0)
                let again = try setup.run(command)
                Self.expectDamageNoted(again, answering: first, notes: "damaged", of: setup.bundle, "\(file): \(name)")
                let replaced = try setup.run(command)
                #expect(replaced.output == first.output && replaced.standardError == first.standardError, "\(name)")
            }
        }
        // The records entry, replayed by convert.
        let converted = try setup.run(["convert", setup.bundle, "-o", "-"])
        for file in ["records.bin", "entry.json"] {
            for (name, replace) in replacements {
                let path = entryOf("records.bin") + "/" + file
                try FileManager.default.removeItem(atPath: path)
                #expect(replace(path) == 0)
                let again = try setup.run(["convert", setup.bundle, "-o", "-"])
                Self.expectDamageNoted(
                    again, answering: converted, notes: "damaged", of: setup.bundle, "\(file): \(name)")
            }
        }
        #expect(try setup.run(["cache", "list"]).status == 0)
    }

    @Test(
        "a damaged graph (a byte changed; a checksum that fits a document no builder made) is noted, rebuilt, replaced")
    func damagedGraph() throws {
        let setup = try Setup()
        let command = ["summary", setup.bundle, "--format", "json"]
        let first = try setup.run(command)
        let entry = setup.cache + "/entries/" + setup.entries(holding: "graph.bin")[0]
        let graph = entry + "/graph.bin"
        let whole = try Data(contentsOf: URL(fileURLWithPath: graph))
        var flipped = whole
        flipped[whole.count / 2] ^= 0x40
        let metadata = try String(contentsOfFile: entry + "/entry.json", encoding: .utf8)
        let checksum = try #require(
            metadata.firstMatch(of: /"checksum":"([0-9a-f]+)"/).map { String($0.1) }, "\(metadata)")
        let damages: [(String, () throws -> Void)] = [
            ("a byte changed", { try flipped.write(to: URL(fileURLWithPath: graph)) }),
            (
                "a checksum that fits",
                {
                    // The last byte changed, and the checksum made to fit: the decoder finds it.
                    var invalid = whole
                    invalid[invalid.count - 1] = 0xFF
                    try invalid.write(to: URL(fileURLWithPath: graph))
                    var fitting = ContentChecksum()
                    fitting.update([UInt8](invalid))
                    let fitted = metadata.replacingOccurrences(of: checksum, with: fitting.hexDigest)
                    try fitted.write(toFile: entry + "/entry.json", atomically: true, encoding: .utf8)
                }
            ),
        ]
        for (name, damage) in damages {
            try damage()
            let again = try setup.run(command)
            Self.expectDamageNoted(again, answering: first, notes: "damaged", of: setup.bundle, name)
            let replaced = try setup.run(command)
            #expect(replaced.output == first.output && replaced.standardError == first.standardError, "\(name)")
        }
        #expect(setup.calls() == Self.exportsPerRead, "the records answered each rebuild")
    }

    @Test("commands reading one bundle at once each answer whole; one entry results, and the next read exports nothing")
    func concurrentReaders() throws {
        let setup = try Setup()
        let expected = try setup.run(["summary", setup.bundle, "--format", "json", "--no-cache"], ["STANDIN_LOG": ""])
        let results = LockedResults()
        let (bundle, environment) = (setup.bundle, setup.environment.merging(["STANDIN_SLEEP": "0.2"]) { $1 })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            results.append(try? Causegraph.run(["summary", bundle, "--format", "json"], environment: environment))
        }
        for result in results.all {
            #expect(result?.status == 0 && result?.output == expected.output, "\(result?.standardError ?? "")")
        }
        #expect(setup.entries(holding: "records.bin").count == 1 && setup.entries(holding: "graph.bin").count == 1)
        #expect(setup.entries().count == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.cache + "/entries").filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty, "no temporary folder left: \(leftovers)")
        let calls = setup.calls()
        #expect(try setup.run(["summary", setup.bundle, "--format", "json"]).output == expected.output)
        #expect(setup.calls() == calls)
    }

    @Test("cache list shows input, run, size and age; cache clear INPUT removes its entries, cache clear all")
    func listAndClear() throws {
        let setup = try Setup()
        let other = setup.scratch.path("Other.trace")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(try setup.run(["summary", setup.bundle]).status == 0)
        #expect(try setup.run(["summary", other, "--run", "1"]).status == 0)
        let list = try setup.run(["cache", "list"])
        #expect(list.status == 0)
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 && lines[0].hasPrefix("cache: \(setup.cache), 4 entries, "), "\(list.output)")
        // The most recently used first; a read's records and graph are used
        // within the same clock tick, so either of the two may come first.
        let recent = lines[1...2].sorted()
        #expect(recent[0].hasPrefix("\(other)  graph of run 1  ") && recent[0].hasSuffix(" ago"), "\(lines)")
        #expect(recent[1].hasPrefix("\(other)  run 1  ") && recent[1].hasSuffix(" ago"), "\(lines)")
        let older = lines[3...4].sorted()
        #expect(older[0].hasPrefix("\(setup.bundle)  graph  ") && older[0].contains(" KiB  used "), "\(lines)")
        #expect(older[1].hasPrefix("\(setup.bundle)  the only run  ") && older[1].contains(" KiB  used "))
        let cleared = try setup.run(["cache", "clear", setup.bundle])
        #expect(cleared.status == 0 && cleared.output == "cache: removed 2 entries from \(setup.cache)\n")
        let after = try setup.run(["cache", "list"])
        #expect(after.output.contains(other) && !after.output.contains(setup.bundle))
        let all = try setup.run(["cache", "clear"])
        #expect(all.output == "cache: removed 2 entries from \(setup.cache)\n")
        #expect(
            try setup.run(["cache", "list"]).output.hasPrefix(
                "cache: \(setup.cache), 0 entries, 0 bytes of at most 4.0 GiB"))
    }

    @Test("cache clear FOLDER, as a command was given it, removes what reading it kept; an input of no entry is named")
    func clearFolder() throws {
        let setup = try Setup()
        // What `summary large/` keeps of a folder of large exports: an entry keyed by its files, and its graph.
        try FileManager.default.createDirectory(atPath: setup.scratch.path("large"), withIntermediateDirectories: true)
        let exports = try ["causes.xml", "updates.xml"].map { try setup.scratch.write("large/" + $0, "<trace/>") }
        let records = try #require(CacheKey.files(exports, kind: "export", settings: ImportSettings()))
        let graph = try #require(
            CacheKey.graph(
                records: [records], frameRate: nil, burstWindow: GraphBuilder.defaultBurstWindow, window: nil,
                interaction: nil))
        var diagnostics = Diagnostics()
        let cache = TraceCache(directory: setup.cache)
        cache.keep(Array("records".utf8), for: records, diagnostics: &diagnostics)
        cache.keep(Array("graph".utf8), for: graph, contents: .graph, diagnostics: &diagnostics)
        try #require(diagnostics.all.isEmpty && cache.entries().count == 2)
        #expect(try setup.run(["summary", setup.bundle]).status == 0)

        let run = { (arguments: [String]) in
            try Causegraph.run(arguments, in: setup.scratch.url, environment: setup.environment)
        }
        let cleared = try run(["cache", "clear", "large/"])
        #expect(cleared.status == 0 && cleared.output == "cache: removed 2 entries from \(setup.cache)\n")
        #expect(cache.entries().allSatisfy { $0.inputs == [setup.bundle] }, "the bundle's entries stay")
        let again = try run(["cache", "clear", "large/", "App.trace"])
        #expect(again.status == 0)
        #expect(
            again.output
                == "cache: removed 2 entries from \(setup.cache)\ncache: \(setup.cache) holds nothing read from 'large/'\n"
        )
        let nothing = try run(["cache", "clear", "large"])
        #expect(nothing.status == 0 && nothing.output == "cache: \(setup.cache) holds nothing read from 'large'\n")
    }

    @Test("CAUSEGRAPH_CACHE_MAX: the least recently used entries go beyond it; a bad value is a one-line error")
    func sizeLimit() throws {
        var setup = try Setup()
        // convert replays records and builds no graph: one entry a read.
        let convert = { (bundle: String) in ["convert", bundle, "-o", setup.scratch.path("converted.jsonl")] }
        #expect(try setup.run(convert(setup.bundle)).status == 0)
        let entry = setup.cache + "/entries/" + setup.entries()[0]
        let size = try ["records.bin", "entry.json"].map { try fileSize(entry + "/" + $0) }.reduce(0, +)
        // Room for two entries, not three.
        setup.environment["CAUSEGRAPH_CACHE_MAX"] = "\(size * 5 / 2)"
        let bundles = ["A.trace", "B.trace", "C.trace"].map { setup.scratch.path($0) }
        try FileManager.default.removeItem(atPath: setup.cache)
        for bundle in bundles {
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            #expect(try setup.run(convert(bundle)).status == 0)
            Thread.sleep(forTimeInterval: 1.1)  // last use is kept to the second
        }
        #expect(setup.entries().count == 2)
        let list = try setup.run(["cache", "list"]).output
        #expect(!list.contains(bundles[0]) && list.contains(bundles[1]) && list.contains(bundles[2]), "\(list)")
        // Reading B makes it the most recent: D then evicts C.
        #expect(try setup.run(convert(bundles[1])).status == 0)
        Thread.sleep(forTimeInterval: 1.1)
        let later = setup.scratch.path("D.trace")
        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        #expect(try setup.run(convert(later)).status == 0)
        let after = try setup.run(["cache", "list"]).output
        #expect(after.contains(bundles[1]) && !after.contains(bundles[2]) && after.contains(later), "\(after)")

        // An entry larger than all the cache may hold is not kept, and the note says so.
        let tiny = setup.scratch.path("E.trace")
        try FileManager.default.createDirectory(atPath: tiny, withIntermediateDirectories: true)
        let refused = try setup.run(convert(tiny), ["CAUSEGRAPH_CACHE_MAX": "\(size / 2)"])
        #expect(refused.status == 0)
        #expect(
            refused.standardError.contains(
                "\(setup.cache): note: not cached: the entry passed \(ByteCountText.string(Int64(size / 2))), all the cache may hold (CAUSEGRAPH_CACHE_MAX); the next command reads this input again\n"
            ), "\(refused.standardError)")
        #expect(!(try setup.run(["cache", "list"]).output.contains(tiny)))
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: setup.cache + "/entries")).contains {
                $0.hasPrefix(".")
            })

        let bad = try setup.run(["summary", setup.bundle], ["CAUSEGRAPH_CACHE_MAX": "lots"])
        #expect(bad.status == 2)
        #expect(
            bad.standardError
                == "error: CAUSEGRAPH_CACHE_MAX=lots is not a size: give bytes, or a number with K, M or G\n")
    }

    @Test("a cache folder that cannot be written is a note, and the command answers")
    func unwritableCache() throws {
        var setup = try Setup()
        let file = try setup.scratch.write("not-a-folder", "")
        setup.environment["CAUSEGRAPH_CACHE_DIR"] = file + "/cache"
        let result = try setup.run(["summary", setup.bundle, "--format", "json"])
        #expect(result.status == 0)
        let notes = result.standardError.split(separator: "\n").filter { $0.contains("not cached") }
        #expect(
            notes == [
                "\(file)/cache: note: not cached: cannot write the cache folder (Not a directory); the next command reads this input again"
            ],
            "\(result.standardError)")
    }
}

/// Results gathered from several threads.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [CommandResult?] = []

    func append(_ result: CommandResult?) { lock.withLock { results.append(result) } }
    var all: [CommandResult?] { lock.withLock { results } }
}

/// Large exports and native traces (`CAUSEGRAPH_CACHE_MIN`, 64 MB by default, or more) are cached
/// too, keyed on the files. The tests lower the size to 1 MB: reading 64 MB several times over
/// took a sixth of the test run's time.
@Suite("causegraph command line: the cache of large exports and native traces")
struct LargeExportCacheTests {
    /// The cache in `scratch`, keeping traces of a megabyte or more.
    private static func environment(_ scratch: TemporaryFolder) -> [String: String] {
        ["CAUSEGRAPH_CACHE_DIR": scratch.path("cache"), "CAUSEGRAPH_CACHE_MIN": "1M"]
    }

    @Test("the tables of one recording, named to doctor together, are read under the key summary's read has")
    func doctorReadsTablesTogether() throws {
        let scratch = try TemporaryFolder()
        let causes = try GeneratedRecording.write(10_000, "swiftui-causes", into: scratch)
        let groups = try GeneratedRecording.write(1_000, "swiftui-update-groups", into: scratch)
        let environment = Self.environment(scratch)
        #expect(try Causegraph.run(["doctor", causes, groups], environment: environment).status == 0)
        #expect(try Causegraph.run(["summary", groups, causes], environment: environment).status == 0)
        // One records entry, which doctor wrote and summary read, and summary's graph: none for a file alone.
        let list = try Causegraph.run(["cache", "list"], environment: environment).output
        #expect(list.contains(" 2 entries, "), "\(list)")
    }

    @Test(
        "a native trace of CAUSEGRAPH_CACHE_MIN or more is cached as exports are, alone or read with an export, and answers as --no-cache does"
    )
    func largeNativeTraceIsCached() throws {
        let scratch = try TemporaryFolder()
        // About 256 bytes a row: 10,000 rows pass 1 MiB.
        let native = try GeneratedRecording.write(10_000, "native", into: scratch)
        let size = try fileSize(native)
        try #require(size >= 1 << 20, "the trace is \(size) bytes")
        let environment = Self.environment(scratch)
        // convert replays the records entry, which no graph entry stands in for.
        let first = try Causegraph.run(["convert", native, "-o", "-"], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        let list = try Causegraph.run(["cache", "list"], environment: environment).output
        #expect(list.contains("\n\(native)  native trace  ") && list.contains(" 1 entry, "), "\(list)")
        let cached = try Causegraph.run(["convert", native, "-o", "-"], environment: environment)
        #expect(cached.output == first.output && cached.standardError == first.standardError)
        // Its records answer: damaged, they are noted and read afresh.
        let entries = try FileManager.default.contentsOfDirectory(atPath: scratch.path("cache") + "/entries")
        try Data("not the records".utf8).write(
            to: URL(fileURLWithPath: scratch.path("cache") + "/entries/" + entries[0] + "/records.bin"))
        let damaged = try Causegraph.run(["convert", native, "-o", "-"], environment: environment)
        #expect(
            damaged.output == first.output && damaged.standardError.contains("cache entry of this input is damaged"))
        // With an export, each format has its entry, and summary its graph; the answer is --no-cache's.
        let export = try GeneratedRecording.write(10_000, "swiftui-causes", into: scratch, seed: 2)
        let together = try Causegraph.run(["summary", native, export, "--format", "json"], environment: environment)
        #expect(together.status == 0, "\(together.standardError)")
        let listed = try Causegraph.run(["cache", "list"], environment: environment).output
        #expect(
            listed.contains(" 3 entries, ") && listed.contains("\n\(export)  export  ")
                && listed.contains("\n\(native) + \(export)  graph  "), "\(listed)")
        let again = try Causegraph.run(["summary", export, native, "--format", "json"], environment: environment)
        let direct = try Causegraph.run(
            ["summary", native, export, "--format", "json", "--no-cache"], environment: environment)
        #expect(again.output == together.output && again.standardError == together.standardError)
        #expect(direct.output == together.output && direct.standardError == together.standardError)
    }

    @Test(
        "an export of CAUSEGRAPH_CACHE_MIN or more is cached: the second read answers the same from the entry; a touched export misses"
    )
    func largeExportIsCached() throws {
        let scratch = try TemporaryFolder()
        // About 280 bytes a row: 10,000 rows pass 1 MiB.
        let export = try GeneratedRecording.write(10_000, "swiftui-causes", into: scratch)
        let size = try fileSize(export)
        try #require(size >= 1 << 20, "the export is \(size) bytes")
        let environment = Self.environment(scratch)
        // doctor reads it as summary does, with the same key: summary adds only its graph.
        #expect(try Causegraph.run(["doctor", export], environment: environment).status == 0)
        #expect(try Causegraph.run(["cache", "list"], environment: environment).output.contains(" 1 entry, "))
        let first = try Causegraph.run(["summary", export, "--format", "json"], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        let list = try Causegraph.run(["cache", "list"], environment: environment)
        #expect(
            list.output.contains("\n\(export)  export  ") && list.output.contains("\n\(export)  graph  "),
            "\(list.output)")
        // The entry answers: damaged, it would be noted; gone, the list would be empty.
        let second = try Causegraph.run(["summary", export, "--format", "json"], environment: environment)
        #expect(second.output == first.output && second.standardError == first.standardError)
        // Another export (a copy) misses, and small files are not cached at all.
        let small = try Causegraph.run(
            ["summary", fixture("instruments/recording/swiftui-causes.xml")], environment: environment)
        #expect(small.status == 0)
        #expect(try Causegraph.run(["cache", "list"], environment: environment).output.contains(" 2 entries, "))
        let touched = try FileHandle(forWritingTo: URL(fileURLWithPath: export))
        try touched.seekToEnd()
        try touched.write(contentsOf: Data("\n".utf8))
        try touched.close()
        #expect(try Causegraph.run(["summary", export], environment: environment).status == 0)
        #expect(try Causegraph.run(["cache", "list"], environment: environment).output.contains(" 4 entries, "))
        // A folder holding only exports is read through its exports' entries: its graph is kept too.
        let folder = scratch.path("recording")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let linked = folder + "/" + (export as NSString).lastPathComponent
        #expect(link(export, linked) == 0)
        let viaFolder = try Causegraph.run(["summary", folder, "--format", "json"], environment: environment)
        #expect(viaFolder.status == 0, "\(viaFolder.standardError)")
        let listed = try Causegraph.run(["cache", "list"], environment: environment).output
        #expect(listed.contains("\n\(linked)  graph  ") && listed.contains("\n\(linked)  export  "), "\(listed)")
        let again = try Causegraph.run(["summary", folder, "--format", "json"], environment: environment)
        #expect(again.output == viaFolder.output && again.standardError == viaFolder.standardError)
    }

    @Test(
        "CAUSEGRAPH_CACHE_MIN: a trace one byte short of it is read afresh, one of its size is kept; the default is 64 MB; a bad value is a one-line error"
    )
    func minimumInputSize() throws {
        let scratch = try TemporaryFolder()
        let trace = try GeneratedRecording.write(2_000, "native", into: scratch)
        let size = try fileSize(trace)
        var environment = ["CAUSEGRAPH_CACHE_DIR": scratch.path("cache")]
        let list = { try Causegraph.run(["cache", "list"], environment: environment).output }
        for minimum in ["\(size + 1)", ""] {
            environment["CAUSEGRAPH_CACHE_MIN"] = minimum
            #expect(try Causegraph.run(["summary", trace], environment: environment).status == 0)
            #expect(!(try list()).contains(trace), "CAUSEGRAPH_CACHE_MIN=\(minimum)")
        }
        environment["CAUSEGRAPH_CACHE_MIN"] = "\(size)"
        #expect(try Causegraph.run(["summary", trace], environment: environment).status == 0)
        #expect(try list().contains("\n\(trace)  native trace  "))
        #expect(
            try TraceCache.standard(environment: ["CAUSEGRAPH_CACHE_DIR": "/cache"])?.minimumInputSize == 64 << 20)
        environment["CAUSEGRAPH_CACHE_MIN"] = "-1"
        let bad = try Causegraph.run(["summary", trace], environment: environment)
        #expect(bad.status == 2)
        #expect(
            bad.standardError
                == "error: CAUSEGRAPH_CACHE_MIN=-1 is not a size: give bytes, or a number with K, M or G\n")
    }

}

private func fileSize(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
}
