import CauseGraph
import GraphvizRender

/// Writes a graph in one of the render formats: JSON and DOT as encoded,
/// SVG, PNG and PDF drawn from the DOT by libgraphviz; atomically.
enum GraphWriter {
    static func write(
        _ format: RenderFormat, to path: String, engine: String, json: () -> String, dot: () -> String,
        diagnostics: inout Diagnostics
    ) throws {
        let bytes = try encode(format, engine: engine, json: json, dot: dot, diagnostics: &diagnostics)
        try OutputOptions.write(bytes, to: path, binary: format.isBinary)
    }

    /// The graph's bytes in `format`.
    static func encode(
        _ format: RenderFormat, engine: String, json: () -> String, dot: () -> String, diagnostics: inout Diagnostics
    ) throws(GraphvizError) -> [UInt8] {
        switch format {
        case .json: Array(json().utf8)
        case .dot: Array(dot().utf8)
        case .svg, .png, .pdf: try draw(dot(), as: format.graphviz!, engine: engine, diagnostics: &diagnostics)
        }
    }

    /// Lays out and renders DOT with libgraphviz; its warnings go to `diagnostics`.
    static func draw(
        _ dot: String, as format: GraphvizFormat, engine: String = "dot", diagnostics: inout Diagnostics
    ) throws(GraphvizError) -> [UInt8] {
        let output = try Graphviz.render(dot: dot, format: format, engine: engine)
        for warning in output.warnings { diagnostics.append(Diagnostic(.warning, "graphviz: \(warning)")) }
        if let scale = output.bitmapScale {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the graph is too large for a PNG at full size, which holds at most 32,000 pixels a side: it is drawn at \(ShareText.percent(scale)) of it; SVG or PDF draw it whole, and --max-nodes draws fewer nodes"
                ))
        }
        return output.bytes
    }
}
