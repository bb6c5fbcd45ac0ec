import ArgumentParser
import CauseGraph
import Foundation
import GraphvizRender

/// `causegraph report`: one HTML page to explore a trace in any browser.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an interactive, self-contained HTML report: graph, timeline, findings and summary.",
        discussion: CommandExamples.appending(
            [
                "causegraph report App.trace -o report.html":
                    "One self-contained page: graph, timeline, findings and summary.",
                "causegraph report App.trace -o report.html --theme dark --focus Row":
                    "Dark, and opened on the views whose title holds Row.",
            ],
            to: """
                The page loads nothing from anywhere: styles, script and data are inline and its \
                Content-Security-Policy forbids any fetch. Hover a node to light up the nodes of the \
                same update, click a node or an edge for its figures, updates and backtrace, press / \
                to find a view. The graph drawn is shaped as by render (at most 80 nodes by default); \
                the summary, findings and timeline cover the whole trace, or the --window. Each node lists \
                its first 200 updates while all lists together hold at most 65,536 (then fewer a \
                node, as the page says); the timeline bins the long updates into 1,000 columns.
                """))

    @OptionGroup var input: InputOptions

    @OptionGroup var destination: OutputOption

    /// The file named with `-o`, if any.
    var named: String? { destination.named }

    /// The path to write, `-` for standard output.
    var output: String { destination.path }

    @OptionGroup var themeOption: ThemeOption

    @OptionGroup var layout: LayoutEngineOption
    @OptionGroup(title: "Shaping") var shaping: ShapingOptions
    @OptionGroup(title: "Shaping") var oneGraph: OneGraphOptions

    func validate() throws {
        try OutputName.refuseOtherFormats(
            output, writes: "an HTML page", suffix: "html", alsoAllowed: ["htm", "xhtml"])
    }

    func run() throws {
        try OutputOptions.requireNamedOnTerminal(named, what: "HTML page")
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let settings = try shaping.settings(oneGraph: oneGraph)
        let (reading, events) = try TracePipeline(settings: input.settings, shaping: settings)
            .reconstructForReport(input.traces, diagnostics: &diagnostics)
        try MissingUpdates.require(updatesIn: reading.graph, for: "report", diagnostics: &diagnostics)
        // The import's state is freed; the events the page lists were kept above it.
        FreedHeap.release()
        let drawn = try reading.shaped(by: settings, spelling: CommandSpelling.current, diagnostics: &diagnostics)
        try shaping.allowLayout(ofNodes: drawn.graph.nodes.count, edges: drawn.graph.edges.count)
        var report = HTMLReport(
            graph: reading.graph, drawn: drawn, events: events, theme: themeOption.theme,
            sources: input.traces.map(Self.displayName))
        report.spelling = .commandLine
        let html = try report.html { dot throws(GraphvizError) in
            String(
                decoding: try GraphWriter.draw(dot, as: .svg, engine: layout.engine, diagnostics: &diagnostics),
                as: UTF8.self)
        }
        try OutputFile.write(html, to: output)
    }

    /// A trace as the page names it: its file name, without the folders that
    /// would differ from machine to machine.
    static func displayName(of path: String) -> String {
        path == "-" ? "standard input" : (path as NSString).lastPathComponent
    }
}
