import CauseGraphTestSupport
import Foundation
import Testing

/// Times and durations at the ends of their range, as a hostile trace or an
/// in-flight update records them: every command answers, none traps.
@Suite("extreme trace values")
struct ExtremeValueCommandTests {
    static let maximum = Int64.max

    /// A native trace whose times, durations and group spans reach Int64.max.
    static let trace = """
        {"causegraph": 1, "app": "Extreme", "frameRate": 60}
        {"group": 1, "label": "Transaction", "start": \(maximum), "duration": \(maximum)}
        {"group": 2, "label": "Transaction", "start": 0, "duration": \(maximum)}
        {"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": \(maximum)}
        {"node": 2, "kind": "body", "title": "V", "module": "M", "owner": "app", "time": \(maximum), "duration": \(maximum), "ran": true, "group": 1}
        {"edge": [1, 2], "label": "update", "time": \(maximum)}
        {"node": 3, "kind": "body", "title": "W", "module": "M", "owner": "app", "time": 0, "duration": \(maximum), "ran": true, "group": 2}
        {"edge": [2, 3], "label": "update"}
        {"node": 4, "kind": "body", "title": "W", "module": "M", "owner": "app", "time": 1, "duration": \(maximum), "ran": true, "group": 2}
        {"node": 5, "kind": "other", "title": "L", "owner": "system", "time": \(maximum), "duration": \(maximum), "ran": true}

        """

    static func commands(_ trace: String, view: String, update: String, in scratch: TemporaryFolder) -> [[String]] {
        var commands: [[String]] = []
        for format in ["text", "json", "markdown"] {
            commands.append(["summary", trace, "--format", format])
            commands.append(["why", trace, "--view", view, "--format", format])
            commands.append(["why", trace, "--view", view, "--list", "--format", format])
            commands.append(["why", trace, "--update", update, "--format", format])
        }
        commands.append(["report", trace, "-o", scratch.path("report.html")])
        commands.append(["render", trace, "-o", scratch.path("graph.svg")])
        commands.append(["render", trace, "--format", "json", "-o", scratch.path("graph.json")])
        commands.append(["diff", trace, trace])
        commands.append(["convert", trace, "-o", scratch.path("converted.jsonl")])
        return commands
    }

    /// Success, or (where the table has no such view or event) an error line and exit 2.
    static func expectAnswers(_ arguments: [String], failing: Bool = false) throws {
        let result = try Causegraph.run(arguments)
        let command = arguments.joined(separator: " ")
        if failing && result.status == 2 {
            #expect(
                result.standardError.split(separator: "\n").last?.contains("error: ") == true,
                "\(command): \(result.standardError)")
        } else {
            #expect(result.status == 0, "\(command): \(result.standardError)")
        }
        #expect(!result.standardError.contains("Fatal error"), "\(command)")
    }

    @Test("a graph too large for a PNG is drawn scaled to fit, with one warning saying so and how to draw it whole")
    func pngTooLarge() throws {
        let scratch = try TemporaryFolder()
        // A chain of 400 views, drawn left to right: some 430 inches wide.
        var lines = [#"{"causegraph": 1, "app": "Chain"}"#]
        for index in 1...400 {
            lines.append(#"{"node": \#(index), "kind": "body", "title": "View\#(index)", "owner": "app", "ran": true}"#)
            if index > 1 { lines.append(#"{"edge": [\#(index - 1), \#(index)], "label": "update"}"#) }
        }
        let trace = try scratch.write("chain.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try Causegraph.run(["render", trace, "--max-nodes", "0", "-o", scratch.path("chain.png")])
        #expect(result.status == 0)
        let warning = try #require(result.standardError.split(separator: "\n").first)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(
            warning.hasPrefix(
                "warning: the graph is too large for a PNG at full size, which holds at most 32,000 pixels a side: it is drawn at "
            ) && warning.hasSuffix("% of it; SVG or PDF draw it whole, and --max-nodes draws fewer nodes"))
        let svg = try Causegraph.run(["render", trace, "--max-nodes", "0", "-o", scratch.path("chain.svg")])
        #expect(svg.status == 0 && svg.standardError.isEmpty)
    }

    @Test("a native trace with times and durations of Int64.max")
    func native() throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write("extreme.jsonl", Self.trace)
        for command in Self.commands(trace, view: "W", update: "2", in: scratch) {
            try Self.expectAnswers(command)
        }
    }

    @Test(
        "Instruments exports with times and durations of Int64.max",
        arguments: ["swiftui-updates", "swiftui-update-groups", "several-tables"])
    func instruments(_ table: String) throws {
        let scratch = try TemporaryFolder()
        let original = try String(contentsOfFile: fixture("instruments/\(table).xml"), encoding: .utf8)
        let extreme =
            original
            .replacingOccurrences(of: #"(time[^>]*>)[0-9]+<"#, with: "$1\(Self.maximum)<", options: .regularExpression)
            .replacingOccurrences(
                of: #"(duration[^>]*>)[0-9]+<"#, with: "$1\(Self.maximum)<", options: .regularExpression)
        #expect(extreme != original)
        let trace = try scratch.write("\(table).xml", extreme)
        for command in Self.commands(trace, view: "i", update: "1001", in: scratch) {
            try Self.expectAnswers(command, failing: table != "swiftui-updates")
        }
    }

    @Test(
        "a frame rate too small or too large is a usage error, for every command",
        arguments: ["1e-11", "1e-300", "1e300"])
    func frameRates(_ rate: String) throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write("extreme.jsonl", Self.trace)
        for command in [
            ["summary", trace], ["render", trace, "-o", scratch.path("graph.svg")], ["why", trace, "--view", "W"],
        ] {
            let result = try Causegraph.run(command + ["--frame-rate", rate])
            #expect(result.status == 2)
            #expect(
                result.standardError.contains("--frame-rate must be between 1 and 1000 frames per second, found "),
                "\(result.standardError)")
        }
        let header = try scratch.write(
            "header.jsonl", Self.trace.replacingOccurrences(of: #""frameRate": 60"#, with: #""frameRate": \#(rate)"#))
        let result = try Causegraph.run(["summary", header])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "\(header):1:50: error: \"frameRate\" must be between 1 and 1000 frames per second, found "),
            "\(result.standardError)")
    }
}
