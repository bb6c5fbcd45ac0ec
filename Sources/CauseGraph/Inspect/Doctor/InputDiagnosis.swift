/// What `doctor` found in one input: what it is, what it holds, what
/// causegraph will read of it, and what is missing for causegraph to say
/// why a body ran, with the likely reason and the command that fixes it.
public struct InputDiagnosis: Equatable, Sendable {
    /// What an input is.
    public enum Kind: String, Sendable {
        case bundle = "Instruments .trace bundle"
        case tableOfContents = "table of contents (xctrace export --toc)"
        case export = "Instruments export (xctrace export)"
        case changeLog = "change log (_printChanges / _logChanges)"
        case nativeTrace = "causegraph native trace"
        case causegraphOutput = "causegraph output"

        /// The word JSON output names the kind by.
        public var key: String {
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
    public struct Table: Equatable, Sendable {
        public var schema: String
        /// `nil` where they were not counted (a table of contents).
        public var rows: Int?
        /// Whether causegraph reads this table; if not, why.
        public var skipReason: String?
    }

    /// One run of a recording, as its table of contents describes it.
    public struct Run: Equatable, Sendable {
        public var number: Int
        public var device: String?
        public var platform: String?
        public var osVersion: String?
        public var isSimulator: Bool
        public var process: String?
        /// "launched" or "attached".
        public var launch: String?
        public var template: String?
        public var instrumentsVersion: String?
        public var tables: [Table]
        /// The tables causegraph reads of this run, in reading order.
        public var reads: [String]
    }

    /// Something missing, why it likely is, and what fixes it.
    public struct Problem: Equatable, Sendable {
        public var message: String
        /// A command that fixes it, when one does.
        public var fix: String?
    }

    /// The records a native trace or change log gave.
    public struct Records: Equatable, Sendable {
        public var events = 0
        public var updates = 0
        public var causes = 0
        public var groups = 0
    }

    public var path: String
    public var kind: Kind
    /// A bundle's or table of contents' runs.
    public var runs: [Run] = []
    /// An export's tables.
    public var tables: [Table] = []
    /// A native trace's or change log's records.
    public var records: Records?
    /// What causegraph reads of it (an export's tables; "every record").
    public var reads: [String] = []
    public var problems: [Problem] = []
    /// Whether it can answer "why did this body run".
    public var canAnswerWhy = false
}
