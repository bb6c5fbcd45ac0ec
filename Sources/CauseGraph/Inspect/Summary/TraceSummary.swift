/// What `causegraph summary` reports: totals, the long-update lanes of the
/// Instruments SwiftUI instrument, body updates by module and view type,
/// the causes that drove most updates, unclassified titles and findings.
public struct TraceSummary: Sendable, Equatable {
    /// The whole trace in numbers.
    public struct Totals: Sendable, Equatable {
        /// Events read, of every kind.
        public var events = 0
        /// Events of cause nodes: gestures, state and environment changes.
        public var causeEvents = 0
        /// Events of update nodes: bodies, representables and other updates.
        public var updateEvents = 0
        /// Body updates that ran their body.
        public var bodyRan = 0
        /// Body updates whose body was skipped.
        public var bodySkipped = 0
        /// View updates (bodies and representables) no cause link reached:
        /// the count of the ``NodeKind/unrecorded`` node, which is no event.
        public var unexplainedUpdates = 0
        /// Update groups (transactions).
        public var groups = 0
        /// The summed durations of the update groups.
        public var groupsTotalDuration: Nanoseconds = 0
        /// The longest update group, if any has a duration.
        public var worstGroup: UpdateGroup?
    }

    /// One lane of long updates: how many were orange (medium) and red
    /// (high or worse), and the worst of them.
    package struct Lane: Sendable, Equatable {
        /// The lane's name, as Instruments names it.
        package var name: String
        /// The kind of update the lane counts.
        package var kind: NodeKind
        /// Updates at medium severity: at least 1/16 of a frame.
        package var orange: Int
        /// Updates at high severity or worse: at least 1/8 of a frame.
        package var red: Int
        /// The longest updates of the lane, longest first.
        package var worst: [UpdateExample]
    }

    /// A view type of a module, with its average body duration.
    public struct ViewRow: Sendable, Equatable {
        /// The view's node, with its counts and durations.
        public var node: CauseEffectGraph.Node
        /// The average duration of its updates that have one.
        public var average: Nanoseconds?
    }

    /// The body updates of one module, heaviest view first.
    public struct Module: Sendable, Equatable {
        /// The module, or `nil` for views of no known module.
        public var name: String?
        /// The summed durations of the module's body updates, or `nil` when
        /// none of its views has one (a change log times no update).
        public var totalDuration: Nanoseconds?
        /// The module's view types, by total duration.
        public var views: [ViewRow]
    }

    /// A cause node and how many updates it drove.
    public struct Cause: Sendable, Equatable {
        /// The cause node.
        public var node: CauseEffectGraph.Node
        /// Updates it drove directly (the sum of its edges into update nodes).
        public var drove: Int
        /// Distinct update nodes it drove.
        public var targets: Int
    }

    /// The recorded app, when the trace names it.
    public var app: String?
    /// The frame rate severities were judged at (``CauseEffectGraph/frameRate``).
    public var frameRate: Double
    /// Every rate updates were judged at (``CauseEffectGraph/frameRates``).
    public var frameRates: [Double]
    /// The totals of the whole trace.
    public var totals: Totals
    /// The long-update lanes: bodies, representables and other updates.
    package var lanes: [Lane]
    /// Body updates by module and view type: modules of the app's own
    /// views first, then the system's (``Owner``), each heaviest first.
    public var modules: [Module]
    /// The causes that drove the most updates.
    public var topCauses: [Cause]
    /// Update groups by the body time they cost, with the gestures that
    /// started them (`InteractionTally.ranked`).
    package var interactions: [RankedInteraction]
    /// Titles no classification rule matched, most frequent first.
    public var unclassifiedTitles: [String]
    /// The findings, by kind, strongest first.
    public var findings: [Finding]
    /// Every hitch and hang, traced to its causes.
    package var hitches: [HitchCause]

    /// How many entries of each list ``bounded(_:)`` left out. Numbers
    /// only: the caller says how to see them.
    package struct Omitted: Sendable, Equatable {
        /// View rows of ``modules``.
        package var views = 0
        /// Entries of ``topCauses``.
        package var causes = 0
        /// Entries of ``interactions``.
        package var interactions = 0
        /// Entries of ``unclassifiedTitles``.
        package var unclassifiedTitles = 0
        /// Entries of ``findings``.
        package var findings = 0
        /// Entries of ``hitches``.
        package var hitches = 0

        /// Whether anything was left out.
        package var isEmpty: Bool { self == Omitted() }
    }

    /// What ``bounded(_:)`` left out; nothing for a summary not bounded.
    package var omitted = Omitted()
    /// How many ranked entries of each list ``bounded(_:)`` passed over
    /// before the shown ones: a list that shows none but left some out
    /// starts past its end.
    package var offset = 0

    /// How many causes ``topCauses`` lists at most.
    package static let topCauseLimit = 10
    /// How many examples each lane lists at most.
    package static let laneExamples = 3

    /// - Parameters:
    ///   - graph: the graph to summarise.
    ///   - unclassifiedTitles: titles no classification rule matched,
    ///     with how many events had each (``Diagnostics/unclassifiedTitles``).
    ///   - thresholds: when a pattern in the graph counts as a finding.
    ///   - interactions: the interactions ranked while the trace was read.
    public init(
        graph: CauseEffectGraph, unclassifiedTitles: [String: Int] = [:],
        thresholds: FindingThresholds = FindingThresholds(),
        interactions: [RankedInteraction] = []
    ) {
        app = graph.app
        self.interactions = interactions
        frameRate = graph.frameRate
        frameRates = graph.frameRates
        // Most frequent first, then by title, so the list never depends on hashing.
        self.unclassifiedTitles =
            unclassifiedTitles
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\(TitleText.shown($0.key)) (\(CountText.string($0.value, "event")))" }
        findings = FindingRules.findings(in: graph, thresholds: thresholds)
        hitches = HitchCause.all(in: graph)

        var totals = Totals()
        for node in graph.nodes {
            guard node.kind.isRecorded else {
                totals.unexplainedUpdates = totals.unexplainedUpdates.saturatingAdding(node.count)
                continue
            }
            totals.events += node.count
            if node.kind.isCause { totals.causeEvents += node.count } else { totals.updateEvents += node.count }
            if node.kind == .body {
                totals.bodyRan += node.ran
                totals.bodySkipped += node.skipped
            }
        }
        totals.groups = graph.groups.count
        for group in graph.groups {
            guard let duration = group.duration else { continue }
            totals.groupsTotalDuration = totals.groupsTotalDuration.saturatingAdding(duration)
            if duration > (totals.worstGroup?.duration ?? -1) { totals.worstGroup = group }
        }
        self.totals = totals

        let laneNames: [(NodeKind, String)] = [
            (.body, "Long View Body Updates"), (.representable, "Long Representable Updates"),
            (.other, "Other Long Updates"),
        ]
        lanes = laneNames.map { kind, name in
            let nodes = graph.nodes.filter { $0.kind == kind }
            return Lane(
                name: name, kind: kind,
                orange: nodes.reduce(0) { $0 + $1.severityCounts[.medium] },
                red: nodes.reduce(0) { $0 + $1.severityCounts.atLeast(.high) },
                worst: Array(
                    graph.worstUpdates.filter { $0.kind == kind && ($0.severity ?? .low) >= .medium }.prefix(
                        Self.laneExamples)))
        }

        let bodies = graph.nodes.filter { $0.kind == .body }
        let byModule = Dictionary(grouping: bodies) { $0.module ?? "" }
        let ranked: [(owner: Owner, module: Module)] = byModule.map { name, nodes in
            let rows = nodes.map { node in
                ViewRow(node: node, average: node.averageDuration)
            }.sorted(by: Self.slowerFirst)
            let durations = rows.compactMap(\.node.totalDuration)
            let module = Module(
                name: name.isEmpty ? nil : name,
                totalDuration: durations.isEmpty ? nil : durations.reduce(0) { $0.saturatingAdding($1) }, views: rows)
            return (Self.owner(of: module), module)
        }
        // Each module's owner found once, not at every comparison: finding it scans the module's views.
        modules = ranked.sorted { a, b in
            let (left, right) = (a.module.totalDuration ?? 0, b.module.totalDuration ?? 0)
            return (a.owner, right, a.module.name ?? "") < (b.owner, left, b.module.name ?? "")
        }.map(\.module)

        let nodesByID = NodesByID(graph)
        // Runs with no recorded cause were driven by nothing the trace names: no top cause.
        let isRecordedCause = graph.nodes.map { $0.kind.isCause && $0.kind.isRecorded }
        // Summed edge by edge into arrays by node position, not grouped: a dense graph has hundreds
        // of thousands of edges, and a grouped copy of them was most of `summary`'s memory.
        var updates = [Int](repeating: 0, count: graph.nodes.count)
        var targets = [Set<Int>](repeating: [], count: graph.nodes.count)
        var driving: Set<Int> = []
        for edge in graph.edges {
            guard let from = nodesByID.position(of: edge.from), isRecordedCause[from],
                let to = nodesByID.position(of: edge.to), graph.nodes[to].kind.isUpdate
            else { continue }
            updates[from] = updates[from].saturatingAdding(edge.count)
            targets[from].insert(to)
            driving.insert(from)
        }
        topCauses = driving.map { position in
            Cause(node: graph.nodes[position], drove: updates[position], targets: targets[position].count)
        }
        .sorted { ($1.drove, $0.node.key) < ($0.drove, $1.node.key) }
        .prefix(Self.topCauseLimit).map { $0 }
    }

    /// The summary with its lists ranked and cut by `bounds`: the app's
    /// own views before the system's, each by `bounds.order` (modules then
    /// follow their first view), every other list in its own ranking,
    /// hitches the longest first, then shown by number; ``omitted`` says
    /// how much each cut left out.
    package func bounded(_ bounds: ListBounds) -> TraceSummary {
        var summary = self
        // SwiftUI's own views (`Text`, `ForEach<…>`) each run more than any
        // one view of an app, so by time alone they fill the page; but a
        // body the app cannot change explains nothing, and an app of
        // thousands of views was never named.
        let rows = modules.flatMap { module in module.views.map { (module: module.name, row: $0) } }
            .sorted { a, b in
                let (ownerA, ownerB) = (a.row.node.owner, b.row.node.owner)
                return ownerA != ownerB ? ownerA < ownerB : bounds.ranks(a.row.node, before: b.row.node)
            }
        let (shownRows, omittedViews) = bounds.cut(rows)
        var order: [String?] = []
        var byModule: [String?: [ViewRow]] = [:]
        for entry in shownRows {
            if byModule[entry.module] == nil { order.append(entry.module) }
            byModule[entry.module, default: []].append(entry.row)
        }
        let totals = Dictionary(modules.map { ($0.name, $0.totalDuration) }) { first, _ in first }
        summary.modules = order.map { name in
            Module(name: name, totalDuration: totals[name] ?? nil, views: byModule[name] ?? [])
        }
        var omitted = self.omitted
        omitted.views += omittedViews
        (summary.topCauses, omitted.causes) = add(bounds.cut(topCauses), omitted.causes)
        (summary.interactions, omitted.interactions) = add(bounds.cut(interactions), omitted.interactions)
        (summary.unclassifiedTitles, omitted.unclassifiedTitles) = add(
            bounds.cut(unclassifiedTitles), omitted.unclassifiedTitles)
        (summary.findings, omitted.findings) = add(bounds.cut(findings), omitted.findings)
        // The longest are the ones that matter, shown in the order they happened, which their numbers follow.
        let longestHitches = hitches.sorted { ($1.hitch.duration, $0.number) < ($0.hitch.duration, $1.number) }
        let (shownHitches, omittedHitches) = bounds.cut(longestHitches)
        summary.hitches = shownHitches.sorted { $0.number < $1.number }
        omitted.hitches += omittedHitches
        summary.omitted = omitted
        // A second cut pages the first one's entries: it passes over its offset more.
        summary.offset = offset.saturatingAdding(bounds.offset)
        return summary
    }

    private func add<Element>(_ cut: (shown: [Element], omitted: Int), _ earlier: Int) -> ([Element], Int) {
        (cut.shown, cut.omitted + earlier)
    }

    /// The app's when any view of `module` is the app's, else the system's.
    private static func owner(of module: Module) -> Owner {
        module.views.contains { $0.node.owner == .app } ? .app : .system
    }

    /// Most total time first, then most updates, then the graph's order.
    private static func slowerFirst(_ a: ViewRow, _ b: ViewRow) -> Bool {
        let (left, right) = (a.node.totalDuration ?? 0, b.node.totalDuration ?? 0)
        if left != right { return left > right }
        if a.node.count != b.node.count { return a.node.count > b.node.count }
        return a.node.key < b.node.key
    }
}
