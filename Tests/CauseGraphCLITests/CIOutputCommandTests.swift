import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// `check --format junit|github` and `diff --exit-code`, as a CI job runs them.
@Suite("CI outputs of check and diff")
struct CIOutputCommandTests {
    let before = fixture("landmarks-favorites-before.jsonl")
    let after = fixture("landmarks-favorites-after.jsonl")
    let budget = fixture("budgets/landmarks.yaml")

    @Test("-o report.xml writes JUnit, exit status 1 for a limit exceeded; the extension and --format must agree")
    func junitByExtension() throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(["check", before, "--budget", budget, "-o", scratch.path("report.xml")])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty && result.standardError.isEmpty)
        let xml = String(decoding: try scratch.read("report.xml"), as: UTF8.self)
        #expect(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"causegraph check\" tests=\"11\" failures=\"5\""
            ))
        let named = try Causegraph.run(["check", before, "--budget", budget, "--format", "junit"])
        #expect(named.status == 1)
        #expect(named.output == xml)
        let contradicting = try Causegraph.run([
            "check", before, "--budget", budget, "--format", "github", "-o", scratch.path("report.md"),
        ])
        #expect(contradicting.status == 2)
        #expect(contradicting.standardError.contains("says markdown but --format says github"))
    }

    @Test("--format github: ::error at the budget's line, a path relative to where it runs")
    func githubAnnotations() throws {
        let result = try Causegraph.run(
            ["check", before, "--budget", "fixtures/budgets/landmarks.yaml", "--format", "github"], in: packageRoot)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "causegraph check: 5 of 11 limits exceeded")
        #expect(
            lines.contains(
                "::error file=fixtures/budgets/landmarks.yaml,line=11,col=19,title=causegraph check%3A views[0].updates.perGesture · LandmarkListItemView exceeded::24 body runs, limit 1%0ATap (event 1 at 2041.250 ms) led to 24 runs, the most from one gesture%0ALandmarkListItemView ran 72 of 72 updates (0 skipped) in 3 update groups"
            ))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("::error ") })
        #expect(lines.count == 6)
    }

    @Test("docs/ci.md shows a workflow that uses the action, and the GitLab job reads the JUnit report")
    func documented() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(text.contains("uses: <owner>/causegraph@<ref>"))
        #expect(text.contains("junit: causegraph-junit.xml"))
    }

    @Test("diff --exit-code: 0 for the same recording, 1 for a change beyond --tolerance, 2 for bad input")
    func diffExitCode() throws {
        let same = try Causegraph.run(["diff", before, before, "--exit-code"])
        #expect(same.status == 0)
        #expect(same.output.contains("none: the same nodes and edges, as often"))
        let changed = try Causegraph.run(["diff", before, after, "--exit-code"])
        #expect(changed.status == 1)
        #expect(changed.standardError.isEmpty, "a change is an answer, not an error")
        #expect(changed.output.contains("removed  edge  ModelData.favoritesCollection → LandmarkListItemView"))
        // 72 → 0 and 72 → 3 are within 100%; the new model's 0 → 3 needs an absolute 3.
        #expect(try Causegraph.run(["diff", before, after, "--exit-code", "--tolerance", "100%,3"]).status == 0)
        #expect(try Causegraph.run(["diff", before, after, "--exit-code", "--tolerance", "100%,2"]).status == 1)
        #expect(try Causegraph.run(["diff", before, after, "--exit-code", "--tolerance", "3"]).status == 1)
        let scratch = try TemporaryFolder()
        let broken = try scratch.write("broken.jsonl", "{\"causegraph\": 1}\n{\"node\": \n")
        let bad = try Causegraph.run(["diff", before, broken, "--exit-code"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("broken.jsonl:2:"))
        let missing = try Causegraph.run(["diff", before, scratch.path("missing.jsonl"), "--exit-code"])
        #expect(missing.status == 2)
        let loose = try Causegraph.run(["diff", before, after, "--tolerance", "10%"])
        #expect(loose.status == 2)
        #expect(loose.standardError.contains("--tolerance applies to --exit-code"))
        // Without --exit-code a change is still exit status 0.
        #expect(try Causegraph.run(["diff", before, after]).status == 0)
    }

    /// A job posts these as comments: `@State` there would notify the account
    /// `State` on every run, and `#3` link issue 3.
    @Test("Markdown reports mention no GitHub account and link no issue")
    func markdownMentionsNoOne() throws {
        let recording = fixture("instruments/recording")
        // Whether the answer names a property wrapper, so the test sees the escape at work.
        let reports: [([String], Bool)] = [
            (["summary", recording, "--format", "markdown"], true),
            (["why", recording, "--view", "RepositorySectionView", "--format", "markdown"], true),
            (["diff", recording, before, "--table-format", "markdown"], true),
            (["check", before, "--budget", budget, "--format", "markdown"], false),
        ]
        for (arguments, namesWrappers) in reports {
            let result = try Causegraph.run(arguments)
            #expect(result.status <= 1, "\(arguments)")
            #expect(result.output.contains("@<!-- -->") == namesWrappers, "\(arguments)")
            #expect(!result.output.contains(#/(^|[^\w])@\w/#), "\(arguments)")
            #expect(!result.output.contains(#/(^|[^\w])#\d/#), "\(arguments)")
        }
    }

    @Test("diff's Markdown of two realistic recordings fits a comment; --all lists every change")
    func diffMarkdownFits() throws {
        let scratch = try TemporaryFolder()
        let first = try GeneratedRecording.write(20_000, "native", into: scratch, seed: 1)
        let second = try GeneratedRecording.write(20_000, "native", into: scratch, seed: 2)
        let cut = try Causegraph.run(["diff", first, second, "--table-format", "markdown"])
        #expect(cut.status == 0)
        #expect(cut.output.utf8.count <= MarkdownText.commentLimit)
        let full = try Causegraph.run(["diff", first, second, "--table-format", "markdown", "--all"])
        #expect(full.output.utf8.count > MarkdownText.commentLimit, "the recordings are large enough to need the cut")
        let json = try JSONParser.parse(try Causegraph.run(["diff", first, second, "--table-format", "json"]).output)
        let changes = json["changes"]?.arrayValue ?? []
        // The totals read as in text, with thousands separators.
        for name in ["nodes", "edges"] {
            let cells = DiffChange.allCases.map { change in
                CountText.format(json["totals"]?[name]?[change.rawValue]?.numberValue ?? -1)
            }
            #expect(cut.output.contains("\n| \(name) | " + cells.joined(separator: " | ") + " |\n"), "\(name)")
        }
        #expect(
            json["totals"]?["edges"]?["removed"]?.numberValue ?? 0 >= 1_000,
            "a tally of four digits or more, which the separator shows")
        let words = ["added", "removed", "more", "less", "slower", "faster"]
        let shown = cut.output.split(separator: "\n").filter { line in
            words.contains { line.hasPrefix("| \($0) |") }
        }.count
        #expect(shown > 0 && shown < changes.count)
        let more = changes.count - shown
        #expect(
            cut.output.hasSuffix(
                "\n… and \(CountText.format(more)) more changes not shown, each smaller by time or count; `causegraph diff --all` lists every one.\n"
            ))
    }
}

/// The JUnit report as a real JUnit reader, Python's junitparser, reads it.
@Suite(
    "check's JUnit report, read by junitparser",
    .enabled(if: CITools.junitPython != nil, Comment(rawValue: CITools.junitUnavailable)))
struct JUnitParserTests {
    let budget = fixture("budgets/landmarks.yaml")

    private func read(_ path: String) throws -> JSONValue {
        let python = try #require(CITools.junitPython)
        let result = try ProcessRunner.run(python, ["-c", CITools.readerScript, path], in: packageRoot)
        try #require(result.status == 0, "junitparser failed: \(result.standardError)")
        return try JSONParser.parse(result.output)
    }

    @Test("one suite, a case per limit, the failures with their evidence and the budget's file and line")
    func landmarks() throws {
        let scratch = try TemporaryFolder()
        let report = scratch.path("report.xml")
        let status = try Causegraph.run(
            [
                "check", "fixtures/landmarks-favorites-before.jsonl", "--budget", "fixtures/budgets/landmarks.yaml",
                "-o", report,
            ], in: packageRoot
        ).status
        #expect(status == 1)
        let parsed = try read(report)
        #expect(parsed["root"]?.stringValue == "JUnitXml", "a <testsuites> root")
        #expect(parsed["tests"]?.numberValue == 11 && parsed["failures"]?.numberValue == 5)
        let suites = parsed["suites"]?.arrayValue ?? []
        try #require(suites.count == 1)
        #expect(suites[0]["name"]?.stringValue == "fixtures/landmarks-favorites-before.jsonl")
        let cases = suites[0]["cases"]?.arrayValue ?? []
        #expect(cases.count == 11)
        #expect(cases.filter { $0["passed"]?.content == .bool(false) }.count == 5)
        let edge = try #require(cases.first { $0["name"]?.stringValue?.hasPrefix("forbiddenEdges[0] · ") == true })
        #expect(edge["classname"]?.stringValue == "fixtures/budgets/landmarks.yaml")
        #expect(edge["file"]?.stringValue == "fixtures/budgets/landmarks.yaml")
        #expect(edge["line"]?.stringValue == "37")
        let failure = try #require(edge["results"]?.arrayValue?.first)
        #expect(failure["kind"]?.stringValue == "Failure")
        #expect(failure["type"]?.stringValue == "exceeded")
        #expect(failure["message"]?.stringValue == "72 links, limit 0 (fixtures/budgets/landmarks.yaml:37:5)")
        #expect(failure["text"]?.stringValue?.contains("· changed: favoritesCollection") == true)
        let properties = suites[0]["properties"]?.arrayValue ?? []
        #expect(properties.first?["value"]?.stringValue == "fixtures/budgets/landmarks.yaml")
    }

    @Test("hostile trace text and a tolerated baseline read back as text")
    func hostileAndTolerated() throws {
        let scratch = try TemporaryFolder()
        let budgetPath = try scratch.write(
            "budget.yaml",
            "views:\n  - {view: '.', regex: true, updates: {total: 0}}\nforbiddenEdges:\n  - {from: '.', to: '.', regex: true}\n"
        )
        let report = scratch.path("hostile.xml")
        let hostile = fixture("hostile-titles.jsonl")
        #expect(try Causegraph.run(["check", hostile, "--budget", budgetPath, "-o", report]).status == 1)
        let cases = try read(report)["suites"]?.arrayValue?.first?["cases"]?.arrayValue ?? []
        let names = cases.compactMap { $0["name"]?.stringValue }
        #expect(names.contains("views[0].updates.total · Closing</text><text>"))
        #expect(names.contains("views[0].updates.total · Two␊Lines"))
        #expect(names.contains { $0.contains("]]><!--comment-->") })
        let tolerated = scratch.path("tolerated.xml")
        #expect(
            try Causegraph.run(["check", hostile, "--budget", budgetPath, "--baseline", hostile, "-o", tolerated])
                .status == 0)
        let parsed = try read(tolerated)
        #expect(parsed["failures"]?.numberValue == 0)
        let outs = (parsed["suites"]?.arrayValue?.first?["cases"]?.arrayValue ?? []).compactMap {
            $0["out"]?.stringValue
        }
        #expect(!outs.isEmpty && outs.allSatisfy { $0.hasPrefix("tolerated: ") })
    }
}

/// action.yml against GitHub's schema and zizmor's audits.
@Suite(
    "action.yml",
    .enabled(
        if: CITools.tool("check-jsonschema") != nil && CITools.tool("zizmor") != nil,
        Comment(rawValue: CITools.validatorsUnavailable)))
struct ActionDefinitionTests {
    @Test("check-jsonschema accepts it and zizmor --offline finds nothing")
    func validates() throws {
        let schema = try ProcessRunner.run(
            try #require(CITools.tool("check-jsonschema")),
            ["--builtin-schema", "vendor.github-actions", "action.yml"],
            in: packageRoot)
        #expect(schema.status == 0, "\(schema.output)\(schema.standardError)")
        let audit = try ProcessRunner.run(
            try #require(CITools.tool("zizmor")), ["--offline", "action.yml"], in: packageRoot)
        #expect(audit.status == 0, "\(audit.output)\(audit.standardError)")
        #expect(audit.output.contains("No findings"))
    }
}
