/// What the user asked shaping to keep, the options of `causegraph render`.
///
/// The filters apply in a fixed order (see ``GraphShaper``): window (while
/// importing), interaction (while importing), focus and depth, ignore, hide-system, min-count, node fraction,
/// max-nodes, edge fraction, max-edges, fan-out folds.
public struct ShapingSettings: Sendable, Equatable {
    /// The node limit when none is given: `dot` lays out 80 nodes in well
    /// under a second, and its cost grows much faster than the node count.
    public static let defaultMaxNodes = 80
    /// The edge limit when none is given: edge labels become extra nodes of
    /// the layout, and 80 densely linked nodes can carry thousands of edges
    /// (150 labelled edges lay out in about a quarter of a second).
    public static let defaultMaxEdges = 150
    /// The most nodes and edges, together, drawn (laid out by Graphviz)
    /// without `--force`. Edges count as nodes do, since `dot` lays out each
    /// labelled edge as a node of its own, and the cost of a dense graph
    /// grows fastest: 200 nodes with 1,246 edges took 1.8 s, 400 with 2,713
    /// took 8 s, 800 with 5,467 took 89 s (200,000 nodes alone ran 120 s
    /// into 1.75 GB before they were stopped). A picture past this is no use
    /// to anyone.
    package static let maximumLaidOutElements = 4_000

    /// Only events in this time range (applied while importing, by `TimeWindowFilter`).
    public var window: TimeWindow?
    /// Only one update group, or what one gesture led to (applied while importing, by `InteractionRecorder`).
    public var interaction: Interaction?
    /// Keep only nodes on cause paths into nodes whose title matches one of these.
    public var focus: [TitlePattern]
    /// How many cause levels upstream of a focused node to keep; `nil` for all.
    public var depth: Int?
    /// Drop nodes whose title matches one of these, and what only they lead to.
    public var ignore: [TitlePattern]
    /// Fold chains of system nodes into dotted edges between app nodes.
    public var hideSystem: Bool
    /// Drop nodes with fewer events than this.
    public var minCount: Int
    /// Drop nodes that explain less than this share (0–1) of the updates shown.
    public var nodeFraction: ShapingShare?
    /// Keep at most this many nodes, those that explain the most updates; 0 for no limit.
    public var maxNodes: Int
    /// Leave undrawn the edges that carry less than this share (0–1) of the updates shown.
    public var edgeFraction: ShapingShare?
    /// Fold sibling updates of one cause, with nothing drawn after them, into one node (while `maxNodes` applies).
    public var foldFanOuts: Bool
    /// Draw at most this many edges, each node's main cause link first, then those that carry the most updates; 0 for no limit.
    public var maxEdges: Int

    /// The edge limit when only a node limit is given: the default limits'
    /// ratio of edges to nodes, at most ``defaultMaxEdges``, so asking for
    /// fewer nodes gives a simpler picture rather than the same edges
    /// between fewer nodes; every edge when every node is drawn (`0`), since
    /// a few edges each would leave most causes standing alone.
    package static func defaultMaxEdges(forMaxNodes maxNodes: Int) -> Int {
        guard maxNodes > 0 else { return 0 }
        let (product, overflow) = maxNodes.multipliedReportingOverflow(by: defaultMaxEdges)
        return overflow ? defaultMaxEdges : min(max(product / defaultMaxNodes, 1), defaultMaxEdges)
    }

    /// Settings with every filter given; the defaults keep at most 80 nodes and 150 edges and fold fan-outs.
    /// Without `maxEdges`, the edge limit follows `maxNodes` (``defaultMaxEdges(forMaxNodes:)``).
    public init(
        window: TimeWindow? = nil, focus: [TitlePattern] = [], depth: Int? = nil, ignore: [TitlePattern] = [],
        hideSystem: Bool = false, minCount: Int = 0, maxNodes: Int = ShapingSettings.defaultMaxNodes,
        maxEdges: Int? = nil, nodeFraction: ShapingShare? = nil,
        edgeFraction: ShapingShare? = nil, foldFanOuts: Bool = true
    ) {
        self.window = window
        self.focus = focus
        self.depth = depth
        self.ignore = ignore
        self.hideSystem = hideSystem
        self.minCount = minCount
        self.maxNodes = maxNodes
        self.maxEdges = maxEdges ?? Self.defaultMaxEdges(forMaxNodes: maxNodes)
        self.nodeFraction = nodeFraction
        self.edgeFraction = edgeFraction
        self.foldFanOuts = foldFanOuts
    }
}
