import CauseGraph
import Foundation
import GraphvizRender
import Testing

private func fixtureGraph(_ name: String) throws -> CauseEffectGraph {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("fixtures/\(name).jsonl").path
    var diagnostics = Diagnostics()
    return try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
}

@Suite("diff pictures")
struct DiffRenderTests {
    @Test("a diff of hostile titles renders to well-formed SVG that holds each title as text, with diff classes")
    func hostileTitles() throws {
        let hostile = try fixtureGraph("hostile-titles")
        let diff = GraphDiff(
            before: hostile, after: try fixtureGraph("onoff-toggle"), beforeName: "</text><script>", afterName: "after")
        let svg = try SVGDocument(try Graphviz.render(dot: DiffDOTEncoder().encode(diff), format: .svg).bytes)
        let texts = svg.texts
        #expect(texts.contains("</text><script> → after"))
        for node in hostile.nodes {
            let shown = VisibleText.lines(node.title).replacingOccurrences(of: "\t", with: "\u{2409}")
            for line in shown.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(texts.contains(String(line)), "title line \(line.debugDescription) is missing")
            }
        }
        for node in diff.nodes {
            let group = try #require(svg.elements.first { $0.name == "g" && $0.attributes["id"] == node.id })
            #expect(
                group.attributes["class"]
                    == "node \(node.change.className) kind-\(node.kind.rawValue) owner-\(node.key.owner.rawValue)")
        }
        for edge in diff.edges {
            let group = try #require(svg.elements.first { $0.name == "g" && $0.attributes["id"] == edge.id })
            #expect(group.attributes["class"]?.hasPrefix("edge \(edge.change.className) ") == true)
        }
        #expect(!svg.elements.contains { $0.name == "script" || $0.name == "foreignObject" })
        #expect(!svg.elements.contains { $0.attributes.keys.contains { $0.lowercased().hasPrefix("on") } })
    }

    @Test("removed edges are dashed and added ones bold in the SVG itself")
    func strokes() throws {
        let diff = GraphDiff(
            before: try fixtureGraph("landmarks-favorites-before"), after: try fixtureGraph("landmarks-favorites-after")
        )
        let svg = try SVGDocument(try Graphviz.render(dot: DiffDOTEncoder().encode(diff), format: .svg).bytes)
        func path(of edge: GraphDiff.Edge) throws -> SVGDocument.Element {
            let index = try #require(svg.elements.firstIndex { $0.name == "g" && $0.attributes["id"] == edge.id })
            return try #require(svg.elements[index...].first { $0.name == "path" })
        }
        let removed = try #require(diff.edges.first { $0.change == .removed })
        #expect(try path(of: removed).attributes["stroke-dasharray"] != nil)
        let added = try #require(diff.edges.first { $0.change == .added })
        #expect(try path(of: added).attributes["stroke-width"] == "3")
        #expect(try path(of: added).attributes["stroke-dasharray"] == nil)
    }
}
