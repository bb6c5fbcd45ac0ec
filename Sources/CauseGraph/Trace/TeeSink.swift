/// Forwards every record to two sinks, so one read of a trace can feed
/// both the graph and a record of its events.
public struct TeeSink<First: TraceSink, Second: TraceSink>: TraceSink {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public mutating func begin(_ header: TraceHeader) throws {
        try first.begin(header)
        try second.begin(header)
    }

    public mutating func add(_ event: TraceEvent) throws {
        try first.add(event)
        try second.add(event)
    }

    public mutating func add(_ cause: TraceCause) throws {
        try first.add(cause)
        try second.add(cause)
    }

    public mutating func add(_ group: UpdateGroup) throws {
        try first.add(group)
        try second.add(group)
    }

    public mutating func add(_ hitch: Hitch) throws {
        try first.add(hitch)
        try second.add(hitch)
    }
}
