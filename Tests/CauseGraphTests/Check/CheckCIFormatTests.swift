import CauseGraph
import CauseGraphTestSupport
import CauseGraphYAML
import Foundation
import Testing

@Suite("Check reports for CI: JUnit and GitHub annotations")
struct CheckCIFormatTests {
    private let budgetPath = packageRoot.appendingPathComponent("fixtures/budgets/landmarks.yaml").path

    private func report(budget: Budget, trace path: String, baseline: String? = nil) throws -> CheckReport {
        let check = BudgetCheck(budget: budget)
        var diagnostics = Diagnostics()
        let current = try check.measure([path], diagnostics: &diagnostics)
        let reference = try baseline.map { try check.measure([$0], diagnostics: &diagnostics) }
        return check.evaluate(current, baseline: reference)
    }

    private func landmarks(_ name: String, baseline: String? = nil) throws -> CheckReport {
        func fixture(_ name: String) -> String {
            packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
        }
        return try report(
            budget: try BudgetFile.read(path: budgetPath), trace: fixture(name), baseline: baseline.map(fixture))
    }

    /// Titles no report may pass through as they are: controls, a terminal
    /// escape, noncharacters, the end of a CDATA section, markup, quotes,
    /// a forged workflow command and the separators of its properties.
    static let hostileTitles = [
        "Bell\u{7}View", "Escape\u{1B}[31mRed", "CR\r\nLF", "]]><!--x-->", "Non\(nonCharacter(0xFFFE))char",
        "Non\(nonCharacter(0xFDD0))char", "Quote\"Apos'Amp&Lt<Gt>", "%0A::error::forged", "comma,colon:view",
    ]

    /// A recording with one body update per hostile title, checked against a
    /// budget that allows none, so every title is a failing subject.
    private func hostile() throws -> CheckReport {
        let folder = try TemporaryFolder()
        let path = folder.path("hostile.jsonl")
        let file = try OutputFile(path: path)
        var writer = NativeTraceWriter(output: file)
        try writer.begin(TraceHeader(app: "Hostile"))
        for (index, title) in Self.hostileTitles.enumerated() {
            try writer.add(TraceEvent(id: EventID(index + 1), kind: .body, title: title, owner: .app, ran: true))
        }
        try file.commit()
        let budget = try BudgetFile.parse(
            Array("views:\n  - {view: '.', regex: true, updates: {total: 0}}\n".utf8), file: "budget,1:x.yaml")
        return try report(budget: budget, trace: path)
    }

    @Test("JUnit: one suite for the recording, one case per limit and subject, a failure per limit exceeded")
    func junitStructure() throws {
        let report = try landmarks("landmarks-favorites-before")
        let xml = CheckFormatter.format(report, as: .junit)
        let tree = try XMLTree(xml)
        #expect(tree.root.name == "testsuites")
        #expect(tree.root.attributes["tests"] == "11")
        #expect(tree.root.attributes["failures"] == "5")
        let suites = tree.root.children("testsuite")
        try #require(suites.count == 1)
        let suite = suites[0]
        #expect(
            suite.attributes["name"]
                == packageRoot.appendingPathComponent("fixtures/landmarks-favorites-before.jsonl").path)
        #expect(suite.attributes["tests"] == "11" && suite.attributes["failures"] == "5")
        #expect(suite.attributes["errors"] == "0" && suite.attributes["skipped"] == "0")
        let properties = suite.children("properties").first?.children("property") ?? []
        #expect(properties.first?.attributes["name"] == "budget" && properties.first?.attributes["value"] == budgetPath)
        let cases = suite.children("testcase")
        #expect(cases.count == 11)
        #expect(Set(cases.compactMap { $0.attributes["name"] }).count == 11, "each case has a name of its own")
        #expect(cases.filter { !$0.children("failure").isEmpty }.count == 5)
        let total = try #require(
            cases.first { $0.attributes["name"] == "views[0].updates.total · LandmarkListItemView" })
        #expect(total.attributes["classname"] == budgetPath)
        #expect(total.attributes["file"] == budgetPath)
        #expect(total.attributes["line"] == "13")
        let failure = try #require(total.children("failure").first)
        #expect(failure.attributes["type"] == "exceeded")
        #expect(failure.attributes["message"] == "72 body runs, limit 30 (\(budgetPath):13:14)")
        #expect(
            failure.text == """
                exceeded: 72 body runs, limit 30, set at \(budgetPath):13:14
                · LandmarkListItemView ran 72 of 72 updates (0 skipped) in 3 update groups
                """)
        let held = try #require(cases.first { $0.attributes["name"] == "views[1].updates.perGroup · LandmarkListView" })
        #expect(held.children.isEmpty)
        #expect(suite.children("system-out").first?.text.hasPrefix("5 of 11 limits exceeded") == true)
        #expect(xml == CheckFormatter.format(try landmarks("landmarks-favorites-before"), as: .junit), "deterministic")
    }

    @Test("JUnit: a tolerated limit passes with its figures; a passing recording has no failure")
    func junitBaseline() throws {
        let tolerated = try XMLTree(
            CheckFormatter.format(
                try landmarks("landmarks-favorites-before", baseline: "landmarks-favorites-before"), as: .junit))
        #expect(tolerated.root.attributes["failures"] == "0")
        let suite = try #require(tolerated.root.children("testsuite").first)
        let properties = suite.children("properties").first?.children("property") ?? []
        #expect(properties.contains { $0.attributes["name"] == "tolerance" && $0.attributes["value"] == "none" })
        let outs = suite.children("testcase").flatMap { $0.children("system-out") }
        #expect(outs.count == 5)
        #expect(outs.allSatisfy { $0.text.hasPrefix("tolerated: ") })
        let passing = try XMLTree(CheckFormatter.format(try landmarks("landmarks-favorites-after"), as: .junit))
        #expect(passing.root.attributes["failures"] == "0")
        #expect(passing.root.children("testsuite").first?.children("testcase").count == 11)
    }

    @Test("JUnit: hostile titles read back as text, with controls and noncharacters made visible")
    func junitEscaping() throws {
        let xml = CheckFormatter.format(try hostile(), as: .junit)
        #expect(
            !xml.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE || $0.value == 0xFDD0 }
        )
        #expect(!xml.contains("]]>"))
        #expect(!xml.contains("<!--"))
        let cases = try XMLTree(xml).root.children("testsuite").first?.children("testcase") ?? []
        let names = cases.compactMap { $0.attributes["name"] }
        #expect(cases.count == Self.hostileTitles.count)
        for title in Self.hostileTitles {
            #expect(
                names.contains("views[0].updates.total · " + VisibleText.singleLine(title)), "\(title.debugDescription)"
            )
        }
        let failure = try #require(
            cases.first { $0.attributes["name"]!.hasSuffix("Quote\"Apos'Amp&Lt<Gt>") }?.children("failure").first)
        #expect(failure.text.contains("Quote\"Apos'Amp&Lt<Gt> ran 1 of 1 update"))
        #expect(cases.first { $0.attributes["name"]!.hasSuffix("]]><!--x-->") } != nil)
    }

    @Test("GitHub: ::error at the line and column of each limit exceeded, with its evidence")
    func githubErrors() throws {
        let text = CheckFormatter.format(try landmarks("landmarks-favorites-before"), as: .github)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "causegraph check: 5 of 11 limits exceeded")
        let file = budgetPath.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(
            lines.contains(
                "::error file=\(file),line=13,col=14,title=causegraph check%3A views[0].updates.total · LandmarkListItemView exceeded::72 body runs, limit 30%0ALandmarkListItemView ran 72 of 72 updates (0 skipped) in 3 update groups"
            ))
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 5)
        #expect(lines.filter { $0.hasPrefix("::error file=\(file),line=37,col=5,") }.count == 1, "the forbidden edge")
        let passing = CheckFormatter.format(try landmarks("landmarks-favorites-after"), as: .github)
        #expect(passing == "causegraph check: every limit holds (11)\n")
    }

    /// `count` views of one body update each, against a budget that allows none.
    private func failing(_ count: Int) throws -> CheckReport {
        let folder = try TemporaryFolder()
        let path = folder.path("views.jsonl")
        let file = try OutputFile(path: path)
        var writer = NativeTraceWriter(output: file)
        try writer.begin(TraceHeader(app: "Views"))
        for index in 1...count {
            try writer.add(TraceEvent(id: EventID(index), kind: .body, title: "View\(index)", owner: .app, ran: true))
        }
        try file.commit()
        let budget = try BudgetFile.parse(
            Array("views:\n  - {view: 'View', updates: {total: 0}}\n".utf8), file: "budget.yaml")
        return try report(budget: budget, trace: path)
    }

    @Test("GitHub: past the 10 errors GitHub shows, 9 and one saying how many more; text and JSON keep every one")
    func githubBound() throws {
        let lines = CheckFormatter.format(try failing(25), as: .github).split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.hasPrefix("::error ") }
        #expect(errors.count == CheckFormatter.annotationLimit)
        #expect(
            errors.last
                == "::error title=causegraph check::16 more failures not annotated (GitHub shows 10 a step); the text or JSON report lists every one."
        )
        #expect(errors.dropLast().allSatisfy { $0.contains("exceeded::1 body run, limit 0") })
        let exactly = CheckFormatter.format(try failing(10), as: .github)
        #expect(exactly.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(!exactly.contains("more failures"))
        let json = try JSONParser.parse(CheckFormatter.format(try failing(25), as: .json))
        #expect(json["results"]?.arrayValue?.count == 25)
    }

    @Test("figures of four digits and more read with thousands separators in text, Markdown and annotations")
    func separators() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("row.jsonl")
        let file = try OutputFile(path: path)
        var writer = NativeTraceWriter(output: file)
        try writer.begin(TraceHeader(app: "Rows"))
        for index in 1...1_200 {
            try writer.add(TraceEvent(id: EventID(index), kind: .body, title: "Row", owner: .app, ran: true))
        }
        try file.commit()
        let budget = try BudgetFile.parse(
            Array("views:\n  - {view: Row, updates: {total: 1000}}\n  - {view: Row, updates: {total: 2000}}\n".utf8),
            file: "budget.yaml")
        let report = try report(budget: budget, trace: path)
        let text = CheckFormatter.format(report, as: .text, listingHeld: true)
        #expect(text.contains("1,200 body runs, limit 1,000 (budget.yaml:2:"), "\(text)")
        #expect(text.contains(": 1,200 ≤ 2,000\n"), "\(text)")
        let markdown = CheckFormatter.format(report, as: .markdown)
        #expect(markdown.contains("| 1,200 | 1,000 |"), "\(markdown)")
        #expect(markdown.contains("| 1,200 | 2,000 |"), "\(markdown)")
        #expect(CheckFormatter.format(report, as: .github).contains("::1,200 body runs, limit 1,000"))
        let json = try JSONParser.parse(CheckFormatter.format(report, as: .json))
        #expect(json["results"]?.arrayValue?.first?["limit"]?.numberValue == 1_000, "JSON keeps plain numbers")
    }

    @Test("GitHub: ::warning at a view entry the recording never shows, ::notice for tolerated limits")
    func githubWarnings() throws {
        let budget = try BudgetFile.parse(
            Array(
                "views:\n  - view: LandmarkListItemView\n    updates: {total: 1}\n  - view: LandmarkRow\n    updates: {total: 1}\n"
                    .utf8),
            file: "budget.yaml")
        let before = packageRoot.appendingPathComponent("fixtures/landmarks-favorites-before.jsonl").path
        let lines = CheckFormatter.format(try report(budget: budget, trace: before), as: .github)
            .split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "::warning file=budget.yaml,line=4,col=5,title=causegraph check%3A views[1] matches no view::The budget limits views matching \"LandmarkRow\", but the recording shows none, so its limits measure nothing.%0AClosest: LandmarkListView, LandmarkListItemView, LandmarkFavoriteButton"
            ), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("::notice") }, "the note about the view is the warning, not twice")
        let tolerated = CheckFormatter.format(try report(budget: budget, trace: before, baseline: before), as: .github)
        #expect(
            tolerated.contains(
                "\n::notice file=budget.yaml,line=3,col=22,title=causegraph check%3A views[0].updates.total · LandmarkListItemView tolerated::72 body runs, limit 1; baseline 72, allowed 72%0A"
            ))
        #expect(!tolerated.contains("::error"))
    }

    @Test("GitHub: trace text cannot end a command, forge one or reach the log as a terminal escape")
    func githubEscaping() throws {
        let text = CheckFormatter.format(try hostile(), as: .github)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + Self.hostileTitles.count)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("::error file=budget%2C1%3Ax.yaml,line=2,col=47,title=") })
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(
            text.contains("title=causegraph check%3A views[0].updates.total · %250A%3A%3Aerror%3A%3Aforged exceeded::"))
        #expect(text.contains("::1 body run, limit 0%0A%250A::error::forged ran 1 of 1 update"))
        #expect(text.contains("title=causegraph check%3A views[0].updates.total · comma%2Ccolon%3Aview exceeded::"))
        #expect(text.contains("CR␍␊LF") && text.contains("Escape␛[31mRed"))
    }

    @Test("a budget read from standard input has no file for an annotation to name")
    func githubStandardInput() throws {
        let budget = try BudgetFile.parse(Array("longUpdates: {high: 0}\n".utf8), file: "-")
        let text = CheckFormatter.format(
            try report(budget: budget, trace: packageRoot.appendingPathComponent("fixtures/onoff-toggle.jsonl").path),
            as: .github)
        #expect(text.contains("\n::error title=causegraph check%3A longUpdates.high · all updates exceeded::"))
    }
}
