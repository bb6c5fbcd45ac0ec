/// Reads a trace for a report page in one pass: the cause graph, through a
/// ``GraphBuilder``, and of the events only what the page shows
/// (``ReportEvents``).
///
/// Each node keeps its first ``HTMLReport/updatesPerNode`` events in time
/// order while all lists together hold at most ``listedEvents``; beyond
/// that every list is cut to half as many, as often as it takes, and the
/// page says how many each node left out. So memory grows with distinct
/// nodes and with what the page lists, not with the rows read.
package struct ReportRecorder: TraceSink {
    /// How many events the update lists of all nodes hold together at most
    /// (some 48 bytes each, and 32 a cause link into one), unless one event
    /// a node is already more.
    package static let listedEvents = 1 << 16

    private var builder: GraphBuilder
    /// What the page shows, its groups by ``GroupNumbering`` position until ``events`` names them.
    private var recorded: ReportEvents
    /// The groups, numbered as the builder numbers them.
    private var groups = GroupNumbering()
    private var document = -1
    private let frameRateOverride: Double?
    private let listedEvents: Int
    private var budget = FrameBudget()
    private var position = 0
    /// The slots of the listed events of the document being read, by id: what its causes name.
    private var slotOfEvent: [EventID: Int32] = [:]
    private var causesBeforeSweep = 4096

    /// - Parameters:
    ///   - frameRate: judges severities against this refresh rate instead of
    ///     the one the trace records.
    ///   - updatesPerNode: how many events a node's list holds when they fit.
    ///   - listedEvents: how many events all lists hold together at most.
    ///   - burstWindow: the span within which a node's events count towards
    ///     its ``CauseEffectGraph/Node/densestBurst``.
    ///   - unlinkedRunsTitle: the title of the node of runs no cause link explains.
    package init(
        frameRate: Double? = nil, updatesPerNode: Int = HTMLReport.updatesPerNode,
        listedEvents: Int = ReportRecorder.listedEvents, burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow,
        unlinkedRunsTitle: String = GraphBuilder.unrecordedTitle
    ) {
        builder = GraphBuilder(frameRate: frameRate, burstWindow: burstWindow)
        builder.unlinkedRunsTitle = unlinkedRunsTitle
        recorded = ReportEvents(updatesPerNode: max(updatesPerNode, 1))
        frameRateOverride = frameRate
        self.listedEvents = max(listedEvents, 1)
        if let frameRate { budget = FrameBudget(frameRate: frameRate) }
    }

    /// What the page shows, each group under the id the graph gives it.
    package var events: ReportEvents {
        let ids = groups.finalIDs()
        var events = recorded
        for slot in events.slots.indices { events.slots[slot].event.renumberGroup { ids[Int($0)] } }
        for lane in events.longUpdates.indices {
            for index in events.longUpdates[lane].indices where events.longUpdates[lane][index].hasGroup {
                events.longUpdates[lane][index].group = ids[Int(events.longUpdates[lane][index].group)]
            }
        }
        return events
    }

    /// The builder and what the page shows, with the recorder gone: as
    /// with ``TeeSink/split()``, a builder taken out of a recorder that
    /// lives on would hold its per-event records twice while it finishes.
    package consuming func split() -> (builder: GraphBuilder, events: ReportEvents) {
        (builder, events)
    }

    package mutating func begin(_ header: TraceHeader) throws {
        document += 1
        try builder.begin(header)
        slotOfEvent = [:]
        if frameRateOverride == nil {
            budget = FrameBudget(frameRate: header.frameRate ?? FrameBudget.defaultFrameRate)
        }
    }

    package mutating func add(_ event: TraceEvent) throws {
        if document < 0 { try begin(TraceHeader()) }
        try builder.add(event)
        let group = event.group.map { GroupID(groups.intern($0, document: document)) }
        guard let arrival = builder.node(ofEvent: event.id) else { return }
        let node = intern(arrival)
        let severity = budget.severity(of: event)
        if let time = event.time, let severity, severity >= .medium, let lane = ReportEvents.lane(of: event.kind) {
            recorded.longUpdates[lane].append(
                ReportEvents.LongUpdate(
                    time: time, duration: event.duration ?? 0, group: group ?? 0, node: node,
                    severity: UInt8(severity.rank), hasGroup: group != nil, isTimed: event.duration != nil))
        }
        let listed = ReportEvents.Listed(
            event: PackedEvent(event, group: group, severity: severity), position: position)
        position += 1
        recorded.totals[Int(node)] += 1
        offer(listed, of: node, frame: event.backtrace.first)
    }

    package mutating func add(_ cause: TraceCause) throws {
        try builder.add(cause)
        guard let slot = slotOfEvent[cause.to], let from = builder.node(ofEvent: cause.from) else { return }
        recorded.causes.append(
            ReportEvents.ListedCause(
                slot: slot, label: internLabel(cause.label), node: intern(from),
                position: recorded.slots[Int(slot)].position, event: cause.from))
        // Links into events no longer listed are dropped now and then, so they cannot pile up.
        if recorded.causes.count > causesBeforeSweep {
            let slots = recorded.slots
            recorded.causes.removeAll { slots[Int($0.slot)].position != $0.position }
            causesBeforeSweep = 2 * recorded.causes.count + 4096
        }
    }

    package mutating func add(_ group: UpdateGroup) throws {
        if document < 0 { try begin(TraceHeader()) }
        try builder.add(group)
        _ = groups.intern(group.id, document: document)
    }

    package mutating func add(_ hitch: Hitch) throws {
        try builder.add(hitch)
    }

    /// The report's index of the builder's `arrival`th node (the same, as both intern in arrival order).
    private mutating func intern(_ arrival: Int32) -> Int32 {
        while recorded.keys.count <= Int(arrival) {
            let key = builder.nodeKey(at: Int32(recorded.keys.count))
            recorded.nodeOfKey[key] = Int32(recorded.keys.count)
            recorded.keys.append(key)
            recorded.lists.append([])
            recorded.totals.append(0)
        }
        return arrival
    }

    /// Lists the event when it is among its node's first, dropping the one it displaces.
    private mutating func offer(_ listed: ReportEvents.Listed, of node: Int32, frame: String?) {
        let node = Int(node)
        if recorded.lists[node].count >= recorded.updatesPerNode, let last = recorded.lists[node].last,
            !listed.precedes(recorded.slots[Int(last)])
        {
            return
        }
        var listed = listed
        if let frame { listed.event.frame = internFrame(frame) }
        let slot: Int32
        if let reused = recorded.free.popLast() {
            slot = reused
            recorded.slots[Int(slot)] = listed
        } else {
            slot = Int32(recorded.slots.count)
            recorded.slots.append(listed)
        }
        slotOfEvent[listed.event.id] = slot
        // Events mostly arrive in time order: search from the end.
        var index = recorded.lists[node].count
        while index > 0, listed.precedes(recorded.slots[Int(recorded.lists[node][index - 1])]) { index -= 1 }
        recorded.lists[node].insert(slot, at: index)
        if recorded.lists[node].count > recorded.updatesPerNode { release(recorded.lists[node].removeLast()) }
        while recorded.slots.count - recorded.free.count > listedEvents, recorded.updatesPerNode > 1 {
            recorded.updatesPerNode /= 2
            for node in recorded.lists.indices where recorded.lists[node].count > recorded.updatesPerNode {
                for slot in recorded.lists[node][recorded.updatesPerNode...] { release(slot) }
                recorded.lists[node].removeLast(recorded.lists[node].count - recorded.updatesPerNode)
            }
        }
    }

    private mutating func release(_ slot: Int32) {
        let id = recorded.slots[Int(slot)].event.id
        if slotOfEvent[id] == slot { slotOfEvent[id] = nil }
        recorded.slots[Int(slot)].position = -1
        recorded.free.append(slot)
    }

    private mutating func internLabel(_ label: CauseLabel) -> Int32 {
        recorded.labelIndex.position(of: label, in: &recorded.labels) { $0 }
    }

    private mutating func internFrame(_ frame: String) -> Int32 {
        recorded.frameIndex.position(of: frame, in: &recorded.frames) { $0 }
    }
}
