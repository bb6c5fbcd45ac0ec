import Testing

@testable import CauseGraph

@Suite("Nodes by id")
struct NodesByIDTests {
    private func node(_ id: String, _ kind: NodeKind, _ title: String, owner: Owner = .app) -> CauseEffectGraph.Node {
        CauseEffectGraph.Node(id: id, key: NodeKey(kind: kind, title: title, owner: owner), count: 1)
    }

    @Test("a built graph's ids are read as their numbers, and only the id at that position is found")
    func numberedIDs() {
        let graph = CauseEffectGraph(nodes: [node("n1", .state, "model"), node("n2", .body, "Row")])
        let nodes = NodesByID(graph)
        #expect(nodes.position(of: "n1") == 0)
        #expect(nodes.position(of: "n2") == 1)
        #expect(nodes["n2"]?.title == "Row")
        for absent in ["n02", "n0", "n3", "n", "x1", "1", "", "n1 ", "n99999999999999999999999"] {
            #expect(nodes.position(of: absent) == nil, "\(absent)")
        }
    }

    @Test("ids not numbered in order are found where they stand, not where their number would put them")
    func handMadeIDs() {
        let graph = CauseEffectGraph(nodes: [
            node("n2", .body, "Row"), node("n1", .state, "model"), node("row", .body, "Other"),
        ])
        let nodes = NodesByID(graph)
        #expect(nodes.position(of: "n2") == 0)
        #expect(nodes.position(of: "n1") == 1)
        #expect(nodes.position(of: "row") == 2)
        #expect(nodes["n1"]?.title == "model")
        #expect(nodes.position(of: "n3") == nil)
        #expect(nodes.position(of: "n01") == nil)
    }

    @Test("summary's top causes sum the edges of the nodes they name, whatever the ids")
    func topCausesByID() {
        let graph = CauseEffectGraph(
            nodes: [node("n2", .body, "Row"), node("n1", .state, "model"), node("n3", .body, "Other")],
            edges: [
                CauseEffectGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .state, label: .update, count: 3),
                CauseEffectGraph.Edge(id: "e2", from: "n1", to: "n3", kind: .state, label: .update, count: 4),
                // Into no node of the graph: an id that only looks like one.
                CauseEffectGraph.Edge(id: "e3", from: "n1", to: "n03", kind: .state, label: .update, count: 5),
            ])
        let causes = TraceSummary(graph: graph).topCauses
        #expect(causes.map(\.node.title) == ["model"])
        #expect(causes.first?.drove == 7)
        #expect(causes.first?.targets == 2)
    }
}
