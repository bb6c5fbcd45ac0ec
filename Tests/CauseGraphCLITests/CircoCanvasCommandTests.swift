import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// circo's canvas, each layout in a `causegraph render` of its own: Graphviz 2.43's circo keeps
/// state from one layout to the next in a process, so the same graph laid out after others in the
/// test process can come out another size (2918 × 2904 pt, then 4217 × 4204 pt, for the tree below).
@Suite("circo's canvas")
struct CircoCanvasCommandTests {
    /// The area of the SVG canvas `render` draws for `trace` with `engine`, in square points.
    private func canvasArea(_ trace: String, engine: String) throws -> Double {
        let result = try Causegraph.run([
            "render", trace, "--engine", engine, "--max-nodes", "0", "--max-edges", "0", "--unfold", "-o", "-",
        ])
        try #require(result.status == 0, "\(result.standardError)")
        let size = try #require(result.output.firstMatch(of: /<svg width="([0-9.]+)pt" height="([0-9.]+)pt"/))
        return try #require(Double(size.1)) * #require(Double(size.2))
    }

    @Test("circo keeps its canvas near the size of what it draws")
    func circoCanvas() throws {
        // Graphviz's defaults spread these 7 nodes over 1206 × 1133 pt.
        #expect(try canvasArea(fixture("landmarks-favorites-before.jsonl"), engine: "circo") < 1_000 * 1_000)
        // A binary tree of 80 views: circo's circles around circles spanned 8775 × 4470 pt,
        // fifteen times the canvas dot needs.
        // Its root is driven by a state change, so every run has its cause and the tree is the whole graph.
        var trace = #"{"causegraph": 1, "app": "Tree", "frameRate": 60}"# + "\n"
        trace += #"{"node": 1000, "kind": "state", "title": "Tree.root", "owner": "app", "time": 1}"# + "\n"
        for view in 1...80 {
            trace +=
                #"{"node": \#(view), "kind": "body", "title": "View\#(view)", "owner": "app", "time": \#(view * 1000), "duration": 1000}"#
                + "\n"
        }
        trace += #"{"edge": [1000, 1], "label": "update"}"# + "\n"
        for view in 2...80 { trace += #"{"edge": [\#(view / 2), \#(view)], "label": "update"}"# + "\n" }
        let scratch = try TemporaryFolder()
        let tree = try scratch.write("tree.jsonl", trace)
        let circo = try canvasArea(tree, engine: "circo")
        let layered = try canvasArea(tree, engine: "dot")
        #expect(circo < 5 * layered, "circo \(circo) pt², dot \(layered) pt²")
    }
}
