import Foundation
import Testing

@testable import CauseGraph

/// The file is read in chunks; whatever the chunks, the records and the
/// error positions are the same.
@Suite struct InstrumentsChunkingTests {
    /// `bytes` as sources handing out `size` bytes at a time, which can be
    /// read again from the start and by offset, as files can.
    private func sources(_ files: [(name: String, bytes: [UInt8])], chunkSize size: Int) -> [InstrumentsImporter
        .ChunkSource]
    {
        files.map { file in
            final class Position { var value = 0 }
            let position = Position()
            var source = InstrumentsImporter.ChunkSource(
                name: file.name, prefix: Array(file.bytes.prefix(InputFormat.detectionPrefixLength)),
                restart: { () throws(Diagnostic) in position.value = 0 }
            ) { () throws(Diagnostic) -> [UInt8]? in
                guard position.value < file.bytes.count else { return nil }
                let chunk = Array(file.bytes[position.value..<min(position.value + size, file.bytes.count)])
                position.value += size
                return chunk
            }
            source.file = RandomAccessBytes(bytes: file.bytes)
            return source
        }
    }

    /// One document holding every table of a recording, causes first.
    private func combined() throws -> [(name: String, bytes: [UInt8])] {
        let path = InstrumentsFixtures.directory.appendingPathComponent("recording/all-tables.xml").path
        return [(path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))]
    }

    @Test("an error stops the tokenizing thread: it reads a few chunks past the error, then no more")
    func anErrorStopsTheTokenizingThread() throws {
        let rows = (0..<20_000).map { InstrumentsFixtures.causeRow($0 * 2 + 1, $0 * 2 + 2, ids: $0 * 6 + 1) }
        var good = InstrumentsFixtures.document(columns: InstrumentsFixtures.causeColumns, rows: rows)
        // A ref to an id no element defines, in row 61 of 20,000: some 13 KB into a 4 MB document.
        let bad = "<row><event-time id=\"999999\">5</event-time><uint64 ref=\"999998\"/>"
        good = good.replacingOccurrences(of: "<row>", with: bad, options: [], range: good.range(of: rows[60]))
        let bytes = Array(good.utf8)
        final class Reads { var count = 0 }
        let reads = Reads()
        let chunkSize = 4096
        let source = InstrumentsImporter.ChunkSource(
            name: "big.xml", prefix: Array(bytes.prefix(InputFormat.detectionPrefixLength))
        ) { () throws(Diagnostic) -> [UInt8]? in
            let start = reads.count * chunkSize
            guard start < bytes.count else { return nil }
            reads.count += 1
            return Array(bytes[start..<min(start + chunkSize, bytes.count)])
        }
        var sink = RecordingSink()
        var diagnostics = Diagnostics()
        #expect {
            try InstrumentsImporter.read([source], settings: ImportSettings(), into: &sink, diagnostics: &diagnostics)
        } throws: { error in
            (error as? Diagnostic)?.message == "ref=\"999998\" names an id that is not defined earlier in the document"
                && (error as? Diagnostic)?.location?.line == 63
        }
        let readWhenStopped = reads.count
        // The error is in the fourth chunk; two buffers wait in the queue and one is being tokenized.
        #expect(readWhenStopped <= 7, "read \(readWhenStopped) of \(bytes.count / chunkSize) chunks")
        #expect(sink.causes.count == 60)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(reads.count == readWhenStopped, "the thread had stopped when the read returned")
    }

    @Test(
        "the tables of a file are found in order, each once, by threads scanning blocks of it",
        arguments: [1, 2, 3], [100, 4095, 4096, 4097, 1 << 20])
    func schemaTagsAreFoundAcrossBlocksAndParts(parts: Int, blockSize: Int) throws {
        let bytes = try #require(try combined().first).bytes
        let file = RandomAccessBytes(bytes: bytes)
        let names = try InstrumentsImporter.schemaNames(of: file, parts: parts, blockSize: blockSize)
        #expect(
            names == [
                "swiftui-full-causes", "swiftui-causes", "swiftui-changes", "hitches", "swiftui-layout-updates",
                "SwiftUIFilteredUpdates", "swiftui-updates", "swiftui-update-groups", "potential-hangs",
            ])
    }

    @Test("a block that ends inside a <schema tag is read on past its end")
    func aSchemaTagCutByABlockIsReadOn() throws {
        let bytes = try #require(try combined().first).bytes
        let file = RandomAccessBytes(bytes: bytes)
        let whole = try InstrumentsImporter.schemaNames(of: file, parts: 1, blockSize: 1 << 20)
        let tags = bytes.indices.filter { bytes[$0...].starts(with: Array("<schema".utf8)) }
        #expect(tags.count == whole.count)
        for tag in tags {
            // The first block ends after "<sc", in the middle of the tag.
            let names = try InstrumentsImporter.schemaNames(of: file, parts: 1, blockSize: tag + 3)
            #expect(names == whole, "blocks of \(tag + 3) bytes")
        }
    }

    @Test(arguments: [5, 17, 4096])
    func aDocumentReadTwiceGivesTheSameRecordsInAnyChunks(chunkSize: Int) throws {
        let reference = try read(try combined(), chunkSize: 1 << 20)
        let sink = try read(try combined(), chunkSize: chunkSize)
        #expect(sink.events == reference.events && sink.causes == reference.causes && sink.groups == reference.groups)
        #expect(reference.events.first { $0.id == 20 }?.duration == 642_000, "details after causes are joined")
    }

    private func read(_ files: [(name: String, bytes: [UInt8])], chunkSize: Int) throws -> RecordingSink {
        var sink = RecordingSink()
        var diagnostics = Diagnostics()
        try InstrumentsImporter.read(
            sources(files, chunkSize: chunkSize), settings: ImportSettings(), into: &sink, diagnostics: &diagnostics)
        return sink
    }

    private func fixtures() throws -> [(name: String, bytes: [UInt8])] {
        try InstrumentsFixtures.tables.map { ($0, Array(try Data(contentsOf: URL(fileURLWithPath: $0)))) }
    }

    @Test(arguments: [1, 2, 3, 5, 8, 13, 64, 1000])
    func recordsDoNotDependOnChunkSize(chunkSize: Int) throws {
        let files = try fixtures()
        let whole = try read(files, chunkSize: 1 << 20)
        let chunked = try read(files, chunkSize: chunkSize)
        #expect(chunked.headers == whole.headers)
        #expect(chunked.events == whole.events)
        #expect(chunked.causes == whole.causes)
        #expect(chunked.groups == whole.groups)
        #expect(whole.events.count == 20 && whole.causes.count == 11)
    }

    @Test(arguments: [1, 4, 7, 100])
    func errorPositionsDoNotDependOnChunkSize(chunkSize: Int) throws {
        let bad = InstrumentsFixtures.document(
            columns: InstrumentsFixtures.causeColumns,
            rows: [
                InstrumentsFixtures.causeRow(1, 2, ids: 1),
                "<row><event-time id=\"7\">5</event-time>\n<uint64 ref=\"2\"/>\n  <string ref=\"3\"/><uint64>x9</uint64><string ref=\"5\"/><string ref=\"6\"/></row>",
            ])
        let file = [(name: "bad.xml", bytes: Array(bad.utf8))]
        #expect(
            throws: Diagnostic.error(
                "malformed number \"x9\" in column \"destination-node-event-id\" of swiftui-causes: expected a whole number",
                at: SourceLocation(file: "bad.xml", line: 6, column: 20))
        ) {
            _ = try read(file, chunkSize: chunkSize)
        }
    }

    @Test func multiByteCharactersSplitAcrossChunks() throws {
        let text = InstrumentsFixtures.document(
            columns: InstrumentsFixtures.causeColumns,
            rows: [
                "<row><event-time id=\"1\">5</event-time><uint64 id=\"2\">1</uint64><string id=\"3\">@State: caf\u{E9} \u{1F600}</string><uint64 id=\"4\">2</uint64><string id=\"5\" fmt=\"Vi\u{E9}w\"/><string id=\"6\">Update</string></row>"
            ])
        for size in 1...5 {
            let sink = try read([(name: "utf8.xml", bytes: Array(text.utf8))], chunkSize: size)
            #expect(sink.event(1)?.title == "@State: caf\u{E9} \u{1F600}")
            #expect(sink.event(2)?.title == "Vi\u{E9}w")
        }
    }

    @Test(arguments: [1, 3, 10, 4096])
    func columnsCountCharactersOnLongLines(chunkSize: Int) throws {
        // One line: several rows of multi-byte titles, then a malformed number.
        let rows = (0..<40).map { index in
            "<row><event-time id=\"\(index * 10 + 1)\">\(index + 1)</event-time><uint64 id=\"\(index * 10 + 2)\">\(index + 1)</uint64>"
                + "<string id=\"\(index * 10 + 3)\">@State: caf\u{E9} \u{20AC}\u{1F600}</string><uint64 id=\"\(index * 10 + 4)\">\(index + 1000)</uint64>"
                + "<string id=\"\(index * 10 + 5)\">Vi\u{E9}w</string><string id=\"\(index * 10 + 6)\">Update</string></row>"
        }
        let bad =
            "<row><event-time>7</event-time><uint64>1</uint64><sentinel/><uint64>-2</uint64><sentinel/><sentinel/></row>"
        let prefix =
            "<trace-query-result><node><schema name=\"swiftui-causes\">"
            + InstrumentsFixtures.causeColumns.map { "<col><mnemonic>\($0)</mnemonic></col>" }.joined() + "</schema>"
            + rows.joined()
        let text = prefix + bad + "</node></trace-query-result>"
        let column = (prefix + "<row><event-time>7</event-time><uint64>1</uint64><sentinel/>").unicodeScalars.count + 1
        #expect(
            throws: Diagnostic.error(
                "malformed number \"-2\" in column \"destination-node-event-id\" of swiftui-causes: expected a whole number",
                at: SourceLocation(file: "line.xml", line: 1, column: column))
        ) {
            _ = try read([(name: "line.xml", bytes: Array(text.utf8))], chunkSize: chunkSize)
        }
    }
}
