import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("Pipelined trace writer")
struct PipelinedTraceWriterTests {
    /// About 1.5 MB of native JSON Lines: more than the output's 1 MB buffer.
    static let trace = SyntheticTrace(views: 1_200)

    /// The bytes the single-threaded writer produces for `trace`.
    static func reference() throws -> Data {
        let directory = try TemporaryFolder()
        let path = directory.path("reference.jsonl")
        let output = try OutputFile(path: path)
        var writer = NativeTraceWriter(output: output)
        try trace.emit(into: &writer)
        try output.commit()
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func recordCount() throws -> Int {
        var recorder = RecordingSink()
        try trace.emit(into: &recorder)
        return recorder.headers.count + recorder.events.count + recorder.causes.count + recorder.groups.count
    }

    @Test(
        "writes byte for byte what the single-threaded writer writes, however records are batched",
        arguments: [
            (1, 1), (7, 2), (4096, 4), (100_000, 1),
        ])
    func sameBytes(batchSize: Int, queuedBatches: Int) throws {
        let expected = try Self.reference()
        #expect(expected.count > 1 << 20)
        let directory = try TemporaryFolder()
        let path = directory.path("pipelined.jsonl")
        let output = try OutputFile(path: path)
        var writer = PipelinedTraceWriter(output: output, batchSize: batchSize, queuedBatches: queuedBatches)
        try Self.trace.emit(into: &writer)
        try writer.finish()
        try output.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        #expect(writer.failure == nil)
        #expect(writer.records == (try Self.recordCount()))
    }

    @Test("nothing received gives an empty file")
    func empty() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("empty.jsonl")
        let output = try OutputFile(path: path)
        var writer = PipelinedTraceWriter(output: output)
        try writer.finish()
        try output.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    @Test("a writer released without finishing stops its thread and leaves no file")
    func abandoned() throws {
        let directory = try TemporaryFolder()
        do {
            let output = try OutputFile(path: directory.path("abandoned.jsonl"))
            var writer = PipelinedTraceWriter(output: output, batchSize: 64, queuedBatches: 1)
            try Self.trace.emit(into: &writer)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test(
        "a failed write stops the import and reaches the caller, naming the output",
        .enabled(
            if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full, whose writes fail with ENOSPC"))
    func fullDevice() throws {
        let expected = Diagnostic.error("cannot write: No space left on device", at: SourceLocation(file: "/dev/full"))
        let output = try OutputFile(path: "/dev/full")
        var writer = PipelinedTraceWriter(output: output, batchSize: 256, queuedBatches: 2)
        var stoppedAt: Int?
        do {
            try Self.trace.emit(into: &writer)
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic == expected)
            stoppedAt = writer.records
        }
        let records = try #require(stoppedAt, "the import should have been stopped by the failed write")
        #expect(records < (try Self.recordCount()))
        #expect(writer.failure == expected)
        #expect(throws: expected) { try writer.finish() }
        // Written through, as every device is: still the device, not replaced.
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }
}
