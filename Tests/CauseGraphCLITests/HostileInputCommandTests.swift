import CauseGraphTestSupport
import Foundation
import Testing

/// Budgets, option values and patterns built to crash or stall causegraph:
/// each ends at once, in a one-line error and exit status 2, or in a result.
@Suite("hostile budgets, options and patterns")
struct HostileInputCommandTests {
    static let trace = fixture("contact-list.jsonl")

    /// Runs causegraph and expects a single error line mentioning `message`, exit 2.
    static func expectRefused(_ arguments: [String], _ message: String) throws {
        let result = try Causegraph.run(arguments)
        let line = arguments.joined(separator: " ")
        #expect(result.status == 2, "\(line): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(line): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(line): \(result.standardError)")
    }

    @Test("a budget nested 5,000 deep in YAML or 100,000 deep in JSON is refused before Yams reads it")
    func deepBudgets() throws {
        let scratch = try TemporaryFolder()
        let yaml = try scratch.write(
            "deep.yaml", "views: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
        let json = try scratch.write(
            "deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        try Self.expectRefused(
            ["check", Self.trace, "--budget", yaml], "\(yaml):1:70: error: the budget nests deeper than 64 levels")
        try Self.expectRefused(
            ["check", Self.trace, "--budget", json], "\(json):1:64: error: the budget nests deeper than 64 levels")
    }

    @Test("a tolerance past a million percent is refused; one within it reads")
    func tolerance() throws {
        let budget = fixture("budgets/hitches.yaml")
        try Self.expectRefused(
            [
                "check", Self.trace, "--budget", budget, "--baseline", Self.trace, "--tolerance",
                "99999999999999999999%",
            ],
            "'99999999999999999999%' is invalid for '--tolerance <tolerance>': give a percentage up to 1,000,000% (10%), a count (2), or both (10%,2)"
        )
        let result = try Causegraph.run([
            "check", Self.trace, "--budget", budget, "--baseline", Self.trace, "--tolerance",
            "1000000%,9223372036854775807",
        ])
        #expect([0, 1].contains(result.status), "\(result.standardError)")
        #expect(result.output.contains("(tolerance 1000000% or 9223372036854775807)"))
    }

    @Test(
        "every numeric option at and past the ends of its range answers, never traps",
        arguments: [
            ["render", trace, "--format", "json", "--focus", "C", "--depth", "9223372036854775807"],
            ["render", trace, "--format", "json", "--focus", "C", "--depth", "99999999999999999999"],
            ["render", trace, "--format", "json", "--min-count", "9223372036854775807"],
            ["render", trace, "--format", "json", "--max-nodes", "9223372036854775807"],
            ["render", trace, "--format", "json", "--max-edges", "9223372036854775807"],
            ["render", trace, "--format", "json", "--node-fraction", "1e400%"],
            ["render", trace, "--format", "json", "--edge-fraction", "99999999999999999999999999"],
            ["render", trace, "--format", "json", "--window", "9223372036854775807s:"],
            ["render", trace, "--format", "json", "--window", "1e300s:"],
            ["render", trace, "--format", "json", "--window", "9223372036854775806:9223372036854775807"],
            ["render", trace, "--format", "json", "--group", "-9223372036854775808"],
            ["render", trace, "--format", "json", "--gesture", "18446744073709551615"],
            ["summary", trace, "--frame-rate", "1e308"],
            ["summary", trace, "--frame-rate", "nan"],
            ["summary", trace, "--run", "9223372036854775807"],
            ["why", trace, "--update", "18446744073709551615"],
            ["why", trace, "--hitch", "-9223372036854775808"],
            ["why", trace, "--hitch", "9223372036854775807"],
            ["top", trace, "--interval", "99999999999999999999s"],
        ])
    func numericOptions(_ arguments: [String]) throws {
        let result = try Causegraph.run(arguments)
        let line = arguments.joined(separator: " ")
        #expect(result.status == 0 || result.status == 2, "\(line): \(result.status) \(result.standardError)")
        if result.status == 2 {
            #expect(result.standardError.split(separator: "\n").last?.contains("error: ") == true, "\(line)")
        }
        #expect(!result.standardError.contains("Fatal error"), "\(line)")
    }

    /// A trace whose only view is titled with thirty a's.
    static func thirtyAs(in scratch: TemporaryFolder) throws -> String {
        try scratch.write(
            "a.jsonl",
            """
            {"causegraph": 1, "app": "A", "frameRate": 60}
            {"node": 1, "kind": "state", "title": "\(String(repeating: "a", count: 30))!", "owner": "app", "time": 0}
            {"node": 2, "kind": "body", "title": "\(String(repeating: "a", count: 30))", "module": "M", "owner": "app", "time": 1, "duration": 1, "ran": true}
            {"edge": [1, 2], "label": "update"}

            """)
    }

    @Test("a pattern that backtracks catastrophically answers within a second, through why and render")
    func catastrophicPattern() throws {
        let scratch = try TemporaryFolder()
        let trace = try Self.thirtyAs(in: scratch)
        let start = ContinuousClock.now
        let why = try Causegraph.run(["why", trace, "--view", "^(a+)+$", "--regex"])
        #expect(why.status == 0, "\(why.standardError)")
        #expect(why.output.hasPrefix(String(repeating: "a", count: 30) + " (body"))
        let render = try Causegraph.run(["render", trace, "--focus", "^(a|aa)+$", "--regex", "--format", "json"])
        #expect(render.status == 0, "\(render.standardError)")
        #expect(
            ContinuousClock.now - start < .seconds(2 * Sanitizer.slowdown),
            "two runs of causegraph, each well within a second (slower under a sanitizer)")
        try Self.expectRefused(
            ["why", trace, "--view", "(a)\\1", "--regex"],
            "error: invalid regular expression '(a)\\1': '\\1' is not supported")
    }

    @Test(
        "render refuses to lay out more than 4,000 nodes and edges unless --force, and says why; DOT is still written")
    func layoutLimit() throws {
        let scratch = try TemporaryFolder()
        var lines = [#"{"causegraph": 1, "app": "Many", "frameRate": 60}"#]
        for id in 1...5_001 {
            lines.append(
                #"{"node": \#(id), "kind": "body", "title": "V\#(id)", "module": "M", "owner": "app", "time": \#(id), "duration": 1, "ran": true}"#
            )
            if id > 1 { lines.append(#"{"edge": [\#(id - 1), \#(id)], "label": "update", "time": \#(id)}"#) }
        }
        let trace = try scratch.write("many.jsonl", lines.joined(separator: "\n") + "\n")
        // 5,001 views, each updating the next, and the "No recorded cause" node the first one's run comes from. A
        // chain, because Graphviz lays one out in seconds where 5,001 siblings take it a minute.
        try Self.expectRefused(
            ["render", trace, "--max-nodes", "0", "--max-edges", "0", "-o", scratch.path("many.svg")],
            "error: the graph has 5,002 nodes and 5,001 edges to draw, more than 4,000 together, which Graphviz would take minutes and gigabytes to lay out; keep fewer (--max-nodes, --max-edges, --focus, --min-count), write --format dot or json, or give --force"
        )
        try Self.expectRefused(
            ["report", trace, "--max-nodes", "0", "--max-edges", "0", "-o", scratch.path("many.html")],
            "5,002 nodes and 5,001 edges to draw")
        #expect(scratch.entries == ["many.jsonl"])
        let dot = try Causegraph.run(["render", trace, "--max-nodes", "0", "--format", "dot"])
        #expect(dot.status == 0)
        let forced = try Causegraph.run([
            "render", trace, "--max-nodes", "0", "--force", "-o", scratch.path("many.svg"),
        ])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(String(decoding: try scratch.read("many.svg"), as: UTF8.self).contains(">V5001<"))
    }

    @Test("a dense graph is refused by its edges: 91 nodes, each view updating every later one, take Graphviz minutes")
    func denseLayoutLimit() throws {
        let scratch = try TemporaryFolder()
        var lines = [#"{"causegraph": 1, "app": "Dense", "frameRate": 60}"#]
        for id in 1...90 {
            lines.append(
                #"{"node": \#(id), "kind": "body", "title": "V\#(id)", "module": "M", "owner": "app", "time": \#(id), "duration": 1, "ran": true}"#
            )
            for from in 1..<id { lines.append(#"{"edge": [\#(from), \#(id)], "label": "update", "time": \#(id)}"#) }
        }
        let trace = try scratch.write("dense.jsonl", lines.joined(separator: "\n") + "\n")
        // 90 × 89 / 2 = 4,005 edges between the views, and the one from "No recorded cause" into the first.
        for tool in ["render", "diff"] {
            let inputs = tool == "diff" ? [trace, trace] : [trace]
            try Self.expectRefused(
                [tool] + inputs + ["--max-nodes", "0", "--max-edges", "0", "-o", scratch.path("dense.svg")],
                "error: the graph has 91 nodes and 4,006 edges to draw, more than 4,000 together")
        }
        // Under the limit, the same graph is drawn.
        let drawn = try Causegraph.run([
            "render", trace, "--max-nodes", "0", "--max-edges", "300", "-o", scratch.path("dense.svg"),
        ])
        #expect(drawn.status == 0, "\(drawn.standardError)")
        #expect(scratch.entries == ["dense.jsonl", "dense.svg"])
    }
}
