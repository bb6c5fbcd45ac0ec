import CauseGraph
import Dispatch
import Foundation
import GraphvizRender
import Testing

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

private func fixtureGraph(_ name: String) throws -> CauseEffectGraph {
    var diagnostics = Diagnostics()
    return try TracePipeline().reconstruct(
        [fixtures.appendingPathComponent("\(name).jsonl").path], diagnostics: &diagnostics
    ).graph
}

@Suite("libgraphviz renderer")
struct GraphvizTests {
    @Test("SVG is well-formed XML that holds every title as plain text")
    func hostileTitlesStayText() throws {
        let graph = try fixtureGraph("hostile-titles")
        let svg = try SVGDocument(try Graphviz.render(dot: DOTEncoder().encode(graph), format: .svg).bytes)
        let texts = svg.texts
        for node in graph.nodes {
            let shown = VisibleText.lines(node.title).replacingOccurrences(of: "\t", with: "\u{2409}")
            for line in shown.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(texts.contains(String(line)), "title line \(line.debugDescription) is missing")
            }
            let group = try #require(svg.elements.first { $0.name == "g" && $0.attributes["id"] == node.id })
            #expect(
                group.attributes["class"]?.hasPrefix("node kind-\(node.kind.rawValue) owner-\(node.owner.rawValue)")
                    == true)
            let anchor = try #require(
                svg.elements.first { $0.name == "a" && $0.attributes["xlink:title"]?.hasPrefix(shown + "\n") == true },
                "tooltip of \(node.title.debugDescription)")
            #expect(
                anchor.attributes["xlink:title"]?.contains("\(node.kind.rawValue) · \(node.owner.rawValue)") == true)
        }
        #expect(!svg.elements.contains { $0.name == "script" || $0.name == "foreignObject" })
        #expect(!svg.elements.contains { $0.attributes.keys.contains { $0.lowercased().hasPrefix("on") } })
        for edge in graph.edges {
            #expect(svg.elements.contains { $0.name == "g" && $0.attributes["id"] == edge.id })
        }
    }

    @Test("PNG and PDF carry their signatures; every format renders the same bytes twice")
    func binaryFormats() throws {
        let dot = DOTEncoder().encode(try fixtureGraph("onoff-toggle"))
        let png = try Graphviz.render(dot: dot, format: .png).bytes
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let pdf = try Graphviz.render(dot: dot, format: .pdf).bytes
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: pdf.suffix(16), as: UTF8.self).contains("%%EOF"))
        for format in GraphvizFormat.allCases {
            #expect(
                try Graphviz.render(dot: dot, format: format).bytes == Graphviz.render(dot: dot, format: format).bytes)
        }
    }

    @Test("16 threads render at once and every result is valid")
    func concurrentRenders() throws {
        let names = ["landmarks-favorites-before", "dark-mode", "onoff-toggle", "contact-list"]
        let graphs = try names.map(fixtureGraph)
        let dots = graphs.map { DOTEncoder().encode($0) }
        let expected = try dots.map { try Graphviz.render(dot: $0, format: .svg).bytes }
        let results = ResultBox(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let format = GraphvizFormat.allCases[index % GraphvizFormat.allCases.count]
            results.set(index, Result { try Graphviz.render(dot: dots[index % dots.count], format: format).bytes })
        }
        for index in 0..<16 {
            let bytes = try results.get(index).get()
            switch GraphvizFormat.allCases[index % GraphvizFormat.allCases.count] {
            case .svg:
                #expect(bytes == expected[index % dots.count])
                let texts = try SVGDocument(bytes).texts
                #expect(graphs[index % graphs.count].nodes.allSatisfy { texts.contains($0.title) })
            case .png:
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            case .pdf:
                #expect(bytes.starts(with: Array("%PDF-".utf8)))
            }
        }
    }

    @Test("a DOT syntax error comes back as a parse error with Graphviz's message")
    func parseError() {
        #expect {
            _ = try Graphviz.render(dot: "digraph { a -> }", format: .svg)
        } throws: { error in
            guard let error = error as? GraphvizError else { return false }
            return error.stage == .parse && error.message.contains("syntax error")
        }
    }

    @Test("an unknown layout engine comes back as a layout error, and the next render still works")
    func layoutError() throws {
        #expect {
            _ = try Graphviz.render(dot: "digraph { a -> b }", format: .svg, engine: "no-such-engine")
        } throws: { error in
            guard let error = error as? GraphvizError else { return false }
            return error.stage == .layout && error.message.contains("no-such-engine")
        }
        let svg = try SVGDocument(try Graphviz.render(dot: "digraph { a -> b }", format: .svg).bytes)
        #expect(svg.texts == ["a", "b"])
    }

    @Test("a PNG too large for a bitmap is scaled to fit before cairo would, and the scale is returned")
    func bitmapLimit() throws {
        // 400 nodes in a row: some 430 inches wide, past the 333 a PNG can hold at 96 pixels an inch.
        let row = "digraph { rankdir=LR; " + (1...400).map { "n\($0) -> n\($0 + 1);" }.joined() + " }"
        let png = try Graphviz.render(dot: row, format: .png)
        let scale = try #require(png.bitmapScale)
        #expect(scale > 0.5 && scale < 1)
        // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
        func side(at offset: Int) -> Int { png.bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (side(at: 16), side(at: 20))
        #expect(width <= 32_767 && width > 31_000, "within cairo's limit, and scaled no further than it must be")
        #expect(height < width)
        #expect(png.warnings.isEmpty)
        #expect(try Graphviz.render(dot: row, format: .svg).bitmapScale == nil, "SVG is drawn whole")
        #expect(try Graphviz.render(dot: "digraph { a -> b }", format: .png).bitmapScale == nil)
    }

    @Test("warnings are captured and returned, not printed")
    func warnings() throws {
        let output = try Graphviz.render(dot: #"digraph { a [shape=nosuchshape] }"#, format: .svg)
        #expect(output.warnings.contains { $0.contains("nosuchshape") })
        let clean = try Graphviz.render(dot: "digraph { a }", format: .svg)
        #expect(clean.warnings.isEmpty)
    }
}

/// Results written by concurrent workers, one slot each.
private final class ResultBox: @unchecked Sendable {
    private var results: [Result<[UInt8], Error>?]
    private let lock = NSLock()

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<[UInt8], Error>) {
        lock.withLock { results[index] = result }
    }

    func get(_ index: Int) -> Result<[UInt8], Error> {
        lock.withLock { results[index]! }
    }
}
