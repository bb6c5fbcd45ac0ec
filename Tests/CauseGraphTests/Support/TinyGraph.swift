import CauseGraph

/// A hand-made graph for shaping tests: nodes `n1`, `n2`, … and edges `e1`,
/// `e2`, … in the order given, edges naming their ends by title.
func tinyGraph(
    _ nodes: [(title: String, kind: NodeKind, owner: Owner, count: Int)],
    _ edges: [(from: String, to: String, count: Int)],
    app: String? = nil
) -> CauseEffectGraph {
    let graphNodes = nodes.enumerated().map { index, node in
        CauseEffectGraph.Node(
            id: "n\(index + 1)", key: NodeKey(kind: node.kind, title: node.title, owner: node.owner),
            count: node.count, ran: node.kind.isUpdate ? node.count : 0)
    }
    func node(_ title: String) -> CauseEffectGraph.Node {
        graphNodes.first { $0.title == title } ?? graphNodes[0]
    }
    let graphEdges = edges.enumerated().map { index, edge in
        let from = node(edge.from)
        return CauseEffectGraph.Edge(
            id: "e\(index + 1)", from: from.id, to: node(edge.to).id,
            kind: EdgeKind(source: from.kind, label: .update), label: .update, count: edge.count)
    }
    return CauseEffectGraph(app: app, nodes: graphNodes, edges: graphEdges)
}

extension CauseEffectGraph {
    /// The titles of the nodes, in order.
    var titles: [String] { nodes.map(\.title) }

    /// Edges as `from -> to ×count`, residual ones as `from ⇢ to ×count`.
    var edgeSummaries: [String] {
        edges.map { edge in
            let arrow = edge.isResidual ? "⇢" : "->"
            return "\(node(edge.from)?.title ?? edge.from) \(arrow) \(node(edge.to)?.title ?? edge.to) ×\(edge.count)"
        }
    }
}
