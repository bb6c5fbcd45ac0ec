/// The reconstructed cause-and-effect graph: events merged into nodes,
/// cause links merged into counted edges.
///
/// Nodes and edges are sorted deterministically (see ``GraphBuilder``) and
/// their ids (`n1`, `e1`, …) follow that order, so the same trace always
/// gives the same graph.
public struct CauseEffectGraph: Sendable, Equatable {
    /// The recorded app, when the trace names it.
    public var app: String?
    /// The frame rate severities were judged against: the first trace's,
    /// when traces recorded at different rates were read together.
    public var frameRate: Double
    /// Every frame rate severities were judged against, lowest first: each
    /// update is judged at the rate of the trace it came from.
    public var frameRates: [Double]
    /// The nodes, in the deterministic order of ``GraphBuilder``; ids `n1`, `n2`, ….
    public var nodes: [Node]
    /// The edges, in the same order; ids `e1`, `e2`, ….
    public var edges: [Edge]
    /// The update groups, sorted by id.
    public var groups: [UpdateGroup]
    /// The longest update events of each update kind, longest first, at most
    /// ``GraphBuilder/worstUpdatesKept`` of each.
    package var worstUpdates: [UpdateExample]
    /// The hitches and hangs, by start, each with the updates it overlaps.
    package var hitches: [HitchOverlap]
    /// The span each node's ``Node/densestBurst`` was counted in, kept with
    /// the counts so nothing that reports them can name another.
    package var burstWindow: Nanoseconds

    /// A graph with every part given; the defaults make an empty graph at 60 Hz.
    package init(
        app: String? = nil, frameRate: Double = FrameBudget.defaultFrameRate, nodes: [Node] = [], edges: [Edge] = [],
        groups: [UpdateGroup] = [], worstUpdates: [UpdateExample] = [], frameRates: [Double]? = nil,
        hitches: [HitchOverlap] = [],
        burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow
    ) {
        self.app = app
        self.frameRate = frameRate
        self.frameRates = frameRates ?? [frameRate]
        self.nodes = nodes
        self.edges = edges
        self.groups = groups
        self.worstUpdates = worstUpdates
        self.hitches = hitches
        self.burstWindow = burstWindow
    }

    /// Events of the same kind, title, module and owner.
    public struct Node: Sendable, Equatable, Identifiable {
        /// The node's id in this graph: `n1`, `n2`, ….
        public var id: String
        /// What events merged into this node share: kind, title, module and owner.
        package var key: NodeKey
        /// How many events merged into this node.
        public var count: Int
        /// How many update events ran their body.
        public var ran: Int
        /// How many update events were checked and skipped.
        public var skipped: Int
        /// The sum of the known durations, `nil` when none was known.
        public var totalDuration: Nanoseconds?
        /// How many of its events had a known duration, which ``totalDuration`` sums.
        public var timed: Int
        /// The longest known duration.
        public var maxDuration: Nanoseconds?
        /// The worst severity of any event.
        public var severity: Severity?
        /// The update groups the node took part in, sorted.
        public var groups: [GroupID]
        /// The first backtrace recorded for any of its events, innermost first.
        public var backtrace: [String]
        /// How many of its events fell in each severity (events of unknown
        /// duration and severity are in none).
        package var severityCounts: SeverityCounts
        /// The most events that fell within one ``CauseEffectGraph/burstWindow``.
        package var densestBurst: Int
        /// How long its events took, by severity.
        package var severityDurations: SeverityDurations
        /// Its longest known duration at each severity, 0 where none is
        /// known: a severity the trace gives need not follow the duration, so
        /// the longest update at `high` may be shorter than one at `medium`.
        package var severityLongest: SeverityDurations
        /// Where the node stands in the order of the time each node was first
        /// seen (its earliest event), then of ``id``: unlike the id, which
        /// follows the title, no name decides it, so a tie a finding breaks by
        /// it is broken the same in a redacted copy; nor does the order the
        /// trace lists its records in.
        package var appearanceRank: Int

        /// The mean of the known durations; a total that saturated gives no
        /// more than the longest.
        public var averageDuration: Nanoseconds? {
            guard let totalDuration, timed > 0 else { return nil }
            return min(totalDuration / Int64(timed), maxDuration ?? totalDuration)
        }

        /// The kind of update or cause.
        public var kind: NodeKind { key.kind }
        /// The title, as the trace gives it (untrusted text).
        public var title: String { key.title }
        /// The module that declares it, when known.
        public var module: String? { key.module }
        /// Whether the app or the system owns it.
        public var owner: Owner { key.owner }

        /// A node with every count given; counts default to none.
        package init(
            id: String, key: NodeKey, count: Int = 0, ran: Int = 0, skipped: Int = 0,
            totalDuration: Nanoseconds? = nil, timed: Int? = nil, maxDuration: Nanoseconds? = nil,
            severity: Severity? = nil,
            groups: [GroupID] = [], backtrace: [String] = [], severityCounts: SeverityCounts = SeverityCounts(),
            densestBurst: Int = 0, severityDurations: SeverityDurations = SeverityDurations(),
            severityLongest: SeverityDurations = SeverityDurations(), appearanceRank: Int = 0
        ) {
            self.id = id
            self.key = key
            self.count = count
            self.ran = ran
            self.skipped = skipped
            self.totalDuration = totalDuration
            self.timed = timed ?? (totalDuration == nil ? 0 : count)
            self.maxDuration = maxDuration
            self.severity = severity
            self.groups = groups
            self.backtrace = backtrace
            self.severityCounts = severityCounts
            self.densestBurst = densestBurst
            self.severityDurations = severityDurations
            self.severityLongest = severityLongest
            self.appearanceRank = appearanceRank
        }

        /// The longest known duration of its events at `severity` or above;
        /// `nil` when none of them has one (an update still running when the
        /// recording stopped has none).
        package func longest(atLeast severity: Severity) -> Nanoseconds? {
            let longest = Severity.allCases.filter { $0 >= severity }.map { severityLongest[$0] }.max() ?? 0
            return longest > 0 ? longest : nil
        }

        /// The severity of its longest update, which need not be its worst
        /// ``severity``: the highest whose longest known duration is
        /// ``maxDuration``; `nil` when the longest has no severity.
        package var longestSeverity: Severity? {
            guard let maxDuration else { return nil }
            return Severity.allCases.last { severityLongest[$0] == maxDuration }
        }

        /// The trace events merged into the node: ``count``, or none for the
        /// ``NodeKind/unrecorded`` node, whose count is of runs no event caused.
        package var eventCount: Int { kind.isRecorded ? count : 0 }

        /// An update node every one of whose events was skipped.
        package var isFullySkipped: Bool { kind.isUpdate && count > 0 && ran == 0 }
    }

    /// Cause links of the same source, target and kind.
    public struct Edge: Sendable, Equatable, Identifiable {
        /// The edge's id in this graph: `e1`, `e2`, ….
        public var id: String
        /// The id of the cause node.
        public var from: String
        /// The id of the effect node.
        public var to: String
        /// What kind of cause link it is.
        public var kind: EdgeKind
        /// The cause label as the trace gave it.
        public var label: CauseLabel
        /// How many cause links merged into this edge.
        public var count: Int
        /// The properties any of its links changed, sorted.
        public var changed: [String]
        /// The update groups the edge took part in, sorted.
        public var groups: [GroupID]
        /// How many of its links led to an update whose body was skipped.
        public var skipped: Int
        /// The most links that one cause event drove along this edge (counted
        /// over consecutive links from the same event).
        package var maxPerCause: Int
        /// Whether the edge stands for links that pass through nodes shaping
        /// removed (see ``GraphShaper``), rather than for direct links.
        public var isResidual: Bool

        /// An edge with every count given; counts default to none.
        package init(
            id: String, from: String, to: String, kind: EdgeKind, label: CauseLabel, count: Int = 0,
            changed: [String] = [], groups: [GroupID] = [], skipped: Int = 0, maxPerCause: Int = 0,
            isResidual: Bool = false
        ) {
            self.id = id
            self.from = from
            self.to = to
            self.kind = kind
            self.label = label
            self.count = count
            self.changed = changed
            self.groups = groups
            self.skipped = skipped
            self.maxPerCause = maxPerCause
            self.isResidual = isResidual
        }
    }

    /// The node with an id, if any.
    public func node(_ id: String) -> Node? {
        nodes.first { $0.id == id }
    }
}

/// One long update, kept as an example of its lane.
package struct UpdateExample: Sendable, Equatable {
    /// The event's id in its trace.
    package var event: EventID
    /// The id of the node it merged into.
    package var node: String
    /// The kind of update.
    package var kind: NodeKind
    /// When it started, if the trace timed it.
    package var time: Nanoseconds?
    /// How long it took.
    package var duration: Nanoseconds
    /// How long it was for a frame at the trace's rate; `nil` when not judged.
    package var severity: Severity?
    /// The update group it belongs to, if any.
    package var group: GroupID?
}

/// What makes two events the same graph node.
package struct NodeKey: Hashable, Sendable, Comparable {
    /// The kind of update or cause.
    package var kind: NodeKind
    /// The title, as the trace gives it.
    package var title: String
    /// The module that declares it, when known.
    package var module: String?
    /// Whether the app or the system owns it.
    package var owner: Owner

    /// A key with every field given.
    package init(kind: NodeKind, title: String, module: String? = nil, owner: Owner) {
        self.kind = kind
        self.title = title
        self.module = module
        self.owner = owner
    }

    /// Hashes the kind and owner by their rank: a `String`-backed
    /// enumeration otherwise hashes its raw value's text, and every event
    /// read is looked up by its key.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind.rank << 1 | (owner == .app ? 0 : 1))
        hasher.combine(title)
        hasher.combine(module)
    }

    /// Kind (causes first), then title, module and owner, comparing text by
    /// its UTF-8 bytes so the order is the same on every machine.
    package static func < (lhs: NodeKey, rhs: NodeKey) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        if lhs.title != rhs.title { return lhs.title.utf8.lexicographicallyPrecedes(rhs.title.utf8) }
        if lhs.module != rhs.module {
            guard let left = lhs.module else { return true }
            guard let right = rhs.module else { return false }
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        return lhs.owner < rhs.owner
    }
}

/// Why an effect happened, as the graph draws it.
///
/// `creation` for links that made a view appear; otherwise the kind of the
/// cause, or `update` when the cause is itself an update (a parent body that
/// handed down a new value).
public enum EdgeKind: String, CaseIterable, Sendable, Comparable {
    case gesture
    case state
    case observable
    case externalEnvironment
    case environmentWriter
    case update
    case creation
    /// From ``NodeKind/unrecorded``: runs no link explains.
    case unrecorded

    /// The kind of a link from an event of kind `source` labelled `label`:
    /// any label but `creation` is named by its source.
    package init(source: NodeKind, label: CauseLabel) {
        guard label != .creation else {
            self = .creation
            return
        }
        switch source {
        case .gesture: self = .gesture
        case .state: self = .state
        case .observable: self = .observable
        case .externalEnvironment: self = .externalEnvironment
        case .environmentWriter: self = .environmentWriter
        case .body, .representable, .other: self = .update
        case .unrecorded: self = .unrecorded
        }
    }

    /// The order edges are listed in, the cases' own.
    /// The kinds by ``rank``: `byRank[kind.rank] == kind`.
    static let byRank: [EdgeKind] = allCases

    var rank: Int {
        switch self {
        case .gesture: 0
        case .state: 1
        case .observable: 2
        case .externalEnvironment: 3
        case .environmentWriter: 4
        case .update: 5
        case .creation: 6
        case .unrecorded: 7
        }
    }

    /// Orders kinds by their explicit rank, so sorting edges is deterministic.
    public static func < (lhs: EdgeKind, rhs: EdgeKind) -> Bool { lhs.rank < rhs.rank }
}
