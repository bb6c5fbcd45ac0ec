import CauseGraph
import Testing

@Suite("Focus shares")
struct FocusSharesTests {
    /// Tap → List ×1 and Timer → List ×3, List → RowA ×4, Timer → RowB ×2,
    /// and Timer → Clock ×5 off the focus. Focusing on the rows (6 updates):
    /// Tap explains 1 of RowA's 4 (a quarter of List's causes), Timer the
    /// other 3 and RowB's 2.
    static let graph = tinyGraph(
        [
            ("Tap", .gesture, .app, 1), ("Timer", .externalEnvironment, .app, 8), ("List", .body, .app, 4),
            ("RowA", .body, .app, 4), ("RowB", .body, .app, 2), ("Clock", .body, .app, 5),
        ],
        [("Tap", "List", 1), ("Timer", "List", 3), ("List", "RowA", 4), ("Timer", "RowB", 2), ("Timer", "Clock", 5)])

    private func focused() throws -> ShapedGraph {
        try GraphShaper(settings: ShapingSettings(focus: [TitlePattern(substring: "Row")])).shape(Self.graph)
    }

    private func percent(_ shares: [String: Double], _ id: String) -> String? {
        shares[id].map(ShareText.percent)
    }

    @Test("each drawn node and edge explains its share of the focused nodes' updates")
    func shares() throws {
        let shaped = try focused()
        let shares = try #require(shaped.focusShares)
        #expect(shaped.graph.titles == ["Tap", "Timer", "List", "RowA", "RowB"])
        #expect(shares.focusedUpdates == 6)
        let byTitle = Dictionary(
            uniqueKeysWithValues: shaped.graph.nodes.map { ($0.title, percent(shares.nodes, $0.id)) })
        #expect(byTitle == ["Tap": "17%", "Timer": "83%", "List": "67%", "RowA": "67%", "RowB": "33%"])
        let byEdge = Dictionary(
            uniqueKeysWithValues: zip(
                shaped.graph.edgeSummaries, shaped.graph.edges.map { percent(shares.edges, $0.id) }))
        #expect(
            byEdge == [
                "Tap -> List ×1": "17%", "Timer -> List ×3": "50%", "List -> RowA ×4": "67%", "Timer -> RowB ×2": "33%",
            ])
        // The root causes share every focused update between them.
        let tap = try #require(shares.nodes["n1"])
        let timer = try #require(shares.nodes["n2"])
        #expect(abs(tap + timer - 1) < 1e-12)
    }

    @Test("the DOT labels carry the percentages and the legend says what they are shares of")
    func labels() throws {
        let shaped = try focused()
        let dot = DOTEncoder().encode(shaped.graph, legend: shaped.legend, shares: shaped.focusShares)
        #expect(dot.contains("label=\"update ×3 · 50%\""))
        #expect(dot.contains("4 updates · 67%"))
        #expect(dot.contains("8 events · 83%"))
        #expect(dot.contains("explains 83% of the focused updates"))
        #expect(dot.contains("%: the share of the 6 updates of the focused nodes each node and edge explains"))
        #expect(!DOTEncoder().encode(shaped.graph, legend: shaped.legend).contains("%"))
    }

    @Test("no focus, or a focus on causes alone, gives no shares")
    func noShares() throws {
        #expect(try GraphShaper(settings: ShapingSettings()).shape(Self.graph).focusShares == nil)
        let causes = try GraphShaper(settings: ShapingSettings(focus: [TitlePattern(substring: "Timer")])).shape(
            Self.graph)
        #expect(causes.focusShares == nil)
    }
}
