/// The trace formats causegraph reads.
public enum InputFormat: String, CaseIterable, Sendable {
    /// causegraph's own JSON Lines format.
    case native
    /// Instruments `xctrace export` XML of the SwiftUI tables.
    case instruments
    /// `_printChanges()` / `_logChanges()` output: captured standard output or
    /// `log` text, json or ndjson. Almost any text could be one, so it stays last.
    case changes

    /// The importer that reads this format.
    var importer: any TraceImporter.Type {
        switch self {
        case .native: NativeTraceReader.self
        case .instruments: InstrumentsImporter.self
        case .changes: ChangeLogImporter.self
        }
    }

    /// How many leading bytes detection looks at.
    static let detectionPrefixLength = 4096

    /// The format whose importer recognises these first bytes, in the order
    /// of `allCases`.
    package static func detect(_ prefix: [UInt8]) -> InputFormat? {
        allCases.first { $0.importer.looksLikeFormat(prefix) }
    }

    /// The format of a file found in a folder rather than named: as `detect`,
    /// but text counts as change lines only when it shows some.
    static func detectAmongOtherFiles(_ prefix: [UInt8]) -> InputFormat? {
        let format = detect(prefix)
        if format == .changes && !ChangeLogImporter.showsChangeLines(prefix) { return nil }
        return format
    }
}
