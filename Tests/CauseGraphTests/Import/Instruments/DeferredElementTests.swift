import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// Lists left in the file (``ValueBuilder``): reading with a census of the
/// refs, and the file at hand to read elements again, gives the records
/// reading without one gives.
@Suite struct DeferredElementTests {
    private struct Reading {
        var sink: RecordingSink
        var notes: [String]
    }

    /// Reads documents one after the other, each in `pass` `.all`, with a
    /// census and the file, or with neither; `file` stands for the first
    /// document's bytes read again (by default the same ones).
    private func read(_ documents: [[UInt8]], deferring: Bool, file: [UInt8]? = nil) throws -> Reading {
        let box = SinkBox(RecordingSink())
        var reader = ExportDocumentReader(
            consumer: InstrumentsTableReader(classifier: TitleClassifier(), receiver: box))
        var diagnostics = Diagnostics()
        for (index, bytes) in documents.enumerated() {
            final class Position { var value = 0 }
            let position = Position()
            var source = InstrumentsImporter.ChunkSource(
                name: "export.xml", prefix: Array(bytes.prefix(InputFormat.detectionPrefixLength))
            ) { () throws(Diagnostic) -> [UInt8]? in
                guard position.value < bytes.count else { return nil }
                let chunk = Array(bytes[position.value..<min(position.value + 4096, bytes.count)])
                position.value += 4096
                return chunk
            }
            source.file = RandomAccessBytes(bytes: index == 0 ? file ?? bytes : bytes)
            let census = deferring ? try IDCensus.take(of: source.file!) : nil
            try InstrumentsImporter.read(source, census: census, with: &reader, diagnostics: &diagnostics)
        }
        do throws(XMLReadFailure) {
            for note in try reader.consumer.finish() { diagnostics.append(note) }
        } catch {
            Issue.record("finishing failed: \(error)")
        }
        return Reading(sink: box.take(), notes: diagnostics.all.map { $0.formatted { $0 } })
    }

    private func read(_ bytes: [UInt8], deferring: Bool, file: [UInt8]? = nil) throws -> Reading {
        try read([bytes], deferring: deferring, file: file)
    }

    private func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: InstrumentsFixtures.directory.appendingPathComponent(name)))
    }

    private func expectSameRecords(_ documents: [[UInt8]], _ comment: Comment? = nil) throws {
        let kept = try read(documents, deferring: false)
        let deferred = try read(documents, deferring: true)
        #expect(deferred.sink.events == kept.sink.events, comment)
        #expect(deferred.sink.causes == kept.sink.causes, comment)
        #expect(deferred.sink.groups == kept.sink.groups, comment)
        #expect(deferred.sink.hitches == kept.sink.hitches, comment)
        #expect(deferred.notes == kept.notes, comment)
    }

    @Test func everyFixtureTableGivesTheSameRecords() throws {
        let names =
            try FileManager.default.contentsOfDirectory(atPath: InstrumentsFixtures.directory.path)
            .filter { $0.hasSuffix(".xml") }.sorted() + ["recording/all-tables.xml"]
        #expect(names.count >= 8)
        for name in names { try expectSameRecords([try fixture(name)], "\(name)") }
        // The detail tables before the causes they complete.
        let recording = try [
            "swiftui-update-groups.xml", "swiftui-updates.xml", "swiftui-changes.xml", "swiftui-causes.xml",
        ].map(fixture)
        try expectSameRecords(recording)
        #expect(try read(recording, deferring: true).sink.events.contains { !$0.backtrace.isEmpty })
    }

    /// The realistic recording `causegraph-export-gen` writes, in each of
    /// its tables.
    @Test(arguments: ["swiftui-updates", "swiftui-full-causes", "swiftui-causes"])
    func aGeneratedRecordingGivesTheSameRecords(table: String) throws {
        let generator = GeneratedRecording.generator
        try #require(FileManager.default.isExecutableFile(atPath: generator.path), "built by swift build")
        let run = try ProcessRunner.run(generator, ["4000", "3", table], timeout: .seconds(120))
        try #require(run.status == 0, "\(run.standardError)")
        let bytes = Array(run.output.utf8)
        try expectSameRecords([bytes], "\(table)")
        let reading = try read(bytes, deferring: true)
        #expect(reading.sink.causes.count >= 4000 || table != "swiftui-causes" && !reading.sink.events.isEmpty)
    }

    /// A backtrace's frame, itself a list with an id, named again inside a
    /// later backtrace: the frame is read again while that row is read, and
    /// the later backtrace holds it whole.
    @Test func aListNamedInsideALaterListIsReadAgainWhole() throws {
        let changes = try fixture("swiftui-changes.xml")
        // The second row's backtrace holds `<frame ref="7"/>`: frame 7 is a list left in the file.
        #expect(String(decoding: changes, as: UTF8.self).contains("<frame ref=\"7\"/>"))
        let census = try #require(try IDCensus.take(of: RandomAccessBytes(bytes: changes)))
        #expect(census.isReferenced(7) && census.isReferenced(9) && !census.isReferenced(4))
        let reading = try read([changes, try fixture("swiftui-causes.xml")], deferring: true)
        let storage = try #require(reading.sink.events.first { $0.backtrace.first == "TextStyleModifier.setFont(_:)" })
        #expect(storage.backtrace == ["TextStyleModifier.setFont(_:)", "closure #1 in ContentView.body.getter"])
        try expectSameRecords([changes, try fixture("swiftui-causes.xml")])
    }

    @Test func aCellNamedByLaterRowsIsReadAgainOnceAndKept() throws {
        let columns = ["start", "duration", "id", "update-type", "view-name", "root-causes"]
        var rows: [String] = []
        for row in 0..<40 {
            let ids = 100 + row * 10
            let causes =
                row == 0
                ? "<description-set id=\"7\" fmt=\"@State count, Tap\"><uint64 id=\"8\">900</uint64><uint64 id=\"9\">901</uint64></description-set>"
                : "<description-set ref=\"7\"/>"
            rows.append(
                "<row><start-time id=\"\(ids)\">\(1000 + row)</start-time><duration id=\"\(ids + 1)\">5</duration>"
                    + "<uint64 id=\"\(ids + 2)\">\(row + 1)</uint64><string id=\"\(ids + 3)\">View Body</string>"
                    + "<string id=\"\(ids + 4)\">Row\(row % 3)</string>\(causes)</row>")
        }
        let bytes = Array(
            InstrumentsFixtures.document(schema: "swiftui-updates", columns: columns, rows: rows).utf8)
        try expectSameRecords([bytes])
        let reading = try read(bytes, deferring: true)
        #expect(reading.sink.causes.filter { $0.from == 900 }.count == 40)
        #expect(reading.sink.event(901)?.title == "Tap")
    }

    @Test func aFileChangedUnderneathIsAnErrorAtTheElement() throws {
        let bytes = try fixture("swiftui-changes.xml")
        // The bytes read again name another id where frame 7 was.
        let changed = Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "<frame id=\"7\"", with: "<frame id=\"8\"")
                .utf8)
        #expect(changed.count == bytes.count)
        // Reported at the ref that asked for it: the second row's `<frame ref="7"/>`.
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("<frame ref=\"7\"/>") })
        let column = try #require(lines[line].range(of: "<frame ref=\"7\"/>")).lowerBound
        let expectedColumn = lines[line].unicodeScalars.distance(from: lines[line].startIndex, to: column) + 1
        #expect {
            _ = try read([bytes, try fixture("swiftui-causes.xml")], deferring: true, file: changed)
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.message.contains("the file changed while it was read")
                && diagnostic.message.contains("id=\"7\"") && diagnostic.location?.line == line + 1
                && diagnostic.location?.column == expectedColumn
        }
    }
}
