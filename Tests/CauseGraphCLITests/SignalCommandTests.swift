import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraphCLI

/// A signal during a write leaves no temporary file and the old output as it
/// was: one line on standard error, and 128 plus the signal's number.
@Suite("signals", .serialized)
struct SignalCommandTests {
    /// Waits until a temporary output file beside `output` holds at least `bytes`.
    static func waitForTemporaryFile(in scratch: TemporaryFolder, beside output: String, bytes: Int) throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            for entry in scratch.entries where entry.hasPrefix(".\(output).tmp-") {
                let size = (try? FileManager.default.attributesOfItem(atPath: scratch.path(entry))[.size] as? Int) ?? 0
                if size >= bytes { return true }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    static func previousOutput(in scratch: TemporaryFolder) throws -> String {
        let path = try scratch.write("out.jsonl", "previous\n")
        #expect(chmod(path, 0o600) == 0)
        return path
    }

    static func expectUntouched(_ scratch: TemporaryFolder, entries: [String]) throws {
        #expect(scratch.entries == entries)
        #expect(try scratch.read("out.jsonl") == Data("previous\n".utf8))
        var info = stat()
        #expect(stat(scratch.path("out.jsonl"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test("convert reading standard input", arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
    func standardInput(_ signal: Int32, _ name: String) throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("trace.jsonl")
        try SyntheticTrace(views: 3_000).write(to: trace)
        let output = try Self.previousOutput(in: scratch)
        let input = try PrivatePipe()
        let error = try PrivatePipe()
        let program = try StartedProgram(
            [Causegraph.executable.path, "convert", "-", "-o", output], handing: [0: input.reading, 2: error.writing])
        // The whole trace, but standard input stays open: convert is still running when the signal comes.
        input.writing.write(try Data(contentsOf: URL(fileURLWithPath: trace)))
        #expect(try Self.waitForTemporaryFile(in: scratch, beside: "out.jsonl", bytes: 1 << 20))
        kill(program.pid, signal)
        let end = try program.end(within: .seconds(120))
        let message = String(decoding: error.reading.readDataToEndOfFile(), as: UTF8.self)
        try? input.writing.close()
        #expect(end == .exited(128 + signal))
        #expect(message == "causegraph: stopped by \(name); no output file was replaced\n")
        try Self.expectUntouched(scratch, entries: ["out.jsonl", "trace.jsonl"])
    }

    @Test("convert of a large generated export, stopped half way")
    func largeExport() throws {
        let scratch = try TemporaryFolder()
        let export = try GeneratedRecording.write(300_000, "swiftui-causes", into: scratch)
        let output = try Self.previousOutput(in: scratch)
        let error = try PrivatePipe()
        let program = try StartedProgram(
            [Causegraph.executable.path, "convert", export, "-o", output], handing: [2: error.writing])
        #expect(try Self.waitForTemporaryFile(in: scratch, beside: "out.jsonl", bytes: 4 << 20))
        kill(program.pid, SIGTERM)
        let end = try program.end(within: .seconds(120))
        let message = String(decoding: error.reading.readDataToEndOfFile(), as: UTF8.self)
        #expect(end == .exited(143))
        #expect(message == "causegraph: stopped by SIGTERM; no output file was replaced\n")
        try Self.expectUntouched(scratch, entries: ["out.jsonl", "swiftui-causes-300000-1.xml"])
    }

    @Test("a read stopped while it fills the cache leaves no temporary folder in it")
    func cacheEntryStopped() throws {
        let scratch = try TemporaryFolder()
        let export = try GeneratedRecording.write(300_000, "swiftui-causes", into: scratch)
        let entries = scratch.path("cache/entries")
        let program = try StartedProgram(
            [Causegraph.executable.path, "summary", export],
            environment: ["CAUSEGRAPH_CACHE_DIR": scratch.path("cache")])
        func temporaryFolders() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: entries)) ?? []).filter { $0.hasPrefix(".tmp-") }
        }
        let deadline = Date().addingTimeInterval(60)
        var started = false
        while !started, Date() < deadline {
            started = temporaryFolders().contains { folder in
                let records = entries + "/" + folder + "/records.bin"
                return ((try? FileManager.default.attributesOfItem(atPath: records)[.size] as? Int) ?? 0) >= 1 << 20
            }
            if !started { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(started, "the cache entry was being written")
        kill(program.pid, SIGTERM)
        #expect(try program.end(within: .seconds(120)) == .exited(143))
        #expect(temporaryFolders().isEmpty)
    }

    @Test("render --each stopped after writing some graphs names what it wrote, whole; the rest are untouched")
    func someOutputsWritten() throws {
        let scratch = try TemporaryFolder()
        let traces = scratch.path("traces")
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        try SyntheticTrace(views: 3).write(to: traces + "/a.jsonl")
        try SyntheticTrace(views: 3).write(to: traces + "/b.jsonl")
        let large = try GeneratedRecording.write(300_000, "native", into: scratch)
        try FileManager.default.moveItem(atPath: large, toPath: traces + "/z.jsonl")
        let graphs = scratch.path("graphs")
        let error = try PrivatePipe()
        let program = try StartedProgram(
            [Causegraph.executable.path, "render", "--each", traces, "--format", "dot", "-o", graphs],
            handing: [2: error.writing])
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !FileManager.default.fileExists(atPath: graphs + "/b.dot") {
            Thread.sleep(forTimeInterval: 0.01)
        }
        kill(program.pid, SIGTERM)
        let end = try program.end(within: .seconds(120))
        let message = String(decoding: error.reading.readDataToEndOfFile(), as: UTF8.self)
        #expect(end == .exited(143))
        #expect(
            message
                == "causegraph: stopped by SIGTERM; 2 output files were written before the stop, the last \(graphs)/b.dot\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: graphs).sorted() == ["a.dot", "b.dot"])
        for name in ["a", "b"] {
            let alone = try Causegraph.run(["render", traces + "/\(name).jsonl", "--format", "dot", "-o", "-"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: graphs + "/\(name).dot")) == alone.standardOutput)
        }
    }

    @Test("an output folder the command made and wrote nothing into is removed by the stop, with the parents it made")
    func madeFolderRemoved() throws {
        let scratch = try TemporaryFolder()
        let traces = scratch.path("traces")
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        let large = try GeneratedRecording.write(300_000, "native", into: scratch)
        try FileManager.default.moveItem(atPath: large, toPath: traces + "/large.jsonl")
        // The folders are made once the traces are listed, before the first is read: seconds before
        // its graph is written, however slow the build (a sanitizer's).
        let graphs = scratch.path("graphs/each")
        let error = try PrivatePipe()
        let program = try StartedProgram(
            [Causegraph.executable.path, "render", "--each", traces, "--format", "dot", "-o", graphs],
            handing: [2: error.writing])
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, !FileManager.default.fileExists(atPath: graphs) {
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(FileManager.default.fileExists(atPath: graphs), "the output folder was made")
        kill(program.pid, SIGTERM)
        #expect(try program.end(within: .seconds(120)) == .exited(143))
        let message = String(decoding: error.reading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message == "causegraph: stopped by SIGTERM; no output file was replaced\n")
        #expect(scratch.entries == ["traces"])
    }

    @Test("the stop's line: none replaced, the one output written, or how many and the last, made visible")
    func stopLine() {
        #expect(SignalExit.outputs(CommittedOutputs()) == "no output file was replaced")
        #expect(
            SignalExit.outputs(CommittedOutputs(count: 1, last: "out.svg")) == "out.svg was written before the stop")
        #expect(
            SignalExit.outputs(CommittedOutputs(count: 2, last: "b\u{1B}[2J.svg"))
                == "2 output files were written before the stop, the last b␛[2J.svg")
    }
}
