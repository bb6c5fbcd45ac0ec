import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite struct InstrumentsImporterTests {
    @Test func detectsExportsByTheirRootElement() throws {
        let export = Array("<?xml version=\"1.0\"?>\n<!-- c -->\n<trace-query-result><node>".utf8)
        #expect(InputFormat.detect(export) == .instruments)
        #expect(InputFormat.detect(Array("<trace-toc><run/></trace-toc>".utf8)) == nil)
        #expect(InputFormat.detect(Array("{\"causegraph\": 1}\n".utf8)) == .native)
    }

    @Test func causesGiveEventsAndEdgesWithInterningAcrossRows() throws {
        let (sink, _) = try InstrumentsFixtures.read([InstrumentsFixtures.path("swiftui-causes.xml")])
        #expect(sink.headers == [TraceHeader(app: "Landmarks")])
        #expect(sink.causes.count == 11)
        // Each event once, in the order causes first name them.
        #expect(
            sink.events.map(\.id) == [
                1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016,
                1017, 1018,
            ])
        // Row 3 refers to row 2's event and node cell; its destination node is a new
        // typed-array made of strings nested in row 1's cell.
        let third = sink.causes[2]
        #expect(third.from == 1003 && third.to == 1004 && third.label == .update && third.time == 200_000_500)
        #expect(third.changed == ["counter"])
        let contentView = try #require(sink.event(1004))
        #expect(contentView.title == "ContentView" && contentView.kind == .body && contentView.owner == .app)
        // Refs resolve across rows: event 1006 named again by row 5.
        #expect(sink.causes[4].from == 1007 && sink.causes[4].to == 1006)
        #expect(sink.causes[7].changed == ["isFavorite", "name"])
    }

    @Test func labelsMapToEdgeKinds() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([InstrumentsFixtures.path("swiftui-causes.xml")])
        #expect(sink.causes[0].label == .creation)  // Creation
        #expect(sink.causes[1].label == .update)  // Update
        #expect(sink.causes[3].label == .invalidation)  // Invalidation: a label of its own
        #expect(sink.causes[9].label == CauseLabel(rawValue: "Dependency"))  // unknown: kept verbatim, reported
        #expect(
            diagnostics.all.contains {
                $0.severity == .note
                    && $0.message == "cause labels causegraph does not know, kept as written: \"Dependency\" (1)"
            })
    }

    @Test func entitiesCharacterReferencesAndQuoteStyles() throws {
        let (sink, _) = try InstrumentsFixtures.read([InstrumentsFixtures.path("swiftui-causes.xml")])
        #expect(sink.event(1006)?.title == "Row<Item>")
        #expect(sink.event(1015)?.title == "<graph>")
        #expect(sink.event(1016)?.title == "@State: café")
        #expect(sink.event(1017)?.title == "Mystery \u{2726} widget")
        // Row 6 uses single quotes throughout.
        #expect(sink.event(1008)?.kind == .environmentWriter)
        #expect(sink.event(1009)?.title == "Text")
    }

    @Test func unknownTitlesAreKeptAsOtherAndListed() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([InstrumentsFixtures.path("swiftui-causes.xml")])
        let mystery = try #require(sink.event(1017))
        #expect(mystery.kind == .other && mystery.owner == .system)
        #expect(
            diagnostics.all.contains {
                $0.message
                    == "1 event has a title no classification rule matches, kept as \"other\" nodes (add rules with classify FILE): \"Mystery \u{2726} widget\" (1)"
            })
    }

    @Test("a blank title is listed among the unclassified as the graph draws it, not as empty quotes")
    func blankTitleIsListedAsUntitled() throws {
        let row =
            #"<row><event-time id="1">1</event-time><uint64 id="2">5</uint64><string id="3"> </string>"#
            + #"<uint64 id="4">6</uint64><string id="5">ContentView</string><string id="6">Update</string></row>"#
        let path = try InstrumentsFixtures.temporaryFile(
            InstrumentsFixtures.document(columns: InstrumentsFixtures.causeColumns, rows: [row]))
        let (_, diagnostics) = try InstrumentsFixtures.read([path])
        let note = try #require(diagnostics.all.first { $0.message.contains("no classification rule matches") })
        #expect(note.message.hasSuffix("(add rules with classify FILE): (untitled) (1)"), "\(note.message)")
    }

    @Test("a description that says the body was skipped names the same view as one that ran, and a view may say skip")
    func skipMarkIsNoPartOfTheTitle() throws {
        let descriptions = ["Text", "Text (skipped)", "Row&lt;Item&gt;.body skipped", "SkipButton"]
        let rows = descriptions.enumerated().map { index, description in
            let id = index + 1
            return
                "<row><start-time id=\"\(id * 10)\">\(id * 1000)</start-time><duration id=\"\(id * 10 + 1)\">5</duration>"
                + "<uint64 id=\"\(id * 10 + 2)\">\(id)</uint64><string id=\"\(id * 10 + 3)\">View Body</string>"
                + "<string id=\"\(id * 10 + 4)\">\(description)</string></row>"
        }
        let document = InstrumentsFixtures.document(
            schema: "swiftui-updates", columns: ["start", "duration", "id", "update-type", "description"], rows: rows)
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(document)])
        let events = (1...4).compactMap { sink.event(EventID($0)) }
        #expect(events.map(\.title) == ["Text", "Text", "Row<Item>", "SkipButton"])
        #expect(events.map(\.ran) == [true, false, false, true])
    }

    @Test func updatesJoinByEventIDInAnyFileOrder() throws {
        // Causes named first: the importer still reads the updates before them.
        let paths = [InstrumentsFixtures.path("swiftui-causes.xml"), InstrumentsFixtures.path("swiftui-updates.xml")]
        let (sink, diagnostics) = try InstrumentsFixtures.read(paths)
        let first = try #require(sink.event(1001))
        #expect(first.duration == 1_200_000 && first.module == "Landmarks" && first.severity == .low && first.ran)
        #expect(first.time == 100_000_000)
        let inFlight = try #require(sink.event(1004))
        #expect(inFlight.duration == nil, "a duration near UINT64_MAX is unknown")
        #expect(inFlight.severity == .high)
        let skipped = try #require(sink.event(1006))
        #expect(!skipped.ran && skipped.severity == .veryLow && skipped.duration == 30_000)
        let representable = try #require(sink.event(1018))
        #expect(representable.kind == .representable && representable.severity == .medium)
        let layout = try #require(sink.event(1015))
        #expect(layout.kind == .other && layout.module == "SwiftUI" && layout.duration == 400_000)
        // Causes never carry update details.
        let state = try #require(sink.event(1003))
        #expect(state.duration == nil && state.severity == nil)
        // An update no cause names is still a node, after the others.
        let detail = try #require(sink.events.last)
        #expect(
            detail.id == 2000 && detail.title == "DetailView" && detail.kind == .body && detail.duration == 5_000_000)
        #expect(!diagnostics.all.contains { $0.severity == .warning })
    }

    @Test func changesAttachBacktracesByIDThenByTimestamp() throws {
        let (sink, _) = try InstrumentsFixtures.read(InstrumentsFixtures.tables)
        #expect(
            sink.event(1003)?.backtrace == [
                "ContentView.increment()", "closure #1 in ContentView.body.getter",
                "SwiftUI.ButtonAction.callAsFunction()",
            ])
        // Change 9999 names no event; it explains the @AppStorage write at its timestamp,
        // and its second frame is a ref into the first change's backtrace.
        #expect(
            sink.event(1010)?.backtrace == ["TextStyleModifier.setFont(_:)", "closure #1 in ContentView.body.getter"])
        // The tap at the same timestamp as the @State change is not given its backtrace.
        #expect(sink.event(1002)?.backtrace == [])
    }

    @Test func updateGroupsByTimeContainment() throws {
        let (sink, _) = try InstrumentsFixtures.read(InstrumentsFixtures.tables)
        #expect(
            sink.groups == [
                UpdateGroup(id: 1, label: "Transaction for Creation", start: 90_000_000, duration: 20_000_000),
                UpdateGroup(id: 2, label: "Transaction for Gesture", start: 190_000_000, duration: 30_000_000),
                UpdateGroup(id: 3, label: "Transaction for External Environment", start: 900_000_000, duration: nil),
            ])
        #expect(sink.event(1000)?.group == 1)
        #expect(sink.event(1002)?.group == 2)
        #expect(sink.event(1004)?.group == 2)
        #expect(sink.event(1005)?.group == nil)
        // The last group was still open when recording stopped: it holds everything after its start.
        #expect(sink.event(1016)?.group == 3)
        #expect(sink.event(1018)?.group == 3)
    }

    @Test func severalTablesInOneDocumentShareIDs() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([InstrumentsFixtures.path("several-tables.xml")])
        #expect(sink.headers == [TraceHeader(app: "Counter")])
        let view = try #require(sink.event(2))
        // Its duration is a ref into the hitches table.
        #expect(
            view.title == "CounterView" && view.duration == 8_000_000 && view.severity == .high
                && view.module == "Counter")
        #expect(view.group == 1 && sink.event(1)?.group == 1)
        #expect(sink.causes == [TraceCause(from: 1, to: 2, label: .update, time: 1_000_500_000, changed: ["count"])])
        #expect(
            sink.hitches == [Hitch(kind: .hitch, start: 1_002_000_000, duration: 8_000_000, process: "Counter (77)")])
        #expect(!diagnostics.all.contains { $0.message.contains("not used") })
    }

    static let causesThenUpdates = """
        <trace-query-result>
        <node><schema name="swiftui-causes"><col><mnemonic>source-node-event-id</mnemonic></col><col><mnemonic>source-node</mnemonic></col><col><mnemonic>destination-node-event-id</mnemonic></col><col><mnemonic>destination-node</mnemonic></col></schema>
        <row><uint64 id="1">1</uint64><string id="2">@State: a</string><uint64 id="3">2</uint64><string id="4">A</string></row></node>
        <node><schema name="swiftui-updates"><col><mnemonic>id</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
        <row><uint64 ref="3"/><duration id="5">100</duration></row></node>
        </trace-query-result>
        """

    @Test func detailsAfterCausesInOneDocumentAreJoined() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([
            try InstrumentsFixtures.temporaryFile(Self.causesThenUpdates)
        ])
        #expect(sink.event(2)?.duration == 100)
        #expect(!diagnostics.all.contains { $0.severity == .warning })
    }

    @Test func lateDetailsInAStreamReadOnceAreReported() throws {
        var bytes: [UInt8]? = Array(Self.causesThenUpdates.utf8)
        let once = InstrumentsImporter.ChunkSource(name: "pipe", prefix: bytes!) { () throws(Diagnostic) -> [UInt8]? in
            defer { bytes = nil }
            return bytes
        }
        var sink = RecordingSink()
        var diagnostics = Diagnostics()
        try InstrumentsImporter.read([once], settings: ImportSettings(), into: &sink, diagnostics: &diagnostics)
        #expect(sink.event(2)?.duration == nil)
        #expect(
            diagnostics.all.contains {
                $0.severity == .warning
                    && $0.message.hasPrefix(
                        "1 update or swiftui-changes rows came, in a stream that cannot be read twice,")
            })
    }

    @Test func directoryOfTablesReadsLikeTheFiles() throws {
        let (fromFiles, _) = try InstrumentsFixtures.read(InstrumentsFixtures.tables)
        var graphFromDirectory = GraphBuilder()
        var graphFromFiles = GraphBuilder()
        var diagnostics = Diagnostics()
        let folder = try TemporaryFolder()
        for path in InstrumentsFixtures.tables {
            try FileManager.default.copyItem(atPath: path, toPath: folder.path((path as NSString).lastPathComponent))
        }
        try TraceInput.read(paths: [folder.url.path], into: &graphFromDirectory, diagnostics: &diagnostics)
        try TraceInput.read(paths: InstrumentsFixtures.tables, into: &graphFromFiles, diagnostics: &diagnostics)
        #expect(graphFromDirectory.finish() == graphFromFiles.finish())
        // Every recorded key is a node, and one more stands for DetailView's run no link explains.
        #expect(
            graphFromFiles.finish().nodes.count - 1
                == Set(
                    fromFiles.events.map { NodeKey(kind: $0.kind, title: $0.title, module: $0.module, owner: $0.owner) }
                ).count)
    }

    @Test func convertedTraceRendersTheSameGraph() throws {
        var direct = GraphBuilder()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: InstrumentsFixtures.tables, into: &direct, diagnostics: &diagnostics)

        let folder = try TemporaryFolder()
        let converted = folder.path("trace.jsonl")
        let output = try OutputFile(path: converted)
        var writer = NativeTraceWriter(output: output)
        try TraceInput.read(paths: InstrumentsFixtures.tables, into: &writer, diagnostics: &diagnostics)
        try output.commit()

        var fromNative = GraphBuilder()
        try TraceInput.read(paths: [converted], into: &fromNative, diagnostics: &diagnostics)
        let graph = direct.finish()
        #expect(fromNative.finish() == graph)
        #expect(graph.nodes.count == 20 && graph.edges.count == 12 && graph.groups.count == 3)
    }

    @Test func userRulesComeBeforeTheBuiltInOnes() throws {
        let rules = try InstrumentsFixtures.temporaryFile(
            """
            # Widgets are observable models in this app.
            {"contains": "widget", "kind": "observable", "owner": "app"}
            {"regex": "^closure #[0-9]+ in UserDefault", "kind": "externalEnvironment"}

            {"exact": "Text", "kind": "representable"}
            """, name: "rules.jsonl")
        let settings = ImportSettings(classificationFiles: [rules])
        let (sink, diagnostics) = try InstrumentsFixtures.read(
            [InstrumentsFixtures.path("swiftui-causes.xml")], settings: settings)
        #expect(sink.event(1017)?.kind == .observable && sink.event(1017)?.owner == .app)
        #expect(
            sink.event(1009)?.kind == .representable && sink.event(1009)?.owner == .system, "gray still means system")
        #expect(sink.event(1014)?.kind == .externalEnvironment)
        #expect(!diagnostics.all.contains { $0.message.contains("classification rule") })
    }

    @Test func badRuleFilesArePositioned() throws {
        let rules = try InstrumentsFixtures.temporaryFile(
            "{\"prefix\": \"@Q\", \"kind\": \"state\"}\n{\"prefix\": \"x\", \"kind\": \"stat\"}\n", name: "rules.jsonl")
        #expect(throws: Diagnostic.self) { try ClassificationRuleFile.read(paths: [rules]) }
        do {
            _ = try ClassificationRuleFile.read(paths: [rules])
        } catch {
            #expect(error.description.hasPrefix("\(rules):2:25: error: unknown kind; expected one of \"gesture\""))
        }
        // `unrecorded` is the graph's own kind: a converted trace naming it could not be read back.
        let unrecorded = try InstrumentsFixtures.temporaryFile(
            "{\"prefix\": \"Mystery\", \"kind\": \"unrecorded\"}\n", name: "rules.jsonl")
        #expect {
            try ClassificationRuleFile.read(paths: [unrecorded])
        } throws: {
            let description = "\($0)"
            return description.hasPrefix("\(unrecorded):1:31: error: unknown kind; expected one of \"gesture\"")
                && description.hasSuffix("\"other\"")
        }
        let twoTitles = try InstrumentsFixtures.temporaryFile(
            "{\"prefix\": \"a\", \"suffix\": \"b\", \"kind\": \"state\"}\n", name: "rules.jsonl")
        #expect(throws: Diagnostic.self) { try ClassificationRuleFile.read(paths: [twoTitles]) }
        let badRegex = try InstrumentsFixtures.temporaryFile(
            "{\"regex\": \"(\", \"kind\": \"state\"}\n", name: "rules.jsonl")
        do {
            _ = try ClassificationRuleFile.read(paths: [badRegex])
            Issue.record("an invalid regular expression was accepted")
        } catch {
            #expect(
                error.description
                    == "\(badRegex):1:11: error: \"regex\" is not a regular expression causegraph matches: invalid, or needing backtracking (a back-reference, lookaround; docs/shaping.md)"
            )
        }
    }

    @Test func numbersAreCanonicalDecimalsThatFitIn64Bits() {
        func number(_ text: String) -> UInt64? {
            Array(text.utf8).withUnsafeBufferPointer { CanonicalNumber.value(of: $0) }
        }
        #expect(number("0") == 0)
        #expect(number("1250023465") == 1_250_023_465)
        #expect(number("9999999999999999999") == 9_999_999_999_999_999_999)
        #expect(number("18446744073709551615") == .max)
        #expect(number("18446744073709551616") == nil)
        #expect(number("99999999999999999999") == nil)
        #expect(number("007") == nil, "leading zeros would not round-trip")
        for text in ["", "-1", "1.5", "12x", " 1", "123456789012345678901"] {
            #expect(number(text) == nil, "\(text)")
        }
    }

    @Test func ofBothCauseTablesOnlySwiftUICausesIsRead() throws {
        let causes = try String(contentsOfFile: InstrumentsFixtures.path("swiftui-causes.xml"), encoding: .utf8)
        let full = try InstrumentsFixtures.temporaryFile(
            causes.replacingOccurrences(of: "name=\"swiftui-causes\"", with: "name=\"swiftui-full-causes\""),
            name: "full.xml")
        let (both, diagnostics) = try InstrumentsFixtures.read([full, InstrumentsFixtures.path("swiftui-causes.xml")])
        #expect(
            diagnostics.all.contains {
                $0.severity == .note
                    && $0.message == "swiftui-full-causes is not read: swiftui-causes holds the same causes"
            })
        #expect(!diagnostics.all.contains { $0.severity == .warning })
        let (causesAlone, _) = try InstrumentsFixtures.read([InstrumentsFixtures.path("swiftui-causes.xml")])
        #expect(both.causes == causesAlone.causes, "no cause counted twice")
        let (_, alone) = try InstrumentsFixtures.read([full])
        #expect(!alone.all.contains { $0.severity == .warning })
    }
}

/// A lone update table needs no join: its rows become events as they are
/// read, so memory does not grow with them, and the records are the join's.
@Suite struct InstrumentsUpdateStreamingTests {
    private func source(_ path: String, readOnce: Bool = false) throws -> InstrumentsImporter.ChunkSource {
        let stream = try ByteStream(path: path)
        let source = try InstrumentsImporter.ChunkSource(stream)
        guard readOnce else { return source }
        return InstrumentsImporter.ChunkSource(name: source.name, firstSchema: source.firstSchema, next: source.next)
    }

    /// `swiftui-changes` with its header and no rows: a table that could add
    /// to the updates, read after them.
    private func emptyChanges() throws -> String {
        let text = try String(
            contentsOfFile: InstrumentsFixtures.path("recording/swiftui-changes.xml"), encoding: .utf8)
        let rows = try #require(text.range(of: "<row>")).lowerBound
        let end = try #require(text.range(of: "</node>")).lowerBound
        return try InstrumentsFixtures.temporaryFile(String(text[..<rows] + text[end...]), name: "changes.xml")
    }

    @Test("updates stream only when their table is the last read and no table read after it could add to them")
    func theRule() throws {
        let updates = InstrumentsFixtures.path("recording/swiftui-updates.xml")
        let stream = { (paths: [String]) in
            try InstrumentsImporter.updatesCanStream(InstrumentsImporter.ordered(paths.map { try self.source($0) }))
        }
        #expect(try stream([updates]))
        #expect(try stream([InstrumentsFixtures.path("recording/swiftui-update-groups.xml"), updates]))
        #expect(try InstrumentsImporter.updatesCanStream([try source(updates, readOnce: true)]))
        #expect(try !stream([updates, try emptyChanges()]), "changes are read after updates")
        #expect(try !stream([updates, InstrumentsFixtures.path("recording/swiftui-causes.xml")]))
        #expect(try !stream([updates, InstrumentsFixtures.path("recording/SwiftUIFilteredUpdates.xml")]))
        #expect(try !stream([InstrumentsFixtures.path("recording/all-tables.xml")]))
        // Updates first in a document that goes on to groups: the groups must be known first.
        let text = try String(contentsOfFile: InstrumentsFixtures.path("recording/all-tables.xml"), encoding: .utf8)
        let updatesThenGroups = try InstrumentsFixtures.temporaryFile(
            String(
                text[
                    try #require(text.range(of: "<node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'>")).lowerBound...]
            ).replacingOccurrences(of: "<node xpath", with: "<trace-query-result><node xpath", options: .anchored))
        #expect(
            try InstrumentsImporter.schemaNames(of: #require(source(updatesThenGroups).file)).suffix(3) == [
                "swiftui-updates", "swiftui-update-groups", "potential-hangs",
            ])
        #expect(try !stream([updatesThenGroups]))
    }

    @Test("streamed updates are the records the join gives, in the same order")
    func sameRecordsAsTheJoin() throws {
        let paths = [
            InstrumentsFixtures.path("recording/swiftui-update-groups.xml"),
            InstrumentsFixtures.path("recording/swiftui-updates.xml"),
        ]
        let (streamed, streamedNotes) = try InstrumentsFixtures.read(paths)
        let (joined, joinedNotes) = try InstrumentsFixtures.read(paths + [try emptyChanges()])
        #expect(streamed.events.count > 5 && streamed.causes.count > 3 && !streamed.groups.isEmpty)
        #expect(streamed.events == joined.events)
        #expect(streamed.causes == joined.causes)
        #expect(streamed.groups == joined.groups)
        #expect(streamedNotes.all.map(\.message) == joinedNotes.all.map(\.message))
    }
}
