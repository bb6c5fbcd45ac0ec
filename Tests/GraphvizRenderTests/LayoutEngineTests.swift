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
