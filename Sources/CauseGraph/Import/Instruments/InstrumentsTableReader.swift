/// Turns the rows of the SwiftUI tables into trace records.
///
/// - `swiftui-causes` / `swiftui-full-causes`: each row is a cause, source
///   event → destination event. Each event is emitted the first time a row
///   names it, its kind and owner classified from its node cell and
///   completed with what ``EventJoin`` holds for its id. Labels: `Update`,
///   `Invalidation` (the destination was marked dirty and re-evaluated) and
///   `Creation` map to their ``CauseLabel``; any other is kept as written
///   and reported. A `swiftui-full-causes` node cell also holds the event's
///   times (see ``NodeCell``), used when no update table describes it.
/// - The update tables (`swiftui-updates`, `SwiftUIFilteredUpdates`,
///   `swiftui-layout-updates`): duration, update type, module, view name,
///   severity and whether the body ran, joined to events by id; their
///   `root-causes` become cause nodes when no cause table is read.
/// - `swiftui-changes`: backtraces, joined to the event with the change's
///   id, or else, for a state or observable source event, to the change
///   recorded at exactly its cause row's timestamp that no id claimed.
/// - `swiftui-update-groups`: update groups, numbered from 1 in reading
///   order; an event belongs to the innermost group whose span holds its time.
/// - `hitches`, `hitches-summary` and `potential-hangs`: one ``Hitch`` a
///   row, by the columns `start`, `duration`, `process`,
///   `narrative-description` (in `hitches-summary`, `type-label`) and (hangs)
///   `hang-type`; the others (`is-system`, `swap-id`, `label`, `display`,
///   `thread`, and `hitches-summary`'s latencies, severity and ids) are not
///   read.
///
/// The importer reads detail tables before cause tables (``Pass``); a
/// document holding both is read once for each.
///
/// Records go to the sink through a ``TraceRecordReceiver`` box, so this
/// hot path is concrete code whatever the sink's type.
struct InstrumentsTableReader {
    private let receiver: any TraceRecordReceiver
    private let classifier: TitleClassifier
    private var join = EventJoin()
    private var table = InstrumentsTable.unused
    private var tableName = ""
    /// The schemas of every table met, in the order met, once each.
    private(set) var schemasMet: [String] = []
    /// The rows of tables causegraph reads, each counted once whatever the
    /// passes: none means the input answers nothing.
    private(set) var rowsOfReadTables = 0
    /// Update events emitted: none means the tables read describe no view.
    private(set) var updateEvents = 0
    private var mnemonics: [String] = []
    private var began = false
    private var nextGroup: GroupID = 1

    /// Which tables of a document the reader takes rows from.
    enum Pass {
        /// Every table, in document order.
        case all
        /// Only the detail tables; cause rows are interned, then skipped.
        case details
        /// Only the cause tables; detail rows are interned, then skipped.
        case causes
    }

    /// The pass the current document is read in.
    var pass = Pass.all
    /// Update rows become events as they are read, rather than wait in the
    /// join for causes that name them: set when the input holds no cause
    /// table and nothing read after its one update table could add to an
    /// update, so the join then keeps nothing per event.
    var emitsUpdatesAsRead = false
    /// The cause tables the current document holds.
    private(set) var documentCauseSchemas: Set<String> = []
    /// A cause table whose rows are not read, since another one holds the
    /// same causes.
    var skippedCauseSchema: String?
    /// Root causes of update rows that name a cause by title only, by the
    /// id made up for each title.
    private var titleOnlyRootCauses: [String: EventID] = [:]

    /// Node cells already classified in this document, by interned value.
    private var nodeCache: [ValueRef: Int32] = [:]
    private var nodes: [NodeDescription] = []
    private var classificationsByFields: [NodeCell.Identity: NodeClassification] = [:]
    private var changedCache: [ValueRef: [String]] = [:]
    /// What update rows' interned text cells say, worked out once per
    /// distinct value rather than once per row.
    private var updateKindCache: [ValueRef: NodeKind] = [:]
    private var mentionsSkipCache: [ValueRef: Bool] = [:]
    private var severityCache: [ValueRef: Severity?] = [:]
    /// Update titles already classified, since the titles of a recording are few.
    private var updateClassifications: [String: NodeClassification] = [:]
    /// One bit per kept value of the document: set for event-id values
    /// whose event was emitted.
    private var emittedEventValues: [UInt64] = []

    /// Notes at byte offsets the caller resolves to lines and columns.
    private(set) var pendingNotes: [(offset: Int, message: String)] = []
    private(set) var unclassifiedTitles: [String: Int] = [:]
    private var unknownLabels: [String: Int] = [:]
    private var unknownSeverities: [String: Int] = [:]
    private var rowsWithoutEvent = 0
    /// Update rows read as they come that named an event emitted already.
    private var repeatedUpdates = 0
    private var lateGroups = 0
    /// Hitch and hang rows without a start or a duration (one past `Int64.max` is none).
    private var untimedHitches = 0
    /// The cause tables read: `swiftui-causes` and `swiftui-full-causes`
    /// hold the same causes, so reading both counts each twice.
    private var causeSchemas: Set<String> = []

    /// What a node cell says, kept once per interned cell.
    private struct NodeDescription {
        var classification: NodeClassification
        var times = NodeCell.Times()
    }

    init(classifier: TitleClassifier, receiver: any TraceRecordReceiver) {
        self.classifier = classifier
        self.receiver = receiver
    }

    /// Forgets what belongs to the previous document: interned values and
    /// the table being read. Event ids and groups span documents, since the
    /// tables of one recording are exported to separate files.
    mutating func startDocument() {
        nodeCache.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
        classificationsByFields.removeAll(keepingCapacity: true)
        changedCache.removeAll(keepingCapacity: true)
        updateKindCache.removeAll(keepingCapacity: true)
        mentionsSkipCache.removeAll(keepingCapacity: true)
        severityCache.removeAll(keepingCapacity: true)
        emittedEventValues.removeAll(keepingCapacity: true)
        table = .unused
        documentCauseSchemas = []
    }

    mutating func takeNotes() -> [(offset: Int, message: String)] {
        defer { pendingNotes.removeAll() }
        return pendingNotes
    }

    mutating func beginTable(schema: String, mnemonics: [String], offset: Int) throws(XMLReadFailure) {
        do {
            table = try InstrumentsTable.make(schema: schema, mnemonics: mnemonics)
        } catch {
            throw .at(offset: offset, message: "table \"\(schema)\" has no column with mnemonic \"\(error.mnemonic)\"")
        }
        tableName = schema
        self.mnemonics = mnemonics
        if !schemasMet.contains(schema) { schemasMet.append(schema) }
        if case .causes = table {
            documentCauseSchemas.insert(schema)
            if skippedCauseSchema == schema {
                table = .unused
            } else if pass != .details {
                causeSchemas.insert(schema)
            }
        }
        if case .unused = table, pass != .causes, !InstrumentsTable.causeSchemas.contains(schema) {
            pendingNotes.append(
                (
                    offset,
                    "table \"\(schema)\" is not used by causegraph (\(InstrumentsTable.skipReason(schema))); its rows are skipped"
                ))
        }
    }

    /// Reads again the cells of a row that are lists left in the file
    /// (``InternedValues/Kind/deferred``), except the node cells of cause
    /// rows whose event was emitted already: those are not read.
    mutating func readDeferredCells(of row: inout ExportRow, values: inout InternedValues) throws(XMLReadFailure) {
        var skipped: (Int?, Int?) = (nil, nil)
        if case .causes(let columns) = table {
            func emitted(_ column: Int?) -> Bool {
                guard let column, let id = values.number(row.cells[column]) else { return false }
                return join.emitted.contains(id)
            }
            if emitted(columns.sourceEvent) { skipped.0 = columns.sourceNode }
            if emitted(columns.destinationEvent) { skipped.1 = columns.destinationNode }
        }
        for column in row.cells.indices
        where values.kind(row.cells[column]) == .deferred && column != skipped.0 && column != skipped.1 {
            row.cells[column] = try values.materialize(row.cells[column], at: row.cellOffsets[column])
        }
    }

    mutating func row(_ row: ExportRow, values: InternedValues) throws(XMLReadFailure) {
        switch pass {
        case .all: break
        case .details: guard table.isDetail else { return }
        case .causes: guard !table.isDetail else { return }
        }
        if case .unused = table {} else { rowsOfReadTables += 1 }
        switch table {
        case .causes(let columns):
            try beginIfNeeded(row, process: columns.process, values: values)
            try causeRow(row, columns, values: values)
        case .updates(let columns):
            try beginIfNeeded(row, process: columns.process, values: values)
            try updateRow(row, columns, values: values)
        case .changes(let columns):
            try changeRow(row, columns, values: values)
        case .updateGroups(let columns):
            try beginIfNeeded(row, process: columns.process, values: values)
            try groupRow(row, columns, values: values)
        case .hitches(let columns):
            try beginIfNeeded(row, process: columns.process, values: values)
            try hitchRow(row, columns, values: values)
        case .unused:
            break
        }
    }

    // MARK: Tables

    private mutating func causeRow(_ row: ExportRow, _ columns: InstrumentsTable.CauseColumns, values: InternedValues)
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
        do {
            try receiver.add(cause)
        } catch {
            throw .at(offset: row.offset, message: Self.message(for: error))
        }
    }

    private mutating func updateRow(_ row: ExportRow, _ columns: InstrumentsTable.UpdateColumns, values: InternedValues)
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
        details.ran = !mentionsSkip(columns.updateType, row, values) && !mentionsSkip(columns.description, row, values)
        details.module = string(columns.module, row, values)
        // View Body rows leave `view-name` blank and name the view in
        // `description`; layout rows name it in `view-name`; a row with
        // neither still has its hierarchy, which starts with the view.
        details.title =
            string(columns.viewName, row, values) ?? string(columns.description, row, values)
            ?? innermostView(columns.viewHierarchy, row, values)
        details.severity = severity(columns.severity, row, values)
        let causes = columns.rootCauses.map { rootCauses(row.cells[$0], values) } ?? []
        if emitsUpdatesAsRead {
            try emitAsRead(event, details, rootCauses: causes, offset: row.offset)
        } else {
            join.add(details, for: event, rootCauses: causes)
        }
    }

    /// The causes a `root-causes` cell (a `description-set`) names: its
    /// numbers are their event ids and its `fmt` their titles, joined by
    /// ", " when there are several. A title without an id gets one made up
    /// for it, the same for every row that names it.
    private mutating func rootCauses(_ cell: ValueRef, _ values: InternedValues) -> [(id: EventID, title: String)] {
        guard let text = values.label(cell), !text.isEmpty else { return [] }
        // A number past the rule names no event a trace can hold: the title stands alone.
        let ids = values.children(cell).compactMap { values.number($0) }.filter { $0 <= TraceNumberRule.maximum }
        guard !ids.isEmpty else {
            if let id = titleOnlyRootCauses[text] { return [(id, text)] }
            // Counted down from Int64.max, the largest id a native trace holds,
            // far from the small ids xctrace gives events.
            let id = EventID(Int64.max) - EventID(titleOnlyRootCauses.count)
            titleOnlyRootCauses[text] = id
            return [(id, text)]
        }
        let titles = text.components(separatedBy: ", ")
        return ids.enumerated().map { index, id in (id, titles.count == ids.count ? titles[index] : text) }
    }

    private mutating func changeRow(_ row: ExportRow, _ columns: InstrumentsTable.ChangeColumns, values: InternedValues)
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

    private mutating func groupRow(_ row: ExportRow, _ columns: InstrumentsTable.GroupColumns, values: InternedValues)
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
        do {
            try receiver.add(group)
        } catch {
            throw .at(offset: row.offset, message: Self.message(for: error))
        }
    }

    private mutating func hitchRow(_ row: ExportRow, _ columns: InstrumentsTable.HitchColumns, values: InternedValues)
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
        do {
            try receiver.add(hitch)
        } catch {
            throw .at(offset: row.offset, message: Self.message(for: error))
        }
    }

    // MARK: Events

    private mutating func emitEvent(
        _ id: EventID, node column: Int?, rowTime: Nanoseconds?, isSource: Bool, _ row: ExportRow,
        _ values: InternedValues
    ) throws(XMLReadFailure) {
        guard join.markEmitted(id) else { return }
        // Fields read one by one: copying the whole description per event shows in profiles.
        let described = column.map { describeNode(row.cells[$0], values) }
        let classification =
            described?.classification ?? classifier.classify(title: "event \(id)", colour: nil, icon: nil)
        let times = described?.times ?? NodeCell.Times()
        var event = TraceEvent(
            id: id, kind: classification.kind, title: classification.title, owner: classification.owner,
            time: times.start ?? rowTime)
        if let details = join.details(of: id) {
            Self.complete(&event, with: details)
        } else if event.kind.isUpdate, let duration = times.duration {
            // A full-causes cell times an update by its end and duration.
            event.duration = duration
            if let end = times.end {
                let (start, overflow) = end.subtractingReportingOverflow(duration)
                event.time = overflow || start < 0 ? end : start
            }
        }
        // A change without a matching id explains the storage write (state,
        // observable) that is the source of the cause row recorded with it.
        let byTime = isSource && (event.kind == .state || event.kind == .observable)
        event.backtrace = join.backtrace(event: id, time: byTime ? rowTime : nil)
        if !classification.isClassified { unclassifiedTitles[classification.title, default: 0] += 1 }
        try add(event, offset: row.offset)
    }

    /// Takes `event`, so it is completed in place rather than copied.
    private mutating func add(_ event: consuming TraceEvent, offset: Int?) throws(XMLReadFailure) {
        event.group = join.group(containing: event.time)
        if event.kind.isUpdate { updateEvents += 1 }
        do {
            try receiver.add(event)
        } catch {
            if let offset { throw .at(offset: offset, message: Self.message(for: error)) }
            throw .diagnostic(.error(Self.message(for: error)))
        }
    }

    /// What a sink's complaint means for the export.
    private static func message(for error: any Error) -> String {
        switch error {
        case TraceConsistencyError.duplicateEvent(let id): "event \(id) is defined twice"
        case TraceConsistencyError.undefinedEvent(let id): "a cause names event \(id), which is not defined"
        case TraceConsistencyError.duplicateGroup(let id): "update group \(id) is defined twice"
        case let diagnostic as Diagnostic: diagnostic.message
        default: "\(error)"
        }
    }

    /// Whether the interned event-id value in `cell` was emitted already in
    /// this document: a `ref` to an event id needs no lookup by id.
    private func isMarkedEmitted(_ cell: ValueRef) -> Bool {
        guard InternedValues.isKept(cell) else { return false }
        let index = Int(cell - 1)
        return index >> 6 < emittedEventValues.count && emittedEventValues[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    private mutating func markEmitted(_ cell: ValueRef) {
        guard InternedValues.isKept(cell) else { return }
        let index = Int(cell - 1)
        if index >> 6 >= emittedEventValues.count {
            emittedEventValues.append(contentsOf: repeatElement(0, count: (index >> 6) + 1 - emittedEventValues.count))
        }
        emittedEventValues[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// Classifies a node cell (`typed-array` of title, colour, icon, …),
    /// once per interned cell, or, for the cells of `swiftui-full-causes`
    /// (each one event's, with its times), once per interned title, colour
    /// and icon: those cells are not kept, or memory would grow with events.
    private mutating func describeNode(_ cell: ValueRef, _ values: InternedValues) -> NodeDescription {
        let cacheable = InternedValues.isKept(cell)
        if cacheable, let index = nodeCache[cell] { return nodes[Int(index)] }
        let fields = NodeCell(cell, values)
        let identity = NodeCell.identity(cell, values)
        let classification: NodeClassification
        if let identity, let known = classificationsByFields[identity] {
            classification = known
        } else {
            classification = classifier.classify(title: fields.title, colour: fields.colour, icon: fields.icon)
            if let identity { classificationsByFields[identity] = classification }
        }
        let description = NodeDescription(classification: classification, times: fields.times)
        if cacheable && fields.times.isEmpty {
            nodeCache[cell] = Int32(nodes.count)
            nodes.append(description)
        }
        return description
    }

    // MARK: End

    /// Emits the events only update tables named, with their root causes
    /// when no cause table was read, then reports what was unusual.
    mutating func finish() throws(XMLReadFailure) -> [Diagnostic] {
        if !began { try begin(app: nil) }
        let rootCauses = causeSchemas.isEmpty ? join.rootCauses : ChunkedArray()
        var nextRootCause = rootCauses.startIndex
        for (position, id) in join.updateOrder.enumerated() {
            if join.markEmitted(id), let details = join.details(of: id) {
                try emitUpdate(id, details, offset: nil)
            }
            // Root causes are kept in the order of their updates.
            while nextRootCause < rootCauses.endIndex, rootCauses[nextRootCause].update == position {
                let link = rootCauses[nextRootCause]
                nextRootCause += 1
                try emitRootCause(
                    link.cause, title: join.rootCauseTitle(link.title), of: id, at: join.details(of: id)?.time,
                    offset: nil)
            }
        }
        return summary()
    }

    /// Emits an update row's event at once, with its root causes: for
    /// ``emitsUpdatesAsRead``. A second row for an event already emitted
    /// adds nothing, and is counted.
    private mutating func emitAsRead(
        _ id: EventID, _ details: EventJoin.UpdateDetails, rootCauses: [(id: EventID, title: String)], offset: Int
    ) throws(XMLReadFailure) {
        guard join.markEmitted(id) else {
            repeatedUpdates += 1
            return
        }
        try emitUpdate(id, details, offset: offset)
        for cause in rootCauses where cause.id != id {
            try emitRootCause(cause.id, title: cause.title, of: id, at: details.time, offset: offset)
        }
    }

    /// A root cause of update `update`: its event, the first time, then the link.
    private mutating func emitRootCause(
        _ cause: EventID, title: String, of update: EventID, at time: Nanoseconds?, offset: Int?
    ) throws(XMLReadFailure) {
        if join.markEmitted(cause) {
            let classification = classifier.classify(title: title, colour: nil, icon: nil)
            if !classification.isClassified { unclassifiedTitles[classification.title, default: 0] += 1 }
            try add(
                TraceEvent(
                    id: cause, kind: classification.kind, title: classification.title, owner: classification.owner),
                offset: offset)
        }
        do {
            try receiver.add(TraceCause(from: cause, to: update, label: .update, time: time))
        } catch {
            if let offset { throw .at(offset: offset, message: Self.message(for: error)) }
            throw .diagnostic(.error(Self.message(for: error)))
        }
    }

    private mutating func emitUpdate(_ id: EventID, _ details: EventJoin.UpdateDetails, offset: Int?)
        throws(XMLReadFailure)
    {
        let title = details.title ?? ""
        let classification = updateClassifications[title] ?? classifier.classify(title: title, colour: nil, icon: nil)
        updateClassifications[title] = classification
        var event = TraceEvent(
            id: id, kind: classification.kind, title: classification.title, owner: classification.owner)
        Self.complete(&event, with: details)
        event.backtrace = join.backtrace(event: id, time: nil)
        try add(event, offset: offset)
    }

    /// An event completed with its update row: the row's update type
    /// refines a title that classified as an update, its module may make
    /// the event the system's, and an update takes its timing and outcome.
    private static func complete(_ event: inout TraceEvent, with details: EventJoin.UpdateDetails) {
        if let kind = details.kind, event.kind.isUpdate { event.kind = kind }
        event.module = details.module
        event.owner = TitleClassifier.owner(event.owner, module: details.module)
        event.time = details.time ?? event.time
        if event.kind.isUpdate {
            event.duration = details.duration
            event.severity = details.severity
            event.ran = details.ran
        }
    }

    private func summary() -> [Diagnostic] {
        var notes: [Diagnostic] = []
        if !unclassifiedTitles.isEmpty {
            let total = unclassifiedTitles.values.reduce(0, +)
            let events = total == 1 ? "1 event has a title" : "\(total) events have titles"
            notes.append(
                Diagnostic(
                    .note,
                    "\(events) no classification rule matches, kept as \"other\" nodes (add rules with --classify FILE): \(Self.listing(unclassifiedTitles))"
                ))
        }
        if !unknownLabels.isEmpty {
            notes.append(
                Diagnostic(
                    .note, "cause labels causegraph does not know, kept as written: \(Self.listing(unknownLabels))"))
        }
        if !unknownSeverities.isEmpty {
            notes.append(Diagnostic(.note, "unknown severities ignored: \(Self.listing(unknownSeverities))"))
        }
        if rowsWithoutEvent > 0 {
            notes.append(Diagnostic(.warning, "\(rowsWithoutEvent) rows name no event id and were skipped"))
        }
        if repeatedUpdates > 0 {
            notes.append(
                Diagnostic(
                    .warning,
                    "\(repeatedUpdates) update rows name an event an earlier row described; the first row is kept"))
        }
        if untimedHitches > 0 {
            notes.append(
                Diagnostic(.warning, "\(untimedHitches) hitch or hang rows have no start or duration and were skipped"))
        }
        if causeSchemas.count > 1 {
            notes.append(
                Diagnostic(
                    .warning,
                    "both swiftui-causes and swiftui-full-causes were read: they hold the same causes, so every edge counts twice; give one of them"
                ))
        }
        if join.lateDetails > 0 {
            notes.append(
                Diagnostic(
                    .warning,
                    "\(join.lateDetails) update or swiftui-changes rows came, in a stream that cannot be read twice, after a cause had named their event, so the graph lacks their details; save the export to a file first"
                ))
        }
        if lateGroups > 0 {
            notes.append(
                Diagnostic(
                    .warning,
                    "\(lateGroups) update groups came, in a stream that cannot be read twice, after events were read, so earlier events are not placed in them; save the export to a file first"
                ))
        }
        return notes
    }

    /// `"title" (count)` items, most frequent first, at most 20.
    private static func listing(_ counts: [String: Int]) -> String {
        let sorted = counts.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
        var items = sorted.prefix(20).map { "\"\($0.key)\" (\($0.value))" }
        if sorted.count > 20 { items.append("and \(sorted.count - 20) more") }
        return items.joined(separator: ", ")
    }

    // MARK: Cells

    private mutating func beginIfNeeded(_ row: ExportRow, process: Int?, values: InternedValues) throws(XMLReadFailure)
    {
        guard !began else { return }
        // "Landmarks (4242)" names the recorded app.
        var app = process.flatMap { values.label(row.cells[$0]) }
        if let name = app, name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            app = String(name[..<open]).trimmingXMLWhitespace()
        }
        try begin(app: app?.isEmpty == true ? nil : app)
    }

    private mutating func begin(app: String?) throws(XMLReadFailure) {
        began = true
        do {
            try receiver.begin(TraceHeader(app: app))
        } catch {
            throw .diagnostic(.error(Self.message(for: error)))
        }
    }

    /// An event id within the ``TraceNumberRule``, as every format reads it.
    private func eventID(_ column: Int?, _ row: ExportRow, _ values: InternedValues) throws(XMLReadFailure) -> EventID?
    {
        guard let column, let id = try number(column, row, values) else { return nil }
        guard id <= TraceNumberRule.maximum else {
            throw .at(
                offset: row.cellOffsets[column],
                message:
                    "event id in column \"\(mnemonics[column])\" of \(tableName) \(TraceNumberRule.requirement), found \(id)"
            )
        }
        return id
    }

    /// A time or duration in nanoseconds; values past `Int64.max` (292
    /// years) are the near-`UINT64_MAX` markers of updates still in flight
    /// when recording stopped, so they are unknown.
    private func time(_ column: Int?, _ row: ExportRow, _ values: InternedValues) throws(XMLReadFailure) -> Nanoseconds?
    {
        guard let value = try number(column, row, values), value <= TraceNumberRule.maximum else { return nil }
        return Nanoseconds(value)
    }

    private func number(_ column: Int?, _ row: ExportRow, _ values: InternedValues) throws(XMLReadFailure) -> UInt64? {
        guard let column else { return nil }
        let cell = row.cells[column]
        switch values.kind(cell) {
        case .empty: return nil
        case .number: return values.number(cell)
        case .string, .list, .deferred:
            let shown = values.string(cell).map { "\"\(String($0.prefix(40)))\"" } ?? "a list"
            throw .at(
                offset: row.cellOffsets[column],
                message:
                    "malformed number \(shown) in column \"\(mnemonics[column])\" of \(tableName): expected a whole number"
            )
        }
    }

    /// The text of a cell; a blank cell is none.
    private func string(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> String? {
        guard let column, let text = values.label(row.cells[column]), !text.isEmpty else { return nil }
        return text
    }

    /// The view a `view-hierarchy` cell ("VStack ← ContentView ← App")
    /// starts with; `nil` for an empty cell.
    private func innermostView(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> String? {
        guard let text = string(column, row, values) else { return nil }
        let first = text.split(separator: "←", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let view = first.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return view.isEmpty ? nil : String(view)
    }

    /// The kind an update-type cell names; `nil` for an empty cell.
    private mutating func updateKind(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> NodeKind? {
        guard let column else { return nil }
        let cell = row.cells[column]
        if let known = updateKindCache[cell] { return known }
        guard let text = string(column, row, values) else { return nil }
        let kind = Self.kind(ofUpdateType: text)
        if InternedValues.isKept(cell) { updateKindCache[cell] = kind }
        return kind
    }

    /// Whether a cell's text says "skip", in any case.
    private mutating func mentionsSkip(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> Bool {
        guard let column else { return false }
        let cell = row.cells[column]
        if let known = mentionsSkipCache[cell] { return known }
        let mentions = string(column, row, values)?.lowercased().contains("skip") ?? false
        if InternedValues.isKept(cell) { mentionsSkipCache[cell] = mentions }
        return mentions
    }

    /// The severity a cell names; an unknown name is counted for a note.
    private mutating func severity(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> Severity? {
        guard let column else { return nil }
        let cell = row.cells[column]
        if let known = severityCache[cell] {
            if known == nil, let text = string(column, row, values) { unknownSeverities[text, default: 0] += 1 }
            return known
        }
        guard let text = string(column, row, values) else { return nil }
        let severity = Self.severity(text)
        if severity == nil { unknownSeverities[text, default: 0] += 1 }
        if InternedValues.isKept(cell) { severityCache[cell] = severity }
        return severity
    }

    /// `Update`, `Invalidation` and `Creation` are the known labels; any
    /// other is kept as written, and reported.
    private mutating func label(_ column: Int?, _ row: ExportRow, _ values: InternedValues) -> CauseLabel {
        guard let text = string(column, row, values), !text.isEmpty else { return .update }
        switch text {
        case "Update": return .update
        case "Invalidation": return .invalidation
        case "Creation": return .creation
        default:
            unknownLabels[text, default: 0] += 1
            return CauseLabel(rawValue: text)
        }
    }

    /// The changed properties of a cell, split once per interned value.
    private mutating func changedNames(_ cell: ValueRef, _ values: InternedValues) -> [String] {
        guard cell != 0 else { return [] }
        guard InternedValues.isKept(cell) else { return Self.names(cell, values) }
        if let names = changedCache[cell] { return names }
        let names = Self.names(cell, values)
        changedCache[cell] = names
        return names
    }

    /// Changed properties: a list cell's items, or a comma-separated string.
    private static func names(_ cell: ValueRef, _ values: InternedValues) -> [String] {
        if values.kind(cell) == .list {
            return values.children(cell).compactMap { values.string($0) }
        }
        guard let text = values.string(cell) else { return [] }
        return text.split(separator: ",").map { String($0).trimmingXMLWhitespace() }.filter { !$0.isEmpty }
    }

    /// "View Body" → body, "…Representable…" → representable, anything
    /// else ("Layout", …) → other.
    static func kind(ofUpdateType type: String) -> NodeKind {
        let lowered = type.lowercased()
        if lowered.contains("body") { return .body }
        if lowered.contains("representable") { return .representable }
        return .other
    }

    /// Instruments' five severities, and the names earlier releases used.
    static func severity(_ text: String) -> Severity? {
        switch text.lowercased() {
        case "very low": .veryLow
        case "low": .low
        case "medium", "moderate": .medium
        case "high": .high
        case "very high", "severe", "critical": .veryHigh
        default: nil
        }
    }
}

/// Where the table reader's records go: a class, so the reader can hold
/// one for a sink of any type without being generic itself.
protocol TraceRecordReceiver: AnyObject {
    func begin(_ header: TraceHeader) throws
    func add(_ event: TraceEvent) throws
    func add(_ cause: TraceCause) throws
    func add(_ group: UpdateGroup) throws
    func add(_ hitch: Hitch) throws
}

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
