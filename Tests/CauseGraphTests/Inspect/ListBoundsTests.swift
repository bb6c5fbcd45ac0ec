import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("List bounds")
struct ListBoundsTests {
    @Test("a cut keeps the page asked for and counts the rest, whatever the offset")
    func cut() {
        let list = Array(1...10)
        #expect(ListBounds(limit: 3).cut(list) == ([1, 2, 3], 7))
        #expect(ListBounds(offset: 8, limit: 3).cut(list) == ([9, 10], 8))
        #expect(ListBounds(offset: 20, limit: 3).cut(list) == ([], 10))
        #expect(ListBounds.all.cut(list) == (list, 0))
        #expect(ListBounds(offset: Int.max, limit: Int.max).cut(list) == ([], 10))
        #expect(ListBounds(offset: 2, limit: Int.max).cut(list) == (Array(3...10), 2))
    }

    @Test("a bounded summary shows the app's views that took most time, and says how many it left out")
    func boundedSummary() throws {
        var builder = GraphBuilder()
        try SyntheticTrace(views: 120).emit(into: &builder)
        let summary = TraceSummary(graph: builder.finish())
        let allRows = summary.modules.flatMap(\.views)
        let appRows = allRows.filter { $0.node.owner == .app }
        let bounded = summary.bounded(ListBounds(limit: 5))
        let rows = bounded.modules.flatMap(\.views)
        #expect(rows.count == 5)
        #expect(bounded.omitted.views == allRows.count - 5)
        let slowest = appRows.map { $0.node.totalDuration ?? 0 }.sorted(by: >).prefix(5)
        #expect(rows.map { $0.node.totalDuration ?? 0 }.sorted(by: >) == Array(slowest))
        // Cut again, what each cut left out adds up.
        #expect(bounded.bounded(ListBounds(limit: 2)).omitted.views == allRows.count - 2)
        #expect(summary.bounded(.all) == summary)

        let byCount = summary.bounded(ListBounds(order: .count, limit: 4)).modules.flatMap(\.views).map(\.node.count)
        #expect(byCount == Array(appRows.map(\.node.count).sorted(by: >).prefix(4)))
        let text = SummaryFormatter.format(bounded, as: .text)
        #expect(text.contains("… \(allRows.count - 5) more views not shown"))
        #expect(
            SummaryFormatter.format(bounded, as: .markdown).contains("\n\n… \(allRows.count - 5) more views not shown.")
        )
    }

    @Test(
        "where SwiftUI's views outnumber the rows and each took more time than any of the app's, the app's views come first and paging reaches SwiftUI's"
    )
    func appViewsFirst() throws {
        // The realistic recording: an app of a few hundred views, and SwiftUI's own (`Text`, `ForEach<…>`) each run
        // from many of them.
        let scratch = try TemporaryFolder()
        let path = try GeneratedRecording.write(3_000, "native", into: scratch)
        var diagnostics = Diagnostics()
        let graph = try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
        let summary = TraceSummary(graph: graph)
        let allRows = summary.modules.flatMap(\.views)
        let byTime = allRows.sorted { ListBounds().ranks($0.node, before: $1.node) }
        let limit = 5
        // What the fix is for: by time alone, SwiftUI's views fill the page, and SwiftUI took more time in all.
        #expect(byTime.prefix(limit).allSatisfy { $0.node.module == "SwiftUI" && $0.node.owner == .system })
        let swiftUITime = try #require(summary.modules.first { $0.name == "SwiftUI" }?.totalDuration)
        let appTime = try #require(summary.modules.first { $0.name == "Library" }?.totalDuration)
        #expect(swiftUITime > appTime)
        #expect(summary.modules.map(\.name) == ["Library", "SwiftUI"], "the app's module first, though lighter")

        let appRows = byTime.filter { $0.node.owner == .app }
        let systemRows = byTime.filter { $0.node.owner == .system }
        let page = summary.bounded(ListBounds(limit: limit))
        #expect(page.modules.map(\.name) == ["Library"])
        #expect(page.modules.flatMap(\.views) == Array(appRows.prefix(limit)))
        #expect(page.omitted.views == allRows.count - limit)
        // Paging goes on through the app's views, then reaches SwiftUI's, slowest first.
        let next = summary.bounded(ListBounds(offset: appRows.count - 2, limit: limit))
        #expect(next.modules.map(\.name) == ["Library", "SwiftUI"])
        #expect(next.modules.flatMap(\.views) == Array(appRows.suffix(2) + systemRows.prefix(limit - 2)))
        #expect(next.omitted.views == allRows.count - limit)

        // Every format shows the page in that order.
        let text = SummaryFormatter.format(page, as: .text)
        let section = try #require(text.range(of: "Body updates by module and view\n"))
        #expect(text[section.upperBound...].hasPrefix("  Library · "), "\(text)")
        #expect(!text.contains("SwiftUI · "), "\(text)")
        let markdown = SummaryFormatter.format(page, as: .markdown)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| Library |") || $0.hasPrefix("| SwiftUI |") }
        #expect(rows.count == limit && rows.allSatisfy { $0.hasPrefix("| Library | ") }, "\(markdown)")
        let json = SummaryFormatter.format(page, as: .json)
        #expect(json.contains("\"modules\": [\n    {\"module\": \"Library\""), "\(json)")
        #expect(!json.contains("\"module\": \"SwiftUI\""), "\(json)")
    }

    @Test("a page past every entry says the list's size and that the offset starts past it, never \"none\" above it")
    func pastTheEnd() throws {
        var builder = GraphBuilder()
        try SyntheticTrace(views: 12).emit(into: &builder)
        let summary = TraceSummary(graph: builder.finish())
        let past = summary.bounded(ListBounds(offset: 1_000, limit: 5))
        #expect(past.modules.isEmpty && past.topCauses.isEmpty && past.omitted.views > 0 && past.omitted.causes > 0)
        let (views, causes) = (CountText.format(past.omitted.views), CountText.format(past.omitted.causes))
        let text = SummaryFormatter.format(past, as: .text)
        #expect(!text.contains("  none\n  … "), "\(text)")
        #expect(!text.contains("not shown"), "the entries come before the offset, none after: \(text)")
        #expect(text.contains("\n  … the list has \(views) views; offset 1,000 starts past them\n"), "\(text)")
        #expect(text.contains("\n  … the list has \(causes) causes; offset 1,000 starts past them\n"), "\(text)")
        let markdown = SummaryFormatter.format(past, as: .markdown)
        #expect(!markdown.contains("None.\n- "), "\(markdown)")
        #expect(markdown.contains("\n- … the list has \(causes) causes; offset 1,000 starts past them\n"))
        // A second cut, as an MCP answer too large makes, pages the first one's entries: past their end still.
        let again = past.bounded(ListBounds(limit: 2))
        #expect(again.offset == 1_000 && again.omitted == past.omitted)
        #expect(SummaryFormatter.format(again, as: .text) == text)
        // Nothing to leave out: "none" it is.
        let empty = TraceSummary(graph: GraphBuilder().finish())
        #expect(SummaryFormatter.format(empty, as: .text).contains("Findings\n  none"))
    }

    @Test("listings of many views at once equal each view's own listing")
    func listingsAtOnce() throws {
        var builder = GraphBuilder()
        var events = EventLog()
        var tee = TeeSink(builder, events)
        try SyntheticTrace(views: 40).emit(into: &tee)
        (builder, events) = (tee.first, tee.second)
        let bodies = builder.finish().nodes.filter { $0.kind == .body }
        let together = UpdateListing.listings(of: bodies.map(\.key), in: events)
        for (node, listing) in zip(bodies, together) {
            #expect(listing.entries.count == node.count)
            #expect(listing.entries.allSatisfy { $0.event.key == node.key })
            let times = listing.entries.map { $0.event.time ?? .min }
            #expect(times == times.sorted())
        }
        let trees = CauseTree.trees(of: builder.finish().nodes, in: builder.finish())
        #expect(trees == builder.finish().nodes.map { CauseTree(of: $0, in: builder.finish()) })
    }
}
