import CauseGraph
import CauseGraphTestSupport
import CauseGraphYAML
import Testing

@Suite("Budgets on hitches and hangs")
struct HitchBudgetTests {
    private static func report(_ yaml: String, trace: String) throws -> CheckReport {
        let check = BudgetCheck(budget: try BudgetFile.parse(Array(yaml.utf8), file: "budget.yaml"))
        let directory = try TemporaryFolder()
        var diagnostics = Diagnostics()
        return check.evaluate(try check.measure([try directory.write("trace.jsonl", trace)], diagnostics: &diagnostics))
    }

    /// Two taps; hitches at 5 (before any tap), 110 and 120 (after the first), 230 (after the second); a hang at 240.
    private static let trace = [
        traceHeader,
        #"{"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": 100}"#,
        #"{"node": 2, "kind": "gesture", "title": "Swipe", "owner": "app", "time": 200}"#,
        #"{"hitch": "hitch", "start": 5, "duration": 10}"#,
        #"{"hitch": "hitch", "start": 110, "duration": 30}"#,
        #"{"hitch": "hitch", "start": 120, "duration": 10}"#,
        #"{"hitch": "hitch", "start": 230, "duration": 10}"#,
        #"{"hitch": "hang", "start": 240, "duration": 500, "hangType": "Hang"}"#,
    ].joined(separator: "\n")

    @Test("per interaction counts from one gesture to the next; total counts all; hangs apart from hitches")
    func limits() throws {
        let report = try Self.report(
            "hitches: {perInteraction: 1, total: 4}\nhangs: {perInteraction: 1, total: 0}\n", trace: Self.trace)
        let outcomes = report.results.map { "\($0.rule): \($0.measured)/\($0.limit) \($0.status.rawValue)" }
        #expect(
            outcomes == [
                "hitches.perInteraction: 2/1 exceeded", "hangs.total: 1/0 exceeded", "hitches.total: 4/4 held",
                "hangs.perInteraction: 1/1 held",
            ])
        let perInteraction = try #require(report.results.first { $0.rule == "hitches.perInteraction" })
        #expect(
            perInteraction.evidence.first == "2 hitches after Tap (event 1 at 0.000 ms), the most in one interaction")
        #expect(perInteraction.evidence.last == "worst: hitch 2, 30 ns hitch ← no update overlaps it")
        #expect(perInteraction.location.line == 1)
    }

    @Test("without a gesture the recording is one interaction, and the report says so")
    func noGesture() throws {
        let trace = [
            traceHeader, #"{"hitch": "hitch", "start": 5, "duration": 10}"#,
            #"{"hitch": "hitch", "start": 50, "duration": 10}"#,
        ].joined(separator: "\n")
        let report = try Self.report("hitches: {perInteraction: 2}\n", trace: trace)
        #expect(report.results.map(\.measured) == [2])
        #expect(report.results[0].evidence.first == "2 hitches before any gesture, the most in one interaction")
        #expect(
            report.notes == [
                "hitches.perInteraction: the trace records no timed gesture, so the whole recording is one interaction"
            ])
    }

    @Test(
        "the budget file refuses unknown keys and bad counts under hitches and hangs",
        arguments: [
            (
                "hitches: {perFrame: 1}\n",
                "budget.yaml:1:11: error: unknown key 'perFrame' in hitches; expected one of: perInteraction, total"
            ),
            (
                "hangs: {total: -1}\n",
                "budget.yaml:1:16: error: hangs.total must be a whole number, 0 or more; found the number -1"
            ),
            ("hitches: {}\n", "budget.yaml:1:1: error: the budget sets no limit; see docs/check.md for the keys"),
        ])
    func badFiles(text: String, expected: String) {
        do {
            _ = try BudgetFile.parse(Array(text.utf8), file: "budget.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("the evidence names a blank gesture or view (untitled)")
    func blankTitles() throws {
        let trace = [
            traceHeader,
            #"{"node": 1, "kind": "gesture", "title": "", "owner": "app", "time": 1}"#,
            #"{"node": 2, "kind": "body", "title": " ", "owner": "app", "time": 2, "duration": 5, "group": 1}"#,
            #"{"edge": [1, 2], "label": "update"}"#,
            #"{"group": 1, "label": "T", "start": 1, "duration": 10}"#,
            #"{"hitch": "hitch", "start": 3, "duration": 10}"#,
        ].joined(separator: "\n")
        let report = try Self.report("hitches: {perInteraction: 0}\n", trace: trace)
        #expect(
            report.results.first?.evidence == [
                "1 hitch after (untitled) (event 1 at 0.000 ms), the most in one interaction",
                "worst: hitch 1, 10 ns hitch ← 1 × (untitled) ← (untitled)",
            ])
    }

    @Test(
        "a hitch belongs to the last gesture in trace order at or before it, in its own document, whatever order the times come in"
    )
    func gesturesOutOfOrder() throws {
        let first = [
            traceHeader,
            #"{"node": 1, "kind": "gesture", "title": "Late", "owner": "app", "time": 300}"#,
            #"{"node": 2, "kind": "gesture", "title": "Early", "owner": "app", "time": 100}"#,
            #"{"hitch": "hitch", "start": 150, "duration": 1}"#,
            #"{"hitch": "hitch", "start": 350, "duration": 1}"#,
            #"{"hitch": "hitch", "start": 50, "duration": 1}"#,
        ].joined(separator: "\n")
        let second = [
            traceHeader,
            #"{"node": 1, "kind": "gesture", "title": "Other", "owner": "app", "time": 10}"#,
            #"{"hitch": "hitch", "start": 20, "duration": 1}"#,
        ].joined(separator: "\n")
        let check = BudgetCheck(
            budget: try BudgetFile.parse(Array("hitches: {perInteraction: 0}\n".utf8), file: "budget.yaml"))
        let directory = try TemporaryFolder()
        var diagnostics = Diagnostics()
        let measurement = try check.measure(
            [try directory.write("a.jsonl", first), try directory.write("b.jsonl", second)], diagnostics: &diagnostics)
        let report = check.evaluate(measurement)
        // Early (event 2) comes last in trace order and is at or before 150 and 350; 50 precedes both taps.
        #expect(report.results.first?.measured == 2)
        #expect(
            report.results.first?.evidence.first
                == "2 hitches after Early (event 2 at 0.000 ms), the most in one interaction")
    }
}
