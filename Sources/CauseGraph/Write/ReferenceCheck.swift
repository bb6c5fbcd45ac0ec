/// The ids a written trace defines, so that a writer refuses what no reader
/// would read back: an event id defined twice in one document, a cause link
/// to an event not defined before it, an update group defined twice.
///
/// Readers leave these checks to the sink they feed (the graph builder
/// makes them), so a writer fed straight from a reader makes them itself.
/// Memory: event ids as runs of consecutive ids (``EventIDRanges``), which
/// stay few because exporters number events in order, and each group's id.
struct ReferenceCheck {
    private var events = EventIDRanges()
    private var groups: Set<GroupID> = []

    /// Forgets the ids of the document before: ids are scoped to their document.
    mutating func begin() {
        events = EventIDRanges()
        groups = []
    }

    /// - Throws: ``TraceConsistencyError/duplicateEvent(_:)``.
    mutating func define(_ event: TraceEvent) throws(TraceConsistencyError) {
        guard events.insert(event.id) else { throw .duplicateEvent(event.id) }
    }

    /// - Throws: ``TraceConsistencyError/undefinedEvent(_:)``.
    func check(_ cause: TraceCause) throws(TraceConsistencyError) {
        guard events.contains(cause.from) else { throw .undefinedEvent(cause.from) }
        guard events.contains(cause.to) else { throw .undefinedEvent(cause.to) }
    }

    /// - Throws: ``TraceConsistencyError/duplicateGroup(_:)``.
    mutating func define(_ group: UpdateGroup) throws(TraceConsistencyError) {
        guard groups.insert(group.id).inserted else { throw .duplicateGroup(group.id) }
    }
}
