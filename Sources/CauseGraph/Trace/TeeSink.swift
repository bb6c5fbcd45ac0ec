/// Forwards every record to two sinks, so one read of a trace can feed
/// both the graph and a record of its events. Noncopyable when either
/// sink is.
package struct TeeSink<First: TraceSink & ~Copyable, Second: TraceSink & ~Copyable>: UniformTraceSink, ~Copyable {
    /// The first sink.
    package var first: First
    /// The second sink.
    package var second: Second

    /// A sink handing every record to `first`, then to `second`.
    package init(_ first: consuming First, _ second: consuming Second) {
        self.first = first
        self.second = second
    }

    /// Hands the record to both sinks.
    package mutating func receive(_ record: TraceRecord) throws {
        try first.take(record)
        try second.take(record)
    }
}

extension TeeSink: Copyable where First: Copyable, Second: Copyable {}
