/// The causes upstream of one node, most frequent first, down to the root
/// causes: the answer to "why did this body run?" drawn from the graph.
///
/// The graph is a DAG (or worse) where causes are shared: listing every path
/// grows exponentially with depth (an export of 200 rows went past 3 GB). So each
/// node's causes are expanded once, where a breadth-first walk from the view
/// first reaches it (its shortest, most frequent chain); other places it
/// appears say so instead of repeating it. A cause's ``Branch/flow`` is the
/// part of the node's updates that came along its path: the graph keeps
/// counts a pair of nodes, not which event caused which, so below the node's
/// own causes the flow is the branch's × the share, rounded (at least 1). Each node shows at most
/// `maximumCauses` causes, and at most `maximumExpanded` nodes are
/// expanded, so the tree and its text are bounded whatever the graph.
public struct CauseTree: Sendable, Equatable {
    /// One cause: the edge into the node it explains, and its own causes.
    public struct Branch: Sendable, Equatable {
        /// The edge from the cause into the node it explains.
        public var edge: CauseEffectGraph.Edge
        /// The cause node.
        public var cause: CauseEffectGraph.Node
        /// The edge's count as a share of the explained node's events, 0…1;
        /// when some of its events had several causes, a share of the counts
        /// of its incoming edges instead, so the shares of all its causes add
        /// up to 1.
        public var share: Double
        /// The part of the explained view's updates that came along this
        /// path: for the view's own causes the edge's count; below them the
        /// flow of the branch it explains × ``share``, rounded half away from
        /// zero but to no less than 1, so a cause is never more than the
        /// branch it is part of, nor nothing. (Siblings may add up to more:
        /// an update with several causes came along each of their paths.)
        public var flow: Int
        /// The cause's own causes, most frequent first.
        public var causes: [Branch]
        /// Whether the cause was already shown further down this path, so its
        /// own causes are not repeated (a cycle).
        public var isRepeated: Bool
        /// Whether the cause's own causes are shown where the tree reaches it
        /// first, not here; never for a cause with no causes of its own.
        public var isExpandedElsewhere: Bool
        /// How many of the cause's incoming edges the bounds left out here.
        public var omittedCauses: Int
    }

    /// The node explained.
    public var node: CauseEffectGraph.Node
    /// Its causes, most frequent first.
    public var causes: [Branch]
    /// How many of the node's incoming edges `maximumCauses` left out.
    public var omittedCauses: Int

    /// How many levels of causes are followed at most.
    package static let maximumDepth = 12
    /// How many causes of one node are shown, most frequent first.
    package static let maximumCauses = 10
    /// How many nodes have their causes expanded, at most, in one tree.
    package static let maximumExpanded = 100

    /// The tree of `node`'s causes in `graph`, within the bounds above.
    public init(of node: CauseEffectGraph.Node, in graph: CauseEffectGraph) {
        var walk = Walk(graph: graph)
        self.init(of: node, walk: &walk)
    }

    /// The tree of each of `nodes`, in their order. The graph is indexed once
    /// for all of them, so explaining every view costs about one pass over
    /// the edges, not one a view.
    public static func trees(of nodes: [CauseEffectGraph.Node], in graph: CauseEffectGraph) -> [CauseTree] {
        var walk = Walk(graph: graph)
        return nodes.map { CauseTree(of: $0, walk: &walk) }
    }

    private init(of node: CauseEffectGraph.Node, walk: inout Walk) {
        self.node = node
        walk.expandedThrough = [:]
        walk.plan(from: node)
        var path: Set<String> = [node.id]
        let edges = walk.incoming(node.id)
        causes = walk.branches(into: node, edges: edges, flow: nil, path: &path, depth: 1)
        omittedCauses = edges.count - causes.count
    }

    /// The graph's incoming edges, sorted once per node, and where each node
    /// is expanded.
    private struct Walk {
        let nodes: [String: CauseEffectGraph.Node]
        let unsorted: [String: [CauseEffectGraph.Edge]]
        var sorted: [String: [CauseEffectGraph.Edge]] = [:]
        /// The edge through which each expanded node is reached where it is
        /// expanded, and the depth there.
        var expandedThrough: [String: (edge: String, depth: Int)] = [:]

        init(graph: CauseEffectGraph) {
            nodes = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
            unsorted = Dictionary(grouping: graph.edges, by: \.to)
        }

        /// Every incoming edge of `id` whose cause exists, most frequent first.
        mutating func incoming(_ id: String) -> [CauseEffectGraph.Edge] {
            if let edges = sorted[id] { return edges }
            let edges = (unsorted[id] ?? []).filter { nodes[$0.from] != nil }
                .sorted { ($1.count, $0.from, $0.kind) < ($0.count, $1.from, $1.kind) }
            sorted[id] = edges
            return edges
        }

        /// Breadth first from `root`: the first edge to reach a node is where it is expanded.
        mutating func plan(from root: CauseEffectGraph.Node) {
            var reached: Set<String> = [root.id]
            var level = [root.id]
            var depth = 1
            while !level.isEmpty, depth <= CauseTree.maximumDepth {
                var next: [String] = []
                for id in level {
                    for edge in incoming(id).prefix(CauseTree.maximumCauses) {
                        guard reached.count <= CauseTree.maximumExpanded else { return }
                        guard reached.insert(edge.from).inserted else { continue }
                        expandedThrough[edge.from] = (edge.id, depth)
                        next.append(edge.from)
                    }
                }
                level = next
                depth += 1
            }
        }

        /// Whether the causes of the node `id` are listed where it is expanded:
        /// it has some, and its depth there leaves room for them.
        mutating func listsCauses(of id: String) -> Bool {
            guard let depth = expandedThrough[id]?.depth else { return false }
            return depth < CauseTree.maximumDepth && !incoming(id).isEmpty
        }

        /// The branches of `node`'s causes; `flow` is the part of the view's
        /// updates that reached `node` along this path, `nil` for the view.
        mutating func branches(
            into node: CauseEffectGraph.Node, edges: [CauseEffectGraph.Edge], flow: Int?, path: inout Set<String>,
            depth: Int
        ) -> [Branch] {
            let linked = edges.reduce(0) { $0.saturatingAdding($1.count) }
            let whole = max(node.count, linked)
            return edges.prefix(CauseTree.maximumCauses).compactMap { edge in
                guard let cause = nodes[edge.from] else { return nil }
                let share = whole > 0 ? min(Double(edge.count) / Double(whole), 1) : 0
                // At least 1: a cause is listed because its links carried updates; ×0 would say none did.
                // A whole share keeps the flow as it is: `Double(Int.max)` rounds past `Int.max`.
                let branchFlow =
                    flow.map { share >= 1 ? $0 : max(Int((Double($0) * share).rounded()), min($0, edge.count, 1)) }
                    ?? edge.count
                let repeated = path.contains(cause.id)
                let expandedHere = !repeated && expandedThrough[cause.id]?.edge == edge.id
                let elsewhere = !repeated && !expandedHere && listsCauses(of: cause.id)
                var causes: [Branch] = []
                var omitted = 0
                if expandedHere || (!repeated && !elsewhere) {
                    let incoming = incoming(cause.id)
                    if expandedHere && depth < CauseTree.maximumDepth {
                        path.insert(cause.id)
                        causes = branches(
                            into: cause, edges: incoming, flow: branchFlow, path: &path, depth: depth + 1)
                        path.remove(cause.id)
                    }
                    omitted = incoming.count - causes.count
                }
                return Branch(
                    edge: edge, cause: cause, share: share, flow: branchFlow, causes: causes, isRepeated: repeated,
                    isExpandedElsewhere: elsewhere, omittedCauses: omitted)
            }
        }
    }
}
