/// What `doctor` found in one input: what it is, what it holds, what
/// causegraph will read of it, and what is missing for causegraph to say
/// why a body ran, with the likely reason and the command that fixes it.
package struct InputDiagnosis: Equatable, Sendable {
    /// What an input is.
    package enum Kind: String, Sendable {
        case bundle = "Instruments .trace bundle"
        case tableOfContents = "table of contents (xctrace export --toc)"
        case export = "Instruments export (xctrace export)"
        case changeLog = "change log (_printChanges / _logChanges)"
        case nativeTrace = "causegraph native trace"
        case causegraphOutput = "causegraph output"

        /// The word JSON output names the kind by.
        package var key: String {
            switch self {
            case .bundle: "bundle"
            case .tableOfContents: "table-of-contents"
            case .export: "export"
            case .changeLog: "change-log"
            case .nativeTrace: "native-trace"
            case .causegraphOutput: "causegraph-output"
            }
        }
    }

    /// One table and its rows.
    package struct Table: Equatable, Sendable {
        package var schema: String
        /// `nil` where they were not counted (a table of contents).
        package var rows: Int?
        /// Whether causegraph reads this table; if not, why.
        package var skipReason: String?
    }

    /// One run of a recording, as its table of contents describes it.
    package struct Run: Equatable, Sendable {
        package var number: Int
        package var device: String?
        package var platform: String?
        package var osVersion: String?
        package var isSimulator: Bool
        package var process: String?
        /// "launched" or "attached".
        package var launch: String?
        package var template: String?
        package var instrumentsVersion: String?
        package var tables: [Table]
        /// The tables causegraph reads of this run, in reading order.
        package var reads: [String]
    }

    /// Something missing, why it likely is, and what fixes it.
    package struct Problem: Equatable, Sendable {
        package var message: String
        /// A command that fixes it, when one does.
        package var fix: String?
    }

    /// The records a native trace or change log gave.
    package struct Records: Equatable, Sendable {
        package var events = 0
        package var updates = 0
        package var causes = 0
        package var groups = 0
    }

    package var path: String
    package var kind: Kind
    /// A bundle's or table of contents' runs.
    package var runs: [Run] = []
    /// An export's tables.
    package var tables: [Table] = []
    /// A native trace's or change log's records.
    package var records: Records?
    /// What causegraph reads of it (an export's tables; "every record").
    package var reads: [String] = []
    package var problems: [Problem] = []
    /// Whether it can answer "why did this body run".
    package var canAnswerWhy = false
}
