import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("causegraph render --group / --gesture and summary's interactions")
struct InteractionCommandTests {
    /// Three interactions whose answer is known by construction:
    /// - Tap (event 1) → @State: flag (ungrouped) → Header 1 ms, Footer 2 ms, in group 10;
    /// - Swipe (event 5) → Card 5 ms → Badge 1 ms, and a skipped Badge check, in group 20;
    /// - External: Time (event 9) → Clock 0.5 ms, in group 30.
    /// Group 20 costs most body time (6 ms), then 10 (3 ms), then 30 (0.5 ms).
    static let trace = """
        {"causegraph": 1, "app": "Interactions", "frameRate": 60}
        {"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": 1000}
        {"node": 2, "kind": "state", "title": "@State: flag", "owner": "app", "time": 2000}
        {"edge": [1, 2], "label": "update"}
        {"node": 3, "kind": "body", "title": "Header", "owner": "app", "time": 3000, "duration": 1000000, "ran": true, "group": 10}
        {"edge": [2, 3], "label": "update"}
        {"node": 4, "kind": "body", "title": "Footer", "owner": "app", "time": 4000, "duration": 2000000, "ran": true, "group": 10}
        {"edge": [2, 4], "label": "update"}
        {"node": 5, "kind": "gesture", "title": "Swipe", "owner": "app", "time": 10000000}
        {"node": 6, "kind": "body", "title": "Card", "owner": "app", "time": 10001000, "duration": 5000000, "ran": true, "group": 20}
        {"edge": [5, 6], "label": "update"}
        {"node": 7, "kind": "body", "title": "Badge", "owner": "app", "time": 15001000, "duration": 1000000, "ran": true, "group": 20}
        {"edge": [6, 7], "label": "update"}
        {"node": 8, "kind": "body", "title": "Badge", "owner": "app", "time": 16001000, "duration": 1000000, "ran": false, "group": 20}
        {"edge": [6, 8], "label": "update"}
        {"node": 9, "kind": "externalEnvironment", "title": "External: Time", "owner": "system", "time": 20000000}
        {"node": 11, "kind": "body", "title": "Clock", "owner": "app", "time": 20001000, "duration": 500000, "ran": true, "group": 30}
        {"edge": [9, 11], "label": "update"}
        {"group": 10, "label": "Transaction for Gesture", "start": 2500, "duration": 3000000}
        {"group": 20, "label": "Transaction for Gesture", "start": 10000500, "duration": 7000000}
        {"group": 30, "label": "Transaction", "start": 20000500, "duration": 600000}

        """

    private func titles(_ json: String) throws -> [String] {
        let parsed = try JSONParser.parse(json)
        guard case .object(let object) = parsed.content, case .array(let nodes)? = object["nodes"]?.content else {
            return []
        }
        return nodes.compactMap { node in
            guard case .object(let fields) = node.content, case .string(let title)? = fields["title"]?.content else {
                return nil
            }
            return title
        }
    }

    @Test("--group draws the group's updates and the ungrouped causes that led to them")
    func group() throws {
        let scratch = try TemporaryFolder()
        let path = try scratch.write("interactions.jsonl", Self.trace)
        let result = try Causegraph.run(["render", path, "--format", "json", "--group", "10"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try titles(result.output) == ["Tap", "@State: flag", "Footer", "Header"])
        #expect(result.standardError.contains("--group 10: 6 events and 4 links of other interactions left out"))
        let twenty = try Causegraph.run(["render", path, "--format", "json", "--group", "20"])
        #expect(try titles(twenty.output) == ["Swipe", "Badge", "Card"])
    }

    @Test("--gesture draws the gesture and everything it led to, whatever the groups")
    func gesture() throws {
        let scratch = try TemporaryFolder()
        let path = try scratch.write("interactions.jsonl", Self.trace)
        let tap = try Causegraph.run(["render", path, "--format", "json", "--gesture", "1"])
        #expect(tap.status == 0, "\(tap.standardError)")
        #expect(try titles(tap.output) == ["Tap", "@State: flag", "Footer", "Header"])
        let swipe = try Causegraph.run(["render", path, "--format", "dot", "--gesture", "5"])
        #expect(swipe.output.contains("skipped 1 of 1") == false, "Badge ran once and was skipped once: one node")
        #expect(swipe.output.contains("ran 1 of 2"))
        #expect(!swipe.output.contains("Header"))
    }

    @Test(
        "an interaction that is not in the trace, or two at once, is a one-line error with exit status 2",
        arguments: [
            (
                ["--group", "99"],
                "error: --group 99 removed every node (no event names that update group); nothing is left to draw\n"
            ),
            (
                ["--gesture", "2"],
                "error: --gesture 2 removed every node (no gesture event has that id); nothing is left to draw\n"
            ),
            (
                ["--group", "10", "--gesture", "1"],
                "--group and --gesture each choose one interaction; give one of them"
            ),
        ])
    func errors(_ options: [String], _ message: String) throws {
        let scratch = try TemporaryFolder()
        let path = try scratch.write("interactions.jsonl", Self.trace)
        let result = try Causegraph.run(["render", path, "--format", "json"] + options)
        #expect(result.status == 2)
        #expect(
            result.standardError.hasSuffix(message) || result.standardError.contains(message), "\(result.standardError)"
        )
        #expect(result.output.isEmpty)
    }

    @Test("report draws one interaction too, and focus shares; diff neither offers nor takes one, nor --unfold")
    func otherCommands() throws {
        let scratch = try TemporaryFolder()
        let path = try scratch.write("interactions.jsonl", Self.trace)
        let report = try Causegraph.run(["report", path, "-o", scratch.path("page.html"), "--gesture", "5"])
        #expect(report.status == 0, "\(report.standardError)")
        let page = String(decoding: try scratch.read("page.html"), as: UTF8.self)
        #expect(page.contains("Card") && !page.contains("Header"))
        let focused = try Causegraph.run(["report", path, "-o", scratch.path("focused.html"), "--focus", "Header"])
        #expect(focused.status == 0)
        let focusedPage = String(decoding: try scratch.read("focused.html"), as: UTF8.self)
        #expect(
            focusedPage.contains("1 update · 1 ms · 100%"),
            "the report's graph carries the focus shares as render's does")
        for option in [["--group", "10"], ["--gesture", "5"], ["--unfold"]] {
            let diff = try Causegraph.run(["diff", path, path] + option)
            #expect(diff.status == 2)
            #expect(diff.standardError.contains("unknown option '\(option[0])'"), "\(diff.standardError)")
        }
        let help = try Causegraph.run(["diff", "--help"]).output
        #expect(help.contains("--max-nodes") && !help.contains("--group") && !help.contains("--unfold"))
        #expect(try Causegraph.run(["render", "--help"]).output.contains("--gesture <event-id>"))
    }

    @Test("summary ranks the update groups by body time, naming the gesture that started each")
    func summary() throws {
        let scratch = try TemporaryFolder()
        let path = try scratch.write("interactions.jsonl", Self.trace)
        let text = try Causegraph.run(["summary", path])
        #expect(text.status == 0)
        let section = text.output.components(separatedBy: "Interactions by body time\n")[1].components(
            separatedBy: "\n\n")[0]
        #expect(
            section == """
                  group 20 · 6 ms in 2 bodies · gesture 5 (Swipe) · Transaction for Gesture
                  group 10 · 3 ms in 2 bodies · gesture 1 (Tap) · Transaction for Gesture
                  group 30 · 500 µs in 1 body · Transaction
                """)
        let json = try Causegraph.run(["summary", path, "--format", "json"])
        #expect(
            json.output.contains(
                """
                "interactions": [
                    {"group": 20, "label": "Transaction for Gesture", "start": 10000500, "bodies": 2, "bodyTime": 6000000, "gestures": [5], "gestureTitle": "Swipe"},
                    {"group": 10, "label": "Transaction for Gesture", "start": 2500, "bodies": 2, "bodyTime": 3000000, "gestures": [1], "gestureTitle": "Tap"},
                    {"group": 30, "label": "Transaction", "start": 20000500, "bodies": 1, "bodyTime": 500000, "gestures": [], "gestureTitle": null}
                  ],
                """))
    }

    /// A second recording whose ids collide with ``trace``'s: gesture 1 and group 10 again.
    static let secondTrace = """
        {"causegraph": 1, "app": "Interactions", "frameRate": 60}
        {"node": 1, "kind": "gesture", "title": "Pinch", "owner": "app", "time": 1000}
        {"node": 6, "kind": "body", "title": "Zoom", "owner": "app", "time": 2000, "duration": 9000000, "ran": true, "group": 10}
        {"edge": [1, 6], "label": "update"}
        {"group": 10, "label": "Transaction for Gesture", "start": 1500, "duration": 9500000}

        """

    @Test("several traces: every command names a group as the graph does, and an event id two traces define is refused")
    func severalTraces() throws {
        let scratch = try TemporaryFolder()
        // Read in name order: interactions.jsonl's groups 10, 20, 30 become 1, 2, 3, second.jsonl's 10 becomes 4.
        let paths = [
            try scratch.write("second.jsonl", Self.secondTrace), try scratch.write("interactions.jsonl", Self.trace),
        ]
        let json = try Causegraph.run(["summary"] + paths + ["--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(
            json.output.contains(
                """
                "interactions": [
                    {"group": 4, "label": "Transaction for Gesture", "start": 1500, "bodies": 1, "bodyTime": 9000000, "gestures": [1], "gestureTitle": "Pinch"},
                    {"group": 2, "label": "Transaction for Gesture", "start": 10000500, "bodies": 2, "bodyTime": 6000000, "gestures": [5], "gestureTitle": "Swipe"},
                    {"group": 1, "label": "Transaction for Gesture", "start": 2500, "bodies": 2, "bodyTime": 3000000, "gestures": [1], "gestureTitle": "Tap"},
                """), "each trace's group 10 is its own interaction, under the graph's ids")
        #expect(
            json.output.contains(#""time": 2000, "duration": 9000000, "severity": "high", "group": 4}"#),
            "the longest update names its group as the graph does")

        let zoom = try Causegraph.run(["render"] + paths + ["--format", "json", "--group", "4"])
        #expect(zoom.status == 0, "\(zoom.standardError)")
        #expect(try titles(zoom.output) == ["Pinch", "Zoom"])
        #expect(
            zoom.output.contains(#"{"id": 4, "label": "Transaction for Gesture""#)
                && zoom.output.contains(#""groups": [4]"#),
            "the drawn group keeps the id it was chosen by")
        let tap = try Causegraph.run(["render"] + paths + ["--format", "json", "--group", "1"])
        #expect(try titles(tap.output) == ["Tap", "@State: flag", "Footer", "Header"])

        let gesture = try Causegraph.run(["render"] + paths + ["--gesture", "1", "-o", scratch.path("g.svg")])
        #expect(gesture.status == 2)
        #expect(gesture.standardError.contains("--gesture 1 names a gesture event in 2 of the traces read together"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("g.svg")))
        let swipe = try Causegraph.run(["render"] + paths + ["--format", "json", "--gesture", "5"])
        #expect(try titles(swipe.output) == ["Swipe", "Badge", "Card"])

        let ambiguous = try Causegraph.run(["why"] + paths + ["--update", "6"])
        #expect(ambiguous.status != 0)
        #expect(ambiguous.standardError.contains("event 6 is in 2 of the traces read together"))
        let badge = try Causegraph.run(["why"] + paths + ["--update", "7", "--format", "json"])
        #expect(badge.status == 0, "\(badge.standardError)")
        #expect(badge.output.contains(#""group": 2"#) && !badge.output.contains(#""group": 20"#))

        let report = try Causegraph.run(["report"] + paths + ["-o", scratch.path("page.html")])
        #expect(report.status == 0, "\(report.standardError)")
        let page = String(decoding: try scratch.read("page.html"), as: UTF8.self)
        #expect(!page.contains(#""group": 10"#) && !page.contains(#""group": 20"#) && page.contains(#""group": 4"#))
        let timeline = try Causegraph.run(["timeline"] + paths + ["-o", scratch.path("timeline.json")])
        #expect(timeline.status == 0, "\(timeline.standardError)")
        let trace = String(decoding: try scratch.read("timeline.json"), as: UTF8.self)
        #expect(!trace.contains(#""group": 10"#) && trace.contains(#""group": 4"#))
    }
}
