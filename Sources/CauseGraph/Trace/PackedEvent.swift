/// A trace event in 40 bytes, for what keeps many of them (``EventLog``,
/// a report's update lists): the fields a trace may leave out are flagged
/// rather than optional, and its innermost frame is an index into a table
/// its keeper holds. Its node is its keeper's to know.
struct PackedEvent: Sendable {
    /// The event's id in its trace.
    let id: EventID
    private let storedTime: Nanoseconds
    private let storedDuration: Nanoseconds
    private var storedGroup: GroupID
    /// The innermost frame's index in its keeper's table, or -1.
    var frame: Int32
    /// The flags below, and from ``severityShift`` the severity's rank.
    private let flags: UInt8

    private static let ran: UInt8 = 1
    private static let hasTime: UInt8 = 2
    private static let hasDuration: UInt8 = 4
    private static let hasGroup: UInt8 = 8
    private static let hasSeverity: UInt8 = 16
    /// Three bits are left, for the five severities.
    private static let severityShift: UInt8 = 5

    /// - Parameters:
    ///   - group: the event's group as its keeper numbers it.
    ///   - severity: the event's severity as its keeper judges it.
    ///   - frame: the index of its innermost frame, or -1.
    init(_ event: TraceEvent, group: GroupID?, severity: Severity?, frame: Int32 = -1) {
        id = event.id
        storedTime = event.time ?? 0
        storedDuration = event.duration ?? 0
        storedGroup = group ?? 0
        self.frame = frame
        // A cause ran: it happened; only a body's run can be skipped.
        var flags: UInt8 = event.ran || event.kind.isCause ? Self.ran : 0
        if event.time != nil { flags |= Self.hasTime }
        if event.duration != nil { flags |= Self.hasDuration }
        if group != nil { flags |= Self.hasGroup }
        if let severity { flags |= Self.hasSeverity | UInt8(severity.rank) << Self.severityShift }
        self.flags = flags
    }

    private func has(_ flag: UInt8) -> Bool { flags & flag != 0 }

    /// When it started, if the trace says.
    var time: Nanoseconds? { has(Self.hasTime) ? storedTime : nil }
    /// How long it took, if the trace says.
    var duration: Nanoseconds? { has(Self.hasDuration) ? storedDuration : nil }
    /// Whether a body or cause ran, rather than being found unchanged.
    var ran: Bool { has(Self.ran) }
    /// How long it took against the frame budget, when judged.
    var severity: Severity? { has(Self.hasSeverity) ? Severity.byRank[Int(flags >> Self.severityShift)] : nil }

    /// Its update group, if any.
    var group: GroupID? { has(Self.hasGroup) ? storedGroup : nil }

    /// Gives its update group, if it has one, the id `number` gives it.
    mutating func renumberGroup(_ number: (GroupID) -> GroupID) {
        if has(Self.hasGroup) { storedGroup = number(storedGroup) }
    }
}
