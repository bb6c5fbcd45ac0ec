/// The SwiftUI tables of an Instruments export that causegraph reads, with
/// the position of each column it uses, found by mnemonic.
enum InstrumentsTable {
    case causes(CauseColumns)
    case updates(UpdateColumns)
    case changes(ChangeColumns)
    case updateGroups(GroupColumns)
    case hitches(HitchColumns)
    /// A table causegraph does not read; its rows are still interned.
    case unused

    struct CauseColumns {
        var timestamp: Int?
        var sourceEvent: Int
        var sourceNode: Int?
        var destinationEvent: Int
        var destinationNode: Int?
        var label: Int?
        var changedProperties: Int?
        var process: Int?
    }

    struct UpdateColumns {
        var start: Int?
        var duration: Int?
        var event: Int
        var updateType: Int?
        var description: Int?
        var module: Int?
        var viewName: Int?
        var severity: Int?
        var rootCauses: Int?
        var process: Int?
        /// `view-hierarchy`, "A ← B ← C" with the view itself first: its
        /// title when `view-name` and `description` are both blank.
        var viewHierarchy: Int?
    }

    struct ChangeColumns {
        var timestamp: Int?
        var event: Int?
        var backtrace: Int
    }

    /// `hitches`, `hitches-summary` and `potential-hangs`; every column is
    /// optional, and a row without a start or a duration is skipped.
    struct HitchColumns {
        var kind: Hitch.Kind
        var start: Int?
        var duration: Int?
        var process: Int?
        var hangType: Int?
        /// Instruments' reading of the hitch: `narrative-description` in
        /// `hitches`; in `hitches-summary`, whose `narrative` only numbers
        /// the hitch ("1 : Hitch Duration"), the `type-label` ("Pre-Commit(s)
        /// latency", "Commit to Render latency").
        var narrative: Int?
    }

    struct GroupColumns {
        var start: Int?
        var duration: Int?
        var label: Int?
        var process: Int?
    }

    /// The update tables: every one supplies update details, joined by
    /// event id. `SwiftUIFilteredUpdates` has the columns of
    /// `swiftui-updates`, and a table of contents may list it three times;
    /// `swiftui-layout-updates` holds layout work, which has no update type;
    /// Xcode 27's `SwiftUILayoutUpdates2` is the same table plus a `depth`
    /// column (the view's depth in the hierarchy, which the graph has no
    /// place for, so it is not read).
    static let updateSchemas = [
        "swiftui-updates", "SwiftUIFilteredUpdates", "swiftui-layout-updates", "SwiftUILayoutUpdates2",
    ]
    static let causeSchemas = ["swiftui-causes", "swiftui-full-causes"]

    /// The schemas read, in the order files holding them are read: details
    /// to join come before the causes that emit events.
    static let readOrder = hitchSchemas + ["swiftui-update-groups"] + updateSchemas + ["swiftui-changes"] + causeSchemas
    /// The tables of hitches and of hangs (see docs/hitches-research.md):
    /// iOS 26 devices write `hitches`, iOS 18 devices recorded with Xcode 26
    /// write `hitches-summary` in its place, with other columns.
    static let hitchSchemas = ["hitches", "hitches-summary", "potential-hangs"]
    /// Tables whose every row defines ids that no later row names (times,
    /// durations, event ids; in `swiftui-full-causes`, each event's node
    /// cell), so a file starting with one is worth an ``IDCensus``. A
    /// `swiftui-causes` row defines two, one of which later rows name, and
    /// its node cells are one a view: the scan would cost more than it saves.
    static let censusSchemas = updateSchemas + ["swiftui-full-causes"]

    /// Tables a SwiftUI recording holds that causegraph does not read, and
    /// why; any other unread table is simply not a SwiftUI one.
    static let skipReasons = [
        "swiftui-update-group-gaps": "the gaps between update groups, which swiftui-update-groups already gives",
        "hitches-frame-lifetimes": "one row per frame shown, not per hitch",
        "hang-risks": "hang risks name no update",
        "time-profile": "Time Profiler samples name no SwiftUI update or cause",
    ]

    /// Why a table is not read, for the note that says it is skipped.
    static func skipReason(_ schema: String) -> String {
        skipReasons[schema] ?? "not a SwiftUI table causegraph reads"
    }

    /// Whether rows of this table name events that a cause table emits.
    var isDetail: Bool {
        switch self {
        case .updates, .changes, .updateGroups, .hitches: true
        case .causes, .unused: false
        }
    }

    /// For a table whose first row begins the trace, the column naming the
    /// recorded process (`.some(nil)` when the table has none); `nil` for
    /// the changes, whose rows only add backtraces to events, and for
    /// tables not read.
    var beginningProcess: Int?? {
        switch self {
        case .causes(let columns): columns.process
        case .updates(let columns): columns.process
        case .updateGroups(let columns): columns.process
        case .hitches(let columns): columns.process
        case .changes, .unused: nil
        }
    }

    /// The table for a schema; a missing required column is an error.
    static func make(schema: String, mnemonics: [String]) throws(MissingColumn) -> InstrumentsTable {
        let columns = Columns(mnemonics: mnemonics)
        switch schema {
        case "swiftui-causes", "swiftui-full-causes":
            return .causes(
                CauseColumns(
                    timestamp: columns["timestamp"],
                    sourceEvent: try columns.required("source-node-event-id"),
                    sourceNode: columns["source-node"],
                    destinationEvent: try columns.required("destination-node-event-id"),
                    destinationNode: columns["destination-node"],
                    label: columns["label"],
                    changedProperties: columns["changed-properties"],
                    process: columns["process"]))
        case "swiftui-updates", "SwiftUIFilteredUpdates", "swiftui-layout-updates", "SwiftUILayoutUpdates2":
            return .updates(
                UpdateColumns(
                    start: columns["start"], duration: columns["duration"], event: try columns.required("id"),
                    updateType: columns["update-type"], description: columns["description"], module: columns["module"],
                    viewName: columns["view-name"], severity: columns["severity"], rootCauses: columns["root-causes"],
                    process: columns["process"], viewHierarchy: columns["view-hierarchy"]))
        case "swiftui-changes":
            return .changes(
                ChangeColumns(
                    timestamp: columns["timestamp"], event: columns["id"], backtrace: try columns.required("backtrace"))
            )
        case "swiftui-update-groups":
            return .updateGroups(
                GroupColumns(
                    start: columns["start"], duration: columns["duration"], label: columns["label"],
                    process: columns["process"]))
        case "hitches", "potential-hangs":
            return .hitches(
                HitchColumns(
                    kind: schema == "hitches" ? .hitch : .hang, start: columns["start"], duration: columns["duration"],
                    process: columns["process"], hangType: columns["hang-type"],
                    narrative: columns["narrative-description"]))
        case "hitches-summary":
            return .hitches(
                HitchColumns(
                    kind: .hitch, start: columns["start"], duration: columns["duration"], process: columns["process"],
                    hangType: nil, narrative: columns["type-label"]))
        default:
            return .unused
        }
    }

    struct MissingColumn: Error {
        var mnemonic: String
    }

    private struct Columns {
        let mnemonics: [String]

        subscript(mnemonic: String) -> Int? {
            mnemonics.firstIndex(of: mnemonic)
        }

        func required(_ mnemonic: String) throws(MissingColumn) -> Int {
            guard let index = self[mnemonic] else { throw MissingColumn(mnemonic: mnemonic) }
            return index
        }
    }
}
