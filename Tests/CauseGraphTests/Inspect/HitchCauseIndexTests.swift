import CauseGraphTestSupport
import Testing

@testable import CauseGraph

/// `HitchCause` finds each hitch's edges through an index of the groups
/// hitches overlap; these tests hold it to the plain definition, which asks
/// every edge whether it took part in the hitch's groups.
@Suite("Hitches traced through the group index")
struct HitchCauseIndexTests {
    @Test("random graphs trace every hitch as the plain definition does", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func matchesDefinition(seed: UInt64) throws {
        let graph = Self.randomGraph(seed: seed)
        let traced = HitchCause.all(in: graph)
        #expect(traced.count == graph.hitches.count)
        for (index, overlap) in graph.hitches.enumerated() {
            let expected = Self.definition(of: overlap, in: graph)
            #expect(traced[index].chain.map(\.id) == expected.chain, "hitch \(index + 1), seed \(seed)")
            #expect(traced[index].rootCauses.map(\.id) == expected.roots, "hitch \(index + 1), seed \(seed)")
            #expect(try HitchCause.numbered(index + 1, in: graph) == traced[index])
        }
        // The random graphs are not all trivial: some chains leave the hitch's groups, some roots are found.
        #expect(traced.contains { $0.chain.count > 3 })
        #expect(traced.contains { !$0.rootCauses.isEmpty })
    }

    @Test("the chain prefers an edge of the hitch's groups over a busier edge outside them")
    func chainPrefersGroups() {
        let nodes = [
            node(0, .gesture), node(1, .state), node(2, .body),
        ]
        let edges = [
            edge(0, from: 0, to: 2, count: 50, groups: [7]),
            edge(1, from: 1, to: 2, count: 3, groups: [3]),
        ]
        let inGroup3 = hitch(groups: [3], updates: [2])
        let inNoGroup = hitch(groups: [], updates: [2])
        let graph = CauseEffectGraph(nodes: nodes, edges: edges, hitches: [inGroup3, inNoGroup])
        let traced = HitchCause.all(in: graph)
        #expect(traced[0].chain.map(\.id) == ["n2", "n1"])
        #expect(traced[0].rootCauses.map(\.id) == ["n1"])
        // Outside every group, the busiest edge leads; no edge is in the hitch's groups, so no root.
        #expect(traced[1].chain.map(\.id) == ["n2", "n0"])
        #expect(traced[1].rootCauses.isEmpty)
    }

    // MARK: - The plain definition

    /// The chain and root causes of `overlap`, by the definition in ``HitchCause``.
    static func definition(
        of overlap: CauseEffectGraph.HitchOverlap, in graph: CauseEffectGraph
    ) -> (chain: [String], roots: [String]) {
        let groups = Set(overlap.groups)
        func inGroups(_ edge: CauseEffectGraph.Edge) -> Bool { !groups.isDisjoint(with: edge.groups) }
        func incoming(_ node: String) -> [CauseEffectGraph.Edge] { graph.edges.filter { $0.to == node } }
        var chain: [String] = []
        if let top = overlap.updates.first?.node {
            chain.append(top)
            while chain.count < HitchCause.maximumChainLength {
                let edges = incoming(chain.last!).filter { !chain.contains($0.from) }
                let preferred = edges.filter(inGroups)
                let candidates = preferred.isEmpty ? edges : preferred
                guard let most = candidates.map(\.count).max() else { break }
                chain.append(candidates.first { $0.count == most }!.from)
            }
        }
        var reached = Set(overlap.updates.map(\.node))
        var frontier = overlap.updates.map(\.node)
        var roots: Set<String> = []
        while let node = frontier.popLast() {
            let edges = incoming(node).filter(inGroups)
            if edges.isEmpty, graph.nodes.first(where: { $0.id == node })!.kind.isCause { roots.insert(node) }
            for edge in edges where reached.insert(edge.from).inserted { frontier.append(edge.from) }
        }
        let order = graph.nodes.map(\.id)
        return (chain, order.filter(roots.contains))
    }

    // MARK: - Graphs

    /// 60 nodes (causes first), 400 edges among them, cycles included, each
    /// in a few of 30 groups, and 80 hitches over a few groups each.
    static func randomGraph(seed: UInt64) -> CauseEffectGraph {
        var random = SplitMix64(seed: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % Int64(bound)) }
        func someGroups(upTo count: Int) -> [GroupID] {
            Array(Set((0..<below(count + 1)).map { _ in GroupID(below(30)) })).sorted()
        }
        let kinds: [NodeKind] = [.gesture, .state, .observable, .externalEnvironment, .environmentWriter]
        let nodes = (0..<60).map { node($0, $0 < 10 ? kinds[$0 % kinds.count] : .body) }
        let edges = (0..<400).map { index in
            // Mostly from lower to higher nodes, as causes lead to updates; one in ten goes back.
            let (a, b) = (below(60), below(60))
            let (from, to) = below(10) == 0 ? (max(a, b), min(a, b)) : (min(a, b), max(a, b))
            return edge(
                index, from: from, to: to == from ? (to + 1) % 60 : to, count: 1 + below(9), groups: someGroups(upTo: 6)
            )
        }
        let hitches = (0..<80).map { _ in
            hitch(groups: someGroups(upTo: 3), updates: (0..<below(4)).map { _ in 10 + below(50) })
        }
        return CauseEffectGraph(nodes: nodes, edges: edges, hitches: hitches)
    }
}

private func node(_ index: Int, _ kind: NodeKind) -> CauseEffectGraph.Node {
    CauseEffectGraph.Node(id: "n\(index)", key: NodeKey(kind: kind, title: "N\(index)", owner: .app), count: 1)
}

private func edge(_ index: Int, from: Int, to: Int, count: Int, groups: [GroupID]) -> CauseEffectGraph.Edge {
    CauseEffectGraph.Edge(
        id: "e\(index)", from: "n\(from)", to: "n\(to)", kind: .update, label: .update, count: count, groups: groups)
}

/// A hitch over `groups` whose updates are the nodes `updates`, the first the most.
private func hitch(groups: [GroupID], updates: [Int]) -> CauseEffectGraph.HitchOverlap {
    var seen = Set<Int>()
    let distinct = updates.filter { seen.insert($0).inserted }
    return CauseEffectGraph.HitchOverlap(
        hitch: Hitch(kind: .hitch, start: 0, duration: 1), document: 0, groups: groups,
        updates: distinct.enumerated().map { .init(node: "n\($0.element)", count: distinct.count - $0.offset) })
}
