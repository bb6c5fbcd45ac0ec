import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// Shaped graphs against their golden DOT files in `fixtures/golden/`
/// (re-record with `CAUSEGRAPH_RECORD=1 swift test --filter ShapedGoldenTests`).
@Suite("Shaped golden files")
struct ShapedGoldenTests {
    @Test("a focused fixture: the paths into PriceTag, three links deep, with its legend")
    func focusedFixture() throws {
        var diagnostics = Diagnostics()
        let path = packageRoot.appendingPathComponent("fixtures/environment-writer.jsonl").path
        let graph = try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
        let shaped = try GraphShaper(settings: ShapingSettings(focus: [TitlePattern(substring: "PriceTag")], depth: 3))
            .shape(graph)
        #expect(
            shaped.graph.titles == ["MenuView.currency", "EnvironmentWriter: MenuCurrency", "MenuView", "PriceTag"])
        let actual = DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend)
        try Golden.check(actual, against: "fixtures/golden/environment-writer-focus-pricetag.dot")
    }

    @Test("a synthetic trace through a window, without system nodes, cut to 12 nodes: residual edges and legend")
    func windowedSynthetic() throws {
        var filter = TimeWindowFilter(window: try TimeWindow(parsing: "0:150ms"), downstream: GraphBuilder())
        try SyntheticTrace(views: 30, frames: 30, bodiesPerFrame: 6).emit(into: &filter)
        let settings = ShapingSettings(window: filter.window, hideSystem: true, maxNodes: 12)
        let shaped = try GraphShaper(settings: settings).shape(filter.downstream.finish(), window: filter.statistics)
        #expect(shaped.graph.nodes.count == 12)
        #expect(shaped.report.residualEdges > 0)
        #expect(shaped.report.steps.map(\.filter) == [.window, .hideSystem, .maxNodes])
        #expect(shaped.report.steps[0].removedEvents > 0)
        let actual = DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend)
        try Golden.check(actual, against: "fixtures/golden/synthetic-window-hide-system-max-12.dot")
    }
}
