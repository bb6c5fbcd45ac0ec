import CauseGraphTestSupport
import Foundation
import Testing

@Suite("causegraph command line: _printChanges / _logChanges logs")
struct ChangeLogCommandTests {
    static let logs = [
        "stdout.txt", "log-show-default.log", "log-stream-compact.log", "log-show-syslog.log", "log-show.json",
        "log-stream.ndjson",
    ]

    @Test("render reads every log style, detected from the content", arguments: logs)
    func render(_ name: String) throws {
        let result = try Causegraph.run(["render", fixture("logs/\(name)"), "--format", "json"])
        #expect(result.status == 0)
        let golden = try String(
            contentsOfFile: fixture("logs/\((name as NSString).deletingPathExtension).graph.json"), encoding: .utf8)
        #expect(result.output == golden)
        #expect(result.standardError.contains("note: skipped"), "the notes about skipped lines reach the user")
    }

    @Test("convert writes the native format, which renders to the same graph", arguments: logs)
    func convert(_ name: String) throws {
        let scratch = try TemporaryFolder()
        let converted = try Causegraph.run(["convert", fixture("logs/\(name)"), "-o", scratch.path("trace.jsonl")])
        #expect(converted.status == 0)
        let direct = try Causegraph.run(["render", fixture("logs/\(name)"), "--format", "json"])
        let viaNative = try Causegraph.run(["render", scratch.path("trace.jsonl"), "--format", "json"])
        #expect(viaNative.status == 0)
        #expect(viaNative.output == direct.output)
    }

    @Test("standard input and --input-format changes")
    func standardInput() throws {
        let log = Data("Launching\nContentView: @self, _count changed.\n".utf8)
        let result = try Causegraph.run(
            ["render", "-", "--input-format", "changes", "--format", "dot"], standardInput: log)
        #expect(result.status == 0)
        #expect(result.output.contains("ContentView.count"))
    }

    @Test(
        "bad logs: one positioned error line, exit 2, nothing written",
        arguments: [
            (
                "bad.ndjson", Array("{\"eventMessage\":\"A: unchanged.\"}\n{\"eventMessage\": 3\n".utf8),
                "bad.ndjson:2:19: error: not JSON: expected ',' or '}' in the object"
            ),
            (
                "cut.json",
                Array("[{\n  \"eventMessage\" : \"A: unchanged.\"\n},{\n  \"eventMessage\" : \"B: unch".utf8),
                "cut.json:4:28: error: the file ends inside a log entry that starts at line 3: the log is cut short"
            ),
            (
                "cut.log", Array("A: unchanged.\nContentView: @self, _cou".utf8),
                "cut.log:2:25: error: change line cut short"
            ),
            ("empty.log", [], "empty.log:1: error: empty file: expected `_printChanges()`"),
            (
                "garbage.log", [0x41, 0x42, 0x00, 0xFF, 0xFE, 0x0A, 0x80],
                "garbage.log:1:3: error: binary data, not a text log"
            ),
        ])
    func badInput(_ name: String, _ bytes: [UInt8], _ expected: String) throws {
        let scratch = try TemporaryFolder()
        let input = scratch.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        for command in [["render", "--format", "svg"], ["convert"]] {
            let output = scratch.path("out")
            let result = try Causegraph.run(
                command + [input, "--input-format", "changes", "-o", output], in: scratch.url)
            #expect(result.status == 2)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.contains(expected) == true, "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }
}

@Suite("the title of a log's graph")
struct ChangeLogTitleTests {
    @Test(
        "the graph and the summary are titled by the log's process, else by the file's name",
        arguments: [
            ("log-show-default.log", "Landmarks"), ("log-stream.ndjson", "Landmarks"), ("stdout.txt", "stdout.txt"),
        ])
    func title(_ name: String, _ title: String) throws {
        let dot = try Causegraph.run(["render", fixture("logs/\(name)"), "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.output.contains("label=<<B>\(title)</B>>]"))
        let summary = try Causegraph.run(["summary", fixture("logs/\(name)")])
        #expect(summary.output.hasPrefix("\(title)\n"))
        let markdown = try Causegraph.run(["summary", fixture("logs/\(name)"), "--format", "markdown"])
        #expect(markdown.output.hasPrefix("## SwiftUI updates: \(title)\n"))
    }

    @Test("a log read from standard input stays untitled")
    func standardInput() throws {
        let log = try Data(contentsOf: URL(fileURLWithPath: fixture("logs/stdout.txt")))
        let dot = try Causegraph.run(["render", "-", "--format", "dot"], standardInput: log)
        #expect(dot.status == 0)
        #expect(!dot.output.contains("label=<<B>"))
    }
}
