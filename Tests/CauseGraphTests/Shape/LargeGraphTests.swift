import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("Shaping large graphs")
struct LargeGraphTests {
    static func reconstruct(_ trace: SyntheticTrace) throws -> CauseGraph {
        var builder = GraphBuilder()
        try trace.emit(into: &builder)
        return builder.finish()
    }

    @Test("with the defaults, thousands of distinct nodes shape to at most 80, quickly and deterministically")
    func defaultsBoundTheGraph() throws {
        let graph = try Self.reconstruct(SyntheticTrace(views: 5_000))
        #expect(graph.nodes.count > 10_000)
        let clock = ContinuousClock()
        var shaped: ShapedGraph?
        var dot = ""
        let elapsed = try clock.measure {
            shaped = try GraphShaper(settings: ShapingSettings()).shape(graph)
            dot = DOTEncoder().encode(shaped!.graph, legend: shaped!.legend)
        }
        let result = try #require(shaped)
        #expect(result.graph.nodes.count == ShapingSettings.defaultMaxNodes)
        #expect(result.report.total.nodes == graph.nodes.count)
        #expect(result.legend != nil)
        let nodeLines = dot.split(separator: "\n").filter { $0.hasPrefix("  n") && $0.dropFirst(3).first?.isNumber == true && !$0.contains("->") }
        #expect(nodeLines.count == 80)
        // Shaping is linear in the graph plus walks over the 80 kept nodes;
        // even an unoptimised build takes a fraction of this.
        #expect(elapsed < .seconds(20), "shaping took \(elapsed)")
        #expect(try GraphShaper(settings: ShapingSettings()).shape(graph) == result)
    }

    @Test("every edge of the shaped graph joins two shown nodes, and no shown connection is lost")
    func connectionsSurvive() throws {
        let graph = try Self.reconstruct(SyntheticTrace(views: 300, bodiesPerFrame: 8))
        let shaped = try GraphShaper(settings: ShapingSettings(hideSystem: true, maxNodes: 25)).shape(graph).graph
        #expect(shaped.nodes.count == 25)
        #expect(shaped.edges.contains { $0.isResidual })
        let shown = Set(shaped.nodes.map(\.id))
        #expect(shaped.edges.allSatisfy { shown.contains($0.from) && shown.contains($0.to) })
        // Whenever the full graph has a path from one shown node to another,
        // the shaped graph has one too.
        var connected = 0
        for source in shaped.nodes {
            let before = reachable(from: source.id, in: graph).intersection(shown)
            let after = reachable(from: source.id, in: shaped)
            #expect(before == after, "paths from \(source.title)")
            connected += before.count
        }
        #expect(connected > 25, "the check saw real paths")
    }

    private func reachable(from source: String, in graph: CauseGraph) -> Set<String> {
        var successors: [String: [String]] = [:]
        for edge in graph.edges { successors[edge.from, default: []].append(edge.to) }
        var seen: Set<String> = []
        var pending = successors[source] ?? []
        while let node = pending.popLast() {
            if seen.insert(node).inserted { pending += successors[node] ?? [] }
        }
        return seen
    }
}
