import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraphCLI

@Suite("timeline")
struct TimelineCommandTests {
    /// The `traceEvents` of a written timeline.
    private func traceEvents(_ data: Data) throws -> [JSONValue] {
        let root = try JSONParser.parse(String(decoding: data, as: UTF8.self))
        #expect(root["displayTimeUnit"]?.stringValue == "ns")
        return try #require(root["traceEvents"]?.arrayValue)
    }

    @Test("writes a Trace Event Format file atomically, the same bytes every run, nothing else beside it")
    func writesFile() throws {
        let scratch = try TemporaryFolder()
        let first = try Causegraph.run([
            "timeline", fixture("landmarks-favorites-before.jsonl"), "-o", scratch.path("trace.json"),
        ])
        #expect(first.status == 0)
        #expect(first.standardError == "")
        let bytes = try scratch.read("trace.json")
        let events = try traceEvents(bytes)
        #expect(events.contains { $0["ph"]?.stringValue == "X" })
        #expect(events.contains { $0["ph"]?.stringValue == "s" })
        let again = try Causegraph.run(["timeline", fixture("landmarks-favorites-before.jsonl"), "-o", "-"])
        #expect(again.status == 0)
        #expect(again.standardOutput == bytes)
        #expect(scratch.entries == ["trace.json"])
    }

    @Test("--window keeps the events inside it")
    func window() throws {
        let whole = try traceEvents(
            try Causegraph.run(["timeline", fixture("landmarks-favorites-before.jsonl"), "-o", "-"]).standardOutput)
        let part = try traceEvents(
            try Causegraph.run(["timeline", fixture("landmarks-favorites-before.jsonl"), "--window", "3s:", "-o", "-"])
                .standardOutput)
        let timed = { (events: [JSONValue]) in
            events.filter { $0["ph"]?.stringValue == "X" || $0["ph"]?.stringValue == "i" }
        }
        #expect(!timed(part).isEmpty && timed(part).count < timed(whole).count)
        #expect(timed(part).allSatisfy { microseconds($0["ts"]) >= 3_000_000 })
    }

    /// A timestamp as written, in microseconds.
    private func microseconds(_ value: JSONValue?) -> Double {
        guard case .number(let number)? = value?.content else { return .nan }
        return number.double
    }

    @Test("events without a time are counted in a note")
    func untimedNote() throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write(
            "untimed.jsonl",
            """
            {"causegraph": 1}
            {"node": 1, "kind": "gesture", "title": "Tap", "owner": "app"}
            {"node": 2, "kind": "body", "title": "V", "owner": "app", "time": 2000, "duration": 500}
            {"edge": [1, 2], "label": "update"}

            """)
        let result = try Causegraph.run(["timeline", trace, "-o", scratch.path("out.json")])
        #expect(result.status == 0)
        #expect(result.standardError == "note: left out 1 event without a time and the 1 cause link touching them\n")
    }

    @Test("a trace without cause links says its timeline has no arrows")
    func noArrowsNote() throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write(
            "updates.jsonl",
            """
            {"causegraph": 1}
            {"node": 1, "kind": "body", "title": "V", "owner": "app", "time": 2000, "duration": 500}

            """)
        let result = try Causegraph.run(["timeline", trace, "-o", scratch.path("out.json")])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: the traces hold no cause links, so no arrows: an Instruments export has them in its swiftui-causes table\n"
        )
    }

    @Test("a timeline too large for a browser names the ways to open it")
    func sizeNote() {
        #expect(TimelineCommand.sizeNote(TimelineCommand.browserSize, name: "t.json") == nil)
        #expect(
            TimelineCommand.sizeNote(686_412_345, name: "t.json")
                == "t.json is 686.4 MB: a browser may run out of memory opening it; open it through `trace_processor --httpd` (perfetto.dev/docs/visualization/large-traces), or keep a stretch of time with --window"
        )
    }

    @Test("bad input and bad options fail with one line and status 2, leaving no file")
    func failures() throws {
        let scratch = try TemporaryFolder()
        let broken = try scratch.write("broken.jsonl", "{\"causegraph\": 1}\n{\"node\": 1, \"kind\": \n")
        let bad = try Causegraph.run(["timeline", broken, "-o", scratch.path("out.json")])
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix(broken + ":2:"))
        #expect(bad.standardError.split(separator: "\n").count == 1)
        let window = try Causegraph.run([
            "timeline", fixture("onoff-toggle.jsonl"), "--window", "2s:1s", "-o", scratch.path("out.json"),
        ])
        #expect(window.status == 2)
        #expect(window.standardError.contains("--window"))
        // A window past every event is refused as render refuses it, not written as an empty timeline.
        let empty = try Causegraph.run([
            "timeline", fixture("landmarks-favorites-before.jsonl"), "--window", "1000s:2000s", "-o",
            scratch.path("out.json"),
        ])
        #expect(empty.status == 2)
        #expect(
            empty.standardError
                == "error: no event of the trace is inside --window 1000s:2000s; nothing is left to draw\n",
            "\(empty.standardError)")
        let svg = try Causegraph.run(["timeline", fixture("onoff-toggle.jsonl"), "-o", scratch.path("out.svg")])
        #expect(svg.status == 2)
        #expect(svg.standardError.contains("name it .json"))
        #expect(scratch.entries == ["broken.jsonl"])
    }
}
