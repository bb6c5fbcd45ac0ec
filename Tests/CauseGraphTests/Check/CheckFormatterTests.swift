import CauseGraph
import CauseGraphTestSupport
import CauseGraphYAML
import Testing

@Suite("Check reports")
struct CheckFormatterTests {
    private func report(_ budgetText: String, _ fixture: String, baseline: String? = nil) throws -> CheckReport {
        let check = BudgetCheck(budget: try BudgetFile.parse(Array(budgetText.utf8), file: "budget.yaml"))
        func measure(_ name: String) throws -> BudgetCheck.Measurement {
            var diagnostics = Diagnostics()
            return try check.measure(
                [packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path], diagnostics: &diagnostics)
        }
        return check.evaluate(try measure(fixture), baseline: try baseline.map(measure))
    }

    /// Every edge of the hostile fixture is forbidden, so every hostile title is a subject.
    private func hostile() throws -> CheckReport {
        try report(
            "forbiddenEdges:\n  - {from: '.', to: '.', regex: true}\nviews:\n  - {view: '.', regex: true, updates: {total: 0}}\n",
            "hostile-titles")
    }

    @Test("text puts each violation first with its figures, budget position and evidence")
    func text() throws {
        let text = CheckFormatter.format(
            try report(
                "views:\n  - view: LandmarkListItemView\n    updates: {perGesture: 1}\nlongUpdates: {high: 0}\n",
                "landmarks-favorites-before"), as: .text, spelling: SettingSpelling { "--" + $0.rawValue })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "causegraph check: 1 of 2 limits exceeded")
        #expect(
            text.contains(
                """

                exceeded  views[0].updates.perGesture · LandmarkListItemView
                          24 body runs, limit 1 (budget.yaml:3:27)
                          · Tap (event 1 at 2041.250 ms) led to 24 runs, the most from one
                            gesture
                          · LandmarkListItemView ran 72 of 72 updates (0 skipped) in 3 update
                            groups

                1 limit held; --all lists them
                """))
        #expect(!text.contains("longUpdates.high"), "a limit that held is counted, not listed")
        let listing = CheckFormatter.format(
            try report(
                "views:\n  - view: LandmarkListItemView\n    updates: {perGesture: 1}\nlongUpdates: {high: 0}\n",
                "landmarks-favorites-before"), as: .text, listingHeld: true)
        #expect(listing.contains("\nheld (1)\n  longUpdates.high · all updates: 0 ≤ 0\n"))
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(!text.contains("\u{1B}"))
        let coloured = CheckFormatter.format(
            try report("longUpdates: {high: 0}\n", "onoff-toggle"), as: .text, style: TextStyle(colour: true))
        #expect(coloured.hasPrefix("\u{1B}[31mcausegraph check: 1 of 1 limit exceeded\u{1B}[0m\n"))
    }

    @Test("a passing report says so, and a tolerated one says no regression")
    func headlines() throws {
        #expect(
            CheckFormatter.format(try report("longUpdates: {high: 1}\n", "onoff-toggle"), as: .text)
                .hasPrefix("causegraph check: every limit holds (1)\n"))
        let tolerated = CheckFormatter.format(
            try report("longUpdates: {high: 0}\n", "onoff-toggle", baseline: "onoff-toggle"), as: .markdown)
        #expect(
            tolerated.hasPrefix(
                "## causegraph check: no regression: 1 of 1 limit over, no more than the baseline allows\n"))
        #expect(tolerated.contains("- 1 long update, limit 0; baseline 1, allowed 1, set at budget.yaml:1:21"))
    }

    @Test("Markdown is a pull-request comment: a table of violations, their evidence, folded held limits")
    func markdown() throws {
        let markdown = CheckFormatter.format(
            try report(
                "forbiddenEdges:\n  - {from: favoritesCollection, to: ListItem}\nfindings: {environmentChurn: 0}\n",
                "landmarks-favorites-before"), as: .markdown)
        #expect(
            markdown == """
                ## causegraph check: 1 of 2 limits exceeded

                Budget budget.yaml · trace \(markdownEscaped(packageRoot.appendingPathComponent("fixtures/landmarks-favorites-before.jsonl").path))

                | result | limit | subject | measured | allowed |
                | --- | --- | --- | ---: | ---: |
                | **exceeded** | forbiddenEdges\\[0\\] | ModelData.favoritesCollection → LandmarkListItemView (observable) | 72 | 0 |

                ### exceeded: forbiddenEdges\\[0\\] · ModelData.favoritesCollection → LandmarkListItemView (observable)

                - 72 links, limit 0, set at budget.yaml:2:5
                - ModelData.favoritesCollection → LandmarkListItemView: observable ×72 in update groups 1, 2, 3
                - changed: favoritesCollection
                - ModelData.favoritesCollection set at ModelData.favoritesCollection.setter

                <details><summary>1 limit held</summary>

                | limit | subject | measured | limit |
                | --- | --- | ---: | ---: |
                | findings.environmentChurn | environment churn findings | 0 | 0 |

                </details>

                """)
    }

    @Test("hostile titles stay text in Markdown, one cell each")
    func hostileMarkdown() throws {
        let markdown = CheckFormatter.format(try hostile(), as: .markdown)
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("</text>"))
        #expect(markdown.contains("Closing&lt;/text&gt;&lt;text&gt;"))
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") && !line.contains("---") {
            let cells = line.replacingOccurrences(of: "\\|", with: "").split(
                separator: "|", omittingEmptySubsequences: false
            ).count
            #expect(cells == 7 || cells == 6, "row with stray cells: \(line)")
        }
        #expect(
            !markdown.split(separator: "\n").contains {
                $0.hasPrefix("#") && !$0.hasPrefix("## causegraph") && !$0.hasPrefix("### ")
            })
    }

    @Test("hostile titles stay on their line in text, with control characters visible")
    func hostileText() throws {
        let text = CheckFormatter.format(try hostile(), as: .text)
        #expect(!text.contains("\u{1B}") && !text.contains("\t"))
        #expect(text.contains("Two␊Lines"))
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test("JSON lists every result with its status, position and evidence, and keeps hostile text as data")
    func json() throws {
        let report = try hostile()
        let document = try JSONParser.parse(CheckFormatter.format(report, as: .json))
        #expect(document["passed"]?.content == .bool(false))
        let results = try #require(document["results"]?.arrayValue)
        #expect(results.count == report.results.count)
        let first = try #require(results.first)
        #expect(first["status"]?.stringValue == "exceeded")
        #expect(first["location"]?["file"]?.stringValue == "budget.yaml")
        #expect(first["baseline"]?.isNull == true)
        #expect(results.contains { $0["subject"]?.stringValue == "Closing</text><text>" })
        #expect(document["counts"]?["exceeded"]?.numberValue == Int64(report.count(.exceeded)))
        #expect(document["tolerance"]?.isNull == true)
    }
}

/// A path as Markdown writes it.
private func markdownEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
        if "\\`*_[]#|~".contains(character) { result.append("\\") }
        result.append(character)
    }
    return result
}
