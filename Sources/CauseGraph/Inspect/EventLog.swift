/// Keeps every event and cause link of a trace, compactly, to answer
/// questions about single updates (`why --update`, `why --list`).
///
/// Unlike ``GraphBuilder`` its memory grows with the rows read (some 64
/// bytes an event or link), so only the commands that need single events use it.
public struct EventLog: TraceSink {
    /// One event as logged.
    public struct Event: Sendable, Equatable {
        public var id: EventID
        public var key: NodeKey
        public var time: Nanoseconds?
        public var duration: Nanoseconds?
        public var ran: Bool
        public var severity: Severity?
        public var group: GroupID?
        /// The innermost frame of its backtrace, if it had one.
        public var firstFrame: String?
    }

    /// One cause link as logged, between positions in ``events``.
    public struct Link: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var label: CauseLabel
    }

    public private(set) var events: [Event] = []
    public private(set) var links: [Link] = []
    private var keys: [NodeKey: NodeKey] = [:]
    private var positions: [EventID: Int] = [:]
    private var firstPositions: [EventID: Int] = [:]
    private let frameRateOverride: Double?
    private var budget = FrameBudget()

    public init(frameRate: Double? = nil) {
        frameRateOverride = frameRate
        if let frameRate { budget = FrameBudget(frameRate: frameRate) }
    }

    public mutating func begin(_ header: TraceHeader) throws {
        positions = [:]
        if frameRateOverride == nil {
            budget = FrameBudget(frameRate: header.frameRate ?? FrameBudget.defaultFrameRate)
        }
    }

    public mutating func add(_ event: TraceEvent) throws {
        let key = NodeKey(kind: event.kind, title: event.title, module: event.module, owner: event.owner)
        // One shared copy of each key's strings, however many events carry it.
        let shared = keys[key] ?? key
        keys[key] = shared
        guard positions.updateValue(events.count, forKey: event.id) == nil else {
            throw TraceConsistencyError.duplicateEvent(event.id)
        }
        if firstPositions[event.id] == nil { firstPositions[event.id] = events.count }
        events.append(
            Event(
                id: event.id, key: shared, time: event.time, duration: event.duration,
                ran: event.ran || event.kind.isCause, severity: budget.severity(of: event),
                group: event.group, firstFrame: event.backtrace.first))
    }

    public mutating func add(_ cause: TraceCause) throws {
        guard let from = positions[cause.from] else { throw TraceConsistencyError.undefinedEvent(cause.from) }
        guard let to = positions[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        links.append(Link(from: from, to: to, label: cause.label))
    }

    public mutating func add(_ group: UpdateGroup) throws {}

    public mutating func add(_ hitch: Hitch) throws {}

    /// The position of the first event with this id (ids repeat only across documents).
    public func position(of id: EventID) -> Int? {
        firstPositions[id]
    }

    /// For each event position, the links into it, in trace order.
    public func incomingLinks() -> [Int: [Link]] {
        Dictionary(grouping: links, by: \.to)
    }
}
