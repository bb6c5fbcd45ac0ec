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
        let upstream = Upstream(graph, tracing: graph.hitches)
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
        let overlap = graph.hitches[number - 1]
        return Upstream(graph, tracing: [overlap]).trace(overlap, number: number)
    }
}

/// The graph's edges by the node they lead into, and by the update groups
/// of the hitches to trace.
///
/// A hitch overlaps a few groups, while an edge of a busy path takes part in
/// most of a recording's groups: asking each edge whether it took part in
/// the hitch's groups cost every hitch a pass over the recording's links
/// (545 s for 30,000 hitches over 151,000 groups). The edges of each
/// overlapped group are listed once instead, so a hitch's search touches
/// only the edges of its own groups.
private struct Upstream {
    let graph: CauseEffectGraph
    let positions: [String: Int]
    /// Edge indices by the node they lead into, most links first, then in graph order.
    let incomingByLinks: [String: [Int]]
    /// Edge indices by the group they took part in, in graph order: only
    /// for the groups some traced hitch overlaps.
    let edgesByGroup: [GroupID: [Int]]

    init(_ graph: CauseEffectGraph, tracing overlaps: [CauseEffectGraph.HitchOverlap]) {
        self.graph = graph
        positions = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($0.element.id, $0.offset) })
        incomingByLinks = Dictionary(grouping: graph.edges.indices, by: { graph.edges[$0].to }).mapValues {
            $0.sorted { (-graph.edges[$0].count, $0) < (-graph.edges[$1].count, $1) }
        }
        let overlapped = Set(overlaps.lazy.flatMap(\.groups))
        var edgesByGroup: [GroupID: [Int]] = [:]
        for (index, edge) in graph.edges.enumerated() {
            for group in edge.groups where overlapped.contains(group) { edgesByGroup[group, default: []].append(index) }
        }
        self.edgesByGroup = edgesByGroup
    }

    func trace(_ overlap: CauseEffectGraph.HitchOverlap, number: Int) -> HitchCause {
        var inGroups = Set<Int>()
        for group in overlap.groups { inGroups.formUnion(edgesByGroup[group] ?? []) }
        let incomingInGroups = Dictionary(grouping: inGroups.sorted(), by: { graph.edges[$0].to })
        var chain: [String] = []
        if let top = overlap.updates.first?.node {
            chain.append(top)
            var current = top
            while chain.count < HitchCause.maximumChainLength {
                func unvisited(_ edge: Int) -> Bool { !chain.contains(graph.edges[edge].from) }
                // The first edge of the most links, in the hitch's groups if any is.
                let preferred = (incomingInGroups[current] ?? []).filter(unvisited).max {
                    graph.edges[$0].count < graph.edges[$1].count
                }
                guard let next = preferred ?? incomingByLinks[current]?.first(where: unvisited) else { break }
                current = graph.edges[next].from
                chain.append(current)
            }
        }
        var visited = Set(overlap.updates.map(\.node))
        var queue = overlap.updates.map(\.node)
        var roots: [String] = []
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            guard let edges = incomingInGroups[node] else {
                if graph.nodes[positions[node]!].kind.isCause { roots.append(node) }
                continue
            }
            for edge in edges where visited.insert(graph.edges[edge].from).inserted {
                queue.append(graph.edges[edge].from)
            }
        }
        roots.sort { positions[$0]! < positions[$1]! }
        func node(_ id: String) -> CauseEffectGraph.Node { graph.nodes[positions[id]!] }
        return HitchCause(
            number: number, overlap: overlap, updates: overlap.updates.map { (node($0.node), $0.count) },
            chain: chain.map(node), rootCauses: roots.map(node))
    }
}
