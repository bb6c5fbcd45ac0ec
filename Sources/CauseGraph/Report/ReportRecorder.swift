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

    package private(set) var builder: GraphBuilder
    package private(set) var events: ReportEvents
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
    package init(
        frameRate: Double? = nil, updatesPerNode: Int = HTMLReport.updatesPerNode,
        listedEvents: Int = ReportRecorder.listedEvents, burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow
    ) {
        builder = GraphBuilder(frameRate: frameRate, burstWindow: burstWindow)
        events = ReportEvents(updatesPerNode: max(updatesPerNode, 1))
        frameRateOverride = frameRate
        self.listedEvents = max(listedEvents, 1)
        if let frameRate { budget = FrameBudget(frameRate: frameRate) }
    }

    package mutating func begin(_ header: TraceHeader) throws {
        try builder.begin(header)
        slotOfEvent = [:]
        if frameRateOverride == nil {
            budget = FrameBudget(frameRate: header.frameRate ?? FrameBudget.defaultFrameRate)
        }
    }

    package mutating func add(_ event: TraceEvent) throws {
        try builder.add(event)
        guard let arrival = builder.node(ofEvent: event.id) else { return }
        let node = intern(arrival)
        let severity = budget.severity(of: event)
        if let time = event.time, let severity, severity >= .medium, let lane = ReportEvents.lane(of: event.kind) {
            events.longUpdates[lane].append(
                ReportEvents.LongUpdate(
                    time: time, duration: event.duration ?? 0, group: event.group ?? 0, node: node,
                    severity: UInt8(severity.rank), hasGroup: event.group != nil))
        }
        var flags: UInt8 = 0
        if event.time != nil { flags |= ReportEvents.Listed.hasTime }
        if event.duration != nil { flags |= ReportEvents.Listed.hasDuration }
        if event.group != nil { flags |= ReportEvents.Listed.hasGroup }
        if event.ran || event.kind.isCause { flags |= ReportEvents.Listed.ran }
        let listed = ReportEvents.Listed(
            id: event.id, time: event.time ?? .min, duration: event.duration ?? 0, group: event.group ?? 0,
            position: position, frame: -1, flags: flags, severity: Int8(severity?.rank ?? -1))
        position += 1
        events.totals[Int(node)] += 1
        offer(listed, of: node, frame: event.backtrace.first)
    }

    package mutating func add(_ cause: TraceCause) throws {
        try builder.add(cause)
        guard let slot = slotOfEvent[cause.to], let from = builder.node(ofEvent: cause.from) else { return }
        events.causes.append(
            ReportEvents.ListedCause(
                slot: slot, label: internLabel(cause.label), node: intern(from),
                position: events.slots[Int(slot)].position, event: cause.from))
        // Links into events no longer listed are dropped now and then, so they cannot pile up.
        if events.causes.count > causesBeforeSweep {
            let slots = events.slots
            events.causes.removeAll { slots[Int($0.slot)].position != $0.position }
            causesBeforeSweep = 2 * events.causes.count + 4096
        }
    }

    package mutating func add(_ group: UpdateGroup) throws {
        try builder.add(group)
    }

    package mutating func add(_ hitch: Hitch) throws {
        try builder.add(hitch)
    }

    /// The report's index of the builder's `arrival`th node (the same, as both intern in arrival order).
    private mutating func intern(_ arrival: Int32) -> Int32 {
        while events.keys.count <= Int(arrival) {
            let key = builder.nodeKey(at: Int32(events.keys.count))
            events.nodeOfKey[key] = Int32(events.keys.count)
            events.keys.append(key)
            events.lists.append([])
            events.totals.append(0)
        }
        return arrival
    }

    /// Lists the event when it is among its node's first, dropping the one it displaces.
    private mutating func offer(_ listed: ReportEvents.Listed, of node: Int32, frame: String?) {
        let node = Int(node)
        if events.lists[node].count >= events.updatesPerNode, let last = events.lists[node].last,
            !listed.precedes(events.slots[Int(last)])
        {
            return
        }
        var listed = listed
        if let frame { listed.frame = internFrame(frame) }
        let slot: Int32
        if let reused = events.free.popLast() {
            slot = reused
            events.slots[Int(slot)] = listed
        } else {
            slot = Int32(events.slots.count)
            events.slots.append(listed)
        }
        slotOfEvent[listed.id] = slot
        // Events mostly arrive in time order: search from the end.
        var index = events.lists[node].count
        while index > 0, listed.precedes(events.slots[Int(events.lists[node][index - 1])]) { index -= 1 }
        events.lists[node].insert(slot, at: index)
        if events.lists[node].count > events.updatesPerNode { release(events.lists[node].removeLast()) }
        while events.slots.count - events.free.count > listedEvents, events.updatesPerNode > 1 {
            events.updatesPerNode /= 2
            for node in events.lists.indices where events.lists[node].count > events.updatesPerNode {
                for slot in events.lists[node][events.updatesPerNode...] { release(slot) }
                events.lists[node].removeLast(events.lists[node].count - events.updatesPerNode)
            }
        }
    }

    private mutating func release(_ slot: Int32) {
        let id = events.slots[Int(slot)].id
        if slotOfEvent[id] == slot { slotOfEvent[id] = nil }
        events.slots[Int(slot)].position = -1
        events.free.append(slot)
    }

    private mutating func internLabel(_ label: CauseLabel) -> Int32 {
        events.labelIndex.position(of: label, in: &events.labels) { $0 }
    }

    private mutating func internFrame(_ frame: String) -> Int32 {
        events.frameIndex.position(of: frame, in: &events.frames) { $0 }
    }
}
