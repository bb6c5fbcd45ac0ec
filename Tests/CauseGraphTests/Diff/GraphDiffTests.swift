import CauseGraph
import Testing

/// A trace whose tap drives `count` updates of `Row` through `Model.value`,
/// plus, when `extra`, a `Header` body the tap updates directly.
private func rowTrace(count: Int, extra: Bool, rowDuration: Int = 1_000, headerDuration: Int = 500) -> String {
    var lines = [
        traceHeader,
        #"{"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": 0}"#,
        #"{"node": 2, "kind": "observable", "title": "Model.value", "owner": "app", "time": 10}"#,
        #"{"edge": [1, 2], "label": "update"}"#,
    ]
    for index in 0..<count {
        lines.append(
            #"{"node": \#(100 + index), "kind": "body", "title": "Row", "module": "App", "owner": "app", "time": \#(100 + index), "duration": \#(rowDuration)}"#
        )
        lines.append(#"{"edge": [2, \#(100 + index)], "label": "update"}"#)
    }
    if extra {
        lines.append(
            #"{"node": 3, "kind": "body", "title": "Header", "module": "App", "owner": "app", "time": 20, "duration": \#(headerDuration)}"#
        )
        lines.append(#"{"edge": [1, 3], "label": "update"}"#)
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("Graph diff")
struct GraphDiffTests {
    @Test("the union matches nodes by key and edges by ends and kind, and classifies each")
    func classification() throws {
        let before = try graph(ofTrace: rowTrace(count: 4, extra: true))
        let after = try graph(ofTrace: rowTrace(count: 6, extra: false))
        let diff = GraphDiff(before: before, after: after)
        let nodes = Dictionary(uniqueKeysWithValues: diff.nodes.map { ($0.title, $0.change) })
        #expect(nodes == ["Tap": .same, "Model.value": .same, "Row": .more, "Header": .removed])
        let reversed = GraphDiff(before: after, after: before)
        #expect(reversed.nodes.first { $0.title == "Row" }?.change == .less)
        #expect(reversed.nodes.first { $0.title == "Header" }?.change == .added)

        let edges = diff.edges.map { edge in
            "\(diff.node(edge.from)!.title)→\(diff.node(edge.to)!.title) \(edge.kind.rawValue) \(edge.change.rawValue) \(edge.count.before)/\(edge.count.after)"
        }
        #expect(
            edges == [
                "Tap→Model.value gesture same 1/1",
                "Tap→Header gesture removed 1/0",
                "Model.value→Row observable more 4/6",
            ])
        #expect(diff.nodes.map(\.id) == ["n1", "n2", "n3", "n4"])
        #expect(diff.edges.map(\.id) == ["e1", "e2", "e3"])
        #expect(diff.tally(of: .same) == (nodes: 2, edges: 1))
    }

    @Test("nodes of the same title but another kind, module or owner stay apart")
    func keysKeepNodesApart() throws {
        let before = try graph(
            ofTrace: traceHeader + "\n"
                + #"{"node": 1, "kind": "body", "title": "Row", "module": "A", "owner": "app"}"# + "\n")
        let after = try graph(
            ofTrace: traceHeader + "\n"
                + #"{"node": 1, "kind": "body", "title": "Row", "module": "B", "owner": "app"}"# + "\n"
                + #"{"node": 2, "kind": "state", "title": "Row", "owner": "app"}"# + "\n")
        let diff = GraphDiff(before: before, after: after)
        #expect(
            diff.nodes.map { "\($0.kind.rawValue) \($0.key.module ?? "-") \($0.change.rawValue)" }
                == ["state - added", "body A removed", "body B added", "unrecorded - same"])
    }

    @Test("an edge between the same ends but of another kind is another edge")
    func edgeKinds() throws {
        let update = try graph(
            ofTrace: traceHeader + "\n"
                + #"{"node": 1, "kind": "body", "title": "List", "owner": "app"}"# + "\n"
                + #"{"node": 2, "kind": "body", "title": "Row", "owner": "app"}"# + "\n"
                + #"{"edge": [1, 2], "label": "update"}"# + "\n")
        let creation = try graph(
            ofTrace: traceHeader + "\n"
                + #"{"node": 1, "kind": "body", "title": "List", "owner": "app"}"# + "\n"
                + #"{"node": 2, "kind": "body", "title": "Row", "owner": "app"}"# + "\n"
                + #"{"edge": [1, 2], "label": "creation"}"# + "\n")
        let diff = GraphDiff(before: update, after: creation)
        #expect(
            diff.edges.map { "\($0.kind.rawValue) \($0.label.rawValue) \($0.change.rawValue)" }
                == ["update update removed", "creation creation added", "unrecorded update same"])
    }

    @Test(
        "the Landmarks fix: the edge into LandmarkListItemView from favoritesCollection goes, the per-item model's appears ×3"
    )
    func landmarksShowcase() throws {
        let diff = GraphDiff(
            before: try fixtureGraph("landmarks-favorites-before"), after: try fixtureGraph("landmarks-favorites-after")
        )
        func edge(_ from: String, _ to: String) -> GraphDiff.Edge? {
            diff.edges.first { diff.node($0.from)?.title == from && diff.node($0.to)?.title == to }
        }
        let old = try #require(edge("ModelData.favoritesCollection", "LandmarkListItemView"))
        #expect(old.change == .removed)
        #expect((old.count.before, old.count.after) == (72, 0))
        #expect(old.kind == .observable)
        #expect(old.after == nil)
        let new = try #require(edge("LandmarkFavoriteModel.isFavorite", "LandmarkListItemView"))
        #expect(new.change == .added)
        #expect((new.count.before, new.count.after) == (0, 3))
        #expect(new.before == nil)
        let view = try #require(diff.nodes.first { $0.title == "LandmarkListItemView" })
        #expect(view.change == .less)
        #expect((view.count.before, view.count.after) == (72, 3))
        #expect(view.totalDuration.before == 10_076_014)
        #expect(view.totalDuration.after == 440_853)
        #expect(diff.nodes.first { $0.title == "LandmarkFavoriteModel.isFavorite" }?.change == .added)
        #expect(diff.edges.filter { $0.change == .removed }.map(\.id) == [old.id])
        #expect(diff.edges.filter { $0.change == .added }.count == 2)
        #expect(diff.edges.filter { $0.change == .more || $0.change == .less }.isEmpty)
        #expect(diff.nodes.filter { $0.change == .same }.count == 6)
    }

    @Test("a recording compared with itself is all unchanged")
    func selfDiff() throws {
        let graph = try fixtureGraph("contact-list")
        let diff = GraphDiff(before: graph, after: graph)
        #expect(diff.nodes.count == graph.nodes.count && diff.edges.count == graph.edges.count)
        #expect(diff.nodes.allSatisfy { $0.change == .same } && diff.edges.allSatisfy { $0.change == .same })
        #expect(DiffTable(diff).rows.isEmpty)
        #expect(DiffTable(diff, includingUnchanged: true).rows.count == graph.nodes.count + graph.edges.count)
    }

    @Test(
        "labels read before → after (delta) with a real minus sign",
        arguments: [
            (12, 2, "12 → 2 (\u{2212}10)"),
            (0, 3, "0 → 3 (+3)"),
            (72, 0, "72 → 0 (\u{2212}72)"),
            (3, 3, "3 → 3 (±0)"),
        ])
    func countLabels(_ before: Int, _ after: Int, _ expected: String) {
        #expect(DeltaText.count(before, after) == expected)
    }

    @Test(
        "durations compare the same way; an unknown side shows a dash and no delta",
        arguments: [
            (Int64?(10_076_014), Int64?(440_853), "10.1 ms → 441 µs (\u{2212}9.64 ms)"),
            (0, 2_500_000, "0 ns → 2.5 ms (+2.5 ms)"),
            (447_000, 447_000, "447 µs → 447 µs (±0)"),
            (nil, 1_000, "— → 1 µs"),
            (Int64.min, Int64.max, "0 ns → 9223372037 s"),
        ])
    func durationLabels(_ before: Int64?, _ after: Int64?, _ expected: String) {
        #expect(DeltaText.duration(before, after) == expected)
    }

    @Test(
        "a node as frequent in both is listed when its time moved by a tenth of its own and a hundredth of the recording's",
        arguments: [
            // Row 4 µs → 2.4 µs: 40% of its own, a third of the recording's 4.5 µs.
            (1_000, 600, 500, 500, ["Row"]),
            (600, 1_000, 500, 500, ["Row"]),
            // 5% of its own: timing jitter.
            (1_000, 950, 500, 500, []),
            // Header 500 → 300 ns moved 40% of its own, but 0.05% of the recording's 400 µs.
            (100_000, 100_000, 500, 300, []),
            // Header 500 ns → 5 µs: ten times its own, 1.1% of the recording's.
            (100_000, 100_000, 500, 5_000, ["Header"]),
        ])
    func timeMovedRows(rowBefore: Int, rowAfter: Int, headerBefore: Int, headerAfter: Int, listed: [String]) throws {
        let diff = GraphDiff(
            before: try graph(
                ofTrace: rowTrace(count: 4, extra: true, rowDuration: rowBefore, headerDuration: headerBefore)),
            after: try graph(
                ofTrace: rowTrace(count: 4, extra: true, rowDuration: rowAfter, headerDuration: headerAfter)))
        #expect(diff.nodes.allSatisfy { $0.change == .same })
        let rows = DiffTable(diff).rows
        #expect(rows.map(\.title) == listed)
        #expect(rows.allSatisfy { $0.change == .same })
        // The count decides --exit-code: a time that moved fails nothing.
        #expect(DiffTable(diff).rowsChanged(beyond: Tolerance()).isEmpty)
    }

    @Test("the table lists changes largest first, by time moved then by count, unchanged only when asked")
    func tableOrder() throws {
        let diff = GraphDiff(
            before: try fixtureGraph("landmarks-favorites-before"), after: try fixtureGraph("landmarks-favorites-after")
        )
        let rows = DiffTable(diff).rows
        // The view that lost 9.64 ms first, then the edge that lost more links but carries no time.
        #expect(
            rows.map(\.title) == [
                "LandmarkListItemView",
                "ModelData.favoritesCollection → LandmarkListItemView",
                "LandmarkFavoriteModel.isFavorite",
                "Tap → LandmarkFavoriteModel.isFavorite",
                "LandmarkFavoriteModel.isFavorite → LandmarkListItemView",
            ])
        #expect(rows.map(\.change) == [.less, .removed, .added, .added, .added])
        let all = DiffTable(diff, includingUnchanged: true).rows
        #expect(all.count == diff.nodes.count + diff.edges.count)
        // Unchanged rows come after every changed one, a duration change first.
        #expect(all.prefix(rows.count).map(\.title) == rows.map(\.title))
    }
}
