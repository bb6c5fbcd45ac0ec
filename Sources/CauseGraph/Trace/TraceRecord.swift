/// One record of a trace, of whichever kind: what a sink that treats every
/// kind alike receives (``UniformTraceSink``).
package enum TraceRecord: Sendable, Equatable {
    case header(TraceHeader)
    case event(TraceEvent)
    case cause(TraceCause)
    case group(UpdateGroup)
    case hitch(Hitch)
}

/// A sink that handles every kind of record in one method, as the
/// redaction and a cache entry do; the methods of ``TraceSink`` hand their
/// record to it. Not for a hot path: the record is wrapped and unwrapped on
/// the way (see ``TeeSink``).
package protocol UniformTraceSink: TraceSink, ~Copyable {
    /// Receives one record of any kind, in the order the importer read it.
    mutating func receive(_ record: TraceRecord) throws
}

extension UniformTraceSink where Self: ~Copyable {
    package mutating func begin(_ header: TraceHeader) throws { try receive(.header(header)) }
    package mutating func add(_ event: TraceEvent) throws { try receive(.event(event)) }
    package mutating func add(_ cause: TraceCause) throws { try receive(.cause(cause)) }
    package mutating func add(_ group: UpdateGroup) throws { try receive(.group(group)) }
    package mutating func add(_ hitch: Hitch) throws { try receive(.hitch(hitch)) }
}

extension TraceSink where Self: ~Copyable {
    /// Hands `record` to the method of its kind.
    package mutating func take(_ record: TraceRecord) throws {
        switch record {
        case .header(let header): try begin(header)
        case .event(let event): try add(event)
        case .cause(let cause): try add(cause)
        case .group(let group): try add(group)
        case .hitch(let hitch): try add(hitch)
        }
    }
}
