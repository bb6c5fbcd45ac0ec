import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("Shaping large graphs")
struct LargeGraphTests {
    static func reconstruct(_ trace: SyntheticTrace) throws -> CauseEffectGraph {
        var builder = GraphBuilder()
        try trace.emit(into: &builder)
        return builder.finish()
    }

    @Test("with the defaults, thousands of distinct nodes shape to at most 80, deterministically")
    func defaultsBoundTheGraph() throws {
        let graph = try Self.reconstruct(SyntheticTrace(views: 5_000))
        #expect(graph.nodes.count > 10_000)
        let result = try GraphShaper(settings: ShapingSettings()).shape(graph)
        let dot = DOTEncoder().encode(result.graph, legend: result.legend)
        // The node limit chooses more than 80 when fan-out folds free room, so the picture holds 80.
        let folds = try #require(result.report.steps.first { $0.filter == .foldFanOuts })
        let chosen = try #require(result.report.steps.first { $0.filter == .maxNodes }).removedNodes
        #expect(result.graph.nodes.count == graph.nodes.count - chosen - folds.removedNodes + folds.folds)
        #expect(result.graph.nodes.count == ShapingSettings.defaultMaxNodes)
        #expect(result.report.total.nodes == graph.nodes.count)
        #expect(result.legend != nil)
        let nodeLines = dot.split(separator: "\n").filter {
            $0.hasPrefix("  n") && $0.dropFirst(3).first?.isNumber == true && !$0.contains("->")
        }
        #expect(nodeLines.count == ShapingSettings.defaultMaxNodes - folds.folds)
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

    @Test(
        "with the defaults, every drawn cause has an edge and every drawn update a path from a drawn cause",
        arguments: [
            SyntheticTrace(views: 5_000), SyntheticTrace(views: 300, bodiesPerFrame: 40),
        ])
    func defaultsKeepTheCauses(_ trace: SyntheticTrace) throws {
        let graph = try Self.reconstruct(trace)
        let shaped = try GraphShaper(settings: ShapingSettings()).shape(graph).graph
        #expect(shaped.nodes.count <= ShapingSettings.defaultMaxNodes && shaped.nodes.count > 60)
        let ends = Set(shaped.edges.flatMap { [$0.from, $0.to] })
        let causes = shaped.nodes.filter(\.kind.isCause)
        #expect(causes.count >= 2, "the picture shows causes")
        for cause in causes {
            #expect(ends.contains(cause.id), "\(cause.title) is drawn without an edge")
        }
        var explained: Set<String> = []
        for cause in causes { explained.formUnion(reachable(from: cause.id, in: shaped)) }
        for update in shaped.nodes where update.kind.isUpdate {
            #expect(explained.contains(update.id), "no drawn path from a drawn cause into \(update.title)")
        }
    }

    @Test("the leading root causes are drawn: the gestures that explain most updates")
    func leadingRootCauses() throws {
        let graph = try Self.reconstruct(SyntheticTrace(views: 5_000))
        let shaped = try GraphShaper(settings: ShapingSettings()).shape(graph).graph
        #expect(Set(shaped.nodes.filter { $0.kind == .gesture }.map(\.title)) == ["Scroll", "Tap"])
        let steps = try GraphShaper(settings: ShapingSettings()).shape(graph).report.steps
        let maxNodes = try #require(steps.first { $0.filter == .maxNodes })
        #expect(maxNodes.removedRootCauses == 0, "the trace's two root causes are both kept")
    }

    private func reachable(from source: String, in graph: CauseEffectGraph) -> Set<String> {
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
