import CauseGraph
import Foundation
import Testing

/// The bundled fixtures against their golden DOT and JSON files in
/// `fixtures/golden/`. After an intended change of output, re-record them
/// with `CAUSEGRAPH_RECORD=1 swift test --filter GoldenFixtureTests` and
/// review the diff.
@Suite("Golden fixtures")
struct GoldenFixtureTests {
    static let fixtures = [
        "landmarks-favorites-before", "landmarks-favorites-after", "dark-mode",
        "environment-writer", "onoff-toggle", "contact-list", "hostile-titles",
    ]

    private func reconstruct(_ name: String) throws -> CauseEffectGraph {
        var diagnostics = Diagnostics()
        let path = packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
        return try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
    }

    @Test("DOT matches the golden file", arguments: fixtures)
    func dot(_ name: String) throws {
        let actual = DOTEncoder().encode(try reconstruct(name))
        try Golden.check(actual, against: "fixtures/golden/\(name).dot")
    }

    @Test("graph JSON matches the golden file", arguments: fixtures)
    func json(_ name: String) throws {
        let actual = GraphJSONEncoder.encode(try reconstruct(name))
        try Golden.check(actual, against: "fixtures/golden/\(name).json")
    }

    @Test("the showcase figures the fixtures README promises")
    func showcaseFigures() throws {
        func edgeCount(_ graph: CauseEffectGraph, _ from: String, _ to: String) -> Int? {
            graph.edges.first { graph.node($0.from)?.title == from && graph.node($0.to)?.title == to }?.count
        }
        let before = try reconstruct("landmarks-favorites-before")
        let after = try reconstruct("landmarks-favorites-after")
        #expect(edgeCount(before, "ModelData.favoritesCollection", "LandmarkListItemView") == 72)
        #expect(edgeCount(after, "ModelData.favoritesCollection", "LandmarkListItemView") == nil)
        #expect(edgeCount(after, "LandmarkFavoriteModel.isFavorite", "LandmarkListItemView") == 3)

        let darkMode = try reconstruct("dark-mode")
        let skipped = try #require(darkMode.nodes.first { $0.title == "LandmarkListItemView" })
        #expect((skipped.ran, skipped.skipped, skipped.isFullySkipped) == (0, 12, true))

        let contacts = try reconstruct("contact-list")
        let rows = try #require(contacts.edges.first { contacts.node($0.to)?.title == "ContactRow" })
        #expect((rows.kind, rows.count) == (.creation, 104))
    }
}
