import ArgumentParser
import CauseGraph

/// `causegraph render`: the whole pipeline, from trace to picture.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the cause graph of a trace as SVG, PNG, PDF, DOT or JSON.",
        discussion: CommandExamples.appending(
            [
                "causegraph render App.trace -o graph.svg":
                    "The whole graph, shaped to at most 80 nodes, as SVG.",
                "causegraph render App.trace -o list.png --focus ListItem --hide-system":
                    "The causes of the matching views, without SwiftUI's own nodes.",
                "causegraph render --each traces/ -o graphs/":
                    "One picture per trace of a folder.",
            ],
            to: """
                Large graphs are shaped before they are drawn: the filters apply in the order \
                --window, --group/--gesture, --focus/--depth, --ignore, --hide-system, --min-count, \
                --node-fraction, --max-nodes, --edge-fraction, --max-edges, then the fan-out folds \
                (--unfold); links through removed nodes become dotted edges, and a legend says what \
                was left out. By default at most 80 nodes and 150 edges are drawn, and a graph of more than 4,000 nodes and edges \
                is laid out only with --force. With --each, every \
                trace is drawn on its own, in one process; a trace that fails is named in a one-line \
                error, the others are still written, and the exit status is 2.
                """))

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup(title: "Shaping") var shaping: ShapingOptions
    @OptionGroup(title: "Shaping") var oneGraph: OneGraphOptions
    @OptionGroup var themeOption: ThemeOption

    @OptionGroup var layout: LayoutEngineOption

    @Flag(
        help:
            "Render each trace (each trace file of a folder, whose Instruments exports are one recording) on its own into the folder named by -o: NAME.EXT becomes NAME.<format>, svg unless --format says otherwise."
    )
    var each = false

    func run() throws {
        if each { return try renderEach() }
        let format = try outputOptions.resolvedFormat()
        if format == .svg || format.isBinary {
            try OutputOptions.requireNamedOnTerminal(outputOptions.named, what: "graph", binary: format.isBinary)
        }
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let graph = try graph(as: format, diagnostics: &diagnostics)
        try OutputOptions.write(graph, to: outputOptions.output, binary: format.isBinary)
    }

    /// The shaped graph in `format`, for this command and for `causegraph mcp`'s `render` tool; the notes of
    /// reading and shaping it and Graphviz's warnings go to `diagnostics`.
    /// The graph in `format`; a JSON graph names its update groups as
    /// `groups` says (listed, as the graph contract has them).
    func graph(
        as format: RenderFormat, groups: GraphJSONEncoder.GroupListing = .listed, diagnostics: inout Diagnostics
    ) throws -> [UInt8] {
        let shaped = try shaping.shapedGraph(input, oneGraph, diagnostics: &diagnostics)
        if format.graphviz != nil {
            try shaping.allowLayout(ofNodes: shaped.graph.nodes.count, edges: shaped.graph.edges.count)
        }
        // A graph file reads the same whichever way it was asked for: its filters are named by flag.
        let encoder = DOTEncoder(style: themeOption.theme.style, spelling: .commandLine)
        return try GraphWriter.encode(
            format, engine: layout.engine,
            json: { GraphJSONEncoder.encode(shaped, spelling: encoder.spelling, groups: groups) },
            dot: { encoder.encode(shaped) }, diagnostics: &diagnostics)
    }
}
