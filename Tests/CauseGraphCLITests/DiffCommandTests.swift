import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("diff command")
struct DiffCommandTests {
    let before = fixture("landmarks-favorites-before.jsonl")
    let after = fixture("landmarks-favorites-after.jsonl")

    @Test("the table of changes goes to standard output, largest first")
    func table() throws {
        let text = try Causegraph.run(["diff", before, after])
        #expect(text.status == 0)
        #expect(text.standardError.isEmpty)
        #expect(
            text.output.contains(
                """
                Changes, largest first: by total time, then by count
                  faster   node  LandmarkListItemView
                                 body · 72 → 3 (−69) updates · 10.1 ms → 441 µs (−9.64 ms)
                  removed  edge  ModelData.favoritesCollection → LandmarkListItemView
                                 observable · 72 → 0 (−72) links
                """))
        #expect(!text.output.contains("\u{1B}"), "no colour when not on a terminal")
        let markdown = try Causegraph.run(["diff", before, after, "--table-format", "markdown"])
        #expect(markdown.output.hasPrefix("## SwiftUI update diff: Landmarks\n"))
        let json = try Causegraph.run(["diff", before, after, "--table-format", "json"])
        #expect(try JSONParser.parse(json.output)["changes"]?.arrayValue?.count == 5)
        let all = try Causegraph.run(["diff", before, after, "--table-format", "json", "--all"])
        #expect(try JSONParser.parse(all.output)["changes"]?.arrayValue?.count == 8 + 8)
    }

    @Test("a note says when one recording holds far more update groups than the other, whose counts then all grow")
    func lengthNote() throws {
        let scratch = try TemporaryFolder()
        // Generated from the same seed: the longer recording replays the shorter one's app, four times as long.
        let short = try GeneratedRecording.write(5_000, "native", into: scratch)
        let long = try GeneratedRecording.write(20_000, "native", into: scratch)
        let (shortGroups, longGroups) = (try groups(in: short), try groups(in: long))
        #expect(longGroups >= shortGroups * 3)
        let result = try Causegraph.run(["diff", short, long, "--table-format", "json"])
        #expect(result.status == 0)
        let tenths = (longGroups * 10 + shortGroups / 2) / shortGroups
        #expect(
            result.standardError
                == "note: native-20000-1.jsonl holds \(tenths / 10).\(tenths % 10)× the update groups of native-5000-1.jsonl (\(CountText.format(longGroups)) against \(CountText.format(shortGroups))): counts grow with what was recorded; compare recordings of the same interaction, or the same stretch of each\n"
        )
        let reversed = try Causegraph.run(["diff", long, short, "--table-format", "json"])
        #expect(reversed.standardError.hasPrefix("note: native-20000-1.jsonl holds "))
        let same = try Causegraph.run(["diff", long, long, "--table-format", "json"])
        #expect(same.standardError.isEmpty)
    }

    @Test("a window that holds nothing of one recording is refused, naming it, rather than shown all removed")
    func windowEmptyOnOneSide() throws {
        let scratch = try TemporaryFolder()
        let later = try scratch.write(
            "later.jsonl",
            """
            {"causegraph": 1, "app": "Landmarks"}
            {"node": 1, "kind": "body", "title": "LandmarkListView", "owner": "app", "time": 10000000000}

            """)
        let result = try Causegraph.run(["diff", before, later, "--window", "2s:3s"])
        #expect(result.status == 2)
        #expect(result.standardError == "\(later): error: no event of the trace is inside --window 2s:3s\n")
        #expect(result.standardOutput.isEmpty)
    }

    /// The update groups a native trace defines, counted from its lines.
    private func groups(in path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count { $0.hasPrefix("{\"group\":") }
    }

    @Test(
        "-o writes the diff graph in the format of its extension, and the table still goes to standard output",
        arguments: [
            ("diff.svg", Array("<?xml".utf8)), ("diff.png", [0x89, 0x50, 0x4E, 0x47]),
            ("diff.pdf", Array("%PDF-".utf8)),
            ("diff.dot", Array("digraph causegraph_diff {".utf8)),
            ("diff.json", Array("{\n  \"causegraphDiff\": 1,".utf8)),
        ])
    func graphFormats(_ name: String, _ signature: [UInt8]) throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(["diff", before, after, "-o", scratch.path(name)])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.output.hasPrefix("Landmarks\n"))
        #expect(try [UInt8](scratch.read(name)).starts(with: signature))
        #expect(scratch.entries == [name])
    }

    @Test("the SVG carries the diff classes and ids, and the same input gives the same bytes")
    func svg() throws {
        let first = try Causegraph.run(["diff", before, after, "-o", "-"])
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("<?xml"), "with the graph on standard output the table is left out")
        // Graphviz writes the hyphens of class names as character references.
        #expect(
            first.output.contains(#"<g id="e4" class="edge diff&#45;removed kind&#45;observable label&#45;update">"#))
        #expect(first.output.contains(#"<g id="n2" class="node diff&#45;added kind&#45;observable owner&#45;app">"#))
        #expect(first.output.contains("72 → 0 (−72)"))
        let second = try Causegraph.run(["diff", before, after, "-o", "-"])
        #expect(first.standardOutput == second.standardOutput)
        let scratch = try TemporaryFolder()
        let both = try Causegraph.run([
            "diff", before, after, "-o", "-", "--format", "dot", "--table", scratch.path("changes.md"),
            "--table-format", "markdown",
        ])
        #expect(both.output.hasPrefix("digraph causegraph_diff {"))
        #expect(String(decoding: try scratch.read("changes.md"), as: UTF8.self).hasPrefix("## SwiftUI update diff"))
    }

    @Test("the recordings are labelled by their shortest distinguishing names; no output holds an absolute path")
    func labelsWithoutFolders() throws {
        let scratch = try TemporaryFolder()
        for side in ["before", "after"] {
            try FileManager.default.createDirectory(atPath: scratch.path(side), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: side == "before" ? before : after, toPath: scratch.path("\(side)/trace.jsonl"))
        }
        let result = try Causegraph.run([
            "diff", scratch.path("before/trace.jsonl"), scratch.path("after/trace.jsonl"), "-o", scratch.path("d.svg"),
            "--table", scratch.path("d.json"), "--table-format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let table = try JSONParser.parse(String(decoding: try scratch.read("d.json"), as: UTF8.self))
        #expect(table["before"]?["name"]?.stringValue == "before/trace.jsonl")
        #expect(table["after"]?["name"]?.stringValue == "after/trace.jsonl")
        for name in ["d.svg", "d.json"] {
            let text = String(decoding: try scratch.read(name), as: UTF8.self)
            #expect(!text.contains(scratch.url.path), "\(name) names no folder of this machine")
        }
        #expect(
            String(decoding: try scratch.read("d.svg"), as: UTF8.self).contains(
                "before/trace.jsonl → after/trace.jsonl"))
    }

    @Test("one recording against itself, by its absolute path, is named by its file name on both sides")
    func samePathTwice() throws {
        let result = try Causegraph.run(["diff", before, before])
        #expect(result.status == 0, "\(result.standardError)")
        let name = (before as NSString).lastPathComponent
        #expect(result.output.contains("\n  before: \(name) ("), "\(result.output)")
        #expect(result.output.contains("\n  after:  \(name) ("), "\(result.output)")
    }

    @Test("a directory is one recording; --frame-rate applies to both sides")
    func directoriesAndReading() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("after"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: after, toPath: scratch.path("after/trace.jsonl"))
        let result = try Causegraph.run([
            "diff", before, scratch.path("after"), "--table-format", "json", "--frame-rate", "60",
        ])
        #expect(result.status == 0)
        #expect(try JSONParser.parse(result.output)["after"]?["frameRate"]?.numberValue == 60)
        let stdin = try Causegraph.run(
            ["diff", "-", after], standardInput: try Data(contentsOf: URL(fileURLWithPath: before)))
        #expect(stdin.status == 0)
        #expect(stdin.output.contains("72 → 0 (−72)"))
    }

    @Test(
        "bad input and usage exit 2 and write nothing",
        arguments: [
            (["diff", "missing.jsonl", "AFTER"], "missing.jsonl"),
            (["diff", "-", "-"], "only one of the two recordings can be read from standard input"),
            (["diff", "BEFORE", "AFTER", "-o", "diff.txt"], "cannot tell the format of"),
            (
                ["diff", "BEFORE", "AFTER", "--format", "svg"],
                "error: --format names the graph's format; name its file with -o, or give the table's format with --table-format\n"
            ),
            (["diff", "BEFORE", "AFTER", "-o", "-", "--table", "-"], "cannot both go to standard output"),
            (["diff", "BEFORE", "AFTER", "-o", "same.json", "--table", "./same.json"], "name the same file"),
            (["diff", "BEFORE", "AFTER", "-o", "same.json", "--table", "Same.JSON"], "name the same file (on a Mac"),
            (["diff", "BEFORE"], "error: missing expected argument"),
        ])
    func errors(_ arguments: [String], _ message: String) throws {
        let scratch = try TemporaryFolder()
        let bad = try scratch.write("bad.jsonl", "{\"causegraph\": 1}\n{\"node\": 1}\n")
        let resolved = arguments.map {
            $0 == "BEFORE" ? before : $0 == "AFTER" ? after : $0 == "diff.txt" ? scratch.path("diff.txt") : $0
        }.map { $0.lowercased().hasSuffix("same.json") ? scratch.path(".") + "/" + $0 : $0 }
        let result = try Causegraph.run(resolved)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(!scratch.entries.contains("same.json") && !scratch.entries.contains("Same.JSON"))
        let malformed = try Causegraph.run(["diff", before, bad, "-o", scratch.path("out.svg")])
        #expect(malformed.status == 2)
        #expect(malformed.standardError.hasPrefix(bad + ":2:"))
        #expect(!scratch.entries.contains("out.svg"))
    }
}

@Suite("diff command shaping")
struct DiffShapingCommandTests {
    let before = fixture("landmarks-favorites-before.jsonl")
    let after = fixture("landmarks-favorites-after.jsonl")

    @Test("render's shaping options apply to the picture and, but for --max-nodes, to the table")
    func shaping() throws {
        let focused = try Causegraph.run([
            "diff", before, after, "--focus", "ListItem", "--depth", "1", "--table-format", "json",
        ])
        #expect(focused.status == 0)
        #expect(try JSONParser.parse(focused.output)["changes"]?.arrayValue?.count == 4)
        let limited = try Causegraph.run([
            "diff", before, after, "--max-nodes", "2", "--table-format", "json", "-o", "-", "--format", "dot",
        ])
        #expect(limited.status == 0)
        #expect(limited.output.contains("--max-nodes 2: 6 nodes explaining the fewest updates dropped"))
        #expect(
            limited.standardError
                == "note: showing 2 of 8 nodes and 0 of 8 edges (+ 1 dotted)\nnote: --max-nodes 2: 6 nodes explaining the fewest updates dropped (--max-nodes 0 shows all)\n"
        )
        let scratch = try TemporaryFolder()
        let table = try Causegraph.run([
            "diff", before, after, "--max-nodes", "2", "-o", scratch.path("diff.json"), "--table-format", "json",
        ])
        #expect(
            try JSONParser.parse(table.output)["changes"]?.arrayValue?.count == 5, "the table is not cut by --max-nodes"
        )
        let graph = try JSONParser.parse(String(decoding: try scratch.read("diff.json"), as: UTF8.self))
        #expect(graph["nodes"]?.arrayValue?.count == 2)
        #expect(graph["shaping"]?["filters"]?.arrayValue?.count == 1)
    }

    @Test(
        "a time window applies to each recording; a filter that leaves nothing is an error",
        arguments: [
            (["--focus", "NoSuchView"], 2),
            (["--window", "1h:"], 2),
            (["--depth", "1"], 2),
            (["--window", ":2042ms"], 0),
        ] as [([String], Int32)])
    func filters(_ options: [String], _ status: Int32) throws {
        let result = try Causegraph.run(["diff", before, after] + options)
        #expect(result.status == status, "stderr: \(result.standardError)")
    }
}
