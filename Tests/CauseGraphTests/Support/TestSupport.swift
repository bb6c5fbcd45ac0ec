import CauseGraph
import Foundation

/// The package's root folder, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A folder under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("causegraph-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to a file in the folder and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// Reconstructs the graph of a native trace given as text.
func graph(ofTrace text: String, frameRate: Double? = nil) throws -> CauseGraph {
    let directory = try TemporaryDirectory()
    let path = try directory.file("trace.jsonl", text)
    var diagnostics = Diagnostics()
    return try CauseGraph.reconstruct(from: [path], settings: ImportSettings(frameRate: frameRate), diagnostics: &diagnostics)
}

/// The diagnostic reading a native trace given as text throws, with the
/// file name replaced by `trace.jsonl`.
func importError(ofTrace text: String) throws -> String? {
    do {
        _ = try graph(ofTrace: text)
        return nil
    } catch let diagnostic as Diagnostic {
        var diagnostic = diagnostic
        if let file = diagnostic.location?.file {
            diagnostic.location?.file = (file as NSString).lastPathComponent
        }
        return diagnostic.description
    }
}

/// A native trace's header line.
let traceHeader = #"{"causegraph": 1, "app": "Test", "frameRate": 60}"#

/// Records of the record-when-asked golden files: set `CAUSEGRAPH_RECORD=1`
/// to write the current output instead of comparing against it.
enum Golden {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["CAUSEGRAPH_RECORD"] == "1" }

    /// The golden text at `path` (relative to the package root), or the
    /// recorded `actual` when recording.
    static func expected(at path: String, actual: String) throws -> String {
        let url = packageRoot.appendingPathComponent(path)
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return actual
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
