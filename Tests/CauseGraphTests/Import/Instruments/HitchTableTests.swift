import CauseGraph
import Foundation
import Testing

@Suite("Instruments hitches and potential-hangs tables")
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
