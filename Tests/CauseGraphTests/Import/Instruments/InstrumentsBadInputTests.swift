import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// Each kind of bad input gives one positioned error, never a crash or a hang.
@Suite struct InstrumentsBadInputTests {
    private let columns = InstrumentsFixtures.causeColumns

    private func failure(_ text: String) throws -> (Diagnostic, String) {
        try InstrumentsFixtures.failure(Array(text.utf8))
    }

    /// Expects reading `marked` to fail with `message` at the mark ‸.
    private func expectError(
        _ marked: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let input = MarkedText(marked)
        let (diagnostic, path) = try failure(input.text)
        #expect(diagnostic.description == input.error(message, in: path), sourceLocation: sourceLocation)
    }

    @Test func truncatedFile() throws {
        let whole = try String(contentsOfFile: InstrumentsFixtures.path("swiftui-causes.xml"), encoding: .utf8)
        // Cut in the middle of a tag of row 3.
        let tag = try #require(whole.range(of: "<typed-array ref=\"21\"/>"))
        let cut = String(whole[..<whole.index(tag.lowerBound, offsetBy: 8)])
        let (diagnostic, path) = try failure(cut)
        // The error points at the start of the tag the end of the file cuts short.
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        let lastLine = Array(lines.last!.unicodeScalars)
        let column = try #require(lastLine.lastIndex(of: "<")) + 1
        #expect(
            diagnostic.description
                == "\(path):\(lines.count):\(column): error: file ends inside a start tag: the export is truncated")
    }

    @Test func unclosedElement() throws {
        try expectError(
            "<trace-query-result><node><schema name=\"x\"></schema>‸</trace-query-result>",
            "end tag </trace-query-result> does not match <node>")
        try expectError(
            "<trace-query-result>\n<node>\n‸",
            "file ends inside <node>: the export is truncated or an element is not closed")
    }

    @Test func malformedEndTag() throws {
        try expectError(
            "<trace-query-result>\n<node><start-time>5</ ‸start-time></node>\n</trace-query-result>",
            "malformed end tag: expected </start-time>")
    }

    @Test func refToUndefinedID() throws {
        let text = InstrumentsFixtures.document(
            columns: columns,
            rows: [
                InstrumentsFixtures.causeRow(1, 2, ids: 1),
                "<row><event-time id=\"7\">5</event-time><uint64 ref=\"2\"/><string ref=\"3\"/>‸<uint64 ref=\"99\"/><string ref=\"5\"/><string ref=\"6\"/></row>",
            ])
        try expectError(text, "ref=\"99\" names an id that is not defined earlier in the document")
    }

    @Test func rowWithTooFewOrTooManyCells() throws {
        let few = InstrumentsFixtures.document(columns: columns, rows: ["‸<row><sentinel/><sentinel/></row>"])
        try expectError(few, "<row> holds 2 cells, but table \"swiftui-causes\" has 6 columns")
        let many = InstrumentsFixtures.document(
            schema: "hitches", columns: ["label"], rows: ["‸<row><string>Update</string><sentinel/></row>"])
        try expectError(many, "<row> holds more cells than table \"hitches\" has columns (1)")
    }

    @Test func malformedNumber() throws {
        let text = InstrumentsFixtures.document(
            columns: columns,
            rows: [
                "<row>‸<event-time id=\"1\">12x4</event-time><uint64 id=\"2\">1</uint64><string id=\"3\">A</string><uint64 id=\"4\">2</uint64><string ref=\"3\"/><string id=\"5\">Update</string></row>"
            ])
        try expectError(
            text, "malformed number \"12x4\" in column \"timestamp\" of swiftui-causes: expected a whole number")
    }

    /// One rule with the native format: an id past `Int64.max` is an error
    /// with the same words, since `convert` could not write it.
    @Test func eventIDsFollowTheNativeFormatsRule() throws {
        let text = InstrumentsFixtures.document(
            columns: columns,
            rows: [
                "<row><event-time id=\"1\">5</event-time>‸<uint64 id=\"2\">9223372036854775808</uint64><string id=\"3\">A</string><uint64 id=\"4\">2</uint64><string ref=\"3\"/><string id=\"5\">Update</string></row>"
            ])
        try expectError(
            text,
            "event id in column \"source-node-event-id\" of swiftui-causes must be a whole number from 0 to 9223372036854775807, found 9223372036854775808"
        )
        // The largest id the rule allows is read, and written back by convert.
        let largest = InstrumentsFixtures.document(
            columns: columns,
            rows: [
                "<row><event-time id=\"1\">5</event-time><uint64 id=\"2\">9223372036854775807</uint64><string id=\"3\">A</string><uint64 id=\"4\">2</uint64><string ref=\"3\"/><string id=\"5\">Update</string></row>"
            ])
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(largest)])
        #expect(sink.events.map(\.id) == [9_223_372_036_854_775_807, 2])
    }

    @Test("an event id among those made up for root causes named by title only is refused, not merged with one")
    func eventIDsOutsideTheMadeUpOnes() throws {
        for id in [9_007_199_254_740_991, 9_007_199_253_692_416] {
            let text = InstrumentsFixtures.document(
                columns: columns,
                rows: [
                    "<row><event-time id=\"1\">5</event-time><uint64 id=\"2\">1</uint64><string id=\"3\">A</string>‸<uint64 id=\"4\">\(id)</uint64><string ref=\"3\"/><string id=\"5\">Update</string></row>"
                ])
            try expectError(
                text,
                "event id \(id) in column \"destination-node-event-id\" of swiftui-causes is one of those causegraph makes up for root causes named by title only (9007199253692416 to 9007199254740991)"
            )
        }
        // Just below them, an id is read.
        let below = InstrumentsFixtures.document(
            columns: columns,
            rows: [
                "<row><event-time id=\"1\">5</event-time><uint64 id=\"2\">1</uint64><string id=\"3\">A</string><uint64 id=\"4\">9007199253692415</uint64><string ref=\"3\"/><string id=\"5\">Update</string></row>"
            ])
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(below)])
        #expect(sink.events.map(\.id) == [1, 9_007_199_253_692_415])
    }

    @Test func invalidUTF8() throws {
        var bytes = Array(
            InstrumentsFixtures.document(
                schema: "hitches", columns: ["label"], rows: ["<row><string>Up</string></row>"]
            ).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "U"))!
        bytes.insert(0xFF, at: at + 1)
        let (diagnostic, path) = try InstrumentsFixtures.failure(bytes)
        #expect(diagnostic.description == "\(path):3:15: error: invalid UTF-8")
    }

    /// libxml2 refuses these too: a file holding one is damaged, and an
    /// attribute given twice has no defined value.
    @Test func charactersXMLRefuses() throws {
        for (character, name) in [("\u{1}", "control character U+0001"), ("\u{1B}", "control character U+001B")] {
            try expectError(
                "<trace-query-result><node><schema name=\"hitches\">‸\(character)</schema></node></trace-query-result>",
                "\(name) is not allowed in XML")
        }
        try expectError(
            "<trace-query-result><node><schema name=\"hitches\" fmt=\"a ✓ ‸\u{FFFF}\"/></node></trace-query-result>",
            "U+FFFF is not a character XML allows")
        // A NUL, which would end the string in any C library it reached.
        try expectError(
            "<trace-query-result>‸\u{0}</trace-query-result>", "control character U+0000 is not allowed in XML")
    }

    @Test func attributeGivenTwice() throws {
        try expectError(
            "<trace-query-result><node><schema name=\"hitches\" ‸name=\"swiftui-causes\"/></node></trace-query-result>",
            "attribute \"name\" appears twice in <schema>: which one to read is not defined")
        try expectError(
            InstrumentsFixtures.document(
                columns: columns,
                rows: [
                    "<row><event-time id=\"1\">5</event-time><uint64 id=\"2\" fmt='x' ‸id=\"3\">7</uint64></row>"
                ]),
            "attribute \"id\" appears twice in <uint64>: which one to read is not defined")
        // Names alike in length and ends (one bit of the tokenizer's set) are
        // told apart by the whole name.
        let alike = InstrumentsFixtures.document(
            columns: columns,
            rows: [
                "<row><event-time id=\"1\">5</event-time><uint64 id=\"2\">7</uint64><string id=\"3\" fxt=\"a\" fmt=\"b\" fyt=\"c\">A</string><uint64 id=\"4\">2</uint64><string ref=\"3\"/><string id=\"5\">Update</string></row>"
            ])
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(alike)])
        #expect(sink.events.map(\.id) == [7, 2])
    }

    @Test func emptyFile() throws {
        let (named, path) = try InstrumentsFixtures.failure([])
        #expect(
            named.description == "\(path):1:1: error: empty file: expected an xctrace export (<trace-query-result>)")
        let (detected, detectedPath) = try InstrumentsFixtures.failure([], settings: ImportSettings())
        #expect(detected.description.hasPrefix("\(detectedPath): error: empty file"))
    }

    @Test func declarationsThatCouldExpandOrFetchAreRefused() throws {
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE lol [<!ENTITY lol \"lol\">]>\n<trace-query-result/>"
        let (refused, path) = try failure(doctype)
        #expect(refused.description.hasPrefix("\(path):2:1: error: DOCTYPE declarations are refused"))
        // Detected, too: the `>` of the internal subset does not end the declaration.
        let (detected, detectedPath) = try InstrumentsFixtures.failure(Array(doctype.utf8), settings: ImportSettings())
        #expect(detected.description.hasPrefix("\(detectedPath):2:1: error: DOCTYPE declarations are refused"))
        let entity = "<trace-query-result><!ENTITY x SYSTEM \"file:///etc/passwd\"></trace-query-result>"
        let (declaration, entityPath) = try failure(entity)
        #expect(declaration.description.hasPrefix("\(entityPath):1:21: error: markup declarations (<!…>) are refused"))
        let unknown = InstrumentsFixtures.document(
            schema: "hitches", columns: ["label"], rows: ["<row><string>&lol;</string></row>"])
        let (reference, referencePath) = try failure(unknown)
        #expect(reference.description.hasPrefix("\(referencePath):3:14: error: unknown entity &lol;"))
    }

    @Test func idDefinedTwiceAndMissingColumns() throws {
        let twice = InstrumentsFixtures.document(
            schema: "hitches", columns: ["label"],
            rows: ["<row><string id=\"1\">A</string></row>", "<row>‸<string id=\"1\">B</string></row>"])
        try expectError(twice, "id=\"1\" is defined twice")
        let missing = InstrumentsFixtures.document(columns: ["timestamp", "label"], rows: [])
        let (column, columnPath) = try failure(missing)
        #expect(
            column.description
                == "\(columnPath):2:27: error: table \"swiftui-causes\" has no column with mnemonic \"source-node-event-id\""
        )
    }

    @Test func errorsInRowsSpanningChunksKeepTheirPosition() throws {
        // A cell far beyond the first 1 MiB chunk, in a row that starts before the boundary.
        let filler = String(repeating: "x", count: ByteStream.chunkSize)
        let text = InstrumentsFixtures.document(
            schema: "hitches", columns: ["a", "b"],
            rows: [
                "‸<row><string>\(filler)</string>",
                "<string>y</string><string>z</string></row>",
            ])
        try expectError(text, "<row> holds more cells than table \"hitches\" has columns (2)")
    }
}
