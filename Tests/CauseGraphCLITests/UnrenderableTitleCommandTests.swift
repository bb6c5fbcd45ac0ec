import CauseGraphTestSupport
import Foundation
import Testing

/// Titles and app names that are empty, noncharacters, BiDi controls or
/// 20,000 characters long: every picture and page renders, and the DOT that
/// `--format dot` writes is accepted by Graphviz's own `dot` too.
@Suite("titles Graphviz used to refuse")
struct UnrenderableTitleCommandTests {
    static let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        "render, report and diff succeed",
        arguments: ["graph.svg", "graph.png", "graph.pdf", "report.html", "diff.svg", "diff.png"])
    func renders(_ output: String) throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("titles.jsonl")
        try UnrenderableTitles.write(to: trace)
        let arguments =
            output.hasPrefix("report")
            ? ["report", trace, "-o", scratch.path(output)]
            : output.hasPrefix("diff")
                ? ["diff", fixture("onoff-toggle.jsonl"), trace, "-o", scratch.path(output)]
                : ["render", trace, "-o", scratch.path(output)]
        let result = try Causegraph.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try scratch.read(output).count > 1_000)
    }

    @Test("an empty title reads (untitled) in the SVG")
    func placeholder() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("titles.jsonl")
        try UnrenderableTitles.write(to: trace)
        let result = try Causegraph.run(["render", trace, "-o", "-", "--format", "svg"])
        #expect(result.status == 0)
        #expect(result.output.contains(">(untitled)</text>"))
    }

    @Test(
        "a blank title reads (untitled) wherever people read it",
        arguments: [
            ["summary"], ["summary", "--format", "markdown"], ["check", "BUDGET"],
            ["check", "BUDGET", "--format", "markdown"], ["check", "BUDGET", "--format", "junit"],
            ["check", "BUDGET", "--format", "github"],
        ])
    func blankTitles(_ command: [String]) throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write(
            "blank.jsonl",
            """
            {"causegraph": 1, "app": "Blank"}
            {"node": 1, "kind": "state", "title": " ", "owner": "app", "time": 1000}
            {"node": 2, "kind": "body", "title": " ", "module": "Blank", "owner": "app", "time": 2000, "duration": 5}
            {"node": 3, "kind": "body", "title": " ", "module": "Blank", "owner": "app", "time": 3000, "duration": 5}
            {"edge": [1, 2], "label": "update", "time": 2000}
            {"edge": [1, 3], "label": "update", "time": 3000}

            """)
        let budget = try scratch.write(
            "budget.yaml", "version: 1\nviews:\n  - view: \"^ $\"\n    regex: true\n    updates:\n      total: 0\n")
        let arguments = [command[0], trace] + command.dropFirst().map { $0 == "BUDGET" ? "--budget=\(budget)" : $0 }
        let result = try Causegraph.run(arguments)
        #expect(result.status == (command[0] == "check" ? 1 : 0), "\(result.standardError)")
        #expect(result.output.contains("(untitled)"), "\(result.output)")
        // No row or line names nothing: a title column, a subject, evidence.
        for line in result.output.split(separator: "\n") {
            #expect(!line.contains("·  ") && !line.hasSuffix("· ") && !line.contains("|   |"), "\(line)")
            #expect(!line.hasPrefix("   ran") && !line.contains("· ran"), "\(line)")
        }
    }

    @Test(
        "a finding about a blank title names it (untitled), in summary and in check's evidence",
        arguments: [["summary"], ["summary", "--format", "markdown"], ["check", "--format", "github"]])
    func blankTitleInFindings(_ command: [String]) throws {
        let scratch = try TemporaryFolder()
        let storm = try String(contentsOfFile: fixture("findings/rebuild-storm.jsonl"), encoding: .utf8)
        let trace = try scratch.write(
            "storm.jsonl", storm.replacingOccurrences(of: "\"StickyHeaderView\"", with: "\" \""))
        let budget = try scratch.write("budget.yaml", "version: 1\nfindings:\n  rebuildStorm: 0\n")
        let arguments =
            [command[0], trace] + (command[0] == "check" ? ["--budget", budget] : []) + command.dropFirst()
        let result = try Causegraph.run(arguments)
        #expect(result.status == (command[0] == "check" ? 1 : 0), "\(result.standardError)")
        #expect(result.output.contains("(untitled) ran 12 times within 5 ms"), "\(result.output)")
    }

    @Test("the dot command accepts what --format dot writes", .enabled(if: dot != nil, "needs Graphviz's dot command"))
    func dotCommand() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("titles.jsonl")
        try UnrenderableTitles.write(to: trace)
        for (arguments, name) in [
            (["render", trace, "--format", "dot", "-o"], "graph.dot"),
            (["diff", fixture("onoff-toggle.jsonl"), trace, "-o"], "diff.dot"),
        ] {
            let written = try Causegraph.run(arguments + [scratch.path(name)])
            #expect(written.status == 0, "\(written.standardError)")
            let dot = try ProcessRunner.run(
                URL(fileURLWithPath: try #require(Self.dot)),
                ["-Tsvg", "-o", scratch.path(name + ".svg"), scratch.path(name)], timeout: .seconds(120))
            #expect(dot.status == 0, "dot: \(dot.standardError)")
        }
    }

    @Test(
        "BiDi controls and separators reach no terminal",
        arguments: [
            ["summary"], ["why", "--view", "a"], ["why", "--update", "7"], ["diff", "ONOFF"],
            ["why", "--view", "a", "--format", "markdown"],
        ])
    func terminal(_ command: [String]) throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("titles.jsonl")
        try UnrenderableTitles.write(to: trace)
        let arguments =
            command.first == "diff"
            ? ["diff", fixture("onoff-toggle.jsonl"), trace] : [command[0], trace] + command.dropFirst()
        let result = try Causegraph.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.output + result.standardError
        #expect(text.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e"))
        #expect(
            !text.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || $0.value == 0x2028
                    || $0.value == 0x2029
            })
    }
}
