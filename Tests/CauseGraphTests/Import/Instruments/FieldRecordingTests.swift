import Foundation
import Testing

@testable import CauseGraph

/// Facts public parsers report of real recordings (domain.md §3.1c), each
/// read from a small export in the real schema shape
/// (`fixtures/instruments/field`, written by its `generate.py`).
@Suite struct FieldRecordingTests {
    static func field(_ name: String) -> String { InstrumentsFixtures.path("field/\(name)") }

    @Test func xcode27LayoutTableIsReadAsTheLayoutTable() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([Self.field("SwiftUILayoutUpdates2.xml")])
        #expect(!diagnostics.all.contains { $0.message.contains("not used by causegraph") })
        let updates = sink.events.filter { [4001, 4002, 4003].contains($0.id) }
        #expect(updates.map(\.id) == [4001, 4002, 4003])
        #expect(updates.map(\.kind) == [.other, .other, .other], "layout work, as swiftui-layout-updates")
        #expect(updates[0].title == "VStack" && updates[0].duration == 1_500_000 && updates[0].module == "SwiftUI")
        #expect(updates[0].time == 1_000_000_000 && updates[0].severity == .low)
    }

    @Test func anUpdateInFlightHasNoDuration() throws {
        let (sink, _) = try InstrumentsFixtures.read([Self.field("SwiftUILayoutUpdates2.xml")])
        let inFlight = try #require(sink.event(4002))
        #expect(inFlight.duration == nil, "18446744073709551614 ns is a sentinel, not 584 years")
        #expect(inFlight.time == 2_000_000_000 && inFlight.severity == .high && inFlight.title == "List")
        // The graph's totals are not poisoned by it.
        var diagnostics = Diagnostics()
        let graph = try TracePipeline().reconstruct(
            [Self.field("SwiftUILayoutUpdates2.xml")], diagnostics: &diagnostics
        )
        .graph
        let list = try #require(graph.nodes.first { $0.title == "List" })
        #expect(list.totalDuration == nil, "unknown, not 584 years")
    }

    @Test func aViewHierarchyWithArrowsNamesTheViewFirst() throws {
        let (sink, _) = try InstrumentsFixtures.read([Self.field("SwiftUILayoutUpdates2.xml")])
        // Row 4003 has no view name and no description: "Text ← LandmarkRow ← LandmarkList".
        #expect(sink.event(4003)?.title == "Text")
        // A view name wins over the hierarchy, whose arrows never reach a title.
        #expect(sink.event(4001)?.title == "VStack")
        #expect(!sink.events.contains { $0.title.contains("←") })
    }

    @Test func realUpdateTypesClassify() throws {
        let (sink, _) = try InstrumentsFixtures.read([Self.field("swiftui-updates.xml")])
        #expect(sink.event(5001)?.kind == .body && sink.event(5001)?.title == "LandmarkRow", "View Body Updates")
        #expect(sink.event(5002)?.kind == .other && sink.event(5002)?.title == "_GraphInputs.Phase", "Other Updates")
        #expect(sink.event(5003)?.kind == .other && sink.event(5003)?.title == "HStack", "Layout")
        #expect(InstrumentsTableReader.kind(ofUpdateType: "View Body Updates") == .body)
        #expect(InstrumentsTableReader.kind(ofUpdateType: "Other Updates") == .other)
        #expect(InstrumentsTableReader.kind(ofUpdateType: "Layout") == .other)
    }

    @Test func anAttributeOver64KBIsReadWhole() throws {
        let path = Self.field("swiftui-updates.xml")
        let (sink, diagnostics) = try InstrumentsFixtures.read([path])
        #expect(diagnostics.all.allSatisfy { $0.severity != .error })
        let long = try #require(sink.event(5004))
        #expect(long.title.utf8.count == 100_000 && long.title.hasPrefix("Generic<Item, Item, ") && long.kind == .body)
        // The row after it is read as usual.
        #expect(sink.event(5005)?.title == "LandmarkDetail")
        // Again with the long row straddling the first 1 MiB chunk's end:
        // whitespace between rows moves it there.
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let rowStarts = bytes.indices.filter { bytes[$0...].starts(with: Array("<row>".utf8)) }
        let longRow = rowStarts[3]
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: ByteStream.chunkSize - 50_000 - longRow)
        let moved = try InstrumentsFixtures.temporaryFile(Array(bytes[..<longRow]) + padding + bytes[longRow...])
        let (again, _) = try InstrumentsFixtures.read([moved])
        #expect(again.event(5004)?.title == long.title)
    }

    @Test func aTableOfContentsWithApplesMisspelledSettingsTag() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.field("toc-simulator-attached.xml"))))
        let contents = try TableOfContents.parse(bytes, name: "toc.xml")
        #expect(contents.runs.count == 1)
        let run = contents.runs[0]
        #expect(run.tables == ["swiftui-causes", "swiftui-updates", "swiftui-update-groups", "time-profile"])
        #expect(run.info.instrumentsVersion == "27.2 (27B5019j)", "read inside <intruments-recording-settings>")
        #expect(run.info.templateName == "SwiftUI")
        #expect(run.info.isSimulator && run.info.deviceName == "iPhone 17 Pro")
        #expect(run.info.processType == "attached" && run.info.processName == "Landmarks")
    }

    @Test func everyUnreadTableIsSkippedWithItsReason() throws {
        // time-profile beside a table causegraph reads: skipped with its reason.
        let profile = try String(contentsOfFile: Self.field("time-profile.xml"), encoding: .utf8)
        let updates = try String(contentsOfFile: Self.field("SwiftUILayoutUpdates2.xml"), encoding: .utf8)
        let both = try InstrumentsFixtures.temporaryFile(
            updates.replacingOccurrences(of: "</node></trace-query-result>\n", with: "</node>")
                + profile.replacingOccurrences(of: "<?xml version=\"1.0\"?>\n<trace-query-result>\n", with: ""))
        let (sink, diagnostics) = try InstrumentsFixtures.read([both])
        #expect(sink.event(4001) != nil)
        #expect(
            diagnostics.all.contains {
                $0.message.contains(
                    "table \"time-profile\" is not used by causegraph (Time Profiler samples name no SwiftUI update or cause)"
                )
            })
        #expect(InstrumentsTable.skipReason("swiftui-update-group-gaps").contains("swiftui-update-groups"))
        #expect(InstrumentsTable.skipReason("something-else") == "not a SwiftUI table causegraph reads")
    }

    // MARK: Nothing silently empty

    @Test func aFileOfTablesCausegraphDoesNotReadIsAnError() throws {
        let path = Self.field("time-profile.xml")
        do {
            _ = try InstrumentsFixtures.read([path])
            Issue.record("a time-profile-only file must not give an empty answer")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.severity == .error && diagnostic.location?.file == path)
            #expect(
                diagnostic.message
                    == "holds no table causegraph reads (only time-profile); see why with: causegraph doctor \(path)")
        }
    }

    @Test func swiftUITablesWithoutRowsAreAnError() throws {
        let path = Self.field("empty-tables.xml")
        do {
            _ = try InstrumentsFixtures.read([path])
            Issue.record("empty SwiftUI tables must not give an empty answer")
        } catch let diagnostic as Diagnostic {
            #expect(
                diagnostic.message
                    == "its SwiftUI tables have no rows: swiftui-causes, swiftui-updates, swiftui-update-groups; see why with: causegraph doctor \(path)"
            )
        }
    }
}

/// The streaming count `doctor` makes of an export's rows.
@Suite struct TableRowCounterTests {
    static let document =
        "<?xml version=\"1.0\"?>\n<trace-query-result><node><schema name=\"swiftui-updates\"><col><mnemonic>id</mnemonic></col></schema>"
        + "<row><uint32 id=\"1\">1</uint32></row>\n<row ><uint32 ref=\"1\"/></row><rows-not-a-row/><rowx/></node>"
        + "<node><schema name='time-profile'></schema></node><node><schema name=\"hitches\"/><row/></node></trace-query-result>\n"

    @Test func countsEveryTablesRowsWhereverTheChunksSplitThem() throws {
        let bytes = Array(Self.document.utf8)
        let expected = [
            TableRowCounter.Table(schema: "swiftui-updates", rows: 2), .init(schema: "time-profile", rows: 0),
            .init(schema: "hitches", rows: 1),
        ]
        for split in 1..<bytes.count {
            var counter = TableRowCounter()
            try counter.count(Array(bytes[..<split]), name: "x")
            try counter.count(Array(bytes[split...]), name: "x")
            try counter.finish(name: "x")
            #expect(counter.tables == expected, "split at \(split)")
        }
        var oneByteAtATime = TableRowCounter()
        for byte in bytes { try oneByteAtATime.count([byte], name: "x") }
        try oneByteAtATime.finish(name: "x")
        #expect(oneByteAtATime.tables == expected)
    }

    @Test func aBundleExportsOneOfItsTwoLayoutTables() {
        let run = TableOfContents.Run(
            number: 2, tables: ["swiftui-layout-updates", "SwiftUILayoutUpdates2", "swiftui-causes"])
        #expect(
            TraceBundle.tablesToExport(run) == [
                .init(
                    schema: "SwiftUILayoutUpdates2",
                    xpath: "/trace-toc/run[@number=\"2\"]/data/table[@schema=\"SwiftUILayoutUpdates2\"]"),
                .init(
                    schema: "swiftui-causes",
                    xpath: "/trace-toc/run[@number=\"2\"]/data/table[@schema=\"swiftui-causes\"]"),
            ])
        let older = TableOfContents.Run(number: 1, tables: ["swiftui-layout-updates"])
        #expect(TraceBundle.tablesToExport(older).map(\.schema) == ["swiftui-layout-updates"])
    }
}
