import CauseGraph
import Foundation
import GraphvizRender
import Testing

private let landmarks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures/landmarks-favorites-before.jsonl").path

/// A node's outline in an SVG, as the box around the first shape drawn in its group.
private struct Box {
    var minX, minY, maxX, maxY: Double

    func overlaps(_ other: Box) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    init?(_ shape: SVGDocument.Element) {
        if shape.name == "ellipse" {
            guard let cx = Double(shape.attributes["cx"] ?? ""), let cy = Double(shape.attributes["cy"] ?? ""),
                let rx = Double(shape.attributes["rx"] ?? ""), let ry = Double(shape.attributes["ry"] ?? "")
            else { return nil }
            (minX, minY, maxX, maxY) = (cx - rx, cy - ry, cx + rx, cy + ry)
            return
        }
        let text = shape.attributes["points"] ?? shape.attributes["d"] ?? ""
        let numbers = text.split { !"-.0123456789".contains($0) }.compactMap { Double($0) }
        guard numbers.count >= 4 else { return nil }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        (minX, minY, maxX, maxY) = (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }
}

private func nodeBoxes(_ svg: SVGDocument) -> [String: Box] {
    var boxes: [String: Box] = [:]
    var current: String?
    for element in svg.elements {
        // Groups without a class (a node's link) belong to the group around them.
        if element.name == "g", let kind = element.attributes["class"] {
            current = kind.hasPrefix("node") ? element.attributes["id"] : nil
        } else if let id = current, boxes[id] == nil, ["polygon", "path", "ellipse"].contains(element.name),
            let box = Box(element)
        {
            boxes[id] = box
        }
    }
    return boxes
}

@Suite("layout engines other than dot")
struct LayoutEngineTests {
    let dot: String

    init() throws {
        var diagnostics = Diagnostics()
        dot = DOTEncoder().encode(try TracePipeline().reconstruct([landmarks], diagnostics: &diagnostics).graph)
    }

    @Test("neato, fdp and sfdp move nodes apart: no two node outlines overlap", arguments: ["neato", "fdp", "sfdp"])
    func noOverlaps(_ engine: String) throws {
        let svg = try SVGDocument(try Graphviz.render(dot: dot, format: .svg, engine: engine).bytes)
        let boxes = nodeBoxes(svg)
        #expect(boxes.count == 7)
        let ids = boxes.keys.sorted()
        for (index, first) in ids.enumerated() {
            for second in ids[(index + 1)...] {
                #expect(!boxes[first]!.overlaps(boxes[second]!), "\(engine): \(first) overlaps \(second)")
            }
        }
    }

    /// The area of a rendered SVG's canvas, in square points.
    private func canvasArea(_ dot: String, engine: String) throws -> Double {
        let svg = try SVGDocument(try Graphviz.render(dot: dot, format: .svg, engine: engine).bytes)
        let root = try #require(svg.elements.first { $0.name == "svg" })
        let width = try #require(Double(root.attributes["width"]?.replacingOccurrences(of: "pt", with: "") ?? ""))
        let height = try #require(Double(root.attributes["height"]?.replacingOccurrences(of: "pt", with: "") ?? ""))
        return width * height
    }

    @Test("circo keeps its canvas near the size of what it draws")
    func circoCanvas() throws {
        // Graphviz's defaults spread these 7 nodes over 1206 × 1133 pt.
        #expect(try canvasArea(dot, engine: "circo") < 1_000 * 1_000)
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
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "causegraph-tree-\(UUID().uuidString).jsonl")
        try Data(trace.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var diagnostics = Diagnostics()
        let tree = DOTEncoder().encode(try TracePipeline().reconstruct([file.path], diagnostics: &diagnostics).graph)
        let circo = try canvasArea(tree, engine: "circo")
        let layered = try canvasArea(tree, engine: "dot")
        #expect(circo < 5 * layered, "circo \(circo) pt², dot \(layered) pt²")
    }

    @Test("nop, which only draws positions a graph already has, is a clear error", arguments: ["nop", "nop2"])
    func nop(_ engine: String) {
        #expect(
            throws: GraphvizError(
                stage: .layout,
                message:
                    "the \(engine) engine draws positions the graph already has, and causegraph's graphs have none; use dot, neato, fdp, sfdp, circo or twopi"
            )
        ) {
            try Graphviz.render(dot: dot, format: .svg, engine: engine)
        }
    }
}
