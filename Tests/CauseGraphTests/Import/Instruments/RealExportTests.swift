import Foundation
import Testing

@testable import CauseGraph

/// Exports shaped as Instruments really writes them: the real `<schema>`
/// headers of every SwiftUI table (`fixtures/real/semi-real`, from an
/// Xcode 27 beta export), and a recording modelled on them
/// (`fixtures/instruments/recording`).
@Suite struct RealExportTests {
    static let semiReal = InstrumentsFixtures.directory.deletingLastPathComponent().appendingPathComponent(
        "real/semi-real")
    static let recording = InstrumentsFixtures.directory.appendingPathComponent("recording")

    static func semiReal(_ name: String) -> String { semiReal.appendingPathComponent(name).path }
    static func recording(_ name: String) -> String { recording.appendingPathComponent(name).path }

    /// The recording's tables as separate files.
    static let separateTables = [
        "swiftui-causes.xml", "swiftui-updates.xml", "SwiftUIFilteredUpdates.xml",
        "swiftui-layout-updates.xml", "swiftui-changes.xml", "swiftui-update-groups.xml", "hitches.xml",
        "potential-hangs.xml",
    ].map(recording)

    static func graph(_ paths: [String]) throws -> (CauseEffectGraph, Diagnostics) {
        var diagnostics = Diagnostics()
        let graph = try TracePipeline().reconstruct(paths, diagnostics: &diagnostics).graph
        return (graph, diagnostics)
    }

    // MARK: Real column types

    @Test func updateRowsWithRealColumnTypes() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([Self.semiReal("swiftui-updates.xml")])
        #expect(diagnostics.all.allSatisfy { $0.severity != .warning && $0.severity != .error })
        #expect(sink.headers == [TraceHeader(app: "MyApp")], "the process cell of an update row names the app")
        let body = try #require(sink.event(1001))
        #expect(body.kind == .body && body.title == "ContentView" && body.module == "MyApp" && body.owner == .app)
        #expect(body.time == 1_234_567_000 && body.duration == 2_430_000 && body.severity == .medium)
        let layout = try #require(sink.event(1002))
        #expect(
            layout.kind == .other && layout.title == "NavigationSplitView" && layout.owner == .system,
            "module SwiftUI is the system's")
        let veryLow = try #require(sink.event(1003))
        #expect(veryLow.severity == .veryLow)
    }

    @Test func everyRealTableImportsAlone() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.semiReal.path).sorted() {
            var diagnostics = Diagnostics()
            _ = try TracePipeline().reconstruct([Self.semiReal(name)], diagnostics: &diagnostics).graph
            #expect(!diagnostics.all.contains { $0.message.contains("not used by causegraph") }, "\(name) is read")
        }
    }

    @Test func anUnknownElementHoldingTextIsReadByItsText() throws {
        let text = InstrumentsFixtures.document(
            schema: "swiftui-updates", columns: ["start", "duration", "id", "update-type", "description", "severity"],
            rows: [
                "<row><moment id=\"1\">5</moment><span-of-time id=\"2\">700</span-of-time><event-number id=\"3\">9</event-number><kind id=\"4\">View Body</kind><text-value id=\"5\">Row</text-value><level id=\"6\">High</level></row>"
            ])
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(text)])
        #expect(
            sink.events == [
                TraceEvent(id: 9, kind: .body, title: "Row", owner: .app, time: 5, duration: 700, severity: .high)
            ])
    }

    // MARK: Any table order

    @Test func tablesGiveOneGraphInAnyOrderAndAnyPackaging() throws {
        let (reference, referenceNotes) = try Self.graph(Self.separateTables)
        #expect(!referenceNotes.all.contains { $0.severity == .warning })
        #expect(reference.nodes.count == 18 && reference.edges.count == 11)
        #expect(
            reference.hitches.map(\.hitch.kind) == [.hitch, .hang, .hitch]
                && reference.hitches.map(\.groups) == [[1], [3, 4], [4]])
        // One document holding every table, causes first, as a table of contents lists them.
        let (combined, combinedNotes) = try Self.graph([Self.recording("all-tables.xml")])
        #expect(combined == reference)
        #expect(!combinedNotes.all.contains { $0.severity == .warning })
        #expect(
            combinedNotes.all.contains {
                $0.message == "swiftui-full-causes is not read: swiftui-causes holds the same causes"
            })
        // The files named in reverse order.
        let (backwards, backwardsNotes) = try Self.graph(Self.separateTables.reversed())
        #expect(backwards == reference && !backwardsNotes.all.contains { $0.severity == .warning })
    }

    @Test func standardInputIsKeptInATemporaryFileAndReadTwice() throws {
        let (reference, _) = try Self.graph(Self.separateTables)
        var sink = GraphBuilder()
        var diagnostics = Diagnostics()
        let stream = try ByteStream(path: Self.recording("all-tables.xml"))
        try stream.spoolToTemporaryFile()
        #expect(stream.canRewind)
        try InstrumentsImporter.read([stream], settings: ImportSettings(), into: &sink, diagnostics: &diagnostics)
        #expect(sink.finish() == reference)
    }

    @Test func aPipeIsSpooledAndLeavesNothingBehind() throws {
        let (reference, _) = try Self.graph(Self.separateTables)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.recording("all-tables.xml")))
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let writeEnd = descriptors[1]
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    let result = write(writeEnd, raw.baseAddress! + written, raw.count - written)
                    if result <= 0 { break }
                    written += result
                }
            }
            close(writeEnd)
        }
        writer.start()
        let before = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("causegraph-spool")
        }
        let stream = ByteStream(name: "<pipe>", descriptor: descriptors[0])
        #expect(!stream.canRewind)
        var sink = GraphBuilder()
        var diagnostics = Diagnostics()
        try InstrumentsImporter.read([stream], settings: ImportSettings(), into: &sink, diagnostics: &diagnostics)
        #expect(sink.finish() == reference)
        let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("causegraph-spool")
        }
        #expect(after == before, "the spool file is unlinked as soon as it is made")
    }

    // MARK: Update tables

    @Test func everyUpdateTableSuppliesDetailsAndAnEventListedTwiceCountsOnce() throws {
        let (graph, _) = try Self.graph(Self.separateTables)
        let items = try #require(graph.nodes.first { $0.title == "LandmarkListItemView" })
        #expect(items.count == 3 && items.ran == 3 && items.totalDuration == 820_000)
        // Only SwiftUIFilteredUpdates lists the representable.
        let map = try #require(graph.nodes.first { $0.title == "MapView" })
        #expect(map.kind == .representable && map.severity == .veryHigh && map.totalDuration == 9_000_000)
        // Only swiftui-layout-updates lists the layout work.
        let layout = try #require(graph.nodes.first { $0.title == "Layout: LayoutChildGeometries" })
        #expect(
            layout.kind == .other && layout.owner == .system && layout.totalDuration == 1_820_000
                && layout.module == "SwiftUI")
    }

    @Test func filteredAndLayoutTablesAloneGiveUpdates() throws {
        let (filtered, _) = try InstrumentsFixtures.read([Self.semiReal("SwiftUIFilteredUpdates.xml")])
        // Each update, then the root causes its row names.
        #expect(
            filtered.events.filter { $0.kind.isUpdate && ![12_345_678, 98_765_432].contains($0.id) }.map(\.id) == [
                3001, 3002,
            ])
        let stack = try #require(filtered.event(3001))
        #expect(
            stack.kind == .other && stack.title == "VStack" && stack.duration == 1_820_000 && stack.owner == .system)
        let (layout, _) = try InstrumentsFixtures.read([Self.semiReal("swiftui-layout-updates.xml")])
        let updates = layout.events.filter { [2001, 2002, 2003].contains($0.id) }
        #expect(updates.map(\.kind) == [.other, .other, .other])
        #expect(updates.map(\.duration) == [1_820_000, 340_000, 12_000])
        #expect(updates.map(\.title) == ["VStack", "NavigationSplitView", "Button"])
    }

    // MARK: View identity

    @Test func aBodyTitleIsItsViewsBody() throws {
        let (sink, _) = try InstrumentsFixtures.read(Self.separateTables)
        let section = try #require(sink.event(24))
        #expect(section.title == "RepositorySectionView" && section.kind == .body)
        let (graph, _) = try Self.graph(Self.separateTables)
        #expect(!graph.nodes.contains { $0.title.hasSuffix(".body") })
        #expect(graph.nodes.filter { $0.title == "LandmarkListItemView" }.count == 1)
    }

    // MARK: Labels and severities

    @Test func invalidationIsAnEdgeLabelOfItsOwn() throws {
        let (graph, _) = try Self.graph(Self.separateTables)
        let list = try #require(graph.nodes.first { $0.title == "LandmarkList" })
        let edge = try #require(graph.edges.first { $0.to == list.id })
        #expect(edge.label == .invalidation && edge.kind == .observable && edge.count == 1)
        #expect(GraphJSONEncoder.encode(graph).contains("\"kind\": \"observable\", \"label\": \"invalidation\""))
        let dot = DOTEncoder().encode(graph)
        #expect(dot.contains("label=\"invalidation ×1\""))
    }

    @Test func fiveSeveritiesReachTheGraph() throws {
        let (graph, _) = try Self.graph(Self.separateTables)
        let clock = try #require(graph.nodes.first { $0.title == "ClockView" })
        #expect(clock.severity == .veryLow && clock.severityCounts[.veryLow] == 1)
        #expect(
            GraphJSONEncoder.encode(graph).contains(
                "\"severityCounts\": {\"veryLow\": 1, \"low\": 0, \"medium\": 0, \"high\": 0, \"veryHigh\": 0}"))
        #expect(DOTEncoder().encode(graph).contains("severity-veryLow"), "the picture's classes name it too")
        #expect(Severity.allCases == [.veryLow, .low, .medium, .high, .veryHigh])
        #expect(InstrumentsTableReader.severity("Very Low") == .veryLow)
        #expect(InstrumentsTableReader.severity("Very High") == .veryHigh)
        #expect(InstrumentsTableReader.severity("Moderate") == .medium)
    }

    // MARK: Full causes

    @Test func fullCauseCellsTimeTheirEvents() throws {
        let (sink, _) = try InstrumentsFixtures.read([Self.semiReal("swiftui-full-causes.xml")])
        let content = try #require(sink.event(1001))
        #expect(content.duration == 12_340 && content.time == 1_000_000_000 - 12_340)
        let source = try #require(sink.event(1000))
        #expect(source.time == 500_000_000 && source.duration == nil)
        #expect(sink.causes.map(\.label) == [.update, .invalidation, .update])
        // The same recording's full causes alone give the update durations the update tables would.
        let (graph, _) = try Self.graph([Self.recording("swiftui-full-causes.xml")])
        let items = try #require(graph.nodes.first { $0.title == "LandmarkListItemView" })
        #expect(items.totalDuration == 820_000 && items.count == 3)
    }

    // MARK: Root causes

    @Test func rootCausesStandInForAMissingCauseTable() throws {
        let updatesOnly = ["swiftui-updates.xml", "swiftui-layout-updates.xml"].map(Self.recording)
        let (graph, _) = try Self.graph(updatesOnly)
        let observable = try #require(graph.nodes.first { $0.title == "@Observable ModelData.(Set<Int>)" })
        #expect(observable.kind == .observable && observable.count == 1)
        let items = try #require(graph.nodes.first { $0.title == "LandmarkListItemView" })
        let edge = try #require(graph.edges.first { $0.from == observable.id && $0.to == items.id })
        #expect(edge.count == 3)
        // Every update has a cause, but the layout work: swiftui-layout-updates has no root-causes
        // column. (Root causes such as ScrollPrefetch are `other` nodes without a module.)
        let updates = graph.nodes.filter { $0.kind.isUpdate && $0.module != nil && $0.title != "VStack" }
        #expect(updates.allSatisfy { node in graph.edges.contains { $0.to == node.id } })
        // With the causes table, root causes add nothing.
        let (withCauses, _) = try Self.graph(updatesOnly + [Self.recording("swiftui-causes.xml")])
        let (reference, _) = try Self.graph(Self.separateTables)
        #expect(withCauses.edges.map(\.count).reduce(0, +) == reference.edges.map(\.count).reduce(0, +))
        #expect(withCauses.edges.count == reference.edges.count)
    }

    @Test func aRootCauseNamedByTitleOnlyIsOneEventForEveryUpdate() throws {
        let row = { (id: Int, ids: Int) in
            "<row><uint32 id=\"\(ids)\">\(id)</uint32><swiftui-update id=\"\(ids + 1)\">View Body</swiftui-update><string id=\"\(ids + 2)\">Row</string>"
                + "<description-set id=\"\(ids + 3)\" fmt=\"@State: count\"/></row>"
        }
        let text = InstrumentsFixtures.document(
            schema: "swiftui-updates", columns: ["id", "update-type", "description", "root-causes"],
            rows: [row(1, 1), row(2, 5)])
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(text)])
        let causes = sink.events.filter { $0.kind == .state }
        #expect(
            causes.count == 1 && causes[0].title == "@State: count" && causes[0].id <= 9_007_199_254_740_991,
            "an id a JavaScript number holds whole")
        #expect(sink.causes.map(\.to) == [1, 2] && Set(sink.causes.map(\.from)) == [causes[0].id])
    }

    // MARK: Empty titles

    @Test func anEmptyTitleIsKept() throws {
        let (sink, _) = try InstrumentsFixtures.read(Self.separateTables)
        let untitled = try #require(sink.event(29))
        #expect(untitled.title == "" && untitled.kind == .other && untitled.owner == .system)
    }
}
