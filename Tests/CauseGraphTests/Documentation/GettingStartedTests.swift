import CauseGraph
import Testing

/// The code of the DocC article "Getting started"
/// (`Sources/CauseGraph/CauseGraph.docc/GettingStarted.md`), run on a fixture,
/// so the article cannot drift from the API it teaches.
@Suite("the getting-started article")
struct GettingStartedTests {
    let trace = packageRoot.appendingPathComponent("fixtures/landmarks-favorites-before.jsonl").path

    @Test("reconstruct, shape, ask why, summarise and stream into a sink, as the article does")
    func article() throws {
        var diagnostics = Diagnostics()
        let graph = try TracePipeline().reconstruct([trace], diagnostics: &diagnostics).graph
        #expect(diagnostics.all.isEmpty)
        #expect(!graph.nodes.isEmpty && !graph.edges.isEmpty)

        let shaped = try GraphShaper(settings: ShapingSettings()).shape(graph)
        let dot = DOTEncoder().encode(shaped.graph, legend: shaped.legend)
        #expect(dot.hasPrefix("digraph causegraph {"))

        let row = try #require(graph.nodes.first(where: { $0.kind == .body && $0.title == "LandmarkListItemView" }))
        let causes = CauseTree(of: row, in: graph).causes
        #expect(!causes.isEmpty)
        #expect(causes.allSatisfy { $0.share > 0 && $0.share <= 1 })
        let summary = TraceSummary(graph: graph)
        #expect(summary.totals.bodyRan == graph.nodes.filter { $0.kind == .body }.reduce(0) { $0 + $1.ran })

        struct BodyCounter: TraceSink {
            var bodies = 0
            mutating func begin(_ header: TraceHeader) {}
            mutating func add(_ event: TraceEvent) { if event.kind == .body { bodies += 1 } }
            mutating func add(_ cause: TraceCause) {}
            mutating func add(_ group: UpdateGroup) {}
            mutating func add(_ hitch: Hitch) {}
        }
        var counter = BodyCounter()
        try TraceInput.read(paths: [trace], into: &counter, diagnostics: &diagnostics)
        #expect(counter.bodies == graph.nodes.filter { $0.kind == .body }.reduce(0) { $0 + $1.count })
    }
}
