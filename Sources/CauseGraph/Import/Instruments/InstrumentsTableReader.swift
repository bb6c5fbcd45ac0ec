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
    let receiver: any TraceRecordReceiver
    let classifier: TitleClassifier
    /// How the notes name the settings they point at.
    let spelling: SettingSpelling
    var join = EventJoin()
    private var table = InstrumentsTable.unused
    var tableName = ""
    /// The schemas of every table met, in the order met, once each.
    private(set) var schemasMet: [String] = []
    /// The rows of tables causegraph reads, each counted once whatever the
    /// passes: none means the input answers nothing.
    private(set) var rowsOfReadTables = 0
    /// Update events emitted: none means the tables read describe no view.
    var updateEvents = 0
    var mnemonics: [String] = []
    var began = false
    var nextGroup: GroupID = 1

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
    var titleOnlyRootCauses: [String: EventID] = [:]

    /// Node cells already classified in this document: by kept value (its
    /// ``ValueRef`` less one), one past its index in `nodes`, or 0. An
    /// array, not a dictionary: a cause row looks up each event it emits,
    /// and kept values are numbered densely.
    var nodeCache: [Int32] = []
    var nodes: [NodeDescription] = []
    var classificationsByFields: [NodeCell.Identity: NodeClassification] = [:]
    var changedCache: [ValueRef: [String]] = [:]
    /// What update rows' interned text cells say, worked out once per
    /// distinct value rather than once per row.
    var updateKindCache: [ValueRef: NodeKind] = [:]
    var mentionsSkipCache: [ValueRef: Bool] = [:]
    var severityCache: [ValueRef: Severity?] = [:]
    /// Update titles already classified, since the titles of a recording are few.
    var updateClassifications: [String: NodeClassification] = [:]
    /// One bit per kept value of the document: set for event-id values
    /// whose event was emitted.
    var emittedEventValues: [UInt64] = []

    /// Notes at byte offsets the caller resolves to lines and columns.
    private(set) var pendingNotes: [(offset: Int, message: String)] = []
    var unclassifiedTitles: [String: Int] = [:]
    var unknownLabels: [String: Int] = [:]
    var unknownSeverities: [String: Int] = [:]
    var rowsWithoutEvent = 0
    /// Update rows read as they come that named an event emitted already.
    var repeatedUpdates = 0
    var lateGroups = 0
    /// Hitch and hang rows without a start or a duration (one past `Int64.max` is none).
    var untimedHitches = 0
    /// The cause tables read: `swiftui-causes` and `swiftui-full-causes`
    /// hold the same causes, so reading both counts each twice.
    var causeSchemas: Set<String> = []

    /// What a node cell says, kept once per interned cell.
    struct NodeDescription {
        var classification: NodeClassification
        var times = NodeCell.Times()
    }

    init(classifier: TitleClassifier, spelling: SettingSpelling = .neutral, receiver: any TraceRecordReceiver) {
        self.classifier = classifier
        self.spelling = spelling
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
        if !began, let process = table.beginningProcess { try beginIfNeeded(row, process: process, values: values) }
        switch table {
        case .causes(let columns):
            try causeRow(row, columns, values: values)
        case .updates(let columns):
            try updateRow(row, columns, values: values)
        case .changes(let columns):
            try changeRow(row, columns, values: values)
        case .updateGroups(let columns):
            try groupRow(row, columns, values: values)
        case .hitches(let columns):
            try hitchRow(row, columns, values: values)
        case .unused:
            break
        }
    }
}
