/// Keeps every event and cause link of a trace, compactly, to answer
/// questions about single updates (`why --update`, `why --list`).
///
/// Unlike ``GraphBuilder`` its memory grows with the rows read (some 48
/// bytes an event, its node and frame named by index, and some 80 bytes
/// a link with the indexes that find events by id), so only the commands
/// that need single events use it.
package struct EventLog: TraceSink {
    /// One event as logged.
    package struct Event: Sendable, Equatable {
        /// The event's id in its trace.
        package var id: EventID
        /// The node the event belongs to.
        package var key: NodeKey
        /// When it started, if the trace says.
        package var time: Nanoseconds?
        /// How long it took, if the trace says.
        package var duration: Nanoseconds?
        /// Whether a body or cause ran, rather than being found unchanged.
        package var ran: Bool
        /// How long it took against the frame budget, when it has a duration.
        package var severity: Severity?
        /// The update group it was part of, if any: the trace's id until
        /// ``EventLog/numberGroups()``, then the one the graph shows.
        package var group: GroupID?
        /// The innermost frame of its backtrace, if it had one.
        package var firstFrame: String?
    }

    /// One cause link as logged, between positions in ``events``.
    package struct Link: Sendable, Equatable {
        /// The cause's position in ``EventLog/events``.
        package var from: Int
        /// The effect's position in ``EventLog/events``.
        package var to: Int
        /// What the trace calls the link.
        package var label: CauseLabel
    }

    /// Every event, in the order read.
    package struct Events: RandomAccessCollection, Sendable {
        fileprivate var packed: [PackedEvent] = []
        fileprivate var keys: [NodeKey] = []
        fileprivate var frames: [String] = []

        package var startIndex: Int { packed.startIndex }
        package var endIndex: Int { packed.endIndex }

        package subscript(position: Int) -> Event {
            let event = packed[position]
            let has = { (flag: UInt8) in event.flags & flag != 0 }
            return Event(
                id: event.id, key: keys[Int(event.key)], time: has(PackedEvent.hasTime) ? event.time : nil,
                duration: has(PackedEvent.hasDuration) ? event.duration : nil, ran: has(PackedEvent.ran),
                severity: has(PackedEvent.hasSeverity)
                    ? Severity.byRank[Int(event.flags >> PackedEvent.severityShift)] : nil,
                group: has(PackedEvent.hasGroup) ? event.group : nil,
                firstFrame: event.frame == PackedEvent.noFrame ? nil : frames[Int(event.frame)])
        }
    }

    /// Every event, in the order read.
    package private(set) var events = Events()
    /// Every cause link, in the order read.
    package private(set) var links: [Link] = []
    /// Each distinct node's position in ``Events/keys``.
    private var keyIndexes: [NodeKey: UInt32] = [:]
    /// Each distinct innermost frame's position in ``Events/frames``.
    private var frameIndexes: [String: UInt32] = [:]
    /// The position of each event of the document being read, by id.
    private var positions: [EventID: Int] = [:]
    /// The position of each id's first event in the documents before it;
    /// the first document's index is moved here when a second begins, so a
    /// single trace is indexed once.
    private var earlierPositions: [EventID: Int] = [:]
    private let frameRateOverride: Double?
    private var budget = FrameBudget()
    /// Where each document's events start in ``events``.
    private var documentStarts: [Int] = []
    private var groups = GroupNumbering()

    /// - Parameter frameRate: judges severities against this refresh rate
    ///   instead of the one each trace records.
    package init(frameRate: Double? = nil) {
        frameRateOverride = frameRate
        if let frameRate { budget = FrameBudget(frameRate: frameRate) }
    }

    /// Starts a document: event ids begin anew, at its own frame rate.
    package mutating func begin(_ header: TraceHeader) throws {
        documentStarts.append(events.count)
        if documentStarts.count == 2 {
            earlierPositions = positions
        } else {
            for (id, position) in positions where earlierPositions[id] == nil { earlierPositions[id] = position }
        }
        positions = [:]
        if frameRateOverride == nil {
            budget = FrameBudget(frameRate: header.frameRate ?? FrameBudget.defaultFrameRate)
        }
    }

    /// Logs an event; an id seen before in the same document is refused.
    package mutating func add(_ event: TraceEvent) throws {
        if documentStarts.isEmpty { try begin(TraceHeader()) }
        // One lookup when the id is new, as nearly all are; a refused one leaves the log as it was.
        if let earlier = positions.updateValue(events.count, forKey: event.id) {
            positions[event.id] = earlier
            throw TraceConsistencyError.duplicateEvent(event.id)
        }
        if let group = event.group { _ = groups.intern(group, document: documentStarts.count - 1) }
        let key = NodeKey(kind: event.kind, title: event.title, module: event.module, owner: event.owner)
        var flags: UInt8 = event.ran || event.kind.isCause ? PackedEvent.ran : 0
        if event.time != nil { flags |= PackedEvent.hasTime }
        if event.duration != nil { flags |= PackedEvent.hasDuration }
        if event.group != nil { flags |= PackedEvent.hasGroup }
        if let severity = budget.severity(of: event) {
            flags |= PackedEvent.hasSeverity | UInt8(severity.rank) << PackedEvent.severityShift
        }
        events.packed.append(
            PackedEvent(
                id: event.id, time: event.time ?? 0, duration: event.duration ?? 0, group: event.group ?? 0,
                key: Self.intern(key, in: &keyIndexes, &events.keys),
                frame: event.backtrace.first.map { Self.intern($0, in: &frameIndexes, &events.frames) }
                    ?? PackedEvent.noFrame,
                flags: flags))
    }

    /// The index of `value` in `table`, appended the first time it is seen,
    /// so each distinct key's and frame's strings are kept once.
    private static func intern<Value: Hashable>(
        _ value: Value, in indexes: inout [Value: UInt32], _ table: inout [Value]
    ) -> UInt32 {
        if let known = indexes[value] { return known }
        // Four billion distinct nodes or frames would need far more memory than any trace is read in.
        let index = UInt32(truncatingIfNeeded: table.count)
        indexes[value] = index
        table.append(value)
        return index
    }

    /// Logs a cause link between two events of the document.
    package mutating func add(_ cause: TraceCause) throws {
        guard let from = positions[cause.from] else { throw TraceConsistencyError.undefinedEvent(cause.from) }
        guard let to = positions[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        links.append(Link(from: from, to: to, label: cause.label))
    }

    /// Update groups are the graph's; the log only numbers them as the graph does.
    package mutating func add(_ group: UpdateGroup) throws {
        if documentStarts.isEmpty { try begin(TraceHeader()) }
        _ = groups.intern(group.id, document: documentStarts.count - 1)
    }

    /// Hitches are the graph's, not the log's.
    package mutating func add(_ hitch: Hitch) throws {}

    /// The position of the first event with this id (ids repeat only across documents).
    package func position(of id: EventID) -> Int? {
        earlierPositions[id] ?? positions[id]
    }

    /// How many documents define an event with this id: more than one
    /// makes the id ambiguous, as each document numbers its events.
    package func documentCount(defining id: EventID) -> Int {
        guard position(of: id) != nil else { return 0 }
        return documentRanges().count { events[$0].contains { $0.id == id } }
    }

    /// The positions in ``events`` of each document's events.
    private func documentRanges() -> [Range<Int>] {
        documentStarts.indices.map { document in
            documentStarts[
                document]..<(document + 1 < documentStarts.count ? documentStarts[document + 1] : events.count)
        }
    }

    /// Gives every event's group the id the graph shows (``GroupNumbering``):
    /// the trace's own when one document was read, else 1… across them.
    package mutating func numberGroups() {
        let ids = Dictionary(uniqueKeysWithValues: zip(groups.keys, groups.finalIDs()))
        guard ids.contains(where: { $0.key.id != $0.value }) else { return }
        for (document, range) in documentRanges().enumerated() {
            for position in range {
                guard events.packed[position].flags & PackedEvent.hasGroup != 0 else { continue }
                events.packed[position].group = ids[.init(document: document, id: events.packed[position].group)]!
            }
        }
        groups = GroupNumbering()
    }

    /// For each event position, the links into it, in trace order.
    package func incomingLinks() -> [Int: [Link]] {
        Dictionary(grouping: links, by: \.to)
    }
}

/// An event in 48 bytes: its node and frame by index, and whether it has
/// a time, a duration, a group and a severity in its flags.
private struct PackedEvent: Sendable {
    var id: EventID
    var time: Nanoseconds
    var duration: Nanoseconds
    var group: GroupID
    var key: UInt32
    var frame: UInt32
    /// The flags below, and from ``severityShift`` the severity's rank.
    var flags: UInt8

    static let ran: UInt8 = 1
    static let hasTime: UInt8 = 2
    static let hasDuration: UInt8 = 4
    static let hasGroup: UInt8 = 8
    static let hasSeverity: UInt8 = 16
    /// Three bits are left, for the five severities.
    static let severityShift: UInt8 = 5
    static let noFrame = UInt32.max
}
