import ArgumentParser
import CauseGraph
import GraphvizRender

/// `causegraph render`: the whole pipeline, from trace to picture.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the cause graph of a trace as SVG, PNG, PDF, DOT or JSON.",
        discussion: """
            Large graphs are shaped before they are drawn: the filters apply in the order \
            --window, --focus/--depth, --ignore, --hide-system, --min-count, --max-nodes; \
            links through removed nodes become dotted edges, and a legend says what was left out. \
            By default at most 80 nodes are drawn.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup(title: "Shaping") var shaping: ShapingOptions

    @Option(help: ArgumentHelp("The Graphviz layout engine.", valueName: "name"))
    var engine: String = "dot"

    func run() throws {
        let format = try outputOptions.resolvedFormat()
        let shaped = try shaping.shapedGraph(input)
        let bytes: [UInt8]
        switch format {
        case .json:
            bytes = Array(GraphJSONEncoder.encode(shaped.graph, shaping: shaped.legend).utf8)
        case .dot:
            bytes = Array(DOTEncoder().encode(shaped.graph, legend: shaped.legend).utf8)
        case .svg, .png, .pdf:
            let dot = DOTEncoder().encode(shaped.graph, legend: shaped.legend)
            let output = try Graphviz.render(dot: dot, format: format.graphviz!, engine: engine)
            for warning in output.warnings {
                Terminal.standardError.print(Diagnostic(.warning, "graphviz: \(warning)"))
            }
            bytes = output.bytes
        }
        let file = try outputOptions.open(binary: format.isBinary)
        try file.write(bytes)
        try file.commit()
    }
}
