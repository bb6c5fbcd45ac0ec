/// The trace formats causegraph reads.
public enum InputFormat: String, CaseIterable, Sendable {
    /// causegraph's own JSON Lines format.
    case native
    /// Instruments `xctrace export` XML of the SwiftUI tables.
    case instruments

    /// The importer that reads this format.
    var importer: any TraceImporter.Type {
        switch self {
        case .native: NativeTraceReader.self
        case .instruments: InstrumentsImporter.self
        }
    }

    /// How many leading bytes detection looks at.
    static let detectionPrefixLength = 4096

    /// The format whose importer recognises these first bytes, in the order
    /// of `allCases`.
    public static func detect(_ prefix: [UInt8]) -> InputFormat? {
        allCases.first { $0.importer.looksLikeFormat(prefix) }
    }
}
