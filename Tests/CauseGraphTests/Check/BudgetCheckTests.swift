import CauseGraph
import CauseGraphTestSupport
import CauseGraphYAML
import Testing

/// A budget from YAML text.
private func budget(_ text: String) throws -> Budget {
    try BudgetFile.parse(Array(text.utf8), file: "budget.yaml")
}

/// What `check` measures on a bundled fixture (`name` without `.jsonl`).
private func measure(_ check: BudgetCheck, fixture name: String) throws -> BudgetCheck.Measurement {
    var diagnostics = Diagnostics()
    return try check.measure(
        [packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path], diagnostics: &diagnostics)
}

/// What `check` measures on a native trace given as text.
private func measure(_ check: BudgetCheck, trace: String) throws -> BudgetCheck.Measurement {
    let directory = try TemporaryFolder()
    var diagnostics = Diagnostics()
    return try check.measure([try directory.write("trace.jsonl", trace)], diagnostics: &diagnostics)
}

/// `rule subject: measured/limit status` for each result, in report order.
private func outcomes(_ report: CheckReport) -> [String] {
    report.results.map { "\($0.rule) \($0.subject): \($0.measured)/\($0.limit) \($0.status.rawValue)" }
}

/// One gesture per tap, each leading to `runs[i]` runs of `Row` through a state
/// change, all in update group i + 1; plus a Row check that skipped and a Row
/// run the environment caused, neither of which counts towards a gesture.
private func tapTrace(runs: [Int]) -> String {
    var lines = [traceHeader]
    var id = 1
    for (tap, count) in runs.enumerated() {
        let group = tap + 1
        let gesture = id
        lines.append(
            #"{"node": \#(gesture), "kind": "gesture", "title": "Tap", "owner": "app", "time": \#(tap * 100_000_000)}"#)
        lines.append(
            #"{"node": \#(gesture + 1), "kind": "state", "title": "List.selection", "owner": "app", "group": \#(group)}"#
        )
        lines.append(#"{"edge": [\#(gesture), \#(gesture + 1)], "label": "update"}"#)
        id += 2
        for _ in 0..<count {
            lines.append(
                #"{"node": \#(id), "kind": "body", "title": "Row", "owner": "app", "group": \#(group), "duration": 1000}"#
            )
            lines.append(#"{"edge": [\#(gesture + 1), \#(id)], "label": "update"}"#)
            id += 1
        }
        lines.append(
            #"{"node": \#(id), "kind": "body", "title": "Row", "owner": "app", "group": \#(group), "ran": false}"#)
        lines.append(#"{"edge": [\#(gesture + 1), \#(id)], "label": "update"}"#)
        lines.append(#"{"group": \#(group), "label": "Transaction for Gesture"}"#)
        id += 1
    }
    lines.append(
        #"{"node": \#(id), "kind": "externalEnvironment", "title": "External Environment", "owner": "system", "group": 1}"#
    )
    lines.append(#"{"node": \#(id + 1), "kind": "body", "title": "Row", "owner": "app", "group": 1}"#)
    lines.append(#"{"edge": [\#(id), \#(id + 1)], "label": "update"}"#)
    return lines.joined(separator: "\n") + "\n"
}

@Suite("Budget checks")
struct BudgetCheckTests {
    static let landmarksBudget = """
        views:
          - view: LandmarkListItemView
            updates: {total: 30, perGroup: 2, perGesture: 1}
        findings: {fanOut: 0}
        forbiddenEdges:
          - {from: ModelData.favoritesCollection, to: LandmarkListItemView, kind: observable}
          - {from: ModelData.favoritesCollection, to: LandmarkListItemView, kind: state}
        """

    @Test("the Landmarks recording before the fix exceeds the view, finding and edge limits; the one after holds them")
    func landmarks() throws {
        let check = BudgetCheck(budget: try budget(Self.landmarksBudget))
        let before = check.evaluate(try measure(check, fixture: "landmarks-favorites-before"))
        #expect(!before.passed)
        #expect(
            outcomes(before) == [
                "views[0].updates.total LandmarkListItemView: 72/30 exceeded",
                "views[0].updates.perGroup LandmarkListItemView: 24/2 exceeded",
                "views[0].updates.perGesture LandmarkListItemView: 24/1 exceeded",
                "findings.fanOut fan-out findings: 1/0 exceeded",
                "forbiddenEdges[0] ModelData.favoritesCollection → LandmarkListItemView (observable): 72/0 exceeded",
                "forbiddenEdges[1] ModelData.favoritesCollection → LandmarkListItemView (state): 0/0 held",
            ])
        #expect(before.results[1].evidence.first == "24 runs in update group 1, the most in one group")
        #expect(
            before.results[2].evidence.first == "Tap (event 1 at 2041.250 ms) led to 24 runs, the most from one gesture"
        )
        #expect(
            before.results[4].evidence.first
                == "ModelData.favoritesCollection → LandmarkListItemView: observable ×72 in update groups 1, 2, 3")
        #expect(before.results[4].location == SourceLocation(file: "budget.yaml", line: 6, column: 5))

        let after = check.evaluate(try measure(check, fixture: "landmarks-favorites-after"))
        #expect(after.passed)
        #expect(
            outcomes(after) == [
                "views[0].updates.total LandmarkListItemView: 3/30 held",
                "views[0].updates.perGroup LandmarkListItemView: 1/2 held",
                "views[0].updates.perGesture LandmarkListItemView: 1/1 held",
                "findings.fanOut fan-out findings: 0/0 held",
                "forbiddenEdges[0] ModelData.favoritesCollection → LandmarkListItemView (observable): 0/0 held",
                "forbiddenEdges[1] ModelData.favoritesCollection → LandmarkListItemView (state): 0/0 held",
            ])
    }

    @Test("results follow the order the budget file sets the limits in, failures first")
    func budgetOrder() throws {
        let check = BudgetCheck(
            budget: try budget(
                """
                findings: {longBodies: 0, fanOut: 0}
                views:
                  - view: LandmarkListItemView
                    updates: {perGesture: 1, total: 30}
                """))
        #expect(
            outcomes(check.evaluate(try measure(check, fixture: "landmarks-favorites-before"))) == [
                "findings.fanOut fan-out findings: 1/0 exceeded",
                "views[0].updates.perGesture LandmarkListItemView: 24/1 exceeded",
                "views[0].updates.total LandmarkListItemView: 72/30 exceeded",
                "findings.longBodies long bodies findings: 0/0 held",
            ])
    }

    @Test("a forbidden unrecorded edge fails on the runs no cause link reached")
    func forbiddenUnrecordedRuns() throws {
        let check = BudgetCheck(
            budget: try budget("forbiddenEdges:\n  - {from: No recorded cause, to: Row, kind: unrecorded}\n"))
        let trace =
            traceHeader + "\n"
            + #"{"node": 1, "kind": "state", "title": "Row.x", "owner": "app"}"# + "\n"
            + #"{"node": 2, "kind": "body", "title": "Row", "owner": "app"}"# + "\n"
            + #"{"node": 3, "kind": "body", "title": "Row", "owner": "app"}"# + "\n"
            + #"{"node": 4, "kind": "body", "title": "Row", "owner": "app"}"# + "\n"
            + #"{"edge": [1, 2], "label": "update"}"# + "\n"
        let report = check.evaluate(try measure(check, trace: trace))
        #expect(outcomes(report) == ["forbiddenEdges[0] No recorded cause → Row (unrecorded): 2/0 exceeded"])
    }

    @Test("per gesture counts runs a chain of causes leads to from one gesture; per group counts runs in one group")
    func perGestureAndGroup() throws {
        let check = BudgetCheck(
            budget: try budget("views:\n  - view: Row\n    updates: {total: 7, perGroup: 3, perGesture: 3}\n"))
        let report = check.evaluate(try measure(check, trace: tapTrace(runs: [3, 1])))
        // 3 + 1 runs from taps, 1 from the environment (in group 1); the skipped checks do not count.
        // Failures come first in a report.
        #expect(
            outcomes(report) == [
                "views[0].updates.perGroup Row: 4/3 exceeded",
                "views[0].updates.total Row: 5/7 held",
                "views[0].updates.perGesture Row: 3/3 held",
            ])
        let failing = check.evaluate(try measure(check, trace: tapTrace(runs: [1, 4, 2])))
        let perGesture = try #require(failing.results.first { $0.rule.hasSuffix("perGesture") })
        #expect((perGesture.measured, perGesture.status) == (4, .exceeded))
        #expect(perGesture.evidence.first == "Tap (event 5 at 100.000 ms) led to 4 runs, the most from one gesture")
        let perGroup = try #require(failing.results.first { $0.rule.hasSuffix("perGroup") })
        #expect(perGroup.evidence.first == "4 runs in update group 2, the most in one group")
    }

    @Test("a view pattern that matches nothing holds, and says so in a note")
    func unmatchedView() throws {
        let check = BudgetCheck(
            budget: try budget("views:\n  - view: LandmarkListItemVeiw\n    updates: {perGesture: 0}\n"))
        let report = check.evaluate(try measure(check, fixture: "landmarks-favorites-before"))
        #expect(report.passed)
        #expect(outcomes(report) == ["views[0].updates.perGesture no view matching \"LandmarkListItemVeiw\": 0/0 held"])
        #expect(
            report.notes == [
                "views[0]: no view matches \"LandmarkListItemVeiw\"; closest: LandmarkListItemView, LandmarkListView, LandmarkFavoriteButton"
            ])
        let noGestures = check.evaluate(try measure(check, fixture: "dark-mode"))
        #expect(
            noGestures.notes.contains(
                "views[0].updates.perGesture: the trace records no gesture, so no run counts towards one"))
    }

    /// Updates at 60 Hz of 0.5 ms (low), 1.5 ms (medium), 3 ms (high) and 20 ms (very high) for `A`, 3 ms for `<graph>`.
    static let longTrace =
        [
            traceHeader,
            #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "duration": 500000}"#,
            #"{"node": 2, "kind": "body", "title": "A", "owner": "app", "duration": 1500000}"#,
            #"{"node": 3, "kind": "body", "title": "A", "owner": "app", "duration": 3000000}"#,
            #"{"node": 4, "kind": "body", "title": "A", "owner": "app", "duration": 20000000}"#,
            #"{"node": 5, "kind": "other", "title": "<graph>", "owner": "system", "duration": 3000000}"#,
        ].joined(separator: "\n") + "\n"

    @Test(
        "long updates count those at a severity or worse, for every update or for one view",
        arguments: [
            (
                "longUpdates: {medium: 4, high: 2, veryHigh: 1}",
                [
                    "longUpdates.high all updates: 3/2 exceeded", "longUpdates.medium all updates: 4/4 held",
                    "longUpdates.veryHigh all updates: 1/1 held",
                ]
            ),
            ("longUpdates: {low: 5}", ["longUpdates.low all updates: 5/5 held"]),
            (
                "views:\n  - view: A\n    longUpdates: {high: 1, medium: 3}",
                ["views[0].longUpdates.high A: 2/1 exceeded", "views[0].longUpdates.medium A: 3/3 held"]
            ),
        ])
    func longUpdates(_ text: String, _ expected: [String]) throws {
        let check = BudgetCheck(budget: try budget(text))
        let report = check.evaluate(try measure(check, trace: Self.longTrace))
        #expect(outcomes(report) == expected)
        #expect(report.passed == !expected.contains { $0.hasSuffix("exceeded") })
    }

    @Test("long-update evidence names the views and the worst update")
    func longEvidence() throws {
        let check = BudgetCheck(budget: try budget("longUpdates: {high: 0}"))
        let result = try #require(check.evaluate(try measure(check, trace: Self.longTrace)).results.first)
        #expect(
            result.evidence == [
                "A (body): 2 at high or worse", "<graph> (other): 1 at high or worse",
                "worst at high or worse: A 20 ms (event 4)",
            ])
    }

    @Test("the worst named is of the updates counted: a trace's own severity need not follow the duration")
    func worstOfTheCounted() throws {
        // As real recordings have it: the updates Instruments rates very high are still in flight
        // (no duration), and the longest update is rated medium.
        let trace =
            [
                traceHeader,
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "duration": 16000000, "severity": "medium"}"#,
                #"{"node": 2, "kind": "body", "title": "B", "owner": "app", "severity": "veryHigh"}"#,
                #"{"node": 3, "kind": "body", "title": "B", "owner": "app", "duration": 9000000, "severity": "high"}"#,
            ].joined(separator: "\n") + "\n"
        let high = BudgetCheck(budget: try budget("longUpdates: {high: 0}"))
        let counted = try #require(high.evaluate(try measure(high, trace: trace)).results.first)
        #expect(counted.measured == 2)
        #expect(counted.evidence.last == "worst at high or worse: B 9 ms (event 3)")
        let veryHigh = BudgetCheck(budget: try budget("longUpdates: {veryHigh: 0}"))
        let inFlight = try #require(veryHigh.evaluate(try measure(veryHigh, trace: trace)).results.first)
        #expect(
            inFlight.evidence.last
                == "worst at veryHigh or worse: no duration known (an update still running when the recording stopped has none)"
        )
        let perView = BudgetCheck(budget: try budget("views:\n  - view: A\n    longUpdates: {medium: 0}"))
        let view = try #require(perView.evaluate(try measure(perView, trace: trace)).results.first)
        #expect(
            view.evidence == [
                "A: 0 veryLow, 0 low, 1 medium, 0 high, 0 veryHigh; worst at medium or worse: 16 ms (event 1)"
            ])
    }

    @Test(
        "skipped checks count per environment node and update group",
        arguments: [
            ("dark-mode", 6, ["External Environment: 6", "External: EnvironmentValues: 0"]),
            ("environment-writer", 10, ["EnvironmentWriter: MenuCurrency: 10"]),
            ("landmarks-favorites-before", 0, ["no environment change: 0"]),
        ])
    func skippedChecks(_ fixture: String, _ peak: Int, _ measured: [String]) throws {
        for (limit, passes) in [(peak, true), (peak - 1, false)] where limit >= 0 {
            let check = BudgetCheck(budget: try budget("skippedChecks: {perEnvironmentChange: \(limit)}"))
            let report = check.evaluate(try measure(check, fixture: fixture))
            #expect(report.passed == passes)
            #expect(Set(report.results.map { "\($0.subject): \($0.measured)" }) == Set(measured))
        }
    }

    @Test("a change is the skipped update's group, else the environment event's, else the event alone")
    func environmentChangeGrouping() throws {
        let trace =
            [
                traceHeader,
                #"{"node": 1, "kind": "externalEnvironment", "title": "External Environment", "owner": "system"}"#,
                #"{"node": 2, "kind": "externalEnvironment", "title": "External Environment", "owner": "system"}"#,
                #"{"node": 3, "kind": "body", "title": "A", "owner": "app", "ran": false, "group": 1}"#,
                #"{"node": 4, "kind": "body", "title": "A", "owner": "app", "ran": false, "group": 1}"#,
                #"{"node": 5, "kind": "body", "title": "A", "owner": "app", "ran": false, "group": 2}"#,
                #"{"node": 6, "kind": "body", "title": "A", "owner": "app", "ran": false}"#,
                #"{"node": 7, "kind": "body", "title": "A", "owner": "app", "ran": false}"#,
                #"{"edge": [1, 3], "label": "update"}"#, #"{"edge": [1, 4], "label": "update"}"#,
                #"{"edge": [1, 5], "label": "update"}"#, #"{"edge": [1, 6], "label": "update"}"#,
                #"{"edge": [2, 3], "label": "update"}"#, #"{"edge": [2, 7], "label": "update"}"#,
                #"{"group": 1, "label": "Transaction"}"#, #"{"group": 2, "label": "Transaction"}"#,
            ].joined(separator: "\n") + "\n"
        let check = BudgetCheck(budget: try budget("skippedChecks: {perEnvironmentChange: 0}"))
        let result = try #require(check.evaluate(try measure(check, trace: trace)).results.first)
        // Group 1 holds three, from both events; by event alone, the first would hold four.
        #expect(result.measured == 3)
        #expect(result.evidence.first == "3 checks skipped the body in update group 1, the most in one change")
    }

    @Test("the dark-mode evidence shows the change and the views checked for nothing")
    func skippedEvidence() throws {
        let check = BudgetCheck(budget: try budget("skippedChecks: {perEnvironmentChange: 5}"))
        let result = try #require(check.evaluate(try measure(check, fixture: "dark-mode")).results.first)
        #expect(result.status == .exceeded)
        #expect(
            result.evidence == [
                "6 checks skipped the body in update group 1, the most in one change",
                "in all 12 of 24 checks skipped the body",
                "views checked for nothing: LandmarkListItemView skipped 12 of 12",
            ])
    }

    @Test(
        "findings limits count findings of a kind, judged by the budget's thresholds",
        arguments: [
            ("findings: {fanOut: 0}", "landmarks-favorites-before", false),
            ("findings: {fanOut: 1}", "landmarks-favorites-before", true),
            ("findings: {fanOut: 0}\nfindingThresholds: {fanOut: 30}", "landmarks-favorites-before", true),
            ("findings: {environmentChurn: 0}", "dark-mode", false),
            ("findings: {environmentChurn: 0}", "onoff-toggle", true),
            ("findings: {unstableIdentity: 0}", "contact-list", false),
            ("findings: {unstableIdentity: 0}", "landmarks-favorites-after", true),
            ("findings: {longBodies: 0}", "contact-list", false),
            ("findings: {longBodies: 0}", "onoff-toggle", true),
            ("findings: {rebuildStorm: 0}", "findings/rebuild-storm", false),
            ("findings: {rebuildStorm: 0}\nfindingThresholds: {stormWindow: 500us}", "findings/rebuild-storm", true),
        ])
    func findings(_ text: String, _ fixture: String, _ passes: Bool) throws {
        let check = BudgetCheck(budget: try budget(text))
        let report = check.evaluate(try measure(check, fixture: fixture))
        #expect(report.passed == passes)
        #expect(report.results.count == 1)
    }

    @Test("with a baseline, what was already there within the tolerance passes and a regression fails")
    func baseline() throws {
        let check = BudgetCheck(budget: try budget(Self.landmarksBudget))
        let before = try measure(check, fixture: "landmarks-favorites-before")
        let after = try measure(check, fixture: "landmarks-favorites-after")
        let unchanged = check.evaluate(before, baseline: before)
        #expect(unchanged.passed)
        #expect(unchanged.count(.tolerated) == 5 && unchanged.count(.held) == 1)
        let edge = try #require(unchanged.results.first { $0.rule == "forbiddenEdges[0]" })
        #expect((edge.baseline, edge.allowed, edge.status) == (72, 72, .tolerated))

        let regressed = check.evaluate(before, baseline: after)
        #expect(!regressed.passed)
        #expect(outcomes(regressed).prefix(5).allSatisfy { $0.hasSuffix("regressed") })
        let perGroup = try #require(regressed.results.first { $0.rule == "views[0].updates.perGroup" })
        #expect((perGroup.baseline, perGroup.allowed) == (1, 2))
        let newEdge = try #require(regressed.results.first { $0.rule == "forbiddenEdges[0]" })
        #expect(newEdge.baseline == 0)
    }

    @Test(
        "the tolerance decides how much above the baseline still passes",
        arguments: [
            ([10, 0], [11, 0], "none", false),
            ([10, 0], [10, 0], "none", true),
            ([10, 0], [11, 0], "10%", true),
            ([10, 0], [12, 0], "10%", false),
            ([10, 0], [12, 0], "2", true),
            ([10, 0], [13, 0], "10%,2", false),
            ([10, 0], [12, 0], "2,10%", true),
        ])
    func tolerance(_ baselineRuns: [Int], _ currentRuns: [Int], _ tolerance: String, _ passes: Bool) throws {
        let parsed = tolerance == "none" ? Tolerance.none : try #require(Tolerance(parsing: tolerance))
        let check = BudgetCheck(
            budget: try budget("views:\n  - view: Row\n    updates: {perGesture: 3}\n"), tolerance: parsed)
        let report = check.evaluate(
            try measure(check, trace: tapTrace(runs: currentRuns)),
            baseline: try measure(check, trace: tapTrace(runs: baselineRuns)))
        #expect(report.passed == passes)
        #expect(report.results.first?.status == (passes ? .tolerated : .regressed))
    }

    @Test(
        "tolerances read percent and absolute parts and round the allowance up",
        arguments: [
            ("10%", 10.0, 0, 72, 80),
            ("3", 0, 3, 72, 75),
            ("10%,3", 10, 3, 10, 13),
            ("3,10%", 10, 3, 100, 110),
            ("12.5%", 12.5, 0, 1, 2),
            ("0", 0, 0, 5, 5),
            ("50%", 50, 0, Int.max, Int.max),
        ])
    func toleranceParsing(_ text: String, _ percent: Double, _ absolute: Int, _ baseline: Int, _ allowed: Int) throws {
        let tolerance = try #require(Tolerance(parsing: text))
        #expect((tolerance.percent, tolerance.absolute) == (percent, absolute))
        #expect(tolerance.allowed(over: baseline) == allowed)
    }

    @Test(
        "malformed tolerances are refused",
        arguments: ["", "%", "-1", "10%,20%", "1,2", "ten", "1e3", "inf%", "5 %x", "10%,"])
    func badTolerance(_ text: String) {
        #expect(Tolerance(parsing: text) == nil)
    }
}
