/// Reconstructs the cause graph from a stream of trace records.
///
/// Memory grows with distinct nodes and edges, plus one small entry per
/// event id of the document being read (causes name events by id); the
/// events themselves are folded into their node's tallies and dropped.
///
/// Update groups: an event belongs to the group it names. A cause link
/// belongs to its effect's group, or else its cause's. When the trace is
/// read, a node that named no group takes part in the groups of the links
/// it drove, and a link with none in those of its effect, so a gesture is
/// part of the transaction it started.
///
/// Every run is accounted for: a view update (``NodeKind/isViewUpdate``)
/// that no cause link reached is counted, and the graph gets an edge from
/// one ``NodeKind/unrecorded`` node, titled `unrecordedTitle`, into each
/// view with such runs, counting them. Those edges name no update group:
/// which groups the unlinked runs fell in is not kept.
public struct GraphBuilder: TraceSink {
    /// The title of the node that stands for runs no cause link explains.
    package static let unrecordedTitle = "No recorded cause"
    /// Its title when a time window was applied: a run's cause may lie
    /// outside the window, its link left out with it.
    package static let unrecordedInWindowTitle = "No cause in the window"

    /// The title the node of runs no cause link explains gets.
    package var unlinkedRunsTitle = GraphBuilder.unrecordedTitle

    /// How many long updates of each update kind ``CauseEffectGraph/worstUpdates`` keeps.
    package static let worstUpdatesKept = 5
    /// The default window within which repeated runs of one view count as a burst.
    public static let defaultBurstWindow: Nanoseconds = 5_000_000

    private let frameRateOverride: Double?
    private let burstWindow: Nanoseconds
    private var budget = FrameBudget()
    private var app: String?
    private var graphFrameRate: Double?
    private var judgedFrameRates: Set<Double> = []
    private var document = -1

    private var nodeIndex: [NodeKey: Int32] = [:]
    private var nodes: [NodeTally] = []
    private var edgeIndex = EdgeIndex()
    private var edges: [EdgeTally] = []
    private var eventRecords = EventIDMap<EventRecord>()
    /// Update groups, each under its document and trace id, in arrival order.
    private var groupNumbering = GroupNumbering()
    /// Each interned group's record, once it is read.
    private var groupRecords: [UpdateGroup?] = []
    /// The longest updates of each kind, by the kind's rank: looked at for every update read.
    private var worst = [[(example: UpdateExample, node: Int32)]](repeating: [], count: NodeKind.byRank.count)
    /// Update events of each node within each interned group, keyed by
    /// ``groupNodeKey(group:node:)``: what ties a hitch to the views it waited on.
    private var groupUpdates: [UInt64: Int] = [:]
    private var hitches: [(document: Int, hitch: Hitch)] = []

    /// - Parameters:
    ///   - frameRate: judges severities against this refresh rate instead of
    ///     the one the trace records.
    ///   - burstWindow: the span within which a node's events count towards
    ///     its densest burst.
    public init(frameRate: Double? = nil, burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow) {
        frameRateOverride = frameRate
        self.burstWindow = burstWindow
        if let frameRate { budget = FrameBudget(frameRate: frameRate) }
    }

    /// Starts a trace document: its app and frame rate.
    public mutating func begin(_ header: TraceHeader) throws {
        document += 1
        eventRecords.removeAll()
        if app == nil { app = header.app }
        if frameRateOverride == nil {
            budget = FrameBudget(frameRate: header.frameRate ?? FrameBudget.defaultFrameRate)
        }
        if graphFrameRate == nil { graphFrameRate = budget.frameRate }
        judgedFrameRates.insert(budget.frameRate)
    }

    /// Merges the event into its node.
    public mutating func add(_ event: TraceEvent) throws {
        if document < 0 { try begin(TraceHeader()) }
        let key = NodeKey(kind: event.kind, title: event.title, module: event.module, owner: event.owner)
        let node = nodeIndex.position(of: key, in: &nodes) { NodeTally(key: $0) }
        var group: Int32 = -1
        if let id = event.group { group = internGroup(id) }
        let record = EventRecord(node: node, group: group, skipped: event.kind.isUpdate && !event.ran)
        guard eventRecords.updateValue(record, forKey: event.id) == nil else {
            throw TraceConsistencyError.duplicateEvent(event.id)
        }
        let severity = budget.severity(of: event)
        nodes[Int(node)].add(event, severity: severity, group: group, document: document, burstWindow: burstWindow)
        if group >= 0 && event.kind.isUpdate {
            groupUpdates[Self.groupNodeKey(group: group, node: node), default: 0] += 1
        }
        if event.kind.isUpdate, let duration = event.duration {
            keepIfWorst(event, duration: duration, severity: severity, node: node, group: group)
        }
    }

    /// Keeps the update among the longest of its kind; its `group` is the
    /// interned one, named as the graph names it when the graph is finished.
    private mutating func keepIfWorst(
        _ event: TraceEvent, duration: Nanoseconds, severity: Severity?, node: Int32, group: Int32
    ) {
        let rank = event.kind.rank
        // Most updates are not among the longest: they are turned away before any example is made.
        guard worst[rank].count < Self.worstUpdatesKept || duration > worst[rank].last!.example.duration else {
            return
        }
        let example = UpdateExample(
            event: event.id, node: "", kind: event.kind, time: event.time, duration: duration, severity: severity,
            group: group >= 0 ? GroupID(group) : nil)
        // Ties keep the earlier event, so the examples do not depend on hashing.
        let position = worst[rank].firstIndex { $0.example.duration < duration } ?? worst[rank].count
        worst[rank].insert((example, node), at: position)
        if worst[rank].count > Self.worstUpdatesKept { worst[rank].removeLast() }
    }

    /// Merges the cause link into its edge.
    public mutating func add(_ cause: TraceCause) throws {
        guard let source = eventRecords[cause.from] else { throw TraceConsistencyError.undefinedEvent(cause.from) }
        guard let target = eventRecords[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        if !target.isExplained {
            eventRecords.updateValue(target.explained(), forKey: cause.to)
            nodes[Int(target.node)].noteExplained(skipped: target.skipped)
        }
        let kind = EdgeKind(source: nodes[Int(source.node)].key.kind, label: cause.label)
        let key = EdgeKey(from: source.node, to: target.node, kind: kind, label: cause.label)
        let (edge, isNew) = edgeIndex.position(of: key)
        if isNew { edges.append(EdgeTally(key: key)) }
        edges[Int(edge)].add(from: cause.from, document: document, effectSkipped: target.skipped)
        if !cause.changed.isEmpty { edges[Int(edge)].changed.formUnion(cause.changed) }
        let group = target.group >= 0 ? target.group : source.group
        if group >= 0 { edges[Int(edge)].groups.insert(group) }
    }

    /// Keeps the update group.
    public mutating func add(_ group: UpdateGroup) throws {
        if document < 0 { try begin(TraceHeader()) }
        let index = internGroup(group.id)
        guard groupRecords[Int(index)] == nil else { throw TraceConsistencyError.duplicateGroup(group.id) }
        groupRecords[Int(index)] = group
    }

    /// Keeps the hitch, to tie it to the groups it overlaps when the graph is finished.
    public mutating func add(_ hitch: Hitch) throws {
        if document < 0 { try begin(TraceHeader()) }
        hitches.append((document, hitch))
    }

    private static func groupNodeKey(group: Int32, node: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: group)) << 32 | UInt64(UInt32(bitPattern: node))
    }

    private mutating func internGroup(_ id: GroupID) -> Int32 {
        let index = groupNumbering.intern(id, document: document)
        if Int(index) == groupRecords.count { groupRecords.append(nil) }
        return index
    }

    /// The node an event of the current document was tallied in, by arrival
    /// (see ``nodeKey(at:)``): what lets a sink that keeps a few events name
    /// their nodes without a second map of every event id.
    func node(ofEvent id: EventID) -> Int32? {
        eventRecords[id]?.node
    }

    /// The key of the node that arrived `node`th.
    func nodeKey(at node: Int32) -> NodeKey {
        nodes[Int(node)].key
    }

    /// The graph of everything added so far.
    ///
    /// It consumes the builder: what only reading needed (the indexes, the
    /// events' records) is freed before the graph is made, and the tallies as
    /// soon as it is, so a dense graph's tallies and its edges are never held
    /// twice over.
    public consuming func finish() -> CauseEffectGraph {
        nodeIndex = [:]
        edgeIndex = EdgeIndex()
        // A new map, as `removeAll()` keeps its chunks for the next document.
        eventRecords = EventIDMap()
        var nodes = self.nodes
        var edges = self.edges
        self.nodes = []
        self.edges = []
        inheritGroups(nodes: &nodes, edges: &edges)
        accountForUnlinkedRuns(nodes: &nodes, edges: &edges)

        let groupIDs = groupNumbering.finalIDs()
        let nodeOrder = nodes.indices.sorted { nodes[$0].key < nodes[$1].key }
        var rank = [Int](repeating: 0, count: nodes.count)
        for (position, index) in nodeOrder.enumerated() { rank[index] = position }

        // By the time each node was first seen, then by id: unlike the id, which follows the title,
        // no name decides it, and unlike the order of the records, no way of listing them does.
        let byFirstSeen = nodeOrder.indices.sorted { a, b in
            let (first, second) = (nodes[nodeOrder[a]].firstSeen, nodes[nodeOrder[b]].firstSeen)
            return first.document != second.document
                ? first.document < second.document : first.time != second.time ? first.time < second.time : a < b
        }
        var appearanceRank = [Int](repeating: 0, count: nodes.count)
        for (appearance, position) in byFirstSeen.enumerated() { appearanceRank[position] = appearance }
        let graphNodes = nodeOrder.enumerated().map { position, index in
            nodes[index].node(
                id: ElementID.node(position + 1), groupIDs: groupIDs, appearanceRank: appearanceRank[position])
        }
        let edgeOrder = Self.edgeOrder(edges, nodeRanks: rank)
        let graphEdges = edgeOrder.enumerated().map { position, index in
            let tally = edges[Int(index)]
            return CauseEffectGraph.Edge(
                id: ElementID.edge(position + 1),
                from: graphNodes[rank[Int(tally.key.from)]].id,
                to: graphNodes[rank[Int(tally.key.to)]].id,
                kind: tally.key.kind,
                label: tally.key.label,
                count: tally.count,
                changed: tally.changed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                groups: tally.groups.map { groupIDs[Int($0)] }.sorted(),
                skipped: tally.skipped, maxPerCause: tally.maxPerCause)
        }
        edges = []
        let graphGroups = groupRecords.enumerated()
            .map { index, record in
                var group = record ?? UpdateGroup(id: 0, label: "")
                group.id = groupIDs[index]
                return group
            }
            .sorted { $0.id < $1.id }
        let worstUpdates = NodeKind.allCases.flatMap { kind in
            worst[kind.rank].map { kept in
                var example = kept.example
                example.node = graphNodes[rank[Int(kept.node)]].id
                example.group = example.group.map { groupIDs[Int($0)] }
                return example
            }
        }
        return CauseEffectGraph(
            app: app, frameRate: graphFrameRate ?? budget.frameRate,
            nodes: graphNodes, edges: graphEdges, groups: graphGroups, worstUpdates: worstUpdates,
            frameRates: judgedFrameRates.isEmpty ? nil : judgedFrameRates.sorted(),
            hitches: graphHitches(groupIDs: groupIDs, nodeIDs: { graphNodes[rank[Int($0)]].id }),
            burstWindow: burstWindow)
    }

    /// The edges' positions in the graph's order: by the places of their
    /// ends, then kind and label.
    ///
    /// A dense graph has hundreds of thousands of edges to sort, and few
    /// share both ends: they are sorted by their ends' places packed into
    /// one integer beside their position, compared without looking anything
    /// up, and only each run sharing both ends is then ordered by kind and
    /// label.
    private static func edgeOrder(_ edges: [EdgeTally], nodeRanks rank: [Int]) -> [Int32] {
        var order = edges.indices.map { index in
            let key = edges[index].key
            return (ends: UInt64(rank[Int(key.from)]) << 32 | UInt64(rank[Int(key.to)]), edge: Int32(index))
        }
        order.sort { ($0.ends, $0.edge) < ($1.ends, $1.edge) }
        var runStart = 0
        while runStart < order.count {
            var runEnd = runStart + 1
            while runEnd < order.count && order[runEnd].ends == order[runStart].ends { runEnd += 1 }
            if runEnd - runStart > 1 {
                order[runStart..<runEnd].sort { a, b in
                    let (x, y) = (edges[Int(a.edge)].key, edges[Int(b.edge)].key)
                    return x.kind != y.kind ? x.kind < y.kind : x.label < y.label
                }
            }
            runStart = runEnd
        }
        return order.map(\.edge)
    }

    /// Each hitch with the groups of its document whose spans it overlaps,
    /// and the update events of each node within them, most first; hitches
    /// in document order, then by start. Groups without a start cannot be
    /// placed and overlap none.
    private func graphHitches(groupIDs: [GroupID], nodeIDs: (Int32) -> String) -> [CauseEffectGraph.HitchOverlap] {
        var spansByDocument: [Int: [(member: Int32, start: Nanoseconds, end: Nanoseconds)]] = [:]
        for (index, record) in groupRecords.enumerated() {
            guard let start = record?.start else { continue }
            // A group with no duration was still open when recording stopped: it runs on to the end.
            let end = start.saturatingAdding(max(record?.duration ?? .max, 0))
            spansByDocument[groupNumbering.keys[index].document, default: []].append((Int32(index), start, end))
        }
        let groupsByDocument = spansByDocument.mapValues(SpanIndex.init)
        let ordered = hitches.enumerated().sorted {
            ($0.element.document, $0.element.hitch.start, $0.offset) < (
                $1.element.document, $1.element.hitch.start, $1.offset
            )
        }
        let overlaps = ordered.map { _, entry in
            // The index finds the groups whose closed spans meet the hitch's; `overlaps` then
            // applies the half-open rule, under which a group ending as the hitch starts does not.
            let meeting = groupsByDocument[entry.document]?.members(meeting: entry.hitch.start, entry.hitch.end) ?? []
            return meeting.filter { index in
                let group = groupRecords[Int(index)]!
                return entry.hitch.overlaps(start: group.start!, duration: group.duration ?? .max)
            }
        }
        // Listed only for the groups some hitch overlaps: for every group, the
        // lists come near an entry per update, and most traces have no hitch.
        let overlapped = Set(overlaps.joined())
        var nodesByGroup: [Int32: [(node: Int32, count: Int)]] = [:]
        for (key, count) in groupUpdates where overlapped.contains(Int32(bitPattern: UInt32(key >> 32))) {
            nodesByGroup[Int32(bitPattern: UInt32(key >> 32)), default: []].append(
                (Int32(bitPattern: UInt32(key & 0xFFFF_FFFF)), count))
        }
        return zip(ordered, overlaps).map { item, overlapping in
            let entry = item.element
            var counts: [String: Int] = [:]
            for group in overlapping {
                for (node, count) in nodesByGroup[group] ?? [] { counts[nodeIDs(node), default: 0] += count }
            }
            let updates = counts.map { CauseEffectGraph.HitchOverlap.Updates(node: $0.key, count: $0.value) }
                .sorted {
                    $0.count != $1.count
                        ? $0.count > $1.count : CauseEffectGraph.HitchOverlap.nodeOrder($0.node, $1.node)
                }
            return CauseEffectGraph.HitchOverlap(
                hitch: entry.hitch, document: entry.document, groups: overlapping.map { groupIDs[Int($0)] }.sorted(),
                updates: updates)
        }
    }

    /// Adds the ``NodeKind/unrecorded`` node and its edges, when any view
    /// update got no cause link. Done after groups are inherited, so it
    /// takes part in none.
    private func accountForUnlinkedRuns(nodes: inout [NodeTally], edges: inout [EdgeTally]) {
        let source = Int32(nodes.count)
        var unrecorded = NodeTally(key: NodeKey(kind: .unrecorded, title: unlinkedRunsTitle, owner: .system))
        for (index, node) in nodes.enumerated() where node.key.kind.isViewUpdate && node.explained < node.count {
            var edge = EdgeTally(key: EdgeKey(from: source, to: Int32(index), kind: .unrecorded, label: .update))
            edge.count = node.count - node.explained
            edge.skipped = (node.count - node.ran) - node.explainedSkipped
            // Each unlinked run is its own missing cause.
            edge.maxPerCause = 1
            unrecorded.count = unrecorded.count.saturatingAdding(edge.count)
            edges.append(edge)
        }
        if unrecorded.count > 0 { nodes.append(unrecorded) }
    }

    private func inheritGroups(nodes: inout [NodeTally], edges: inout [EdgeTally]) {
        // Each pass moves groups one link upstream; a chain of n links needs n passes.
        var changed = true
        var passes = 0
        while changed && passes <= nodes.count {
            changed = false
            passes += 1
            for index in edges.indices where edges[index].groups.isEmpty {
                let target = nodes[Int(edges[index].key.to)].groups
                if !target.isEmpty {
                    edges[index].groups = target
                    changed = true
                }
            }
            for edge in edges where !edge.groups.isEmpty {
                let source = Int(edge.key.from)
                if nodes[source].ownGroups == false && !edge.groups.isSubset(of: nodes[source].groups) {
                    nodes[source].groups.formUnion(edge.groups)
                    changed = true
                }
            }
        }
    }
}

/// What a cause link needs of an event, in eight bytes: kept for every event
/// of a document, it is most of an import's memory that grows with rows.
private struct EventRecord {
    private static let skippedBit: UInt32 = 1 << 31
    private static let explainedBit: UInt32 = 1 << 30

    /// The node's index; the top bit is ``skipped``, the next ``isExplained``.
    private let nodeAndFlags: UInt32
    /// Interned update group, or -1.
    let group: Int32

    init(node: Int32, group: Int32, skipped: Bool) {
        // Node indices count distinct nodes, far fewer than 2^30: the top two bits are free.
        nodeAndFlags = UInt32(node) | (skipped ? Self.skippedBit : 0)
        self.group = group
    }

    private init(nodeAndFlags: UInt32, group: Int32) {
        self.nodeAndFlags = nodeAndFlags
        self.group = group
    }

    var node: Int32 { Int32(bitPattern: nodeAndFlags & ~(Self.skippedBit | Self.explainedBit)) }
    /// An update whose body was checked and skipped.
    var skipped: Bool { nodeAndFlags & Self.skippedBit != 0 }
    /// Whether a cause link has led to the event.
    var isExplained: Bool { nodeAndFlags & Self.explainedBit != 0 }

    /// The record once a cause link has led to the event.
    func explained() -> EventRecord {
        EventRecord(nodeAndFlags: nodeAndFlags | Self.explainedBit, group: group)
    }
}

private struct NodeTally {
    let key: NodeKey
    var count = 0
    var ran = 0
    var totalDuration: Nanoseconds?
    var timed = 0
    var maxDuration: Nanoseconds?
    var severity: Severity?
    var groups: Set<Int32> = []
    /// Whether any event named its group, so inherited groups are not needed.
    var ownGroups = false
    var backtrace: [String] = []
    var severityCounts = SeverityCounts()
    var severityDurations = SeverityDurations()
    var severityLongest = SeverityDurations()
    /// Times of the latest events of ``burstDocument``, from
    /// ``oldestRecent`` on within one burst window of the newest.
    var recentTimes: [Nanoseconds] = []
    /// Where the window starts in ``recentTimes``: the times before it are
    /// dropped in bulk, not one by one, which moved the whole window along
    /// for every event of a view that updates thousands of times a second.
    var oldestRecent = 0
    /// The document ``recentTimes`` are from: traces read together each
    /// have a clock of their own, so a burst never spans two.
    var burstDocument = 0
    var densestBurst = 0
    /// The document and time of its earliest timed event; none sorts last.
    var firstSeen: (document: Int, time: Nanoseconds) = (.max, .max)
    /// Events some cause link led to, and of those the skipped updates.
    private(set) var explained = 0
    private(set) var explainedSkipped = 0

    init(key: NodeKey) {
        self.key = key
    }

    mutating func add(
        _ event: TraceEvent, severity eventSeverity: Severity?, group: Int32, document: Int, burstWindow: Nanoseconds
    ) {
        count += 1
        if let eventSeverity { severityCounts[eventSeverity] += 1 }
        if let time = event.time, (document, time) < firstSeen { firstSeen = (document, time) }
        if let time = event.time {
            if document != burstDocument {
                recentTimes.removeAll()
                oldestRecent = 0
                burstDocument = document
            }
            noteBurst(at: time, window: burstWindow)
        }
        if event.ran && event.kind.isUpdate { ran += 1 }
        if let duration = event.duration {
            let (sum, overflow) = (totalDuration ?? 0).addingReportingOverflow(duration)
            totalDuration = overflow ? .max : sum
            timed += 1
            maxDuration = max(maxDuration ?? 0, duration)
            if let eventSeverity {
                severityDurations.add(duration, at: eventSeverity)
                severityLongest[eventSeverity] = max(severityLongest[eventSeverity], duration)
            }
        }
        if let eventSeverity { severity = max(severity ?? eventSeverity, eventSeverity) }
        if group >= 0 {
            groups.insert(group)
            ownGroups = true
        }
        if backtrace.isEmpty { backtrace = event.backtrace }
    }

    /// Counts an event the first time a cause link leads to it.
    mutating func noteExplained(skipped: Bool) {
        explained += 1
        if skipped { explainedSkipped += 1 }
    }

    /// Slides the window over events in arrival order; traces list a node's
    /// events in time order, and an event earlier than the window is ignored.
    private mutating func noteBurst(at time: Nanoseconds, window: Nanoseconds) {
        if let newest = recentTimes.last, time < newest { return }
        recentTimes.append(time)
        while oldestRecent < recentTimes.count {
            let (gap, overflow) = time.subtractingReportingOverflow(recentTimes[oldestRecent])
            if !overflow && gap < window { break }
            oldestRecent += 1
        }
        densestBurst = max(densestBurst, recentTimes.count - oldestRecent)
        // Once the dropped times are the larger part, memory follows the window again.
        if oldestRecent >= 64 && oldestRecent * 2 >= recentTimes.count {
            recentTimes.removeFirst(oldestRecent)
            oldestRecent = 0
        }
    }

    func node(id: String, groupIDs: [GroupID], appearanceRank: Int) -> CauseEffectGraph.Node {
        CauseEffectGraph.Node(
            id: id, key: key, count: count, ran: ran,
            skipped: key.kind.isUpdate ? count - ran : 0,
            totalDuration: totalDuration, timed: timed, maxDuration: maxDuration, severity: severity,
            groups: groups.map { groupIDs[Int($0)] }.sorted(), backtrace: backtrace,
            severityCounts: severityCounts, densestBurst: densestBurst, severityDurations: severityDurations,
            severityLongest: severityLongest, appearanceRank: appearanceRank)
    }
}

private struct EdgeTally {
    let key: EdgeKey
    var count = 0
    var changed: Set<String> = []
    var groups: Set<Int32> = []
    var skipped = 0
    var maxPerCause = 0
    /// The cause event of the latest links, by its document and id (traces
    /// read together reuse ids, and one trace's event 1 is not another's),
    /// and how many there were in a row.
    var currentCause: (document: Int, id: EventID)?
    var currentRun = 0

    init(key: EdgeKey) {
        self.key = key
    }

    mutating func add(from cause: EventID, document: Int, effectSkipped: Bool) {
        count += 1
        if effectSkipped { skipped += 1 }
        if let current = currentCause, current == (document, cause) {
            currentRun += 1
        } else {
            currentCause = (document, cause)
            currentRun = 1
        }
        maxPerCause = max(maxPerCause, currentRun)
    }
}
