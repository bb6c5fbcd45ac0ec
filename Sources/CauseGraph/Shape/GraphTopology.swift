/// The edges of a ``CauseEffectGraph`` by node position, for walking it.
struct GraphTopology {
    /// Each edge's source and target node positions.
    let ends: [(from: Int, to: Int)]
    /// Positions of the edges leaving and entering each node.
    let outgoing: [[Int]]
    let incoming: [[Int]]

    init(_ graph: CauseEffectGraph) {
        var position: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() { position[node.id] = index }
        var outgoing = [[Int]](repeating: [], count: graph.nodes.count)
        var incoming = [[Int]](repeating: [], count: graph.nodes.count)
        var ends: [(from: Int, to: Int)] = []
        ends.reserveCapacity(graph.edges.count)
        for edge in graph.edges {
            // A graph built by GraphBuilder names only its own nodes; an edge
            // to an unknown id cannot be placed and is left out of the walk.
            guard let from = position[edge.from], let to = position[edge.to] else {
                ends.append((-1, -1))
                continue
            }
            outgoing[from].append(ends.count)
            incoming[to].append(ends.count)
            ends.append((from, to))
        }
        self.ends = ends
        self.outgoing = outgoing
        self.incoming = incoming
    }

    func connects(_ edge: Int, within kept: [Bool]) -> Bool {
        let (from, to) = ends[edge]
        return from >= 0 && kept[from] && kept[to]
    }
}
