/// Keeps what a trace viewer's timeline needs from traces read together:
/// every event and cause link (in an ``EventLog``), the document each event
/// came from, and every update group.
///
/// Group ids are scoped to their document like event ids, so a group is
/// known by its document and id.
package struct TimelineRecorder: TraceSink {
    /// One update group and the document it was read from.
    package struct DocumentGroup: Sendable, Equatable {
        /// The document, counted from 0 in reading order.
        package var document: Int
        package var group: UpdateGroup
    }

    package private(set) var log: EventLog
    /// The update groups, in arrival order.
    package private(set) var groups: [DocumentGroup] = []
    /// The hitches and hangs, in arrival order, with the document each came from.
    package private(set) var hitches: [(document: Int, hitch: Hitch)] = []
    /// The position in ``EventLog/events`` of each document's first event.
    private var documentStarts: [Int] = []
    private var groupIDs: Set<GroupID> = []

    /// - Parameter frameRate: judges severities against this refresh rate
    ///   instead of the one each trace records.
    package init(frameRate: Double? = nil) {
        log = EventLog(frameRate: frameRate)
    }

    package mutating func begin(_ header: TraceHeader) throws {
        documentStarts.append(log.events.count)
        groupIDs = []
        try log.begin(header)
    }

    package mutating func add(_ event: TraceEvent) throws {
        if documentStarts.isEmpty { try begin(TraceHeader()) }
        try log.add(event)
    }

    package mutating func add(_ cause: TraceCause) throws {
        try log.add(cause)
    }

    package mutating func add(_ group: UpdateGroup) throws {
        if documentStarts.isEmpty { try begin(TraceHeader()) }
        guard groupIDs.insert(group.id).inserted else { throw TraceConsistencyError.duplicateGroup(group.id) }
        groups.append(DocumentGroup(document: documentStarts.count - 1, group: group))
    }

    package mutating func add(_ hitch: Hitch) throws {
        if documentStarts.isEmpty { try begin(TraceHeader()) }
        hitches.append((documentStarts.count - 1, hitch))
    }

    /// How many documents were read.
    package var documentCount: Int { documentStarts.count }

    /// The document the event at `position` in ``EventLog/events`` came from.
    package func document(ofEventAt position: Int) -> Int {
        // The last document starting at or before the position; starts are sorted.
        var (low, high) = (0, documentStarts.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if documentStarts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }
}
