import Testing

@testable import CauseGraph

@Suite("Fan-out folds")
struct FanOutFoldTests {
    /// Tap → flag → List; List → five rows and → Detail → Leaf; a light Extra view
    /// so the graph is over a limit of 9 nodes.
    static let list = tinyGraph(
        [
            ("Tap", .gesture, .app, 2), ("List.flag", .state, .app, 2), ("List", .body, .app, 2),
            ("LibraryItemAlbumRow", .body, .app, 40), ("LibraryItemSongRow", .body, .app, 30),
            ("LibraryItemArtistRow", .body, .app, 20), ("LibraryItemGenreRow", .body, .app, 10),
            ("LibraryItemPodcastRow", .body, .app, 5), ("Detail", .body, .app, 3), ("Leaf", .body, .app, 3),
            ("Extra", .body, .app, 1),
        ],
        [
            ("Tap", "List.flag", 2), ("List.flag", "List", 2), ("List", "LibraryItemAlbumRow", 40),
            ("List", "LibraryItemSongRow", 30),
            ("List", "LibraryItemArtistRow", 20), ("List", "LibraryItemGenreRow", 10),
            ("List", "LibraryItemPodcastRow", 5),
            ("List", "Detail", 3), ("Detail", "Leaf", 3),
        ])

    @Test("siblings of one cause with nothing drawn after them fold into one node, with the sums")
    func folds() throws {
        let shaped = try GraphShaper(settings: ShapingSettings(maxNodes: 10)).shape(Self.list)
        #expect(shaped.graph.titles == ["Tap", "List.flag", "List", "5 views like LibraryItem…Row", "Detail", "Leaf"])
        let fold = try #require(shaped.graph.nodes.first { $0.id == "f1" })
        #expect((fold.count, fold.ran, fold.kind, fold.owner) == (105, 105, .body, .app))
        #expect(
            shaped.graph.edgeSummaries == [
                "Tap -> List.flag ×2", "List.flag -> List ×2", "List -> 5 views like LibraryItem…Row ×105",
                "List -> Detail ×3", "Detail -> Leaf ×3",
            ])
        #expect(shaped.graph.edges.first { $0.to == "f1" }?.id == "ef1")
        let step = try #require(shaped.report.steps.last)
        // Five edges into the rows are one into the fold: four fewer drawn.
        #expect(step == ShapingReport.Step(.foldFanOuts, removedNodes: 5, removedEdges: 4, folds: 1))
        #expect(
            ShapingFormatter.removals(shaped.report, spelling: .flags).last
                == "fan-outs: 5 nodes driven by the same cause, with nothing drawn after them, folded into 1, and 4 edges with them (--unfold shows them)"
        )
        #expect(shaped.report.shown.nodes == 6)
        #expect(shaped.report.shown.events == 117)
    }

    @Test("the room folds free is filled again, within the limit and without stranding a node")
    func refills() throws {
        // Under a limit of 7, the first choice folds the rows into one node; a larger choice then brings Detail and Leaf in.
        let shaped = try GraphShaper(settings: ShapingSettings(maxNodes: 7)).shape(Self.list)
        #expect(shaped.graph.nodes.count <= 7)
        #expect(shaped.graph.titles.contains("Detail") && shaped.graph.titles.contains("Leaf"))
        let chosen = Self.list.nodes.count - (shaped.report.steps.first { $0.filter == .maxNodes }?.removedNodes ?? 0)
        #expect(chosen > 7, "the limit chose \(chosen) nodes")
        let ends = Set(shaped.graph.edges.flatMap { [$0.from, $0.to] })
        #expect(shaped.graph.nodes.allSatisfy { ends.contains($0.id) })
    }

    @Test("whatever the limits, the folded picture stays within both")
    func foldedWithinBothLimits() throws {
        // Every row has a second cause, so folded lists bring two edges each and the edges bind before the nodes.
        var nodes: [(String, NodeKind, Owner, Int)] = [("Reuse", .other, .system, 400)]
        var edges: [(String, String, Int)] = []
        for list in 1...8 {
            let model = "Model\(list).items"
            nodes.append((model, .observable, .app, 10 * (9 - list)))
            for row in 1...5 {
                let title = "List\(list)Row\(row)"
                nodes.append((title, .body, .app, 10 * (9 - list)))
                edges += [(model, title, 10 * (9 - list) - 1), ("Reuse", title, 1)]
            }
        }
        let graph = tinyGraph(nodes, edges)
        for maxNodes in stride(from: 6, through: 40, by: 2) {
            for maxEdges in stride(from: 4, through: 40, by: 3) {
                let shaper = GraphShaper(settings: ShapingSettings(maxNodes: maxNodes, maxEdges: maxEdges))
                let shaped = try shaper.shape(graph)
                #expect(shaped.graph.nodes.count <= maxNodes, "--max-nodes \(maxNodes) --max-edges \(maxEdges)")
                #expect(shaped.graph.edges.count <= maxEdges, "--max-nodes \(maxNodes) --max-edges \(maxEdges)")
            }
        }
    }

    @Test(
        "--unfold, no node limit, or a graph within the limit draw every sibling",
        arguments: [
            ShapingSettings(maxNodes: 10, foldFanOuts: false), ShapingSettings(maxNodes: 0),
            ShapingSettings(maxNodes: 11),
        ])
    func unfolded(_ settings: ShapingSettings) throws {
        let shaped = try GraphShaper(settings: settings).shape(Self.list)
        #expect(shaped.graph.titles.contains("LibraryItemPodcastRow"))
        #expect(!shaped.report.steps.contains { $0.filter == .foldFanOuts })
    }

    @Test("focused nodes and nodes with something drawn after them never fold")
    func keepsFocusAndChains() throws {
        let focused = try GraphShaper(settings: ShapingSettings(focus: [TitlePattern(substring: "Row")], maxNodes: 9))
            .shape(Self.list)
        #expect(focused.graph.titles.filter { $0.hasPrefix("LibraryItem") }.count == 5)
        // Two siblings are too few to fold.
        let few = try GraphShaper(settings: ShapingSettings(maxNodes: 5)).shape(Self.list)
        #expect(few.graph.titles == ["Tap", "List.flag", "List", "LibraryItemAlbumRow", "LibraryItemSongRow"])
    }

    @Test("siblings driven by the same two causes fold into one node with one edge from each")
    func twoCauses() throws {
        var nodes: [(String, NodeKind, Owner, Int)] = [
            ("Model.items", .observable, .app, 3), ("Reuse", .other, .system, 3),
        ]
        var edges: [(String, String, Int)] = []
        for row in ["AlbumRow", "SongRow", "ArtistRow", "GenreRow"] {
            nodes.append((row, .body, .app, 4))
            edges += [("Model.items", row, 3), ("Reuse", row, 1)]
        }
        nodes.append(("Extra", .body, .app, 1))
        let shaped = try GraphShaper(settings: ShapingSettings(maxNodes: 6)).shape(tinyGraph(nodes, edges))
        #expect(shaped.graph.titles == ["Model.items", "Reuse", "4 views like …Row"])
        #expect(
            shaped.graph.edgeSummaries == ["Model.items -> 4 views like …Row ×12", "Reuse -> 4 views like …Row ×4"])
        #expect(shaped.graph.edges.map(\.id) == ["ef1", "ef1-2"])
    }

    @Test("a diff never folds: each node there shows its two sides")
    func diffUnfolded() throws {
        let diff = GraphDiff(before: Self.list, after: Self.list)
        let shaped = try diff.shaped(by: ShapingSettings(maxNodes: 10))
        #expect(!shaped.diff.nodes.contains { $0.title == "Extra" }, "the limit cut the graph")
        #expect(shaped.diff.nodes.filter { $0.title.hasPrefix("LibraryItem") }.count == 5)
        #expect(!shaped.report.steps.contains { $0.filter == .foldFanOuts })
    }

    @Test(
        "the fold's title names what the titles share",
        arguments: [
            (["LibraryItemAlbumRow", "LibraryItemSongRow"], "LibraryItem…Row"),
            (["Row", "Row"], "Row"),
            (["Abc", "Xyz"], "Abc…"),
            (["Row", "RowX", "Rows"], "Row…"),
            (["CardA", "CardAB"], "CardA…"),
            (["aXa", "aa"], "a…a"),
        ])
    func pattern(_ titles: [String], _ expected: String) {
        #expect(FanOutFold.sharedPattern(titles) == expected)
    }
}
