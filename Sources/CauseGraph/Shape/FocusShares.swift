/// What share of the focused nodes' updates each drawn node and edge
/// explains, when `--focus` chose the picture: the numbers behind the
/// percentages on its labels.
///
/// Weighed as `ExplainedUpdates` weighs everything, but counting only the
/// updates of the nodes a focus pattern matched, so a cause that drove
/// every focused update explains 1 and the shares of the focused nodes'
/// direct causes add up to 1 (when the graph has no cycle). Shares are
/// taken before fan-out folds: in a focused picture everything drawn leads
/// to a focused node, so siblings with nothing drawn after them, which a
/// fold needs, are left only when the edge limit cut every edge out of them.
public struct FocusShares: Sendable, Equatable {
    /// The updates of the focused nodes drawn: what the shares are shares of.
    package var focusedUpdates: Int
    /// The share (0–1) each drawn node explains, by node id.
    package var nodes: [String: Double]
    /// The share (0–1) each drawn edge carries, by edge id (residual and folded edges too).
    package var edges: [String: Double]

    /// Shares with every part given.
    package init(focusedUpdates: Int, nodes: [String: Double], edges: [String: Double]) {
        self.focusedUpdates = focusedUpdates
        self.nodes = nodes
        self.edges = edges
    }

    /// The shares of the nodes and edges of `shaped`, a picture of `graph`,
    /// from what they explain of the focused updates.
    init(of shaped: CauseEffectGraph, in graph: CauseEffectGraph, explained: ExplainedUpdates, focusedUpdates: Int) {
        self.focusedUpdates = focusedUpdates
        let total = Double(focusedUpdates)
        var nodePosition: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() { nodePosition[node.id] = index }
        var edgePosition: [String: Int] = [:]
        for (index, edge) in graph.edges.enumerated() { edgePosition[edge.id] = index }
        var nodes: [String: Double] = [:]
        for node in shaped.nodes {
            if let position = nodePosition[node.id] { nodes[node.id] = min(explained.nodes[position] / total, 1) }
        }
        var edges: [String: Double] = [:]
        for edge in shaped.edges {
            if !edge.isResidual, let position = edgePosition[edge.id] {
                edges[edge.id] = min(explained.edges[position] / total, 1)
            } else if let target = nodePosition[edge.to] {
                edges[edge.id] = min(explained.carried(links: edge.count, into: target) / total, 1)
            }
        }
        self.nodes = nodes
        self.edges = edges
    }
}
