/// The edges `--max-edges` draws: first each shown node's heaviest edge
/// from a cause and each shown cause's heaviest edge to an effect (the
/// spine, so no cause stands alone and every update keeps the link that
/// explains most of it), then the rest; in each part the edges that carry
/// the most updates first, ties in the graph's order.
enum EdgeBudget {
    /// Keeps at most `limit` of `edges`, in their order; returns how many were dropped.
    /// - Parameter weights: the updates each edge carries, by position in `edges`.
    static func keep(
        _ limit: Int, of edges: inout [CauseEffectGraph.Edge], weights: inout [Double], nodes: [CauseEffectGraph.Node]
    )
        -> Int
    {
        guard edges.count > limit else { return 0 }
        let spine = spine(edges, weights: weights, nodes: nodes)
        let ranked = edges.indices.sorted { a, b in
            if spine[a] != spine[b] { return spine[a] }
            return weights[a] != weights[b] ? weights[a] > weights[b] : a < b
        }
        let kept = Set(ranked.prefix(limit))
        return keep(edges.indices.filter(kept.contains), of: &edges, weights: &weights)
    }

    /// Keeps the spine and the edges carrying at least `threshold` updates,
    /// in their order; returns how many were dropped.
    static func keep(
        above threshold: Double, of edges: inout [CauseEffectGraph.Edge], weights: inout [Double],
        nodes: [CauseEffectGraph.Node]
    ) -> Int {
        let spine = spine(edges, weights: weights, nodes: nodes)
        return keep(edges.indices.filter { spine[$0] || weights[$0] >= threshold }, of: &edges, weights: &weights)
    }

    /// Drops the residual edges that carry the fewest updates, outside the
    /// spine, until no more are left than direct edges or shown nodes, so
    /// dotted links never outnumber the links they stand beside, while a
    /// graph that is all dotted (system nodes hidden) keeps one for each of
    /// its nodes; returns how many were dropped. `--max-edges 0` lifts it.
    static func boundResiduals(
        of edges: inout [CauseEffectGraph.Edge], weights: inout [Double], nodes: [CauseEffectGraph.Node]
    ) -> Int {
        let residual = edges.count { $0.isResidual }
        let excess = residual - max(edges.count - residual, nodes.count)
        guard excess > 0 else { return 0 }
        let spine = spine(edges, weights: weights, nodes: nodes)
        let lightest = edges.indices.filter { edges[$0].isResidual && !spine[$0] }
            .sorted { a, b in weights[a] != weights[b] ? weights[a] < weights[b] : a > b }
            .prefix(excess)
        let dropped = Set(lightest)
        return keep(edges.indices.filter { !dropped.contains($0) }, of: &edges, weights: &weights)
    }

    /// Keeps the edges at `positions` (ascending) and their weights; returns how many were dropped.
    private static func keep(_ positions: [Int], of edges: inout [CauseEffectGraph.Edge], weights: inout [Double])
        -> Int
    {
        let dropped = edges.count - positions.count
        edges = positions.map { edges[$0] }
        weights = positions.map { weights[$0] }
        return dropped
    }

    /// Whether each edge is some node's heaviest edge in, or some cause's heaviest edge out.
    static func spine(_ edges: [CauseEffectGraph.Edge], weights: [Double], nodes: [CauseEffectGraph.Node]) -> [Bool] {
        var isCause: [String: Bool] = [:]
        for node in nodes { isCause[node.id] = node.kind.isCause }
        var heaviestIn: [String: Int] = [:]
        var heaviestOut: [String: Int] = [:]
        let heavier = { (candidate: Int, current: Int?) in current.map { weights[candidate] > weights[$0] } ?? true }
        for (index, edge) in edges.enumerated() where edge.from != edge.to {
            if heavier(index, heaviestIn[edge.to]) { heaviestIn[edge.to] = index }
            if isCause[edge.from] == true && heavier(index, heaviestOut[edge.from]) { heaviestOut[edge.from] = index }
        }
        var spine = [Bool](repeating: false, count: edges.count)
        for index in heaviestIn.values { spine[index] = true }
        for index in heaviestOut.values { spine[index] = true }
        return spine
    }
}
