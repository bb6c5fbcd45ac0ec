/// The causes upstream of one node, most frequent first, down to the root
/// causes: the answer to "why did this body run?" drawn from the graph.
public struct CauseTree: Sendable, Equatable {
    /// One cause: the edge into the node it explains, and its own causes.
    public struct Branch: Sendable, Equatable {
        public var edge: CauseGraph.Edge
        public var cause: CauseGraph.Node
        /// The edge's count as a share of the explained node's events, 0…1.
        public var share: Double
        public var causes: [Branch]
        /// Whether the cause was already shown further down this path, so its
        /// own causes are not repeated (a cycle).
        public var isRepeated: Bool
    }

    public var node: CauseGraph.Node
    public var causes: [Branch]

    /// How many levels of causes are followed at most.
    public static let maximumDepth = 12

    public init(of node: CauseGraph.Node, in graph: CauseGraph) {
        self.node = node
        let incoming = Dictionary(grouping: graph.edges, by: \.to)
        let nodes = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
        var path: Set<String> = [node.id]
        causes = Self.branches(into: node, incoming: incoming, nodes: nodes, path: &path, depth: 1)
    }

    private static func branches(
        into node: CauseGraph.Node, incoming: [String: [CauseGraph.Edge]], nodes: [String: CauseGraph.Node],
        path: inout Set<String>, depth: Int
    ) -> [Branch] {
        let edges = (incoming[node.id] ?? []).sorted { ($1.count, $0.from, $0.kind) < ($0.count, $1.from, $1.kind) }
        return edges.compactMap { edge in
            guard let cause = nodes[edge.from] else { return nil }
            let share = node.count > 0 ? min(Double(edge.count) / Double(node.count), 1) : 0
            let repeated = path.contains(cause.id)
            var causes: [Branch] = []
            if !repeated && depth < maximumDepth {
                path.insert(cause.id)
                causes = branches(into: cause, incoming: incoming, nodes: nodes, path: &path, depth: depth + 1)
                path.remove(cause.id)
            }
            return Branch(edge: edge, cause: cause, share: share, causes: causes, isRepeated: repeated)
        }
    }
}
