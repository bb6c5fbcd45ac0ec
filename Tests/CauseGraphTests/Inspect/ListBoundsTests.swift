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

    @Test("a bounded summary shows the views that took most time, and says how many it left out")
    func boundedSummary() throws {
        var builder = GraphBuilder()
        try SyntheticTrace(views: 120).emit(into: &builder)
        let summary = TraceSummary(graph: builder.finish())
        let allRows = summary.modules.flatMap(\.views)
        let bounded = summary.bounded(ListBounds(limit: 5))
        let rows = bounded.modules.flatMap(\.views)
        #expect(rows.count == 5)
        #expect(bounded.omitted.views == allRows.count - 5)
        let slowest = allRows.map { $0.node.totalDuration ?? 0 }.sorted(by: >).prefix(5)
        #expect(rows.map { $0.node.totalDuration ?? 0 }.sorted(by: >) == Array(slowest))
        // Cut again, what each cut left out adds up.
        #expect(bounded.bounded(ListBounds(limit: 2)).omitted.views == allRows.count - 2)
        #expect(summary.bounded(.all) == summary)

        let byCount = summary.bounded(ListBounds(order: .count, limit: 4)).modules.flatMap(\.views).map(\.node.count)
        #expect(byCount == Array(allRows.map(\.node.count).sorted(by: >).prefix(4)))
        let text = SummaryFormatter.format(bounded, as: .text)
        #expect(text.contains("… \(allRows.count - 5) more views not shown"))
        #expect(
            SummaryFormatter.format(bounded, as: .markdown).contains("\n\n… \(allRows.count - 5) more views not shown.")
        )
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
