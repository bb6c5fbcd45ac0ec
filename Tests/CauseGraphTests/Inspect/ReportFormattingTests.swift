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

    /// A view `levels` causes deep, each cause titled long enough to fill a
    /// line: `Cause1` caused the view, `Cause2` caused `Cause1`, and so on.
    /// `Shared` caused both `Cause1` and the deepest causes, so deep down it
    /// is marked as shown elsewhere, and the deepest cause has 12 causes of
    /// its own, more than a tree lists.
    static func deepChain<Sink: TraceSink & ~Copyable>(levels: Int, into sink: inout Sink) throws {
        try sink.begin(TraceHeader(app: "Deep"))
        func title(_ name: String) -> String { name + String(repeating: "WithAVeryLongName", count: 5) }
        func event(_ id: Int, _ name: String) -> TraceEvent {
            TraceEvent(
                id: EventID(id), kind: .body, title: title(name), owner: .app, time: Nanoseconds(1_000_000 - id),
                duration: 12_345_678, severity: .veryHigh, backtrace: [title("frame")])
        }
        try sink.add(event(1, "View"))
        for level in 1...levels {
            try sink.add(event(level + 1, "Cause\(level)"))
            try sink.add(TraceCause(from: EventID(level + 1), to: EventID(level), label: .invalidation))
        }
        let shared = levels + 2
        try sink.add(event(shared, "Shared"))
        try sink.add(event(shared + 1, "SharedCause"))
        try sink.add(TraceCause(from: EventID(shared + 1), to: EventID(shared), label: .update))
        for level in [2, levels - 2, levels - 1, levels] {
            try sink.add(TraceCause(from: EventID(shared), to: EventID(level), label: .invalidation))
        }
        for extra in 0..<12 {
            let id = shared + 2 + extra
            try sink.add(event(id, "Extra\(extra)"))
            try sink.add(TraceCause(from: EventID(id), to: EventID(levels), label: .update))
        }
    }

    @Test("a tree or chain nested to the deepest level keeps every line within 80 columns")
    func deepTreeFits() throws {
        var builder = GraphBuilder()
        try Self.deepChain(levels: CauseTree.maximumDepth + 2, into: &builder)
        let graph = builder.finish()
        let view = try #require(graph.nodes.first { $0.title.hasPrefix("View") })
        var log = EventLog()
        try Self.deepChain(levels: CauseTree.maximumDepth + 2, into: &log)
        let chain = try #require(UpdateChain(event: 1, in: log))
        let tree = WhyFormatter.format(WhyReport(frameRate: 60, views: [CauseTree(of: view, in: graph)]), as: .text)
        let steps = WhyFormatter.format(WhyReport(frameRate: 60, views: [], chain: chain), as: .text)
        for text in [tree, steps] {
            for line in text.split(separator: "\n") {
                #expect(line.count <= 80, "too wide (\(line.count)): \(line)")
            }
        }
        // The indent stops growing at the 6th level; deeper causes show their depth.
        let indent = String(repeating: " ", count: 17)
        #expect(tree.contains("\n\(indent)└─ update ×1 (100%) Cause6WithAVery"), "\(tree)")
        #expect(tree.contains("\n\(indent)[7] └─ update ×1 (100%) Cause7WithAVery"), "\(tree)")
        #expect(
            tree.contains("\n\(indent)[12] ├─ update ×1 (50%) SharedWithAVe… (causes shown elsewhere)\n"), "\(tree)")
        #expect(tree.contains("\n\(indent)[13] └─ … 2 more causes not shown\n"), "\(tree)")
        #expect(steps.contains("│           [12] ├─ invalidation ← Cause12WithAVery"), "\(steps)")
        // The same report reads the same each time.
        #expect(
            tree == WhyFormatter.format(WhyReport(frameRate: 60, views: [CauseTree(of: view, in: graph)]), as: .text))
    }

    @Test("every severity word keeps a space before the result column of an update listing")
    func severityColumnSeparate() throws {
        var log = EventLog()
        var builder = GraphBuilder()
        let durations: [Int64?] = [nil, 1, 1_100_000, 2_200_000, 4_000_000, 20_000_000]
        for (index, duration) in durations.enumerated() {
            let event = TraceEvent(
                id: EventID(index + 1), kind: .body, title: "V", owner: .app, time: Int64(index), duration: duration)
            try log.add(event)
            try builder.add(event)
        }
        let graph = builder.finish()
        let view = try #require(graph.nodes.first { $0.title == "V" })
        let text = WhyFormatter.format(
            WhyReport(
                frameRate: 60, views: [CauseTree(of: view, in: graph)],
                listings: [UpdateListing(of: view.key, in: log)]),
            as: .text)
        let rows = text.split(separator: "\n").filter { $0.contains(" ms ") || $0.contains(" µs ") || $0.contains("—") }
        // A 60 Hz frame is 16.7 ms: 1 ns is low, 1.1 ms medium, 2.2 ms high, 20 ms very high.
        #expect(Set(log.events.compactMap(\.severity)) == [.low, .medium, .high, .veryHigh])
        for word in ["low", "medium", "high", "very high"] {
            #expect(rows.contains { $0.contains(" \(word)  ") && $0.hasSuffix("ran      —") }, "\(word): \(text)")
        }
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test(
        "the heading names the longest update's severity beside its duration, and a worse one apart",
        arguments: [
            (
                "V", [(Severity.medium, 642_000 as Int64?), (.low, 10_000)],
                "  2 updates: ran 2, skipped 0 · total 652 µs · worst 642 µs (medium)\n"
            ),
            (
                // The very high update was still running when the recording stopped.
                "V", [(.medium, 16_000_000), (.veryHigh, nil)],
                "  2 updates: ran 2, skipped 0 · total 16 ms · worst 16 ms (medium)\n  severity up to very high\n"
            ),
            (
                "V", [(.veryHigh, nil), (.high, nil)], "  2 updates: ran 2, skipped 0 · severity up to very high\n"
            ),
        ])
    func headingSeverity(title: String, updates: [(Severity, Int64?)], figures: String) throws {
        var builder = GraphBuilder()
        for (index, (severity, duration)) in updates.enumerated() {
            try builder.add(
                TraceEvent(
                    id: EventID(index + 1), kind: .body, title: title, owner: .app, time: Int64(index),
                    duration: duration, severity: severity))
        }
        let graph = builder.finish()
        let view = try #require(graph.nodes.first { $0.title == title })
        let text = WhyFormatter.format(WhyReport(frameRate: 60, views: [CauseTree(of: view, in: graph)]), as: .text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.dropFirst().prefix(figures.split(separator: "\n").count).joined(separator: "\n") + "\n" == figures)
        for line in lines { #expect(line.count <= 80, "too wide: \(line)") }
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

    @Test("red and orange counts of five figures and more keep a space between the columns of the lanes")
    func wideLaneCountsStaySeparate() throws {
        var builder = GraphBuilder(frameRate: 120)
        for id in 0..<10_605 {
            // 10 ms: longer than 1/8 of a 120 Hz frame, so red.
            try builder.add(
                TraceEvent(
                    id: EventID(id), kind: .body, title: "Row", owner: .app, time: Nanoseconds(id) * 20_000_000,
                    duration: 10_000_000))
        }
        let text = SummaryFormatter.format(TraceSummary(graph: builder.finish()), as: .text)
        let lines = text.split(separator: "\n")
        let row = try #require(lines.first { $0.hasPrefix("  Long View Body Updates") })
        #expect(row.split(separator: " ").prefix(6) == ["Long", "View", "Body", "Updates", "0", "10,605"], "\(row)")
        let header = try #require(lines.first { $0.hasPrefix("  lane") })
        let end = { (line: Substring, word: String) in line.components(separatedBy: word)[0].count + word.count }
        #expect(end(header, " red") == end(row, " 10,605"), "right-aligned under its heading: \(header) / \(row)")
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
