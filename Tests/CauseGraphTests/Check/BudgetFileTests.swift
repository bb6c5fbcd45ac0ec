import CauseGraph
import CauseGraphTestSupport
import CauseGraphYAML
import Testing

/// The budget `text` reads as, named `budget.yaml`.
private func budget(_ text: String) throws -> Budget {
    try BudgetFile.parse(Array(text.utf8), file: "budget.yaml")
}

/// The one-line error reading `text` gives, or `nil`.
private func budgetError(_ text: String) -> String? {
    budgetError(bytes: Array(text.utf8))
}

private func budgetError(bytes: [UInt8]) -> String? {
    do {
        _ = try BudgetFile.parse(bytes, file: "budget.yaml")
        return nil
    } catch {
        return error.description
    }
}

@Suite("Budget files")
struct BudgetFileTests {
    static let full = """
        version: 1
        views:
          - view: ListItem
            updates: {total: 30, perGroup: 2, perGesture: 1}
            longUpdates: {medium: 3, high: 0}
          - view: ^List$
            regex: true
            updates:
              perGroup: 1
        longUpdates:
          high: 0
          veryHigh: 0
        skippedChecks:
          perEnvironmentChange: 10
        findings:
          fanOut: 0
          rebuildStorm: 2
        findingThresholds:
          fanOut: 5
          stormWindow: 2ms
        forbiddenEdges:
          - from: ModelData.favoritesCollection
            to: LandmarkListItemView
            kind: observable
        """

    @Test("every key of the schema reads, and each limit knows its line and column")
    func fullSchema() throws {
        let read = try budget(Self.full)
        #expect(read.views.count == 2)
        let first = read.views[0]
        #expect((first.pattern.text, first.pattern.isRegex) == ("ListItem", false))
        #expect(
            first.total == Budget.Limit(max: 30, location: SourceLocation(file: "budget.yaml", line: 4, column: 22)))
        #expect(first.perGroup?.max == 2 && first.perGesture?.max == 1)
        #expect(first.longUpdates.limits.map { "\($0.severity.rawValue) \($0.limit.max)" } == ["medium 3", "high 0"])
        #expect(first.location == SourceLocation(file: "budget.yaml", line: 3, column: 5))
        let second = read.views[1]
        #expect((second.pattern.text, second.pattern.isRegex) == ("^List$", true))
        #expect(second.pattern.matches("List") && !second.pattern.matches("ListItem"))
        #expect(read.longUpdates.limits.map(\.severity) == [.high, .veryHigh])
        #expect(read.skippedChecksPerEnvironmentChange?.max == 10)
        #expect(read.findings.map { "\($0.kind.rawValue) \($0.limit.max)" } == ["fanOut 0", "rebuildStorm 2"])
        #expect(read.findingThresholds.fanOut == 5 && read.findingThresholds.stormWindow == 2_000_000)
        #expect(read.findingThresholds.churn == FindingThresholds().churn)
        let edge = try #require(read.forbiddenEdges.first)
        #expect(edge.description == "ModelData.favoritesCollection → LandmarkListItemView (observable)")
        #expect(edge.location == SourceLocation(file: "budget.yaml", line: 22, column: 5))
    }

    @Test("every one of the five severities can be limited")
    func fiveSeverities() throws {
        let read = try budget("longUpdates: {veryLow: 100, low: 50, medium: 3, high: 1, veryHigh: 0}\n")
        #expect(read.longUpdates.limits.map(\.severity) == Severity.allCases)
    }

    @Test("a byte order mark, as editors on Windows write, is read past; positions are the text's")
    func byteOrderMark() throws {
        let read = try BudgetFile.parse([0xEF, 0xBB, 0xBF] + Array("longUpdates: {high: 0}\n".utf8), file: "b.yaml")
        #expect(read.longUpdates.limits.map(\.severity) == [.high])
        #expect(
            budgetError(bytes: [0xEF, 0xBB, 0xBF] + Array("longUpdates: {hihg: 0}\n".utf8))?
                .hasPrefix("budget.yaml:1:15: error:") == true)
    }

    @Test("JSON is read by the same rules, with its own positions")
    func json() throws {
        let read = try budget(
            """
            {"views": [{"view": "ListItem", "updates": {"perGesture": 1}}],
             "forbiddenEdges": [{"from": "A", "to": "B"}]}
            """)
        #expect(
            read.views[0].perGesture
                == Budget.Limit(max: 1, location: SourceLocation(file: "budget.yaml", line: 1, column: 59)))
        #expect(read.forbiddenEdges[0].kind == nil)
        #expect(
            budgetError(#"{"views": [{"view": "X", "updates": {"total": "3"}}]}"#)
                == #"budget.yaml:1:47: error: views[0].updates.total must be a whole number, 0 or more; found the text "3""#
        )
    }

    @Test("the example budget in fixtures reads")
    func example() throws {
        let read = try BudgetFile.read(path: packageRoot.appendingPathComponent("fixtures/budgets/landmarks.yaml").path)
        #expect(read.views.count == 2 && read.forbiddenEdges.count == 1)
    }

    @Test(
        "mistakes are errors at their line and column",
        arguments: [
            (
                "views:\n  - view: Row\n    updates:\n      perGrup: 2\n",
                "budget.yaml:4:7: error: unknown key 'perGrup' in views[0].updates; did you mean 'perGroup'?"
            ),
            (
                "longUpdate:\n  high: 0\n",
                "budget.yaml:1:1: error: unknown key 'longUpdate' in the budget; did you mean 'longUpdates'?"
            ),
            (
                "limits:\n  high: 0\n",
                "budget.yaml:1:1: error: expected a budget: a mapping of version, views, longUpdates, skippedChecks, findings, findingThresholds, forbiddenEdges, hitches, hangs; this file has none of those keys"
            ),
            // A docker-compose file: its `version` is no sign of a budget, and none of it is quoted.
            (
                "version: \"3.8\"\nservices:\n  web:\n    image: nginx\n",
                "budget.yaml:1:1: error: expected a budget: a mapping of version, views, longUpdates, skippedChecks, findings, findingThresholds, forbiddenEdges, hitches, hangs; this file has none of those keys but version"
            ),
            ("longUpdates:\n  high: 0\n  high: 1\n", "budget.yaml:3:3: error: duplicate key 'high' in longUpdates"),
            (
                "longUpdates:\n  high: -1\n",
                "budget.yaml:2:9: error: longUpdates.high must be a whole number, 0 or more; found the number -1"
            ),
            (
                "longUpdates:\n  high: 1.5\n",
                "budget.yaml:2:9: error: longUpdates.high must be a whole number, 0 or more; found the number 1.5"
            ),
            (
                "longUpdates:\n  high: 5xs\n",
                "budget.yaml:2:9: error: longUpdates.high must be a whole number, 0 or more; found the text \"5xs\""
            ),
            (
                "longUpdates:\n  high: 0xZZ\n",
                "budget.yaml:2:9: error: longUpdates.high must be a whole number, 0 or more; found the text \"0xZZ\""
            ),
            (
                "longUpdates:\n  high: 1e3\n",
                "budget.yaml:2:9: error: longUpdates.high must be a whole number, 0 or more; found the number 1e3"
            ),
            (
                "longUpdates:\n  high:\n",
                "budget.yaml:2:8: error: longUpdates.high must be a whole number, 0 or more; found nothing"
            ),
            ("longUpdates:\n  high: 99999999999999999999\n", "budget.yaml:2:9: error: longUpdates.high is too large"),
            (
                "longUpdates:\n  red: 0\n",
                "budget.yaml:2:3: error: unknown key 'red' in longUpdates; expected one of: veryLow, low, medium, high, veryHigh"
            ),
            (
                "longUpdates: {}\n",
                "budget.yaml:1:14: error: longUpdates sets no limit; give one of veryLow, low, medium, high, veryHigh"
            ),
            ("views: Row\n", "budget.yaml:1:8: error: views must be a list; found the text \"Row\""),
            (
                "views: \"\(String(repeating: "x", count: 60))\\nsecond line\"\n",
                "budget.yaml:1:8: error: views must be a list; found the text \"\(String(repeating: "x", count: 40))…\""
            ),
            (
                "views: \"ab\\ncd\"\n",
                "budget.yaml:1:8: error: views must be a list; found the text \"ab…\""
            ),
            (
                "views:\n  - updates: {total: 1}\n",
                "budget.yaml:2:5: error: views[0] needs 'view': the pattern of the view type names it limits"
            ),
            ("views:\n  - view: Row\n", "budget.yaml:2:5: error: views[0] sets no limit; give updates or longUpdates"),
            (
                "views:\n  - view: \"\"\n    updates: {total: 1}\n",
                "budget.yaml:2:11: error: views[0].view must not be empty: it would match every title"
            ),
            (
                "views:\n  - view: \"(\"\n    regex: true\n    updates: {total: 1}\n",
                "budget.yaml:2:11: error: views[0].view: invalid regular expression '(': expected ')'"
            ),
            (
                "views:\n  - view: Row\n    regex: yes\n    updates: {total: 1}\n",
                "budget.yaml:3:12: error: views[0].regex must be true or false; found the text \"yes\""
            ),
            (
                "forbiddenEdges:\n  - from: A\n",
                "budget.yaml:2:5: error: forbiddenEdges[0] needs both 'from' (the cause's title) and 'to' (the effect's title)"
            ),
            (
                "forbiddenEdges:\n  - {from: A, to: B, kind: observed}\n",
                "budget.yaml:2:28: error: forbiddenEdges[0].kind: unknown edge kind 'observed'; expected one of: gesture, state, observable, externalEnvironment, environmentWriter, update, creation, unrecorded"
            ),
            (
                "findings:\n  fanout: 0\n",
                "budget.yaml:2:3: error: unknown key 'fanout' in findings; did you mean 'fanOut'?"
            ),
            (
                "findings: {fanOut: 0}\nfindingThresholds: {stormWindow: soon}\n",
                "budget.yaml:2:34: error: findingThresholds.stormWindow must be a duration longer than zero, such as 5ms or 800us; found the text \"soon\""
            ),
            (
                "findings: {fanOut: 0}\nfindingThresholds: {storm: 0}\n",
                "budget.yaml:2:28: error: findingThresholds.storm must be at least 1"
            ),
            (
                "version: 2\nlongUpdates: {high: 0}\n",
                "budget.yaml:1:10: error: unsupported budget version 2; this causegraph reads version 1"
            ),
            ("version: 1\n", "budget.yaml:1:1: error: the budget sets no limit; see docs/check.md for the keys"),
            ("", "budget.yaml:1:1: error: the budget is empty; it must set at least one limit"),
            (
                "- high: 0\n",
                "budget.yaml:1:1: error: expected a budget: a mapping of version, views, longUpdates, skippedChecks, findings, findingThresholds, forbiddenEdges, hitches, hangs; found a list"
            ),
            (
                "longUpdates:\n  high: 0\n bad: 1\n",
                "budget.yaml:3:2: error: invalid YAML: did not find expected key (while parsing a block mapping at 1:1)"
            ),
            (
                "views: [\n",
                "budget.yaml:2:1: error: invalid YAML: did not find expected node content (while parsing a flow node at 2:1)"
            ),
            (
                "{\"views\": [}\n",
                "budget.yaml:1:12: error: invalid YAML: did not find expected node content (while parsing a flow node at 1:12)"
            ),
        ])
    func errors(_ text: String, _ expected: String) {
        #expect(budgetError(text) == expected)
    }

    @Test("bytes that are not UTF-8 text are refused at their position")
    func notText() {
        #expect(
            budgetError(bytes: Array("longUpdates:\n  hi".utf8) + [0xFF] + Array("gh: 0\n".utf8))
                == "budget.yaml:2:5: error: the budget is not UTF-8 text")
        #expect(
            budgetError(bytes: Array("longUpdates: {high: 0}\n#".utf8) + [0])
                == "budget.yaml:2:2: error: the budget is not UTF-8 text")
    }

    @Test("a budget nested past the limit is refused before Yams reads it, however it nests")
    func tooDeep() {
        let deep = 5_000
        // Flow collections, as YAML and as JSON: Yams overflowed its stack at about 5,000 levels.
        // The estimate errs high: `views:` counts its line's indentation and its `:`.
        #expect(
            budgetError("views: " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep))
                == "budget.yaml:1:70: error: the budget nests deeper than 64 levels")
        #expect(
            budgetError(String(repeating: "{\"a\": [", count: 50_000) + String(repeating: "]}", count: 50_000))
                == "budget.yaml:1:\(7 * 31 + 7): error: the budget nests deeper than 64 levels")
        // Block sequences on one line, and indentation over many lines.
        #expect(
            budgetError("views:\n  " + String(repeating: "- ", count: deep) + "x\n")
                == "budget.yaml:2:\(3 + 2 * 62): error: the budget nests deeper than 64 levels")
        let indented = (0..<100).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        #expect(budgetError(indented) == "budget.yaml:64:67: error: the budget nests deeper than 64 levels")
        // A quote inside plain text opens nothing, so it hides no brackets.
        #expect(
            budgetError("views: don't " + String(repeating: "[", count: deep))
                == "budget.yaml:1:76: error: the budget nests deeper than 64 levels")
        // Brackets inside a quoted scalar or a comment are text.
        #expect(
            budgetError(
                "longUpdates: {high: 0}\n# " + String(repeating: "[", count: deep) + "\nviews: [{view: '"
                    + String(repeating: "[", count: deep) + "', updates: {total: 1}}]\n") == nil)
        // Nesting within the limit reaches the schema, which explains the mistake.
        #expect(
            budgetError("views: [[[[[[[[]]]]]]]]")
                == "budget.yaml:1:9: error: views[0] must be a mapping of view, regex, updates, longUpdates; found a list"
        )
    }

    @Test("an unreadable or oversized budget file is an error naming it")
    func files() throws {
        let directory = try TemporaryFolder()
        #expect(throws: Diagnostic.self) { try BudgetFile.read(path: directory.path("missing.yaml")) }
        let large = try directory.write(
            "large.yaml", "# " + String(repeating: "x", count: BudgetFile.maximumSize) + "\n")
        do {
            _ = try BudgetFile.read(path: large)
            Issue.record("an oversized budget was read")
        } catch {
            #expect(error.description == "\(large): error: the budget is larger than 1024 KiB")
        }
    }
}
