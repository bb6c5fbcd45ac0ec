/// Forwards every record to two sinks, so one read of a trace can feed
/// both the graph and a record of its events. Noncopyable when either
/// sink is.
///
/// Each kind of record has its own method, not one ``UniformTraceSink``
/// method: the graph's reads go through a tee, and handing each record on
/// as a ``TraceRecord`` cost them a percent of their time.
package struct TeeSink<First: TraceSink & ~Copyable, Second: TraceSink & ~Copyable>: TraceSink, ~Copyable {
    /// The first sink.
    package var first: First
    /// The second sink.
    package var second: Second

    /// A sink handing every record to `first`, then to `second`.
    package init(_ first: consuming First, _ second: consuming Second) {
        self.first = first
        self.second = second
    }

    /// Hands the header to both sinks.
    package mutating func begin(_ header: TraceHeader) throws {
        try first.begin(header)
        try second.begin(header)
    }

    /// Hands the event to both sinks.
    package mutating func add(_ event: TraceEvent) throws {
        try first.add(event)
        try second.add(event)
    }

    /// Hands the cause link to both sinks.
    package mutating func add(_ cause: TraceCause) throws {
        try first.add(cause)
        try second.add(cause)
    }

    /// Hands the update group to both sinks.
    package mutating func add(_ group: UpdateGroup) throws {
        try first.add(group)
        try second.add(group)
    }

    /// Hands the hitch to both sinks.
    package mutating func add(_ hitch: Hitch) throws {
        try first.add(hitch)
        try second.add(hitch)
    }
}

extension TeeSink: Copyable where First: Copyable, Second: Copyable {}

extension TeeSink where First: Copyable, Second: Copyable {
    /// The two sinks, with the tee gone: `(consume sink).first` copies the
    /// first and keeps the tee until the statement ends, so what the copy
    /// drops meanwhile (a builder's per-event records as it finishes its
    /// graph) stays held.
    package consuming func split() -> (first: First, second: Second) {
        (first, second)
    }
}
