import CauseGraph
import Foundation

/// A sink that keeps every record it receives, in order.
struct ChangeLogRecorder: TraceSink {
    enum Record: Equatable {
        case begin(TraceHeader)
        case event(TraceEvent)
        case cause(TraceCause)
        case group(UpdateGroup)
        case hitch(Hitch)
    }

    var records: [Record] = []

    mutating func begin(_ header: TraceHeader) throws { records.append(.begin(header)) }
    mutating func add(_ event: TraceEvent) throws { records.append(.event(event)) }
    mutating func add(_ cause: TraceCause) throws { records.append(.cause(cause)) }
    mutating func add(_ group: UpdateGroup) throws { records.append(.group(group)) }
    mutating func add(_ hitch: Hitch) throws { records.append(.hitch(hitch)) }

    var events: [TraceEvent] {
        records.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    var causes: [TraceCause] {
        records.compactMap { if case .cause(let cause) = $0 { cause } else { nil } }
    }

    var groups: [UpdateGroup] {
        records.compactMap { if case .group(let group) = $0 { group } else { nil } }
    }

    var bodies: [TraceEvent] { events.filter { $0.kind == .body } }
}

/// Writes test inputs to files of their own, since importers read files;
/// they are removed when the test process exits.
enum ChangeLogTestFiles {
    static func write(_ bytes: [UInt8], name: String = "input.log") -> String {
        let directory = try! ProcessScratchFolder.newFolder()
        let path = directory.appendingPathComponent(name).path
        precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
        return path
    }

    static func write(_ text: String, name: String = "input.log") -> String {
        write(Array(text.utf8), name: name)
    }
}

/// The result of importing one or more inputs as change logs.
struct ChangeLogImport {
    var recorder = ChangeLogRecorder()
    var diagnostics = Diagnostics()

    /// Reads files; `format` `nil` lets detection choose.
    init(paths: [String], format: InputFormat? = .changes, frameRate: Double? = nil) throws(Diagnostic) {
        try TraceInput.read(
            paths: paths, settings: ImportSettings(format: format, frameRate: frameRate),
            into: &recorder, diagnostics: &diagnostics)
    }

    init(_ text: String, name: String = "input.log", format: InputFormat? = .changes, frameRate: Double? = nil)
        throws(Diagnostic)
    {
        try self.init(paths: [ChangeLogTestFiles.write(text, name: name)], format: format, frameRate: frameRate)
    }

    init(bytes: [UInt8], format: InputFormat? = .changes) throws(Diagnostic) {
        try self.init(paths: [ChangeLogTestFiles.write(bytes)], format: format)
    }
}

/// The error an import throws, or `nil` when it succeeds.
func changeLogImportError(
    _ text: String, name: String = "input.log", format: InputFormat? = .changes, frameRate: Double? = nil
) -> Diagnostic? {
    do {
        _ = try ChangeLogImport(text, name: name, format: format, frameRate: frameRate)
        return nil
    } catch {
        return error
    }
}

func changeLogImportError(bytes: [UInt8], format: InputFormat? = .changes) -> Diagnostic? {
    do {
        _ = try ChangeLogImport(bytes: bytes, format: format)
        return nil
    } catch {
        return error
    }
}
