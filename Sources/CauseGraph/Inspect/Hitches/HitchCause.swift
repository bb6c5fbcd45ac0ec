/// One hitch or hang traced through the graph to what caused it.
///
/// The hitch overlaps update groups (see ``CauseEffectGraph/HitchOverlap``); the
/// update node with the most events in them is the work the frame waited
/// on most. Its ``chain`` follows, from that node upstream, the cause edge
/// with the most links (preferring edges that took part in the hitch's
/// groups) until a node no edge leads into: "66 ms hitch ← 24 ×
/// LandmarkListItemView ← ModelData.favoritesCollection ← Tap". Its
/// ``rootCauses`` are every such node upstream of any of its updates
/// through edges of its groups.
///
/// Both walks are bounded: the chain by ``maximumChainLength`` and by never
/// visiting a node twice, the upstream search by visiting each node once.
package struct HitchCause: Sendable, Equatable {
    /// The longest chain followed, in nodes.
    package static let maximumChainLength = 16

    /// The hitch's number, from 1, in the graph's order (``CauseEffectGraph/hitches``).
    package var number: Int
    /// The hitch and the updates it overlaps.
    package var overlap: CauseEffectGraph.HitchOverlap
    /// The update nodes of its groups with their events there, most first.
    package var updates: [(node: CauseEffectGraph.Node, count: Int)]
    /// The nodes from the update with the most events back to a root
    /// cause; empty when the hitch overlaps no update.
    package var chain: [CauseEffectGraph.Node]
    /// The cause nodes upstream of its updates that nothing caused, in graph order.
    package var rootCauses: [CauseEffectGraph.Node]

    /// The hitch or hang.
    package var hitch: Hitch { overlap.hitch }

    /// Equal when every part is, the updates compared in order.
    package static func == (lhs: HitchCause, rhs: HitchCause) -> Bool {
        lhs.number == rhs.number && lhs.overlap == rhs.overlap && lhs.chain == rhs.chain
            && lhs.rootCauses == rhs.rootCauses
            && lhs.updates.elementsEqual(rhs.updates) { $0.node == $1.node && $0.count == $1.count }
    }

    /// Every hitch of the graph, traced.
    package static func all(in graph: CauseEffectGraph) -> [HitchCause] {
        guard !graph.hitches.isEmpty else { return [] }
        let upstream = Upstream(graph)
        return graph.hitches.enumerated().map { index, overlap in
            upstream.trace(overlap, number: index + 1)
        }
    }

    /// The hitch numbered `number`, or an error saying which numbers exist.
    package static func numbered(_ number: Int, in graph: CauseEffectGraph) throws(Diagnostic) -> HitchCause {
        guard !graph.hitches.isEmpty else { throw .error("the trace holds no hitches or hangs") }
        guard (1...graph.hitches.count).contains(number) else {
            throw .error(
                "no hitch \(number): the trace holds \(graph.hitches.count == 1 ? "hitch 1 only" : "hitches 1 to \(graph.hitches.count)")"
            )
        }
        return Upstream(graph).trace(graph.hitches[number - 1], number: number)
    }
}

/// The graph's edges by the node they lead into.
private struct Upstream {
    let graph: CauseEffectGraph
    let positions: [String: Int]
    let incoming: [String: [Int]]

    init(_ graph: CauseEffectGraph) {
        self.graph = graph
        positions = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($0.element.id, $0.offset) })
        incoming = Dictionary(grouping: graph.edges.indices, by: { graph.edges[$0].to })
    }

    func trace(_ overlap: CauseEffectGraph.HitchOverlap, number: Int) -> HitchCause {
        let groups = Set(overlap.groups)
        func inGroups(_ edge: CauseEffectGraph.Edge) -> Bool { edge.groups.contains(where: groups.contains) }
        var chain: [String] = []
        if let top = overlap.updates.first?.node {
            chain.append(top)
            var current = top
            while chain.count < HitchCause.maximumChainLength {
                let edges = (incoming[current] ?? []).map { graph.edges[$0] }.filter { !chain.contains($0.from) }
                let preferred = edges.filter(inGroups)
                // The first edge of the most links: edges are in graph order.
                guard let next = (preferred.isEmpty ? edges : preferred).max(by: { $0.count < $1.count }) else { break }
                chain.append(next.from)
                current = next.from
            }
        }
        var visited = Set(overlap.updates.map(\.node))
        var queue = overlap.updates.map(\.node)
        var roots: [String] = []
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let edges = (incoming[node] ?? []).map { graph.edges[$0] }.filter(inGroups)
            if edges.isEmpty {
                if graph.nodes[positions[node]!].kind.isCause { roots.append(node) }
                continue
            }
            for edge in edges where visited.insert(edge.from).inserted { queue.append(edge.from) }
        }
        roots.sort { positions[$0]! < positions[$1]! }
        func node(_ id: String) -> CauseEffectGraph.Node { graph.nodes[positions[id]!] }
        return HitchCause(
            number: number, overlap: overlap, updates: overlap.updates.map { (node($0.node), $0.count) },
            chain: chain.map(node), rootCauses: roots.map(node))
    }
}
