/// What the detail tables say about events, kept until the causes that
/// name the events are read, and the record of which events were emitted.
///
/// A ``TraceSink`` needs each event, complete, before the first cause that
/// names it. So the importer reads the detail tables (`swiftui-update-groups`,
/// the update tables, `swiftui-changes`) first, whatever order they come
/// in (see ``InstrumentsImporter``), and keeps one small record per event id
/// (ids, not rows: `xctrace` interns event ids, and each update or change
/// is one event), then streams the causes, emitting each event the first
/// time a cause names it. Memory grows with distinct events and groups;
/// cause rows are never kept.
///
/// Details that arrive after their event was emitted (only possible for
/// a document that cannot be read twice, such as a pipe holding a detail
/// table after a causes table) cannot be added any more; they are counted
/// and reported.
struct EventJoin {
    /// One update table row.
    struct UpdateDetails {
        var time: Nanoseconds?
        var duration: Nanoseconds?
        var kind: NodeKind?
        var title: String?
        var module: String?
        var severity: Severity?
        var ran = true

        /// These details completed with what `other` knows and these do not:
        /// the update tables of one recording describe the same events, each
        /// with its own columns.
        func completed(with other: UpdateDetails) -> UpdateDetails {
            var merged = self
            merged.time = time ?? other.time
            merged.duration = duration ?? other.duration
            merged.kind = kind ?? other.kind
            merged.title = title ?? other.title
            merged.module = module ?? other.module
            merged.severity = severity ?? other.severity
            merged.ran = ran && other.ran
            return merged
        }
    }

    /// A cause the `root-causes` column of an update row names.
    struct RootCause {
        var update: EventID
        var cause: EventID
        var title: String
    }

    struct GroupSpan {
        var id: GroupID
        var start: Nanoseconds
        /// `nil` when the group was still open when recording stopped.
        var end: Nanoseconds?
    }

    /// Update rows in reading order (so events no cause names are still
    /// emitted, deterministically), packed: one per event.
    private var updates = PackedUpdates()
    /// The event ids of `updates`, in the same order.
    private(set) var updateOrder = ChunkedArray<EventID>()
    private var updateIndex = EventIDMap<Int32>()
    /// Root causes of updates, in the order their updates were first read;
    /// each names its update by position in ``updateOrder``.
    private(set) var rootCauses = ChunkedArray<(cause: EventID, update: Int32, title: UInt32)>()
    private var backtracesByEvent: [EventID: (frames: [String], time: Nanoseconds?)] = [:]
    private var backtracesByTime: [Nanoseconds: [String]] = [:]
    private var groups: [GroupSpan] = []
    private var groupsSorted = true
    private(set) var emitted = EventIDSet()

    /// Detail rows that came after their event was emitted.
    private(set) var lateDetails = 0

    /// Records an update row; an event several update tables list is one
    /// event, its details completed by each.
    mutating func add(
        _ details: UpdateDetails, for event: EventID, rootCauses causes: [(id: EventID, title: String)] = []
    ) {
        guard !emitted.contains(event) else {
            lateDetails += 1
            return
        }
        if let index = updateIndex[event] {
            updates[Int(index)] = details.completed(with: updates[Int(index)])
        } else {
            let position = Int32(updateOrder.count)
            updateIndex.updateValue(position, forKey: event)
            updateOrder.append(event)
            updates.append(details)
            for cause in causes where cause.id != event {
                rootCauses.append((cause.id, position, updates.intern(cause.title)))
            }
        }
    }

    /// The title of a root cause kept by ``add(_:for:rootCauses:)``.
    func rootCauseTitle(_ index: UInt32) -> String {
        updates.string(index)
    }

    mutating func addBacktrace(_ frames: [String], event: EventID?, time: Nanoseconds?) {
        if let event {
            guard !emitted.contains(event) else {
                lateDetails += 1
                return
            }
            backtracesByEvent[event] = (frames, time)
        }
        if let time { backtracesByTime[time] = frames }
    }

    mutating func addGroup(_ span: GroupSpan) {
        if let last = groups.last, last.start > span.start { groupsSorted = false }
        groups.append(span)
    }

    /// The update details of an event.
    func details(of event: EventID) -> UpdateDetails? {
        guard !updateIndex.isEmpty, let index = updateIndex[event] else { return nil }
        return updates[Int(index)]
    }

    /// Marks an event emitted; false if it already was.
    mutating func markEmitted(_ event: EventID) -> Bool {
        emitted.insert(event)
    }

    /// The backtrace of the change with this event id, or else (`time`
    /// given) of a change recorded at exactly `time` that no event claimed
    /// by id. A change explains one event: once attached, it is used up.
    mutating func backtrace(event: EventID, time: Nanoseconds?) -> [String] {
        guard !backtracesByTime.isEmpty || !backtracesByEvent.isEmpty else { return [] }
        if let (frames, changeTime) = backtracesByEvent.removeValue(forKey: event) {
            if let changeTime { backtracesByTime[changeTime] = nil }
            return frames
        }
        if let time, let frames = backtracesByTime.removeValue(forKey: time) { return frames }
        return []
    }

    /// The innermost group whose span holds `time`: of the groups that
    /// started at or before it and have not ended, the one that started last.
    mutating func group(containing time: Nanoseconds?) -> GroupID? {
        guard let time, !groups.isEmpty else { return nil }
        if !groupsSorted {
            groups.sort { ($0.start, $0.id) < ($1.start, $1.id) }
            groupsSorted = true
        }
        var low = 0
        var high = groups.count
        while low < high {
            let middle = (low + high) / 2
            if groups[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        // Nested spans are rare and shallow; a bounded look back finds the innermost.
        var index = low - 1
        var looked = 0
        while index >= 0, looked < 64 {
            if groups[index].end.map({ time < $0 }) ?? true { return groups[index].id }
            index -= 1
            looked += 1
        }
        return nil
    }
}

/// Update details in 32 bytes each: titles and modules repeat,
/// so they are kept once and named by index; absent times are `Int64.min`,
/// which no export time can be.
struct PackedUpdates {
    private struct Packed {
        var time: Int64
        var duration: Int64
        var title: UInt32
        var module: UInt32
        /// From the lowest bit: the kind's rank (``kindBits``) and whether it
        /// is known, the severity's rank (``severityBits``) and whether it is
        /// known, whether the body ran.
        var flags: UInt16
    }

    /// Bits for a ``NodeKind/rank``: every kind must fit, which a test checks.
    static let kindBits = 4
    /// Bits for a ``Severity/rank``: every severity must fit, which a test checks.
    static let severityBits = 3
    private static let kindMask: UInt16 = 1 << kindBits - 1
    private static let kindKnown: UInt16 = 1 << kindBits
    private static let severityShift = kindBits + 1
    private static let severityMask: UInt16 = 1 << severityBits - 1
    private static let severityKnown: UInt16 = 1 << (severityShift + severityBits)
    private static let ran: UInt16 = severityKnown << 1

    private var rows = ChunkedArray<Packed>()
    private var strings: [String] = []
    private var stringIndex: [String: UInt32] = [:]
    private static let absent = Int64.min
    private static let noString = UInt32.max

    mutating func append(_ details: EventJoin.UpdateDetails) {
        rows.append(pack(details))
    }

    subscript(index: Int) -> EventJoin.UpdateDetails {
        get {
            let row = rows[index]
            var details = EventJoin.UpdateDetails()
            details.time = row.time == Self.absent ? nil : row.time
            details.duration = row.duration == Self.absent ? nil : row.duration
            details.title = row.title == Self.noString ? nil : strings[Int(row.title)]
            details.module = row.module == Self.noString ? nil : strings[Int(row.module)]
            if row.flags & Self.kindKnown != 0 { details.kind = NodeKind.byRank[Int(row.flags & Self.kindMask)] }
            if row.flags & Self.severityKnown != 0 {
                details.severity = Severity.byRank[Int(row.flags >> Self.severityShift & Self.severityMask)]
            }
            details.ran = row.flags & Self.ran != 0
            return details
        }
        set {
            rows[index] = pack(newValue)
        }
    }

    private mutating func pack(_ details: EventJoin.UpdateDetails) -> Packed {
        var flags: UInt16 = details.ran ? Self.ran : 0
        if let kind = details.kind { flags |= Self.kindKnown | UInt16(kind.rank) }
        if let severity = details.severity { flags |= Self.severityKnown | UInt16(severity.rank) << Self.severityShift }
        return Packed(
            time: details.time ?? Self.absent, duration: details.duration ?? Self.absent,
            title: intern(details.title), module: intern(details.module), flags: flags)
    }

    func string(_ index: UInt32) -> String {
        strings[Int(index)]
    }

    mutating func intern(_ string: String) -> UInt32 {
        if let index = stringIndex[string] { return index }
        let index = UInt32(strings.count)
        strings.append(string)
        stringIndex[string] = index
        return index
    }

    private mutating func intern(_ string: String?) -> UInt32 {
        string.map { intern($0) } ?? Self.noString
    }
}
