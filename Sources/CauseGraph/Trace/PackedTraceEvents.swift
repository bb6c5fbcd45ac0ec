/// Trace events kept to be passed on later, in 56 bytes each: titles,
/// modules and backtraces repeat, so each distinct one is kept once and
/// named by index, and the fields a trace may leave out are flagged rather
/// than optional. Rows grow in chunks (``ChunkedArray``), as they grow for
/// the whole document.
struct PackedTraceEvents {
    private struct Packed {
        var id: EventID
        var time: Nanoseconds
        var duration: Nanoseconds
        var group: GroupID
        /// An index into ``texts``.
        var title: Int32
        /// An index into ``texts``, or -1.
        var module: Int32
        /// An index into ``backtraces``, or -1 for none.
        var backtrace: Int32
        var kind: UInt8
        var severity: UInt8
        /// ``ran``, ``isSystem`` and which optional fields are present.
        var flags: UInt8
    }

    private static let ran: UInt8 = 1
    private static let isSystem: UInt8 = 2
    private static let hasTime: UInt8 = 4
    private static let hasDuration: UInt8 = 8
    private static let hasGroup: UInt8 = 16
    private static let hasSeverity: UInt8 = 32

    private var rows = ChunkedArray<Packed>()
    private var texts: [String] = []
    private var textIndex: [String: Int32] = [:]
    private var backtraces: [[String]] = []
    private var backtraceIndex: [[String]: Int32] = [:]

    /// How many events are kept.
    var count: Int { rows.count }

    /// Keeps `event` after those kept before it.
    mutating func append(_ event: TraceEvent) {
        var flags: UInt8 = event.ran ? Self.ran : 0
        if event.owner == .system { flags |= Self.isSystem }
        if event.time != nil { flags |= Self.hasTime }
        if event.duration != nil { flags |= Self.hasDuration }
        if event.group != nil { flags |= Self.hasGroup }
        if event.severity != nil { flags |= Self.hasSeverity }
        rows.append(
            Packed(
                id: event.id, time: event.time ?? 0, duration: event.duration ?? 0, group: event.group ?? 0,
                title: textIndex.position(of: event.title, in: &texts) { $0 },
                module: event.module.map { textIndex.position(of: $0, in: &texts) { $0 } } ?? -1,
                backtrace: event.backtrace.isEmpty
                    ? -1 : backtraceIndex.position(of: event.backtrace, in: &backtraces) { $0 },
                kind: UInt8(event.kind.rank), severity: UInt8(event.severity?.rank ?? 0), flags: flags))
    }

    /// The event kept at `position`, as it was given.
    subscript(position: Int) -> TraceEvent {
        let row = rows[position]
        return TraceEvent(
            id: row.id, kind: NodeKind.byRank[Int(row.kind)], title: texts[Int(row.title)],
            module: row.module < 0 ? nil : texts[Int(row.module)],
            owner: row.flags & Self.isSystem != 0 ? .system : .app,
            time: row.flags & Self.hasTime != 0 ? row.time : nil,
            duration: row.flags & Self.hasDuration != 0 ? row.duration : nil, ran: row.flags & Self.ran != 0,
            group: row.flags & Self.hasGroup != 0 ? row.group : nil,
            severity: row.flags & Self.hasSeverity != 0 ? Severity.byRank[Int(row.severity)] : nil,
            backtrace: row.backtrace < 0 ? [] : backtraces[Int(row.backtrace)])
    }

    /// The id of the event at `position`.
    func id(at position: Int) -> EventID { rows[position].id }

    /// The kind of the event at `position`.
    func kind(at position: Int) -> NodeKind { NodeKind.byRank[Int(rows[position].kind)] }

    /// The update group of the event at `position`, if it has one.
    func group(at position: Int) -> GroupID? {
        let row = rows[position]
        return row.flags & Self.hasGroup != 0 ? row.group : nil
    }
}
