import CauseGraph
import Foundation
import GraphvizRender
import Testing

@Suite("libgraphviz renderer: shaped graphs")
struct ShapedRenderTests {
    @Test("the legend, hostile patterns included, comes out as plain text lines; residual edges are dotted")
    func legendStaysText() throws {
        var diagnostics = Diagnostics()
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("fixtures/environment-writer.jsonl").path
        let graph = try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
        let hostile = #"</text><script>alert(1)</script>&amp;\N"#
        let settings = ShapingSettings(ignore: [TitlePattern(substring: hostile)], hideSystem: true, maxNodes: 4)
        let shaped = try GraphShaper(settings: settings).shape(graph)
        let svg = try SVGDocument(
            try Graphviz.render(dot: DOTEncoder().encode(shaped.graph, legend: shaped.legend), format: .svg).bytes)
        let texts = svg.texts
        #expect(texts.contains("CaféMenu"))
        #expect(texts.contains("shown: 4 of 9 nodes, 2 of 8 edges (+ 1 dotted), 33 of 72 events"))
        // The encoder's own words name settings neutrally; the command line spells them as flags.
        #expect(texts.contains("ignore \"\(hostile)\": nothing left out"))
        #expect(texts.contains("hideSystem: 2 system nodes folded into dotted edges"))
        #expect(!svg.elements.contains { $0.name == "script" })
        let residual = try #require(svg.elements.first { $0.name == "g" && $0.attributes["id"] == "r1" })
        #expect(residual.attributes["class"] == "edge kind-state label-update residual")
        #expect(svg.elements.contains { $0.name == "path" && $0.attributes["stroke-dasharray"] == "1,5" })
    }
}
