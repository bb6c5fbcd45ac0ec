import CauseGraph
import Foundation

/// Keeps every record an importer sends, in order.
struct RecordingSink: TraceSink {
    var headers: [TraceHeader] = []
    var events: [TraceEvent] = []
    var causes: [TraceCause] = []
    var groups: [UpdateGroup] = []
    var hitches: [Hitch] = []

    mutating func begin(_ header: TraceHeader) throws { headers.append(header) }
    mutating func add(_ event: TraceEvent) throws { events.append(event) }
    mutating func add(_ cause: TraceCause) throws { causes.append(cause) }
    mutating func add(_ group: UpdateGroup) throws { groups.append(group) }
    mutating func add(_ hitch: Hitch) throws { hitches.append(hitch) }

    func event(_ id: EventID) -> TraceEvent? { events.first { $0.id == id } }
}

enum InstrumentsFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/instruments")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    static let tables = [
        "swiftui-causes.xml", "swiftui-updates.xml", "swiftui-changes.xml", "swiftui-update-groups.xml",
    ].map(path)

    /// Writes `bytes` to a fresh temporary file, removed when the test process exits, and returns its path.
    static func temporaryFile(_ bytes: [UInt8], name: String = "export.xml") throws -> String {
        let folder = try ProcessScratchFolder.newFolder()
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    static func temporaryFile(_ text: String, name: String = "export.xml") throws -> String {
        try temporaryFile(Array(text.utf8), name: name)
    }

    /// Reads paths as Instruments exports into a recording sink.
    static func read(_ paths: [String], settings: ImportSettings = ImportSettings()) throws -> (
        RecordingSink, Diagnostics
    ) {
        var sink = RecordingSink()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
        return (sink, diagnostics)
    }

    /// The diagnostic reading `text` as an export fails with.
    static func failure(_ text: [UInt8], settings: ImportSettings = ImportSettings(format: .instruments)) throws -> (
        Diagnostic, String
    ) {
        let path = try temporaryFile(text)
        do {
            _ = try read([path], settings: settings)
        } catch let diagnostic as Diagnostic {
            return (diagnostic, path)
        }
        throw NotThrown()
    }

    struct NotThrown: Error {}

    /// A one-table document with the given columns and rows.
    static func document(schema: String = "swiftui-causes", columns: [String], rows: [String]) -> String {
        let cols = columns.map { "<col><mnemonic>\($0)</mnemonic></col>" }.joined()
        return "<?xml version=\"1.0\"?>\n<trace-query-result><node><schema name=\"\(schema)\">\(cols)</schema>\n"
            + rows.joined(separator: "\n") + "\n</node></trace-query-result>\n"
    }

    static let causeColumns = [
        "timestamp", "source-node-event-id", "source-node", "destination-node-event-id", "destination-node", "label",
    ]

    /// A well-formed cause row from event `from` to event `to`.
    static func causeRow(_ from: Int, _ to: Int, time: Int = 1, ids: Int) -> String {
        "<row><event-time id=\"\(ids)\">\(time)</event-time><uint64 id=\"\(ids + 1)\">\(from)</uint64><string id=\"\(ids + 2)\">@State: a</string>"
            + "<uint64 id=\"\(ids + 3)\">\(to)</uint64><string id=\"\(ids + 4)\">ContentView</string><string id=\"\(ids + 5)\">Update</string></row>"
    }
}
