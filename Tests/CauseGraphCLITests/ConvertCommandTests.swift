import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("convert")
struct ConvertCommandTests {
    @Test("a long conversion to a large file matches the input graph")
    func largeRoundTrip() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("large.jsonl")
        try SyntheticTrace(views: 1_200).write(to: trace)
        let converted = try Causegraph.run(["convert", trace, "-o", scratch.path("converted.jsonl")])
        #expect(converted.status == 0)
        // The synthetic trace is written by the same encoder, so converting it changes nothing.
        #expect(try scratch.read("converted.jsonl") == scratch.read("large.jsonl"))
        #expect(scratch.entries == ["converted.jsonl", "large.jsonl"])
    }

    @Test("--window writes the events inside it, the links between them and the groups it overlaps")
    func window() throws {
        let scratch = try TemporaryFolder()
        let source = fixture("landmarks-favorites-before.jsonl")
        let result = try Causegraph.run(["convert", source, "--window", "2s:2.5s", "-o", scratch.path("tap.jsonl")])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: --window 2s:2.5s: 60 events, 58 links and 2 update groups outside the window left out\n")
        // What the window keeps, counted from the fixture itself: its first tap and update group.
        let records = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map {
            try JSONParser.parse(String($0))
        }
        let kept = Set(
            records.compactMap { record -> Int64? in
                guard let node = record["node"]?.numberValue, let time = record["time"]?.numberValue else { return nil }
                return (2_000_000_000..<2_500_000_000).contains(time) ? node : nil
            })
        let links = records.filter { record in
            guard case .array(let ends)? = record["edge"]?.content else { return false }
            return ends.allSatisfy { end in end.numberValue.map { kept.contains($0) } ?? false }
        }
        let written = try String(decoding: scratch.read("tap.jsonl"), as: UTF8.self).split(separator: "\n").map {
            try JSONParser.parse(String($0))
        }
        #expect(kept.count == 30)
        #expect(written.count { $0["node"] != nil } == kept.count)
        #expect(written.count { $0["edge"] != nil } == links.count)
        #expect(written.filter { $0["node"] == nil }.compactMap { $0["group"]?.numberValue } == [1])
        #expect(written.first?["app"]?.content == .string("Landmarks"))
    }

    @Test(
        "a window holding no event or hitch writes nothing and leaves an earlier output as it was",
        arguments: [
            ("landmarks-favorites-before.jsonl", "100s:", "error: no event of the trace is inside --window 100s..\n"),
            ("instruments/hitches.xml", "5s:6s", "error: no event of the trace is inside --window 5s:6s\n"),
        ])
    func emptyWindow(_ trace: String, _ window: String, _ error: String) throws {
        let scratch = try TemporaryFolder()
        let output = try scratch.write("out.jsonl", "earlier\n")
        let result = try Causegraph.run(["convert", fixture(trace), "--window", window, "-o", output])
        #expect(result.status == 2)
        #expect(result.standardError.hasSuffix(error))
        #expect(try scratch.read("out.jsonl") == Data("earlier\n".utf8))
        #expect(scratch.entries == ["out.jsonl"])
    }

    @Test(
        "what no reader would read back is an error at its line, and nothing is written",
        arguments: [
            (
                #"{"node": 1, "kind": "body", "title": "Again", "owner": "app"}"#,
                "3:10: error: node 1 is already defined"
            ),
            (
                #"{"edge": [1, 7], "label": "update"}"#,
                "3:14: error: edge names node 7, which is not defined before this line"
            ),
            (#"{"group": 1, "label": "Once more"}"#, "3:11: error: update group 1 is already defined"),
        ])
    func unreadableInput(_ line: String, _ error: String) throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write(
            "bad.jsonl",
            """
            {"causegraph": 1, "app": "A"}
            \(line.contains("group") ? #"{"group": 1, "label": "First"}"# : #"{"node": 1, "kind": "body", "title": "V", "owner": "app"}"#)
            \(line)

            """)
        let result = try Causegraph.run(["convert", trace, "-o", scratch.path("out.jsonl")])
        #expect(result.status == 2)
        #expect(result.standardError == "\(trace):\(error)\n")
        #expect(scratch.entries == ["bad.jsonl"])
    }

    @Test("what --window writes reads back, also when it keeps an update of a group that began before it")
    func windowOfGroupInFlight() throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write(
            "flight.jsonl",
            """
            {"causegraph": 1, "app": "G"}
            {"group": 1, "label": "Transaction", "start": 1000000000}
            {"group": 2, "label": "Earlier", "start": 500000000, "duration": 1000}
            {"node": 1, "kind": "body", "title": "V", "owner": "app", "time": 2000000000, "group": 1}
            {"node": 2, "kind": "body", "title": "W", "owner": "app", "time": 500000500, "group": 2}
            {"hitch": "hitch", "start": 100000000, "duration": 50000000}

            """)
        let result = try Causegraph.run(["convert", trace, "--window", "1.5s:3s", "-o", scratch.path("out.jsonl")])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: --window 1.5s:3s: 1 event, 0 links, 1 update group and 1 hitch or hang outside the window left out\n"
        )
        let readBack = try Causegraph.run(["summary", scratch.path("out.jsonl"), "--format", "json"])
        #expect(readBack.status == 0, "\(readBack.standardError)")
        let written = try String(decoding: scratch.read("out.jsonl"), as: UTF8.self)
        #expect(written.contains(#"{"group": 1, "label": "Transaction", "start": 1000000000}"#))
        #expect(!written.contains("Earlier"))
    }

    @Test(
        "a failed write is reported against the output, with exit status 2",
        .enabled(
            if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full, whose writes fail with ENOSPC"))
    func fullDevice() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("large.jsonl")
        // Larger than the output's buffer, so the write fails while the input is still being read.
        try SyntheticTrace(views: 1_200).write(to: trace)
        let result = try Causegraph.run(["convert", trace, "-o", "/dev/full"])
        #expect(result.status == 2)
        #expect(result.standardError == "/dev/full: error: cannot write: No space left on device\n")
    }
}
