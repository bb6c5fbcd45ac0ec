import ArgumentParser
import CauseGraph

/// The filters that shape a graph before it is drawn, so any trace, however
/// large, gives a picture `dot` lays out quickly and a reader can follow.
/// Those that choose within one recording's graph are ``OneGraphOptions``:
/// `diff`, which draws two, takes only these.
struct ShapingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Keep only the nodes whose title matches and the nodes on cause paths into them (repeatable).",
            valueName: "pattern"))
    var focus: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --focus: keep causes at most this many links upstream (default: all).", valueName: "n")
    )
    var depth: Int?

    @Option(
        help: ArgumentHelp(
            "Drop the nodes whose title matches, and the nodes caused only by them (repeatable).", valueName: "pattern")
    )
    var ignore: [String] = []

    @Flag(help: "Read --focus and --ignore patterns as regular expressions instead of substrings.")
    var regex = false

    @Flag(help: "Fold chains of system nodes into dotted edges between the app nodes they connect.")
    var hideSystem = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Drop nodes with fewer events than this.", valueName: "n"))
    var minCount: Int = 0

    @Option(
        help: ArgumentHelp(
            "Drop nodes that explain less than this share of the updates shown: a percentage (0.5%) or a fraction (0.005).",
            valueName: "share"))
    var nodeFraction: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Keep at most this many nodes, those that explain the most updates; 0 keeps all.", valueName: "n"))
    var maxNodes: Int = ShapingSettings.defaultMaxNodes

    @Option(
        help: ArgumentHelp(
            "Leave undrawn the edges that carry less than this share of the updates shown (each node keeps its edge from its main cause).",
            valueName: "share"))
    var edgeFraction: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw at most this many edges: each node's edge from its main cause first, then those that carry the most updates; 0 draws all (default \(ShapingSettings.defaultMaxEdges), fewer with --max-nodes under \(ShapingSettings.defaultMaxNodes): \(ShapingSettings.defaultMaxEdges) per \(ShapingSettings.defaultMaxNodes) nodes; all with --max-nodes 0).",
            valueName: "n"))
    var maxEdges: Int?

    @OptionGroup var window: TimeWindowOption

    @Flag(
        help: ArgumentHelp(
            "Draw a graph of more than \(CountText.format(ShapingSettings.maximumLaidOutElements)) nodes and edges anyway, although Graphviz may take minutes and gigabytes over it."
        ))
    var force = false

    func validate() throws {
        _ = try settings(oneGraph: nil)
    }

    /// Refuses to have Graphviz lay out more than
    /// ``ShapingSettings/maximumLaidOutElements`` nodes and edges together
    /// unless `--force`: it would run for minutes and gigabytes, silently.
    func allowLayout(ofNodes nodes: Int, edges: Int) throws(Diagnostic) {
        guard !force, nodes + edges > ShapingSettings.maximumLaidOutElements else { return }
        throw Diagnostic.error(
            "the graph has \(CountText.format(nodes)) nodes and \(CountText.format(edges)) edges to draw, more than \(CountText.format(ShapingSettings.maximumLaidOutElements)) together, which Graphviz would take minutes and gigabytes to lay out; keep fewer (--max-nodes, --max-edges, --focus, --min-count), write --format dot or json, or give --force"
        )
    }

    /// The options as the library's settings, with those of `oneGraph` for
    /// a command that draws one recording's graph.
    func settings(oneGraph: OneGraphOptions?) throws -> ShapingSettings {
        if let depth, depth < 0 { throw ValidationError("--depth \(depth) is out of range; give 0 or more") }
        if depth != nil && focus.isEmpty { throw ValidationError("--depth applies to --focus; give a --focus pattern") }
        if minCount < 0 { throw ValidationError("--min-count \(minCount) is out of range; give 0 or more") }
        if maxNodes < 0 { throw ValidationError("--max-nodes \(maxNodes) is out of range; give 0 (no limit) or more") }
        if let maxEdges, maxEdges < 0 {
            throw ValidationError("--max-edges \(maxEdges) is out of range; give 0 (no limit) or more")
        }
        var settings = ShapingSettings(
            depth: depth, hideSystem: hideSystem, minCount: minCount, maxNodes: maxNodes, maxEdges: maxEdges)
        settings.focus = try focus.map { try pattern($0, option: "--focus") }
        settings.ignore = try ignore.map { try pattern($0, option: "--ignore") }
        try oneGraph?.apply(to: &settings)
        settings.nodeFraction = try nodeFraction.map { try share($0, option: "--node-fraction") }
        settings.edgeFraction = try edgeFraction.map { try share($0, option: "--edge-fraction") }
        settings.window = try window.timeWindow()
        return settings
    }

    private func share(_ text: String, option: String) throws -> ShapingShare {
        do {
            return try ShapingShare(parsing: text)
        } catch {
            throw ValidationError("\(option) \(error)")
        }
    }

    private func pattern(_ text: String, option: String) throws -> TitlePattern {
        guard !text.isEmpty else {
            throw ValidationError("\(option) must not be empty: it would match every title; give part of a title")
        }
        do {
            return try TitlePattern(text, isRegex: regex)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Reads the traces (through the time window and the interaction chosen,
    /// if any) and shapes their graph; its notes and warnings go to `diagnostics`.
    func shapedGraph(_ input: InputOptions, _ oneGraph: OneGraphOptions, diagnostics: inout Diagnostics) throws
        -> ShapedGraph
    {
        try shapedGraph(of: input.traces, reading: input.settings, oneGraph, diagnostics: &diagnostics)
    }

    /// Reads `traces` into one graph (through the time window and the
    /// interaction chosen, if any) and shapes it; its notes and warnings go
    /// to `diagnostics`, for the command to print or the MCP tool to return.
    func shapedGraph(
        of traces: [String], reading importSettings: ImportSettings, _ oneGraph: OneGraphOptions,
        diagnostics: inout Diagnostics
    ) throws -> ShapedGraph {
        let settings = try settings(oneGraph: oneGraph)
        let reading = try TracePipeline(settings: importSettings, shaping: settings)
            .reconstruct(traces, diagnostics: &diagnostics)
        try MissingUpdates.require(updatesIn: reading.graph, for: "render", diagnostics: &diagnostics)
        return try reading.shaped(by: settings, spelling: CommandSpelling.current, diagnostics: &diagnostics)
    }
}
