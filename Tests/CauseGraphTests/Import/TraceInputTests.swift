import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("trace inputs: files, folders and streams")
struct TraceInputTests {
    let trace =
        traceHeader + "\n"
        + #"{"node": 1, "kind": "body", "title": "ContentView", "owner": "app", "time": 0, "duration": 1000}"# + "\n"

    private func read(_ paths: [String], settings: ImportSettings = ImportSettings()) throws -> (
        RecordingSink, Diagnostics
    ) {
        var sink = RecordingSink()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
        return (sink, diagnostics)
    }

    @Test("a folder as people keep it: the traces are read, the rest is named in one note")
    func skipsWhatIsNotATrace() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jsonl", trace)
        try folder.write("README.md", "# Recordings of the favourites bug\n")
        try folder.write("graph.json", "{\n  \"causegraph\": 1,\n  \"nodes\": []\n}\n")
        try folder.write(".DS_Store", "hidden")
        try FileManager.default.createDirectory(atPath: folder.path("old"), withIntermediateDirectories: false)
        let (sink, diagnostics) = try read([folder.url.path])
        #expect(sink.events.map(\.title) == ["ContentView"])
        #expect(
            diagnostics.all.map(\.description) == [
                "\(folder.url.path): note: skipped 2 files that are not traces ('README.md', 'graph.json' (causegraph's graph JSON)) and 1 folder ('old/')"
            ])
    }

    @Test(
        "each trace on its own: a folder's trace files in name order, what is named directly as given, one note per folder"
    )
    func eachTrace() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.jsonl", trace)
        try folder.write("a.jsonl", trace)
        try folder.write("README.md", "# notes\n")
        let named = try folder.write("named.txt", "anything: it is read, and judged, when its graph is drawn")
        var diagnostics = Diagnostics()
        let traces = try TraceInput.eachTrace(in: [named, folder.url.path, "-"], diagnostics: &diagnostics)
        #expect(traces == [named, folder.path("a.jsonl"), folder.path("b.jsonl"), "-"])
        #expect(
            diagnostics.all.map(\.description) == [
                "\(folder.url.path): note: skipped 2 files that are not traces ('README.md', 'named.txt')"
            ])

        let empty = try TemporaryFolder()
        try empty.write("README.md", "# notes\n")
        #expect(
            throws: Diagnostic.error(
                "directory holds no trace files; skipped 1 file that is not a trace ('README.md')",
                at: SourceLocation(file: empty.url.path))
        ) {
            try TraceInput.eachTrace(in: [empty.url.path], diagnostics: &diagnostics)
        }
    }

    @Test("an explicit --input-format makes every file of a folder count")
    func explicitFormatReadsEveryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jsonl", trace)
        let readme = try folder.write("README.md", "# notes\n")
        #expect(throws: Diagnostic.self) { try read([folder.url.path], settings: ImportSettings(format: .native)) }
        do {
            _ = try read([folder.url.path], settings: ImportSettings(format: .native))
        } catch let error as Diagnostic {
            #expect(error.location?.file == readme)
        }
    }

    @Test("a folder with nothing to read says what it skipped")
    func nothingLeft() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "nothing here\n")
        try FileManager.default.createDirectory(atPath: folder.path("App.trace"), withIntermediateDirectories: false)
        let error = #expect(throws: Diagnostic.self) { try read([folder.url.path]) }
        #expect(
            error?.description
                == "\(folder.url.path): error: directory holds no trace files; skipped 1 file that is not a trace ('notes.txt') and 1 Instruments document (name it on its own) ('App.trace')"
        )
    }

    @Test("a FIFO inside a folder is skipped without being opened")
    func fifoInFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jsonl", trace)
        #expect(mkfifo(folder.path("pipe"), 0o600) == 0)
        // Opening the FIFO would block this test for ever: reaching the
        // expectations at all shows it was not opened.
        let (sink, diagnostics) = try read([folder.url.path])
        #expect(sink.events.count == 1)
        #expect(diagnostics.all.map(\.message) == ["skipped 1 entry that is not a regular file ('pipe')"])
    }

    @Test("a long list of skipped files names the first few and counts the rest")
    func longList() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jsonl", trace)
        for index in 0..<8 { try folder.write("note\(index).txt", "text\n") }
        let (_, diagnostics) = try read([folder.url.path])
        #expect(
            diagnostics.all.map(\.message) == [
                "skipped 8 files that are not traces ('note0.txt', 'note1.txt', 'note2.txt', 'note3.txt', 'note4.txt' and 3 more)"
            ])
    }

    @Test("a file named directly must still be a trace")
    func namedFileIsStrict() throws {
        let folder = try TemporaryFolder()
        let readme = try folder.write("README.md", "# notes\n")
        let error = #expect(throws: Diagnostic.self) { try read([readme]) }
        #expect(error?.location?.file == readme)
        #expect(error?.message.hasPrefix("no `_printChanges()` or `_logChanges()` change lines") == true)
    }

    @Test("an Instruments document named as a trace is not read as a folder")
    func instrumentsDocument() throws {
        let folder = try TemporaryFolder()
        let document = folder.path("App.trace")
        try FileManager.default.createDirectory(atPath: document, withIntermediateDirectories: false)
        let error = #expect(throws: Diagnostic.self) { try read([document]) }
        #expect(error?.location?.file == document)
        #expect(error?.message.hasPrefix("directory holds no trace files") == false)
    }
}

@Suite("Reading progress")
struct ReadProgressTests {
    /// Collects what a read reports.
    private final class Reports: @unchecked Sendable {
        var all: [ReadProgress] = []
    }

    @Test("progress counts every byte of the files read, against their total size, and ends once with isDone")
    func files() throws {
        let paths = ["landmarks-favorites-before", "dark-mode"].map {
            packageRoot.appendingPathComponent("fixtures/\($0).jsonl").path
        }
        let size = try paths.reduce(Int64(0)) {
            $0 + Int64(try #require(try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int))
        }
        let reports = Reports()
        var settings = ImportSettings()
        settings.progress = { reports.all.append($0) }
        var builder = GraphBuilder()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: paths, settings: settings, into: &builder, diagnostics: &diagnostics)
        #expect(reports.all.allSatisfy { $0.totalBytes == size })
        #expect(reports.all.map(\.bytesRead) == reports.all.map(\.bytesRead).sorted(), "bytes read only grow")
        #expect(reports.all.last == ReadProgress(bytesRead: size, totalBytes: size, isDone: true))
        #expect(reports.all.dropLast().allSatisfy { !$0.isDone })
        #expect(reports.all.last?.share == 1)
    }

    @Test("an export read from a pipe, which is kept in a file and read again, counts each byte once")
    func spooledPipe() throws {
        let path = packageRoot.appendingPathComponent("fixtures/instruments/swiftui-causes.xml").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pipe = Pipe()
        // Written from a thread of its own: the export is larger than a pipe holds.
        let writer = Thread {
            pipe.fileHandleForWriting.write(bytes)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let stream = ByteStream(name: "<stdin>", descriptor: dup(pipe.fileHandleForReading.fileDescriptor))
        var reported: Int64 = 0
        stream.onRead = { reported += Int64($0) }
        try stream.spoolToTemporaryFile()
        while try stream.nextChunk() != nil {}
        try stream.rewind()
        while try stream.nextChunk() != nil {}
        #expect(stream.bytesRead == Int64(bytes.count))
        #expect(reported == Int64(bytes.count))
    }
}
