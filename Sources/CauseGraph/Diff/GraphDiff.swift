/// The union of two cause graphs, a recording before a change and one after
/// it, with every node and edge classified by how it changed.
///
/// Nodes match by `NodeKey` (kind, title, module, owner) and edges by the
/// keys of their two ends and their ``EdgeKind``, so ids, which depend on
/// each graph's contents, play no part. The union is ordered as
/// ``GraphBuilder`` orders one graph (nodes by key, edges by their ends'
/// order then kind) and numbered `n1`, `e1`, … in that order, so the same
/// two recordings always give the same diff.
public struct GraphDiff: Sendable, Equatable {
    /// What a diff knows about one of its two recordings.
    public struct Side: Sendable, Equatable {
        /// How the recording was named (a path as the user typed it).
        public var name: String
        /// The recorded app, when the trace names it.
        public var app: String?
        /// The frame rate the recording was judged at.
        public var frameRate: Double
        /// How many update groups it recorded.
        package var groups: Int
    }

    /// A node of either graph, with its figures on each side.
    public struct Node: Sendable, Equatable, Identifiable {
        /// The node's id in the diff: `n1`, `n2`, ….
        public var id: String
        /// What the two sides' nodes share: kind, title, module and owner.
        package var key: NodeKey
        /// The node in the recording before, `nil` when it is only after.
        public var before: CauseEffectGraph.Node?
        /// The node in the recording after, `nil` when it is only before.
        public var after: CauseEffectGraph.Node?

        /// Added, removed, more or less frequent, or the same, by count.
        public var change: DiffChange { DiffChange(before: before?.count, after: after?.count) }
        /// The kind of update or cause.
        public var kind: NodeKind { key.kind }
        /// The title, as the traces give it.
        public var title: String { key.title }

        /// Events on each side, `0` where absent.
        package var count: (before: Int, after: Int) { (before?.count ?? 0, after?.count ?? 0) }
        /// Total durations on each side: `0` where absent, `nil` where present without a known duration.
        package var totalDuration: (before: Nanoseconds?, after: Nanoseconds?) {
            (before.map(\.totalDuration) ?? 0, after.map(\.totalDuration) ?? 0)
        }
        /// Whether either side knows a duration (update nodes of timed traces).
        package var hasDurations: Bool { before?.totalDuration != nil || after?.totalDuration != nil }
    }

    /// An edge of either graph, between union nodes, with its figures on each side.
    public struct Edge: Sendable, Equatable, Identifiable {
        /// The edge's id in the diff: `e1`, `e2`, ….
        public var id: String
        /// The union id of the cause node.
        public var from: String
        /// The union id of the effect node.
        public var to: String
        /// What kind of cause link it is.
        public var kind: EdgeKind
        /// The cause label as the traces gave it.
        public var label: CauseLabel
        /// The edge in the recording before, if it had one.
        public var before: CauseEffectGraph.Edge?
        /// The edge in the recording after, if it had one.
        public var after: CauseEffectGraph.Edge?

        /// Added, removed, more or less frequent, or the same, by count.
        public var change: DiffChange { DiffChange(before: before?.count, after: after?.count) }
        /// Links on each side, `0` where absent.
        package var count: (before: Int, after: Int) { (before?.count ?? 0, after?.count ?? 0) }
    }

    /// The recording before.
    public var before: Side
    /// The recording after.
    public var after: Side
    /// The union of both sides' nodes, matched by key.
    public var nodes: [Node]
    /// The union of both sides' edges, matched by their two ends and kind.
    public var edges: [Edge]

    /// The diff of two graphs: nodes matched by key, edges by their ends and kind.
    public init(
        before: CauseEffectGraph, after: CauseEffectGraph, beforeName: String = "before", afterName: String = "after"
    ) {
        self.before = Side(name: beforeName, app: before.app, frameRate: before.frameRate, groups: before.groups.count)
        self.after = Side(name: afterName, app: after.app, frameRate: after.frameRate, groups: after.groups.count)

        var pairs: [NodeKey: (before: CauseEffectGraph.Node?, after: CauseEffectGraph.Node?)] = [:]
        for node in before.nodes { pairs[node.key, default: (nil, nil)].before = node }
        for node in after.nodes { pairs[node.key, default: (nil, nil)].after = node }
        let keys = pairs.keys.sorted()
        nodes = keys.enumerated().map { index, key in
            Node(id: ElementID.node(index + 1), key: key, before: pairs[key]!.before, after: pairs[key]!.after)
        }
        let rank = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })

        var edgePairs: [EdgeIdentity: (before: CauseEffectGraph.Edge?, after: CauseEffectGraph.Edge?)] = [:]
        for (graph, isBefore) in [(before, true), (after, false)] {
            let keyOf = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.key) })
            for edge in graph.edges {
                guard let from = keyOf[edge.from], let to = keyOf[edge.to], let fromRank = rank[from],
                    let toRank = rank[to]
                else { continue }
                let identity = EdgeIdentity(from: fromRank, to: toRank, kind: edge.kind, label: edge.label)
                if isBefore {
                    edgePairs[identity, default: (nil, nil)].before = edge
                } else {
                    edgePairs[identity, default: (nil, nil)].after = edge
                }
            }
        }
        let nodeIDs = nodes.map(\.id)
        edges = edgePairs.keys.sorted().enumerated().map { index, identity in
            let pair = edgePairs[identity]!
            return Edge(
                id: ElementID.edge(index + 1), from: nodeIDs[identity.from], to: nodeIDs[identity.to],
                kind: identity.kind, label: identity.label, before: pair.before, after: pair.after)
        }
    }

    /// The node with a union id, if any.
    public func node(_ id: String) -> Node? {
        nodes.first { $0.id == id }
    }

    /// How many nodes and edges fell in each class.
    package func tally(of change: DiffChange) -> (nodes: Int, edges: Int) {
        (nodes.count { $0.change == change }, edges.count { $0.change == change })
    }

    /// The app both recordings name, or the after one's, for headings.
    package var app: String? { after.app ?? before.app }
}

/// An edge's ends (as ranks in the union's node order), kind and label.
private struct EdgeIdentity: Hashable, Comparable {
    var from: Int
    var to: Int
    var kind: EdgeKind
    var label: CauseLabel

    static func < (lhs: EdgeIdentity, rhs: EdgeIdentity) -> Bool {
        if lhs.from != rhs.from { return lhs.from < rhs.from }
        if lhs.to != rhs.to { return lhs.to < rhs.to }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.label < rhs.label
    }
}
