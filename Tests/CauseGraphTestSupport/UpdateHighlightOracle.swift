import CauseGraph

/// What hovering `node` in a report lights, worked out afresh from every
/// node's and edge's list of update groups, as a test's oracle: the nodes
/// sharing a group with it, its edges and their ends, and the edges of its
/// groups between lit nodes.
public func litFromGroupLists(_ node: CauseEffectGraph.Node, in graph: CauseEffectGraph) -> Set<String> {
    let groups = Set(node.groups)
    var nodes = Set(graph.nodes.filter { !groups.isDisjoint(with: $0.groups) }.map(\.id) + [node.id])
    var edges: Set<String> = []
    for edge in graph.edges where edge.from == node.id || edge.to == node.id {
        edges.insert(edge.id)
        nodes.formUnion([edge.from, edge.to])
    }
    for edge in graph.edges
    where !groups.isDisjoint(with: edge.groups) && nodes.contains(edge.from) && nodes.contains(edge.to) {
        edges.insert(edge.id)
    }
    return nodes.union(edges)
}
