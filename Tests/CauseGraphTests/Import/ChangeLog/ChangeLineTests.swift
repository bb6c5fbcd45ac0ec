import CauseGraph
import Testing

@Suite("ChangeLine")
struct ChangeLineTests {
    private func line(_ text: String) -> ChangeLine? {
        if case .line(let line) = ChangeLine.parse(text) { return line }
        return nil
    }

    @Test func everyMarkerAndProperty() throws {
        let parsed = try #require(line("ContentView: @self, @identity, @dependencies, _count, store, @16 changed."))
        #expect(parsed.viewType == "ContentView")
        #expect(
            parsed.changes == [
                .viewValue, .identity, .dependencies, .property("count"), .property("store"), .fieldOffset("@16"),
            ])
    }

    @Test func unchanged() {
        #expect(line("ContentView: unchanged.") == ChangeLine(viewType: "ContentView", changes: []))
    }

    @Test func singleEntries() {
        #expect(line("ItemRow: @dependencies changed.")?.changes == [.dependencies])
        #expect(line("ItemRow: @self changed.")?.changes == [.viewValue])
        #expect(line("ItemRow: @identity changed.")?.changes == [.identity])
        #expect(line("ItemRow: @0 changed.")?.changes == [.fieldOffset("@0")])
        #expect(line("ItemRow: _isFavorite changed.")?.changes == [.property("isFavorite")])
    }

    @Test func underscoreOnlyLosesTheWrapperPrefix() {
        #expect(line("V: __storage changed.")?.changes == [.property("_storage")])
        #expect(line("V: _ changed.")?.changes == [.property("_")])
    }

    @Test func unknownMarkersAreKept() {
        #expect(line("V: @environment changed.")?.changes == [.unknownMarker("@environment")])
    }

    @Test(arguments: [
        "Outer.Inner",
        "Row<Item, Never>",
        "Row<Item,Never>",
        "CategoryHome<Dictionary<String, Array<Landmark>>.Keys>",
        "Grid<[String: Int]>",
        "Cell<(Int, String) -> Void>",
        "Zähler",
        "Café.Menü<Ünïcödé>",
        "Wrapper<Int>.Inner?",
        "(unknown context at $10a4b8c).PrivateRow",
        "SwiftUI.ModifiedContent<Text, _PaddingLayout>",
    ])
    func typeNames(_ type: String) {
        #expect(line("\(type): @self changed.") == ChangeLine(viewType: type, changes: [.viewValue]))
        #expect(line("\(type): unchanged.") == ChangeLine(viewType: type, changes: []))
    }

    @Test func surroundingBlanksAreIgnored() {
        #expect(line("  \tContentView: _count changed. \t")?.changes == [.property("count")])
    }

    @Test func nonASCIIProperty() {
        #expect(line("Zähler: _zählerstand changed.")?.changes == [.property("zählerstand")])
    }

    @Test(arguments: [
        "",
        "Hello, world",
        "Landmarks launched",
        "Warning: something bad happened.",
        "Note: selection changed to Turtle Rock",
        "ContentView: @self changed. And more",
        "ContentView @self changed.",
        "ContentView:@self changed.",
        "ContentView: changed.",
        "ContentView: @self,_count changed.",
        "ContentView: @self , _count changed.",
        "ContentView: unchanged",
        "Row<Item: @self changed.",
        "Row>: @self changed.",
        "Row<Item)>: @self changed.",
        "1View: @self changed.",
        "http://example.com: x changed.",
        "ContentView: 1count changed.",
        "ContentView: @self, , _count changed.",
    ])
    func notChangeLines(_ text: String) {
        if case .line = ChangeLine.parse(text) {
            Issue.record("\(text) read as a change line")
        }
    }

    @Test(arguments: [
        ("ContentView: @self, _cou", true),
        ("ContentView: @se", true),
        ("ContentView: @", true),
        ("ContentView: @self,", true),
        ("ContentView: @self, ", true),
        ("ContentView: @self chan", true),
        ("ContentView: _count changed", true),
        ("ContentView: unchanged", false),
        ("ContentView: unch", false),
        ("Warning: file", false),
    ])
    func truncatedLines(_ text: String, certain: Bool) {
        let trimmedCount = text.utf8.count - (text.hasSuffix(" ") ? 1 : 0)
        #expect(ChangeLine.parse(text) == .truncated(atByte: trimmedCount, certain: certain))
    }

    @Test func notTruncatedWhenTheBytesCannotContinue() {
        #expect(ChangeLine.parse("ContentView: @self chunk") == ChangeLine.Match.none)
        #expect(ChangeLine.parse("ContentView: @self; _count") == ChangeLine.Match.none)
    }
}
