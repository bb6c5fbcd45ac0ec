import CauseGraph
import Foundation
import Testing

@Suite("Report formatting")
struct ReportFormattingTests {
    private func whyReports(_ fixture: String) throws -> [WhyReport] {
        let (graph, events) = try fixtureEvents(fixture)
        let views = graph.nodes.filter { $0.kind == .body }.map { CauseTree(of: $0, in: graph) }
        var reports = [
            WhyReport(frameRate: graph.frameRate, views: views),
            WhyReport(
                frameRate: graph.frameRate, views: views,
                listings: views.map { UpdateListing(of: $0.node.key, in: events) }),
        ]
        if let last = events.events.last(where: { $0.key.kind == .body }),
            let chain = UpdateChain(event: last.id, in: events)
        {
            reports.append(WhyReport(frameRate: graph.frameRate, views: [], chain: chain))
        }
        return reports
    }

    @Test("text fits 80 columns and carries no escape codes without colour", arguments: allFixtures)
    func textFits(_ fixture: String) throws {
        var outputs = try whyReports(fixture).map { WhyFormatter.format($0, as: .text) }
        outputs.append(SummaryFormatter.format(TraceSummary(graph: try fixtureGraph(fixture)), as: .text))
        for output in outputs {
            for line in output.split(separator: "\n") {
                #expect(line.count <= 80, "too wide: \(line)")
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            }
        }
    }

    @Test("counts of six figures and more keep a space between the columns of the body table")
    func wideCountsStaySeparate() throws {
        var builder = GraphBuilder()
        for id in 0..<120_000 {
            try builder.add(TraceEvent(id: EventID(id), kind: .body, title: "Row", owner: .app, time: Nanoseconds(id)))
        }
        let text = SummaryFormatter.format(TraceSummary(graph: builder.finish()), as: .text)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("    Row ") })
        #expect(row.split(separator: " ").prefix(4) == ["Row", "120,000", "120,000", "0"], "\(row)")
        let header = try #require(text.split(separator: "\n").first { $0.hasPrefix("    view") })
        #expect(header.count == row.count && row.count <= 80, "columns stay aligned within 80: \(header) / \(row)")
    }

    @Test("colour only when asked")
    func colour() throws {
        let summary = TraceSummary(graph: try fixtureGraph("contact-list"))
        #expect(!SummaryFormatter.format(summary, as: .text).contains("\u{1B}"))
        #expect(SummaryFormatter.format(summary, as: .text, style: TextStyle(colour: true)).contains("\u{1B}[31m"))
    }

    @Test("JSON output parses, for every fixture and report", arguments: allFixtures)
    func jsonParses(_ fixture: String) throws {
        for report in try whyReports(fixture) {
            _ = try JSONParser.parse(WhyFormatter.format(report, as: .json))
        }
        _ = try JSONParser.parse(SummaryFormatter.format(TraceSummary(graph: try fixtureGraph(fixture)), as: .json))
    }

    @Test("hostile titles stay text in Markdown")
    func markdownEscapes() throws {
        let summary = SummaryFormatter.format(TraceSummary(graph: try fixtureGraph("hostile-titles")), as: .markdown)
        #expect(!summary.contains("<script>"))
        #expect(!summary.contains("</text>"))
        #expect(summary.contains("Closing&lt;/text&gt;&lt;text&gt;"))
        for line in summary.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| ---") {
            // Escaped pipes do not split cells: every row has the header's cell count.
            let cells = line.replacingOccurrences(of: "\\|", with: "").split(
                separator: "|", omittingEmptySubsequences: false
            ).count
            #expect(cells == 10 || cells == 6, "row with stray cells: \(line)")
        }
    }

    @Test("summary and why of the Landmarks fixture match their golden text")
    func golden() throws {
        let summary = try fixtureSummary("landmarks-favorites-before")
        for (name, actual) in [
            ("summary.txt", SummaryFormatter.format(summary, as: .text)),
            ("summary.md", SummaryFormatter.format(summary, as: .markdown)),
            ("why.txt", WhyFormatter.format(try whyReports("landmarks-favorites-before")[0], as: .text)),
        ] {
            try Golden.check(actual, against: "fixtures/golden/landmarks-favorites-before.\(name)")
        }
    }
}
