/// What hovering a node of a report's picture lights, as Instruments does:
/// the nodes of the same update (those sharing an update group with it), its
/// own edges and their ends, and the edges of its groups between lit nodes.
///
/// The page gets each node's answer ready made, so its size is bounded by
/// the picture (nodes × elements) and not by the recording's groups.
enum UpdateHighlights {
    /// For each node of `graph`, in order, the ids of the nodes and then the
    /// edges it lights, each in the graph's order.
    static func lit(in graph: CauseEffectGraph, members: GroupMembers) -> [[String]] {
        // A recording repeats the same update many times: each distinct
        // membership is merged once per node, however many groups share it.
        var memberships: [GroupMembers.Members] = []
        var membershipIndex: [GroupMembers.Members: Int] = [:]
        var membershipOfGroup: [GroupID: Int] = [:]
        membershipOfGroup.reserveCapacity(members.byGroup.count)
        for (group, groupMembers) in members.byGroup {
            if let index = membershipIndex[groupMembers] {
                membershipOfGroup[group] = index
            } else {
                membershipIndex[groupMembers] = memberships.count
                membershipOfGroup[group] = memberships.count
                memberships.append(groupMembers)
            }
        }
        let positions = Dictionary(
            graph.nodes.indices.map { (graph.nodes[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        var ownEdges = [[Int]](repeating: [], count: graph.nodes.count)
        for (position, edge) in graph.edges.enumerated() {
            if let from = positions[edge.from] { ownEdges[from].append(position) }
            if let to = positions[edge.to], to != positions[edge.from] { ownEdges[to].append(position) }
        }
        return graph.nodes.indices.map { position in
            var litNodes = [Bool](repeating: false, count: graph.nodes.count)
            var litEdges = [Bool](repeating: false, count: graph.edges.count)
            var sharedEdges = [Bool](repeating: false, count: graph.edges.count)
            litNodes[position] = true
            let shared = Set(graph.nodes[position].groups.compactMap { membershipOfGroup[$0] })
            for index in shared {
                for node in memberships[index].nodes { litNodes[Int(node)] = true }
                for edge in memberships[index].edges { sharedEdges[Int(edge)] = true }
            }
            for edge in ownEdges[position] {
                litEdges[edge] = true
                if let from = positions[graph.edges[edge].from] { litNodes[from] = true }
                if let to = positions[graph.edges[edge].to] { litNodes[to] = true }
            }
            for (edge, isShared) in sharedEdges.enumerated() where isShared {
                guard let from = positions[graph.edges[edge].from], let to = positions[graph.edges[edge].to] else {
                    continue
                }
                if litNodes[from] && litNodes[to] { litEdges[edge] = true }
            }
            return graph.nodes.indices.filter { litNodes[$0] }.map { graph.nodes[$0].id }
                + graph.edges.indices.filter { litEdges[$0] }.map { graph.edges[$0].id }
        }
    }
}
