import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("check command")
struct CheckCommandTests {
    let before = fixture("landmarks-favorites-before.jsonl")
    let after = fixture("landmarks-favorites-after.jsonl")
    let budget = fixture("budgets/landmarks.yaml")

    @Test("exit 0 when every limit holds, 1 when one is exceeded, with the report written either way")
    func exitStatuses() throws {
        let passing = try Causegraph.run(["check", after, "--budget", budget])
        #expect(passing.status == 0)
        #expect(passing.output.hasPrefix("causegraph check: every limit holds (11)\n"))
        #expect(passing.standardError.isEmpty)
        let failing = try Causegraph.run(["check", before, "--budget", budget])
        #expect(failing.status == 1)
        #expect(failing.output.hasPrefix("causegraph check: 5 of 11 limits exceeded\n"))
        #expect(
            failing.output.contains("exceeded  forbiddenEdges[0] · ModelData.favoritesCollection → LandmarkListItemV…"))
        #expect(failing.standardError.isEmpty, "a failed check is a report, not an error")
        let scratch = try TemporaryFolder()
        let markdown = try Causegraph.run([
            "check", before, "--budget", budget, "--format", "markdown", "-o", scratch.path("comment.md"),
        ])
        #expect(markdown.status == 1)
        #expect(markdown.standardOutput.isEmpty)
        let comment = String(decoding: try scratch.read("comment.md"), as: UTF8.self)
        #expect(comment.hasPrefix("## causegraph check: 5 of 11 limits exceeded\n"))
        let json = try Causegraph.run(["check", before, "--budget", budget, "--format", "json"])
        #expect(json.status == 1)
        #expect(try JSONParser.parse(json.output)["counts"]?["exceeded"]?.numberValue == 5)
    }

    @Test("limits that held are counted in one line; --all lists each one")
    func heldLimits() throws {
        let counted = try Causegraph.run(["check", before, "--budget", budget])
        #expect(counted.output.contains("\n6 limits held; --all lists them\n"))
        #expect(!counted.output.contains("\nheld (6)\n"))
        let listed = try Causegraph.run(["check", before, "--budget", budget, "--all"])
        #expect(listed.status == 1)
        #expect(listed.output.contains("\nheld (6)\n  "))
        #expect(!listed.output.contains("--all lists them"))
        #expect(
            listed.output.split(separator: "\n").count == counted.output.split(separator: "\n").count + 6,
            "the count's line becomes a heading and one line per limit")
    }

    @Test("a budgeted view that matches nothing (a typo) is a warning at its line; --strict fails the check then")
    func unmatchedView() throws {
        let scratch = try TemporaryFolder()
        let typo = try scratch.write(
            "typo.yaml", "version: 1\nviews:\n  - view: LandmarkListItemVeiw\n    updates:\n      total: 5\n")
        let note =
            "\(typo):3:5: warning: views[0]: no view matches \"LandmarkListItemVeiw\"; closest: LandmarkListItemView, LandmarkListView, LandmarkFavoriteButton"
        let lenient = try Causegraph.run(["check", after, "--budget", typo])
        #expect(lenient.status == 0)
        #expect(lenient.output.hasPrefix("causegraph check: every limit holds (1)\n"))
        #expect(lenient.standardError == note + "; its limits measure nothing (--strict fails the check)\n")
        let strict = try Causegraph.run(["check", after, "--budget", typo, "--strict"])
        #expect(strict.status == 1)
        #expect(
            strict.output.hasPrefix(
                "causegraph check: 1 budget pattern matches nothing in the recording, which fails a strict check\n"))
        #expect(strict.standardError == note + "; the check fails (--strict)\n")
        let json = try Causegraph.run(["check", after, "--budget", typo, "--strict", "--format", "json"])
        #expect(try JSONParser.parse(json.output)["passed"]?.content == .bool(false))
        let matching = try Causegraph.run(["check", after, "--budget", budget, "--strict"])
        #expect(matching.status == 0 && matching.standardError.isEmpty, "every view of this budget matches")
    }

    @Test(
        "a forbidden edge whose end matches no node forbids nothing: a warning, and under --strict a failure in every format"
    )
    func unmatchedEdgeEnd() throws {
        let scratch = try TemporaryFolder()
        let typo = try scratch.write(
            "edges.yaml", "forbiddenEdges:\n  - {from: ModelData.favoritesColection, to: LandmarkListItemView}\n")
        let lenient = try Causegraph.run(["check", before, "--budget", typo])
        #expect(lenient.status == 0)
        #expect(
            lenient.standardError.hasPrefix(
                "\(typo):2:5: warning: forbiddenEdges[0].from: no node matches \"ModelData.favoritesColection\"; closest: ModelData.favoritesCollection"
            ))
        let strict = try Causegraph.run(["check", before, "--budget", typo, "--strict", "--format", "junit"])
        #expect(strict.status == 1)
        let junit = strict.output
        #expect(junit.contains(#"<testsuites name="causegraph check" tests="2" failures="1""#))
        #expect(junit.contains(#"type="unmatched">forbiddenEdges[0].from: no node matches"#))
        let json = try JSONParser.parse(
            try Causegraph.run(["check", before, "--budget", typo, "--strict", "--format", "json"]).output)
        #expect(json["passed"]?.content == .bool(false) && json["strict"]?.content == .bool(true))
        #expect(json["counts"]?["unmatched"]?.numberValue == 1)
        #expect(json["unmatched"]?.arrayValue?.first?["rule"]?.stringValue == "forbiddenEdges[0].from")
        // Spelled right, the rule finds the links, and nothing is unmatched.
        let fixed = try scratch.write(
            "fixed.yaml", "forbiddenEdges:\n  - {from: ModelData.favoritesCollection, to: LandmarkListItemView}\n")
        let found = try Causegraph.run(["check", before, "--budget", fixed, "--strict"])
        #expect(found.status == 1 && found.standardError.isEmpty)
        #expect(found.output.hasPrefix("causegraph check: 1 of 1 limit exceeded"))
    }

    @Test("a recording of no event is an error, and a limit the recording has no figures for holds with a note")
    func unmeasurable() throws {
        let scratch = try TemporaryFolder()
        let empty = try scratch.write("empty.jsonl", "{\"causegraph\": 1, \"app\": \"App\"}\n")
        let limits = try scratch.write(
            "limits.yaml",
            "views:\n  - view: Row\n    updates: {perGroup: 1}\nlongUpdates: {high: 0}\nhitches: {total: 0}\n")
        let none = try Causegraph.run(["check", empty, "--budget", limits])
        #expect(none.status == 2)
        #expect(
            none.standardError
                == "\(empty): error: the recording holds no event: every limit would hold, so nothing is checked\n")
        // A change log times no update and groups none by a recorded group; it records no hitch.
        let log = try Causegraph.run([
            "check", fixture("real/printchanges-sisoje-mvvm-head.txt"), "--budget", limits, "--format", "json",
        ])
        let notes = try JSONParser.parse(log.output)["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(
            notes.contains(
                "longUpdates: the trace records no update's duration or severity, so no update counts as long"))
        #expect(
            notes.contains(
                "hitches: the trace records none; a recording without the Hitches instrument has none to count"))
        let timed = try Causegraph.run(["check", before, "--budget", limits, "--format", "json"])
        let timedNotes = try JSONParser.parse(timed.output)["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!timedNotes.contains { $0.hasPrefix("longUpdates:") }, "its updates are timed")
    }

    @Test("Markdown fits a pull-request comment, cutting each list with a count of the rest; --all writes every one")
    func markdownFitsAComment() throws {
        let scratch = try TemporaryFolder()
        let recording = try GeneratedRecording.write(20_000, "native", into: scratch)
        let everyView = try scratch.write(
            "all.yaml", "views:\n  - view: \".\"\n    regex: true\n    updates: {total: 1}\n")
        let cut = try Causegraph.run(["check", recording, "--budget", everyView, "--format", "markdown"])
        #expect(cut.status == 1)
        #expect(cut.output.utf8.count <= MarkdownText.commentLimit)
        #expect(cut.output.contains("more failing limits is not shown; `--format json` lists every one."))
        let full = try Causegraph.run(["check", recording, "--budget", everyView, "--format", "markdown", "--all"])
        #expect(full.output.utf8.count > MarkdownText.commentLimit, "the recording is large enough to need the cut")
        #expect(!full.output.contains("lists every one"))
        #expect(full.output.hasPrefix(cut.output.prefix(while: { $0 != "\n" })), "the same headline")
    }

    @Test("--baseline fails only on regressions beyond the tolerance")
    func baseline() throws {
        let same = try Causegraph.run(["check", before, "--budget", budget, "--baseline", before])
        #expect(same.status == 0)
        #expect(
            same.output.hasPrefix(
                "causegraph check: no regression: 5 of 11 limits over, no more than the baseline allows\n"))
        let regressed = try Causegraph.run([
            "check", before, "--budget", budget, "--baseline", after, "--format", "json",
        ])
        #expect(regressed.status == 1)
        #expect(try JSONParser.parse(regressed.output)["counts"]?["regressed"]?.numberValue == 5)
        let fixed = try Causegraph.run([
            "check", after, "--budget", budget, "--baseline", before, "--tolerance", "10%,1",
        ])
        #expect(fixed.status == 0)
        #expect(fixed.output.contains("(tolerance 10% or 1)\n"))
    }

    @Test("--window holds one stretch of the recording, and of the baseline, to the budget; the report names it")
    func window() throws {
        // The fixture's first tap, 2.04 s in, is one of its three: its 24 runs of a row exceed what
        // the whole recording's 72 do, but not the limit on the fan-out rule's total.
        let whole = try Causegraph.run(["check", before, "--budget", budget])
        #expect(whole.output.hasPrefix("causegraph check: 5 of 11 limits exceeded\n"))
        let tap = try Causegraph.run(["check", before, "--budget", budget, "--window", "2s:2.5s"])
        #expect(tap.status == 1)
        #expect(tap.output.hasPrefix("causegraph check: 4 of 11 limits exceeded\n"))
        #expect(tap.output.contains("\n  window:   2s:2.5s\n"))
        #expect(tap.output.contains("24 runs in update group 1, the most in one group"))
        #expect(
            tap.standardError
                == "note: --window 2s:2.5s: 60 events, 58 links and 2 update groups outside the window left out\n")
        let json = try JSONParser.parse(
            try Causegraph.run(["check", before, "--budget", budget, "--window", "2s..", "--format", "json"]).output)
        #expect(json["window"]?["start"]?.numberValue == 2_000_000_000)
        #expect(json["window"]?["end"]?.content == .null)
        let unwindowed = try JSONParser.parse(
            try Causegraph.run(["check", before, "--budget", budget, "--format", "json"]).output)
        #expect(unwindowed["window"]?.content == .null)
        let baseline = try Causegraph.run([
            "check", before, "--budget", budget, "--baseline", after, "--window", "2s:2.5s",
        ])
        #expect(
            baseline.standardError.hasSuffix(
                "\nnote: baseline: --window 2s:2.5s: 16 events, 14 links and 2 update groups outside the window left out\n"
            ))
        let annotations = try Causegraph.run([
            "check", before, "--budget", budget, "--window", "2s:2.5s", "--format", "github",
        ])
        #expect(annotations.output.hasPrefix("causegraph check (window 2s:2.5s): 4 of 11 limits exceeded\n"))
        #expect(
            annotations.output.split(separator: "\n").dropFirst().allSatisfy {
                $0.contains("title=causegraph check (window 2s%3A2.5s)%3A ")
            })
        let empty = try Causegraph.run(["check", before, "--budget", budget, "--window", "100s:"])
        #expect(empty.status == 2)
        #expect(
            empty.standardError
                == "\(before): error: no event of the trace is inside --window 100s..\n"
        )
        #expect(empty.standardOutput.isEmpty)
    }

    @Test("the budget can come from standard input")
    func budgetFromStandardInput() throws {
        let result = try Causegraph.run(
            ["check", before, "--budget", "-", "--format", "json"],
            standardInput: Data("forbiddenEdges: [{from: favoritesCollection, to: ListItem}]\n".utf8))
        #expect(result.status == 1)
        #expect(try JSONParser.parse(result.output)["budget"]?.stringValue == "<stdin>")
    }

    @Test("a bad budget is an error at its line and column, exit 2, and nothing is written")
    func badBudget() throws {
        let scratch = try TemporaryFolder()
        let typo = try scratch.write("typo.yaml", "views:\n  - view: Row\n    updates:\n      perGesure: 1\n")
        let result = try Causegraph.run(["check", after, "--budget", typo, "-o", scratch.path("report.txt")])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(typo):4:7: error: unknown key 'perGesure' in views[0].updates; did you mean 'perGesture'?\n")
        #expect(result.standardOutput.isEmpty)
        #expect(!scratch.entries.contains("report.txt"))
        let syntax = try scratch.write("syntax.json", "{\"longUpdates\": {\"high\": 0}\n")
        let broken = try Causegraph.run(["check", after, "--budget", syntax])
        #expect(broken.status == 2)
        #expect(
            broken.standardError
                == "\(syntax):2:1: error: invalid YAML: did not find expected ',' or '}' (while parsing a flow mapping at 1:1)\n"
        )
    }

    @Test(
        "bad input and usage exit 2",
        arguments: [
            (["check", "AFTER"], "error: missing expected argument '--budget <file>'"),
            (
                ["check", "AFTER", "--budget", "missing.yaml"],
                "missing.yaml: error: cannot open: No such file or directory"
            ),
            (["check", "AFTER", "--budget", "."], ".: error: is a directory, expected a budget file"),
            (
                ["check", "-", "--budget", "-"],
                "only one of the recording, the baseline and the budget can be read from standard input"
            ),
            (["check", "AFTER", "--budget", "BUDGET", "--tolerance", "5%"], "--tolerance applies to --baseline"),
            (["check", "AFTER", "--budget", "BUDGET", "--baseline", "BEFORE", "--tolerance", "lots"], "--tolerance"),
            (["check", "missing.jsonl", "--budget", "BUDGET"], "missing.jsonl"),
            (["check", "AFTER", "--budget", "BUDGET", "--baseline", "missing.jsonl"], "missing.jsonl"),
            (
                ["check", "-", "--budget", "BUDGET", "--baseline", "-"],
                "only one of the recording, the baseline and the budget can be read from standard input"
            ),
        ])
    func errors(_ arguments: [String], _ message: String) throws {
        let resolved = arguments.map { ["AFTER": after, "BEFORE": before, "BUDGET": budget][$0] ?? $0 }
        let result = try Causegraph.run(resolved)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("the text lists the first 10 limits not held and says how many it left out; --all lists every one")
    func boundedText() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("views.jsonl")
        try SyntheticTrace(views: 40).write(to: trace)
        let budget = try scratch.write(
            "every-view.yaml", "version: 1\nviews:\n  - view: View\n    updates: {total: 0}\n")
        let bounded = try Causegraph.run(["check", trace, "--budget", budget])
        #expect(bounded.status == 1)
        let exceeded = bounded.output.split(separator: "\n").filter { $0.hasPrefix("exceeded  ") }
        #expect(exceeded.count == 10)
        let all = try Causegraph.run(["check", trace, "--budget", budget, "--all"])
        let every = all.output.split(separator: "\n").filter { $0.hasPrefix("exceeded  ") }.count
        #expect(every > 10)
        #expect(
            bounded.output.contains(
                "\nLeft out: \(every - 10) more limits not held, in the budget's order; --all lists every one.\n"),
            "\(bounded.output)")
        #expect(!all.output.contains("Left out:"))
    }

    /// A trial's budget: one rule failing for hundreds of views hid the others behind "Left out".
    @Test("a rule failing for many views leaves room for every other rule that failed, in text and annotations")
    func everyRuleNamed() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("views.jsonl")
        try SyntheticTrace(views: 40).write(to: trace)
        let budget = try scratch.write(
            "two-rules.yaml",
            "version: 1\nviews:\n  - view: View\n    updates: {total: 0}\n  - {view: '^View1$', regex: true, updates: {perGroup: 0}}\n"
        )
        let text = try Causegraph.run(["check", trace, "--budget", budget])
        let exceeded = text.output.split(separator: "\n").filter { $0.hasPrefix("exceeded  ") }
        #expect(exceeded.count == 10)
        #expect(exceeded.filter { $0.contains("views[1].updates.perGroup") }.count == 1, "\(exceeded)")
        #expect(exceeded.last?.contains("views[1].updates.perGroup") == true, "listed in the budget's order")
        let github = try Causegraph.run(["check", trace, "--budget", budget, "--format", "github"])
        let errors = github.output.split(separator: "\n").filter { $0.hasPrefix("::error file=") }
        #expect(errors.contains { $0.contains("views[1].updates.perGroup") }, "\(errors)")
    }

    @Test("traces checked together name update groups as the graph does")
    func severalTraces() throws {
        // after.jsonl is read first (name order): its groups 1…3 stay 1…3, before.jsonl's become 4…6.
        let result = try Causegraph.run(["check", before, after, "--budget", budget])
        #expect(result.status == 1, "stderr: \(result.standardError)")
        #expect(result.output.contains("24 runs in update group 4, the most in one group"))
        #expect(!result.output.contains("group 1 of document"))
        // Both recordings start near time 0: their runs are never one burst.
        let summary = try Causegraph.run(["summary", before, after])
        #expect(!summary.output.contains("rebuild storm"), "\(summary.output)")
        let long = try Causegraph.run(
            ["check", before, after, "--budget", "-"], standardInput: Data("longUpdates: {medium: 0}\n".utf8))
        #expect(
            long.output.contains(
                "worst at medium or worse: LandmarkListItemView 642 µs (event 4,\n            update group 4)"),
            "\(long.output)")
        let graph = try Causegraph.run(["render", before, after, "--format", "json", "--group", "4"])
        #expect(graph.output.contains(#""title": "LandmarkListItemView""#) && graph.output.contains(#""groups": [4]"#))
    }
}
