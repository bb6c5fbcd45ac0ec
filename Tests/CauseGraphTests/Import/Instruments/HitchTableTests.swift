import Foundation
import Testing

@testable import CauseGraph

@Suite("Instruments hitches, hitches-summary and potential-hangs tables")
struct HitchTableTests {
    @Test("reads the hand-modelled hitches and potential-hangs tables, in any file order, with the SwiftUI tables")
    func readsBothTables() throws {
        let paths =
            [InstrumentsFixtures.path("potential-hangs.xml")] + InstrumentsFixtures.tables + [
                InstrumentsFixtures.path("hitches.xml")
            ]
        let (sink, diagnostics) = try InstrumentsFixtures.read(paths)
        #expect(
            sink.hitches.sorted { $0.start < $1.start } == [
                Hitch(kind: .hang, start: 185_000_000, duration: 300_000_000, hangType: "Microhang"),
                Hitch(
                    kind: .hitch, start: 205_000_000, duration: 16_670_000, process: "Landmarks (4242)",
                    narrative: "Potentially expensive app update(s)"),
                Hitch(
                    kind: .hitch, start: 600_000_000, duration: 8_330_000, process: "Landmarks (4242)",
                    narrative: "Expensive commit"),
            ])
        #expect(!diagnostics.all.contains { $0.message.contains("not used") })
        // The hitch tables are details: they do not hold up the events of the cause table.
        let (alone, _) = try InstrumentsFixtures.read(InstrumentsFixtures.tables)
        #expect(sink.events == alone.events && sink.causes == alone.causes)
    }

    /// A real `hitches-summary` export, as iOS 18 devices write it under
    /// Xcode 26 (`fixtures/real/hitches/hitches-summary-ios18.xml`): its
    /// 12 hitches come to 200.48 ms, the worst 16.79 ms, as its publisher read them.
    static let hitchesSummary = InstrumentsFixtures.directory.deletingLastPathComponent()
        .appendingPathComponent("real/hitches/hitches-summary-ios18.xml").path

    @Test("reads hitches-summary by its own columns: start, duration and the hitch type, not the numbered narrative")
    func readsHitchesSummary() throws {
        let (sink, diagnostics) = try InstrumentsFixtures.read([Self.hitchesSummary])
        #expect(sink.hitches.count == 12)
        #expect(
            sink.hitches.first
                == Hitch(kind: .hitch, start: 1_382_537_707, duration: 16_669_668, narrative: "Pre-Commit(s) latency"))
        #expect(
            sink.hitches.last
                == Hitch(
                    kind: .hitch, start: 60_161_077_541, duration: 16_688_084, narrative: "Commit to Render latency"))
        let total = sink.hitches.reduce(0) { $0 + $1.duration }
        #expect((total + 5_000) / 10_000 == 20_048, "200.48 ms in all")
        #expect(sink.hitches.map(\.duration).max() == 16_787_834)
        #expect(!diagnostics.all.contains { $0.message.contains("not used") })
        #expect(
            diagnostics.all.map(\.description) == [
                "\(Self.hitchesSummary): warning: holds no update events (its tables: hitches-summary); the views need swiftui-causes or swiftui-updates, exported from the .trace"
            ])
    }

    @Test("a hitches-summary hitch is traced to the update its frame waited on")
    func hitchesSummaryHitchIsTraced() throws {
        // One body update and its update group around the first real hitch (1382.5 ms).
        let updates = InstrumentsFixtures.document(
            schema: "swiftui-updates", columns: ["start", "duration", "id", "update-type", "description"],
            rows: [
                #"<row><start-time id="1">1375000000</start-time><duration id="2">20000000</duration><uint64 id="3">7</uint64><string id="4">View Body Updates</string><string id="5">CalendarGrid</string></row>"#
            ])
        let groups = InstrumentsFixtures.document(
            schema: "swiftui-update-groups", columns: ["start", "duration", "label"],
            rows: [
                #"<row><start-time id="1">1370000000</start-time><duration id="2">30000000</duration><string id="3">Transaction</string></row>"#
            ])
        let paths = [
            try InstrumentsFixtures.temporaryFile(updates, name: "updates.xml"),
            try InstrumentsFixtures.temporaryFile(groups, name: "groups.xml"), Self.hitchesSummary,
        ]
        var diagnostics = Diagnostics()
        let graph = try TracePipeline().reconstruct(paths, diagnostics: &diagnostics).graph
        #expect(graph.hitches.count == 12)
        let cause = try HitchCause.numbered(1, in: graph)
        #expect(cause.hitch.narrative == "Pre-Commit(s) latency")
        #expect(cause.chain.first?.title == "CalendarGrid")
        #expect(try HitchCause.numbered(2, in: graph).chain.isEmpty, "the second hitch overlaps no update")
    }

    @Test("a .trace run listing both hitches and hitches-summary is exported one hitch table")
    func bundleExportsOneHitchTable() {
        let both = TableOfContents.Run(
            number: 1, tables: ["hitches-summary", "hitches", "potential-hangs", "swiftui-causes"])
        #expect(TraceBundle.tablesToExport(both).map(\.schema) == ["hitches", "potential-hangs", "swiftui-causes"])
        let iOS18 = TableOfContents.Run(number: 2, tables: ["hitches-summary", "swiftui-causes"])
        #expect(
            TraceBundle.tablesToExport(iOS18) == [
                TraceBundle.Table(
                    schema: "hitches-summary",
                    xpath: #"/trace-toc/run[@number="2"]/data/table[@schema="hitches-summary"]"#),
                TraceBundle.Table(
                    schema: "swiftui-causes",
                    xpath: #"/trace-toc/run[@number="2"]/data/table[@schema="swiftui-causes"]"#),
            ])
    }

    @Test("columns are found by mnemonic: reordered, extra and missing columns are fine")
    func columnsByMnemonic() throws {
        let text = InstrumentsFixtures.document(
            schema: "potential-hangs", columns: ["thread", "future-column", "duration", "start"],
            rows: [
                #"<row><sentinel/><string id="1">x</string><duration id="2">500000000</duration><start-time id="3">42</start-time></row>"#
            ])
        let (sink, _) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(text)])
        // No hang-type column: the type is unknown, not guessed.
        #expect(sink.hitches == [Hitch(kind: .hang, start: 42, duration: 500_000_000)])
    }

    @Test("rows without a start or with an in-flight duration are skipped, with one warning")
    func untimedRows() throws {
        let text = InstrumentsFixtures.document(
            schema: "hitches", columns: ["start", "duration", "narrative-description"],
            rows: [
                #"<row><sentinel/><duration id="1">5</duration><narrative id="2">A</narrative></row>"#,
                #"<row><start-time id="3">10</start-time><duration id="4">18446744073709551615</duration><narrative ref="2"/></row>"#,
                #"<row><start-time id="5">20</start-time><duration ref="1"/><narrative ref="2"/></row>"#,
            ])
        let (sink, diagnostics) = try InstrumentsFixtures.read([try InstrumentsFixtures.temporaryFile(text)])
        #expect(sink.hitches == [Hitch(kind: .hitch, start: 20, duration: 5, narrative: "A")])
        #expect(
            diagnostics.all.map(\.description).contains(
                "warning: 2 hitch or hang rows have no start or duration and were skipped"))
    }

    @Test("a malformed start is an error at its cell")
    func malformedStart() throws {
        let text = InstrumentsFixtures.document(
            schema: "hitches", columns: ["start", "duration"],
            rows: [
                #"<row><string id="1">soon</string><duration id="2">5</duration></row>"#
            ])
        let (diagnostic, path) = try InstrumentsFixtures.failure(Array(text.utf8))
        #expect(
            diagnostic.description
                == "\(path):3:6: error: malformed number \"soon\" in column \"start\" of hitches: expected a whole number"
        )
    }
}
