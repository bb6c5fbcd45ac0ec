/// The nodes and edges of a picture that took part in each update group, by
/// their positions in the picture. A report page works from this rather than
/// from every node's list of groups, which grows with a recording's length.
struct GroupMembers {
    /// The positions, in the graph's order, of the nodes and edges of one group.
    struct Members: Hashable {
        var nodes: [Int32] = []
        var edges: [Int32] = []
    }

    /// Each group's members; a group no node or edge of the picture took
    /// part in is absent.
    let byGroup: [GroupID: Members]

    init(_ graph: CauseEffectGraph) {
        var byGroup: [GroupID: Members] = [:]
        for (position, node) in graph.nodes.enumerated() {
            for group in node.groups { byGroup[group, default: Members()].nodes.append(Int32(position)) }
        }
        for (position, edge) in graph.edges.enumerated() {
            for group in edge.groups { byGroup[group, default: Members()].edges.append(Int32(position)) }
        }
        self.byGroup = byGroup
    }
}
