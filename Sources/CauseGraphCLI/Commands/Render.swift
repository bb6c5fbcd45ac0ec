import ArgumentParser
import CauseGraph

/// `causegraph render`: the whole pipeline, from trace to picture.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the cause graph of a trace as SVG, PNG, PDF, DOT or JSON.",
        discussion: """
            Large graphs are shaped before they are drawn: the filters apply in the order \
            --window, --focus/--depth, --ignore, --hide-system, --min-count, --max-nodes, \
            --max-edges; links through removed nodes become dotted edges, and a legend says what \
            was left out. By default at most 80 nodes and 150 edges are drawn.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup(title: "Shaping") var shaping: ShapingOptions
    @OptionGroup var themeOption: ThemeOption

    @Option(help: ArgumentHelp("The Graphviz layout engine.", valueName: "name"))
    var engine: String = "dot"

    func run() throws {
        let format = try outputOptions.resolvedFormat()
        if format == .svg || format.isBinary { try OutputOptions.requireNamedOnTerminal(outputOptions.named, what: "graph") }
        let shaped = try shaping.shapedGraph(input)
        let encoder = DOTEncoder(style: themeOption.theme.style)
        try GraphWriter.write(
            format, to: outputOptions.output, engine: engine,
            json: { GraphJSONEncoder.encode(shaped.graph, shaping: shaped.legend) },
            dot: { encoder.encode(shaped.graph, legend: shaped.legend, shares: shaped.focusShares) })
    }
}
