import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraphCLI

/// The notes block of a tool result: what the command prints on standard
/// error, each line once, and bounded as the answer is.
@Suite("causegraph mcp's notes block", .serialized)
struct MCPNotesTests {
    @Test("a folder named 256 times says what it skipped once, over MCP and on the command line")
    func repeatedNoteSaidOnce() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("traces"), withIntermediateDirectories: false)
        _ = try scratch.write(
            "traces/trace.jsonl",
            try Data(contentsOf: URL(fileURLWithPath: fixture("landmarks-favorites-before.jsonl"))))
        for index in 0..<6 {
            try FileManager.default.createDirectory(
                atPath: scratch.path("traces/\(index)" + String(repeating: "f", count: 200)),
                withIntermediateDirectories: false)
        }
        let session = try RawMCPSession(in: scratch.url)
        try session.initialize()
        try session.send(
            try RawMCPSession.call(id: 1, "summary", ["traces": Array(repeating: "traces", count: 256)]))
        let result = try #require(try session.response(to: "1")["result"])
        #expect(result["isError"]?.content != .bool(true), "\(result.texts)")
        let notes = try #require(result.texts.dropFirst().first)
        #expect(notes.split(separator: "\n").count == 1, "\(notes.utf8.count) bytes")
        #expect(notes.hasPrefix("traces: note: skipped 6 folders"), "\(notes.prefix(200))")

        let command = try Causegraph.run(["summary", "traces", "traces", "traces"], in: scratch.url)
        #expect(command.status == 0)
        #expect(command.standardError.split(separator: "\n").count == 1, "\(command.standardError)")
    }

    @Test("notes past 64 KB are left out, and a last line says how many")
    func notesBounded() throws {
        var diagnostics = Diagnostics()
        for index in 0..<2_000 {
            diagnostics.note("skipped 6 folders", at: SourceLocation(file: "traces-\(index)"))
        }
        let blocks =
            try JSONSerialization.jsonObject(
                with: try JSONEncoder().encode(MCPToolRunner.notes(diagnostics, .summary))) as? [[String: Any]]
        try #require(blocks?.count == 1)
        let text = try #require(blocks?.first?["text"] as? String)
        #expect(text.utf8.count <= MCPToolRunner.largestResult)
        let lines = text.split(separator: "\n")
        let shown = lines.count - 1
        #expect(shown > 1_000 && lines[shown - 1] == "traces-\(shown - 1): note: skipped 6 folders")
        #expect(
            lines.last == "… \(CountText.format(2_000 - shown)) more notes left out: the notes are kept under 64 KB")

        var few = Diagnostics()
        few.note("skipped 6 folders", at: SourceLocation(file: "traces"))
        #expect(MCPToolRunner.notes(few, .summary).count == 1)
        #expect(MCPToolRunner.notes(Diagnostics(), .summary).isEmpty)
    }
}
