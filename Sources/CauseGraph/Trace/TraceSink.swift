/// Receives a trace as an importer reads it, one record at a time.
///
/// Importers stream into a sink so that memory grows with what the sink
/// keeps (distinct graph nodes), never with the number of rows read.
/// A document starts with `begin(_:)`; event ids are scoped to their
/// document, so a sink that reads several documents forgets the ids of one
/// when the next begins. Events must arrive before the causes that name them.
///
/// A sink may be noncopyable, as `PipelinedTraceWriter` is, so importers
/// take it `inout` and never copy it.
public protocol TraceSink: ~Copyable {
    /// Starts a new trace document.
    mutating func begin(_ header: TraceHeader) throws
    /// Adds one event.
    /// - Throws: ``TraceConsistencyError/duplicateEvent(_:)``.
    mutating func add(_ event: TraceEvent) throws
    /// Adds one cause-and-effect link between two events already added.
    /// - Throws: ``TraceConsistencyError/undefinedEvent(_:)``.
    mutating func add(_ cause: TraceCause) throws
    /// Adds one update group; groups may arrive before or after their events.
    mutating func add(_ group: UpdateGroup) throws
    /// Adds one hitch or hang; they may arrive anywhere in a document.
    mutating func add(_ hitch: Hitch) throws
}

/// A record that contradicts what the sink has already received.
///
/// Importers catch these and report them at the position of the offending
/// record, since only they know where it was read.
public enum TraceConsistencyError: Error, Equatable, Sendable {
    /// An event id was used twice in one document.
    case duplicateEvent(EventID)
    /// A cause names an event id that was never defined.
    case undefinedEvent(EventID)
    /// An update group id was used twice in one document.
    case duplicateGroup(GroupID)
}
