import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// The package's root folder, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reconstructs the graph of a native trace given as text.
func graph(ofTrace text: String, frameRate: Double? = nil) throws -> CauseEffectGraph {
    let directory = try TemporaryFolder()
    let path = try directory.write("trace.jsonl", text)
    var diagnostics = Diagnostics()
    return try TracePipeline(settings: ImportSettings(frameRate: frameRate)).reconstruct(
        [path], diagnostics: &diagnostics
    ).graph
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

/// Output compared with files under version control. `CAUSEGRAPH_RECORD=1` writes
/// the current output instead and fails the test, so a re-record is always a
/// visible change: a red run, then a diff to review in git.
enum Golden {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["CAUSEGRAPH_RECORD"] == "1" }

    /// Expects `actual` to equal the file at `path` (relative to the package
    /// root), showing the lines that differ when it does not.
    static func check(
        _ actual: String, against path: String, recording: Bool = isRecording,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = URL(fileURLWithPath: path, relativeTo: packageRoot)
        if recording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record(
                "recorded \(path); review the diff, then run again without CAUSEGRAPH_RECORD",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if actual != expected {
            Issue.record(
                "\(path) differs (- golden, + actual); CAUSEGRAPH_RECORD=1 re-records it\n\(LineDiff(expected, actual))",
                sourceLocation: sourceLocation)
        }
    }
}
