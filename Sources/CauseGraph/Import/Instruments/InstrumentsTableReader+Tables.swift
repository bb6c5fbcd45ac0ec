/// The rows of each table the reader takes: causes, updates, changes, update
/// groups, hitches.
extension InstrumentsTableReader {
    mutating func causeRow(_ row: ExportRow, _ columns: InstrumentsTable.CauseColumns, values: InternedValues)
        throws(XMLReadFailure)
    {
        let time = try self.time(columns.timestamp, row, values)
        guard let from = try eventID(columns.sourceEvent, row, values),
            let to = try eventID(columns.destinationEvent, row, values)
        else {
            rowsWithoutEvent += 1
            return
        }
        if !isMarkedEmitted(row.cells[columns.sourceEvent]) {
            try emitEvent(from, node: columns.sourceNode, rowTime: time, isSource: true, row, values)
            markEmitted(row.cells[columns.sourceEvent])
        }
        if !isMarkedEmitted(row.cells[columns.destinationEvent]) {
            try emitEvent(to, node: columns.destinationNode, rowTime: time, isSource: false, row, values)
            markEmitted(row.cells[columns.destinationEvent])
        }
        var cause = TraceCause(from: from, to: to, label: label(columns.label, row, values), time: time)
        if let column = columns.changedProperties { cause.changed = changedNames(row.cells[column], values) }
        try deliver(at: row.offset) { try $0.add(cause) }
    }

    mutating func updateRow(_ row: ExportRow, _ columns: InstrumentsTable.UpdateColumns, values: InternedValues)
        throws(XMLReadFailure)
    {
        guard let event = try eventID(columns.event, row, values) else {
            rowsWithoutEvent += 1
            return
        }
        var details = EventJoin.UpdateDetails()
        details.time = try time(columns.start, row, values)
        details.duration = try time(columns.duration, row, values)
        // Layout work has no update type: `swiftui-layout-updates` has no such column.
        details.kind = columns.updateType == nil ? .other : updateKind(columns.updateType, row, values)
        // The export has no "ran" column; a skipped body says so in its type or description.
        let description = string(columns.description, row, values)
        let skipMark = description.flatMap(Self.skipMark)
        details.ran = !mentionsSkip(columns.updateType, row, values) && skipMark == nil
        details.module = string(columns.module, row, values)
        // View Body rows leave `view-name` blank and name the view in
        // `description`; layout rows name it in `view-name`; a row with
        // neither still has its hierarchy, which starts with the view.
        details.title =
            string(columns.viewName, row, values)
            ?? description.map { text in skipMark.map { String(text[..<$0]).trimmingXMLWhitespace() } ?? text }
            ?? innermostView(columns.viewHierarchy, row, values)
        details.severity = severity(columns.severity, row, values)
        let causes =
            try columns.rootCauses.map { column throws(XMLReadFailure) in
                try rootCauses(row.cells[column], values, offset: row.cellOffsets[column])
            } ?? []
        if emitsUpdatesAsRead {
            try emitAsRead(event, details, rootCauses: causes, offset: row.offset)
        } else {
            join.add(details, for: event, rootCauses: causes)
        }
    }

    /// The ids made up for root causes named by title only, counted down
    /// from 2^53 − 1, far from the small ids xctrace gives events, and the
    /// largest a JSON reader in JavaScript keeps whole: above it, the ids
    /// `convert` and `timeline` write merged there. An export's event id
    /// among them is refused, as it would be merged with a made-up cause.
    static let madeUpIDs: ClosedRange<EventID> = ((1 << 53) - (1 << 20))...((1 << 53) - 1)

    /// The causes a `root-causes` cell (a `description-set`) names: its
    /// numbers are their event ids and its `fmt` their titles, joined by
    /// ", " when there are several. A title without an id gets one made up
    /// for it, the same for every row that names it.
    private mutating func rootCauses(_ cell: ValueRef, _ values: InternedValues, offset: Int)
        throws(XMLReadFailure) -> [(id: EventID, title: String)]
    {
        guard let text = values.label(cell), !text.isEmpty else { return [] }
        // A number past the rule, or among the made-up ids, names no event a trace can hold: the title stands alone.
        let ids = values.children(cell).compactMap { values.number($0) }.filter {
            $0 <= TraceNumberRule.maximum && !Self.madeUpIDs.contains($0)
        }
        guard !ids.isEmpty else {
            if let id = titleOnlyRootCauses[text] { return [(id, text)] }
            guard titleOnlyRootCauses.count < Self.madeUpIDs.count else {
                throw .at(
                    offset: offset,
                    message:
                        "more than \(CountText.format(Self.madeUpIDs.count)) root causes named by title only, the ids causegraph makes up for them"
                )
            }
            let id = Self.madeUpIDs.upperBound - EventID(titleOnlyRootCauses.count)
            titleOnlyRootCauses[text] = id
            return [(id, text)]
        }
        let titles = text.components(separatedBy: ", ")
        return ids.enumerated().map { index, id in (id, titles.count == ids.count ? titles[index] : text) }
    }

    mutating func changeRow(_ row: ExportRow, _ columns: InstrumentsTable.ChangeColumns, values: InternedValues)
        throws(XMLReadFailure)
    {
        let event = try eventID(columns.event, row, values)
        let time = try self.time(columns.timestamp, row, values)
        let cell = row.cells[columns.backtrace]
        var frames: [String] = []
        if values.kind(cell) == .list {
            for frame in values.children(cell) {
                if let name = values.label(frame) { frames.append(name) }
            }
        } else if let text = values.string(cell) {
            frames = [text]
        }
        guard !frames.isEmpty else { return }
        join.addBacktrace(frames, event: event, time: time)
    }

    mutating func groupRow(_ row: ExportRow, _ columns: InstrumentsTable.GroupColumns, values: InternedValues)
        throws(XMLReadFailure)
    {
        let start = try time(columns.start, row, values)
        let duration = try time(columns.duration, row, values)
        let group = UpdateGroup(
            id: nextGroup, label: string(columns.label, row, values) ?? "Update Group", start: start, duration: duration
        )
        nextGroup += 1
        if !join.emitted.isEmpty { lateGroups += 1 }
        if let start {
            let (end, overflow) = duration.map { start.addingReportingOverflow($0) } ?? (0, true)
            join.addGroup(EventJoin.GroupSpan(id: group.id, start: start, end: overflow ? nil : end))
        }
        try deliver(at: row.offset) { try $0.add(group) }
    }

    mutating func hitchRow(_ row: ExportRow, _ columns: InstrumentsTable.HitchColumns, values: InternedValues)
        throws(XMLReadFailure)
    {
        guard let start = try time(columns.start, row, values), let duration = try time(columns.duration, row, values)
        else {
            untimedHitches += 1
            return
        }
        var hitch = Hitch(
            kind: columns.kind, start: start, duration: duration, process: string(columns.process, row, values),
            narrative: string(columns.narrative, row, values))
        if columns.kind == .hang { hitch.hangType = string(columns.hangType, row, values) }
        try deliver(at: row.offset) { try $0.add(hitch) }
    }

    /// Where a description's mark that the body was skipped starts: its
    /// last word, when that word says so (`Text (skipped)`, `Row.body
    /// skipped`). The view is what comes before it. Only a word of its own
    /// counts, so a view named `SkipButton` is no skipped update; kept in
    /// the title, the mark made each view two nodes, one that ran and one
    /// that was skipped.
    static func skipMark(in description: String) -> String.Index? {
        guard let space = description.lastIndex(of: " "),
            description[description.index(after: space)...].lowercased().contains("skip"),
            description[..<space].contains(where: { !$0.isWhitespace })
        else { return nil }
        return space
    }
}
