/// Staggered lengths for the edges into leaves, as Graphviz's `unflatten -l`
/// sets them: a cause with many effects that lead nowhere else (leaves) puts
/// them in one rank, a column as tall as all of them together; giving every other
/// leaf edge `minlen` 2, 3, … spreads them over a few ranks, so the picture
/// grows wider and much less tall.
enum LeafStagger {
    /// How many ranks the leaves of one cause spread over.
    static let ranks = 3
    /// The fewest leaves a cause must have before they are staggered: fewer
    /// read best in one column.
    static let fewestLeaves = 6

    /// The `minlen` of each edge of `edges` (given as their ends) that is
    /// staggered, by position; the others keep the default 1.
    static func minimumLengths(of edges: [(from: String, to: String)]) -> [Int: Int] {
        var hasEffect: Set<String> = []
        for edge in edges where edge.from != edge.to { hasEffect.insert(edge.from) }
        // A leaf (no effect of its own) goes with the cause of its first edge in.
        var placed: Set<String> = []
        var leafEdges: [String: [Int]] = [:]
        for (position, edge) in edges.enumerated()
        where edge.from != edge.to && !hasEffect.contains(edge.to) && placed.insert(edge.to).inserted {
            leafEdges[edge.from, default: []].append(position)
        }
        var lengths: [Int: Int] = [:]
        for positions in leafEdges.values where positions.count >= fewestLeaves {
            for (order, position) in positions.enumerated() where order % ranks > 0 {
                lengths[position] = 1 + order % ranks
            }
        }
        return lengths
    }
}
