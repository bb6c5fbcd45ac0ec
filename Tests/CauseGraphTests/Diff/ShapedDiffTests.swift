import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("Shaped diffs")
struct ShapedDiffTests {
    private func landmarks() throws -> GraphDiff {
        GraphDiff(
            before: try fixtureGraph("landmarks-favorites-before"), after: try fixtureGraph("landmarks-favorites-after")
        )
    }

    @Test("focus keeps the matches and their causes, under their union ids, on both sides")
    func focus() throws {
        let diff = try landmarks()
        let shaped = try diff.shaped(by: ShapingSettings(focus: [TitlePattern(substring: "ListItem")], depth: 1))
        #expect(
            shaped.diff.nodes.map(\.title) == [
                "LandmarkFavoriteModel.isFavorite", "ModelData.favoritesCollection", "LandmarkListItemView",
            ])
        #expect(shaped.diff.nodes.map(\.id) == ["n2", "n3", "n5"])
        #expect(shaped.diff.edges.map { "\($0.id) \($0.change.rawValue)" } == ["e3 added", "e4 removed"])
        #expect(shaped.legend != nil)
        #expect(DiffTable(shaped.diff).rows.count == 4)
    }

    @Test("the filters weigh each node by its busier side, so what the fix removed is kept")
    func weighsBothSides() throws {
        let diff = try landmarks()
        let shaped = try diff.shaped(by: ShapingSettings(minCount: 10))
        // LandmarkListItemView counted 72 before and 3 after; every other node 3.
        #expect(shaped.diff.nodes.map(\.title) == ["LandmarkListItemView"])
        let reversed = try GraphDiff(
            before: try fixtureGraph("landmarks-favorites-after"), after: try fixtureGraph("landmarks-favorites-before")
        )
        .shaped(by: ShapingSettings(minCount: 10))
        #expect(reversed.diff.nodes.map(\.title) == ["LandmarkListItemView"])
    }

    @Test("a small diff is not shaped by default: no legend, the same DOT as unshaped")
    func unshapedByDefault() throws {
        let diff = try landmarks()
        let shaped = try diff.shaped(by: ShapingSettings())
        #expect(shaped.legend == nil && shaped.residualEdges.isEmpty)
        #expect(DiffDOTEncoder().encode(shaped) == DiffDOTEncoder().encode(diff))
        #expect(DiffJSONEncoder.encode(shaped) == DiffJSONEncoder.encode(diff))
    }

    @Test(
        "links through hidden nodes become residual edges, drawn dotted with a hollow head, and the legend says what was left out"
    )
    func residualEdges() throws {
        func trace(_ runs: Int) -> String {
            var lines = [
                traceHeader,
                #"{"node": 1, "kind": "state", "title": "Model.x", "owner": "app"}"#,
                #"{"node": 2, "kind": "other", "title": "<graph>", "owner": "system"}"#,
                #"{"edge": [1, 2], "label": "update"}"#,
            ]
            for index in 0..<runs {
                lines.append(#"{"node": \#(10 + index), "kind": "body", "title": "Row", "owner": "app"}"#)
                lines.append(#"{"edge": [2, \#(10 + index)], "label": "update"}"#)
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let diff = GraphDiff(before: try graph(ofTrace: trace(4)), after: try graph(ofTrace: trace(1)))
        let shaped = try diff.shaped(by: ShapingSettings(hideSystem: true))
        #expect(shaped.diff.nodes.map(\.title) == ["Model.x", "Row"])
        #expect(shaped.diff.edges.isEmpty)
        #expect(shaped.residualEdges.count == 1)
        let dot = DiffDOTEncoder(spelling: .flags).encode(shaped)
        #expect(dot.contains(#"n1 -> n2 [id="r1", class="residual kind-state label-update", style=dotted"#))
        #expect(dot.contains("arrowhead=empty"))
        #expect(dot.contains("--hide-system: 1 system node folded into dotted edges"))
        #expect(dot.contains("dotted edges with a hollow head: cause links through nodes not shown"))
        let json = try JSONParser.parse(DiffJSONEncoder.encode(shaped))
        #expect(json["residualEdges"]?.arrayValue?.count == 1)
        #expect(json["shaping"]?["shown"]?["nodes"]?.numberValue == 2)
    }

    @Test("a filter that removes every node is an error naming it")
    func removesEverything() throws {
        #expect(throws: ShapingError.self) {
            try self.landmarks().shaped(by: ShapingSettings(focus: [TitlePattern(substring: "NoSuchView")]))
        }
    }
}
