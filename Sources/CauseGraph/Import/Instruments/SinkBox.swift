/// Holds the caller's sink while an import runs: moved in at the start and
/// out with ``take()`` at the end, so a noncopyable sink is never copied.
final class SinkBox<Sink: TraceSink & ~Copyable>: TraceRecordReceiver {
    private var sink: Sink?

    init(_ sink: consuming Sink) {
        self.sink = .some(sink)
    }

    /// The sink, moved out; the box must receive nothing after this.
    func take() -> Sink {
        guard let sink = sink.take() else { preconditionFailure("the sink was already taken") }
        return sink
    }

    func begin(_ header: TraceHeader) throws { try sink!.begin(header) }
    func add(_ event: TraceEvent) throws { try sink!.add(event) }
    func add(_ cause: TraceCause) throws { try sink!.add(cause) }
    func add(_ group: UpdateGroup) throws { try sink!.add(group) }
    func add(_ hitch: Hitch) throws { try sink!.add(hitch) }
}
