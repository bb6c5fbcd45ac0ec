/// A frame shown late (a hitch) or a main thread that stopped answering
/// (a hang), as Instruments' `hitches` and `potential-hangs` tables record
/// them. Neither names a view: causegraph ties them to the update groups
/// whose spans they overlap (see `HitchAttribution`).
public struct Hitch: Sendable, Equatable {
    /// Which table the record came from.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// A frame that missed its deadline (`hitches`).
        case hitch
        /// The main thread unresponsive (`potential-hangs`).
        case hang

        /// Hitches before hangs.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Which table the record came from.
    public var kind: Kind
    /// When it started.
    public var start: Nanoseconds
    /// How long it lasted: for a hitch, the time the frame was late (the
    /// table's `duration`), not the frame's own duration.
    public var duration: Nanoseconds
    /// For a hang: Instruments' type, such as `Microhang` or `Hang`.
    public var hangType: String?
    /// The process it happened in, as the table names it (`Landmarks (4242)`).
    public var process: String?
    /// Instruments' own reading of a hitch, such as `Potentially expensive app update(s)`.
    public var narrative: String?

    /// A hitch or hang with every field given.
    public init(
        kind: Kind, start: Nanoseconds, duration: Nanoseconds, hangType: String? = nil, process: String? = nil,
        narrative: String? = nil
    ) {
        self.kind = kind
        self.start = start
        self.duration = duration
        self.hangType = hangType
        self.process = process
        self.narrative = narrative
    }

    /// Where it ends; a span past `Int64.max` ends there.
    package var end: Nanoseconds { start.saturatingAdding(max(duration, 0)) }

    /// Whether it overlaps the span `[start, start + duration)`; an empty
    /// span or hitch overlaps what holds its point in time.
    package func overlaps(start other: Nanoseconds, duration otherDuration: Nanoseconds) -> Bool {
        let (end, otherEnd) = (self.end, other.saturatingAdding(max(otherDuration, 0)))
        if otherEnd == other { return start <= other && other <= end }
        if end == start { return other <= start && start < otherEnd }
        return other < end && start < otherEnd
    }
}
