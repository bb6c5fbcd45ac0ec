/// Of a trace's events, what a report page shows: each node's first updates
/// in time order with their direct causes (its update list), and the long
/// updates its timeline bins.
///
/// Filled by ``TracePipeline/reconstructForReport(_:diagnostics:)`` as the trace is read. Its memory grows
/// with distinct nodes and with the events listed (at most
/// 65,536 in all, however many rows the trace has),
/// plus some 32 bytes a long update; never with every event.
package struct ReportEvents: Sendable {
    /// One event of an update list, compactly: strings by index.
    struct Listed: Sendable {
        /// Its group numbered as ``ReportRecorder`` interns them, until it is read.
        var event: PackedEvent
        /// Arrival order across the whole read: breaks ties in time.
        var position: Int

        /// The order of an update list: by time (none first), then arrival.
        func precedes(_ other: Listed) -> Bool {
            (event.time ?? .min, position) < (other.event.time ?? .min, other.position)
        }
    }

    /// A cause link into a listed event.
    struct ListedCause: Sendable {
        /// The listed event's slot and position: a slot reused since no longer matches.
        var slot: Int32
        /// Index in ``labels``.
        var label: Int32
        var node: Int32
        var position: Int
        var event: EventID
    }

    /// An update of at least medium severity with a time, for the timeline.
    struct LongUpdate: Sendable {
        var time: Nanoseconds
        var duration: Nanoseconds
        var group: GroupID
        var node: Int32
        var severity: UInt8
        var hasGroup: Bool
        /// Whether the trace gave its duration: an update still running when
        /// the recording stopped has none, and ``duration`` is then 0.
        var isTimed: Bool
    }

    /// Node keys by arrival.
    var keys: [NodeKey] = []
    var nodeOfKey: [NodeKey: Int32] = [:]
    var frames: [String] = []
    var frameIndex: [String: Int32] = [:]
    var labels: [CauseLabel] = []
    var labelIndex: [CauseLabel: Int32] = [:]
    /// Listed events by slot; a free slot holds a stale event. In chunks, as
    /// the cause links below: grown by doubling, they would peak at three
    /// times their size.
    var slots = ChunkedArray<Listed>()
    var free: [Int32] = []
    /// Per node (by arrival), the slots of its listed events in list order.
    var lists: [[Int32]] = []
    /// Per node, how many events it had in all.
    var totals: [Int] = []
    var causes = ChunkedArray<ListedCause>()
    /// Long view body, representable and other updates, in arrival order.
    var longUpdates: [[LongUpdate]] = [[], [], []]

    /// How many events each node's list holds at most; halves when the
    /// lists together would exceed the limit of listed events.
    package internal(set) var updatesPerNode: Int

    init(updatesPerNode: Int) {
        self.updatesPerNode = updatesPerNode
    }

    /// The lane of the long updates of `kind`, or `nil` for a cause.
    static func lane(of kind: NodeKind) -> Int? {
        switch kind {
        case .body: 0
        case .representable: 1
        case .other: 2
        default: nil
        }
    }

    /// The listed events of the node with `key`, in time order, with the
    /// cause links into each in trace order, and how many were left out.
    func listing(of key: NodeKey) -> (node: Int32, events: [(event: Listed, causes: [ListedCause])], more: Int)? {
        guard let node = nodeOfKey[key] else { return nil }
        let list = lists[Int(node)]
        var causesBySlot: [Int32: [ListedCause]] = [:]
        let wanted = Set(list)
        for cause in causes where wanted.contains(cause.slot) && slots[Int(cause.slot)].position == cause.position {
            causesBySlot[cause.slot, default: []].append(cause)
        }
        return (node, list.map { (slots[Int($0)], causesBySlot[$0] ?? []) }, totals[Int(node)] - list.count)
    }
}
