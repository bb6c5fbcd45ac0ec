/// Keeps every event and cause link of a trace, compactly, to answer
/// questions about single updates (`why --update`, `why --list`).
///
/// Unlike ``GraphBuilder`` its memory grows with the rows read (some 44
/// bytes an event, its node and frame named by index (``PackedEvent``),
/// 12 a link, and 4 an id in the index that finds events by id
/// (``EventIDMap``), all grown in chunks), so only the commands that need
/// single events use it.
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
        fileprivate var packed = ChunkedArray<PackedEvent>()
        /// Each event's node, by position in ``keys``.
        fileprivate var nodes = ChunkedArray<Int32>()
        fileprivate var keys: [NodeKey] = []
        fileprivate var frames: [String] = []

        package var startIndex: Int { packed.startIndex }
        package var endIndex: Int { packed.endIndex }

        package subscript(position: Int) -> Event {
            let event = packed[position]
            return Event(
                id: event.id, key: keys[Int(nodes[position])], time: event.time, duration: event.duration,
                ran: event.ran, severity: event.severity, group: event.group,
                firstFrame: event.frame < 0 ? nil : frames[Int(event.frame)])
        }
    }

    /// Every cause link, in the order read, each in 12 bytes.
    package struct Links: RandomAccessCollection, Sendable {
        fileprivate struct Packed {
            var from: Int32
            var to: Int32
            /// The label's position in ``labels``.
            var label: Int32
        }

        fileprivate var packed = ChunkedArray<Packed>()
        fileprivate var labels: [CauseLabel] = []

        package var startIndex: Int { packed.startIndex }
        package var endIndex: Int { packed.endIndex }

        package subscript(position: Int) -> Link {
            let link = packed[position]
            return Link(from: Int(link.from), to: Int(link.to), label: labels[Int(link.label)])
        }
    }

    /// Every event, in the order read.
    package private(set) var events = Events()
    /// Every cause link, in the order read.
    package private(set) var links = Links()
    /// Each distinct label's position in ``Links/labels``.
    private var labelIndex: [CauseLabel: Int32] = [:]
    /// Each distinct node's position in ``Events/keys``.
    private var keyIndex: [NodeKey: Int32] = [:]
    /// Each distinct innermost frame's position in ``Events/frames``.
    private var frameIndex: [String: Int32] = [:]
    /// The position of each event of each document, by id.
    private var positions: [EventIDMap<Int32>] = []
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
        positions.append(EventIDMap())
        if frameRateOverride == nil {
            budget = FrameBudget(frameRate: header.frameRate ?? FrameBudget.defaultFrameRate)
        }
    }

    /// Logs an event; an id seen before in the same document is refused.
    package mutating func add(_ event: TraceEvent) throws {
        if documentStarts.isEmpty { try begin(TraceHeader()) }
        // One lookup when the id is new, as nearly all are; a refused one leaves the log as it was.
        let document = positions.count - 1
        if let earlier = positions[document].updateValue(Int32(events.count), forKey: event.id) {
            positions[document].updateValue(earlier, forKey: event.id)
            throw TraceConsistencyError.duplicateEvent(event.id)
        }
        if let group = event.group { _ = groups.intern(group, document: documentStarts.count - 1) }
        let key = NodeKey(kind: event.kind, title: event.title, module: event.module, owner: event.owner)
        // One shared copy of each node's and frame's strings, however many events carry them.
        events.nodes.append(keyIndex.position(of: key, in: &events.keys) { $0 })
        events.packed.append(
            PackedEvent(
                event, group: event.group, severity: budget.severity(of: event),
                frame: event.backtrace.first.map { frameIndex.position(of: $0, in: &events.frames) { $0 } } ?? -1))
    }

    /// Logs a cause link between two events of the document.
    package mutating func add(_ cause: TraceCause) throws {
        guard let document = positions.last, let from = document[cause.from] else {
            throw TraceConsistencyError.undefinedEvent(cause.from)
        }
        guard let to = document[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        links.packed.append(
            Links.Packed(
                from: from, to: to,
                label: labelIndex.position(of: cause.label, in: &links.labels) { $0 }))
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
        positions.lazy.compactMap { $0[id].map(Int.init) }.first
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
                events.packed[position].renumberGroup { ids[.init(document: document, id: $0)]! }
            }
        }
        groups = GroupNumbering()
    }

    /// For each event position, the links into it, in trace order.
    package func incomingLinks() -> [Int: [Link]] {
        Dictionary(grouping: links, by: \.to)
    }
}
