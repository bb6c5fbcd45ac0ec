import ArgumentParser
import CauseGraph
import GraphvizRender

/// `causegraph diff`: what changed between a recording before a fix and one after it.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two recordings: the table of changes, and a picture of the union graph.",
        discussion: """
            Nodes match by kind, title, module and owner; edges by their two ends and kind. \
            Each is added, removed, more or less frequent, or the same (by count; durations are \
            compared alongside). The table of changes, largest first, goes to standard output \
            (or --table FILE) in --format text, json or markdown; -o writes the diff graph as \
            svg, png, pdf, dot or json.
            """)

    @Argument(help: ArgumentHelp("The recording before: a trace file or directory; '-' reads standard input.", valueName: "before"))
    var before: String

    @Argument(help: ArgumentHelp("The recording after: a trace file or directory; '-' reads standard input.", valueName: "after"))
    var after: String

    @OptionGroup var reading: ReadingOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the diff graph to this file ('-' for standard output).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The graph's format (default: from -o's extension, else svg).", valueName: "svg|png|pdf|dot|json"))
    var graphFormat: RenderFormat?

    @Option(help: ArgumentHelp("The Graphviz layout engine.", valueName: "name"))
    var engine: String = "dot"

    @Option(help: ArgumentHelp("The table's format: text (for a terminal), json, or markdown (for a pull request).", valueName: "format"))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write the table to this file instead of standard output.", valueName: "file"))
    var table: String?

    @Flag(help: "List unchanged nodes and edges in the table too.")
    var all = false

    func validate() throws {
        if before == "-" && after == "-" {
            throw ValidationError("only one of the two recordings can be read from standard input")
        }
        if graphFormat != nil && output == nil {
            throw ValidationError("--graph-format applies to the graph; name its file with -o")
        }
        if output == "-" && table == "-" {
            throw ValidationError("the graph and the table cannot both go to standard output; name a file with -o or --table")
        }
    }

    func run() throws {
        let diff = GraphDiff(
            before: try reading.reconstruct([before]), after: try reading.reconstruct([after]),
            beforeName: before, afterName: after)
        if let output {
            let format = try OutputOptions.resolvedFormat(graphFormat, output: output, option: "--graph-format")
            let bytes: [UInt8]
            switch format {
            case .json:
                bytes = Array(DiffJSONEncoder.encode(diff).utf8)
            case .dot:
                bytes = Array(DiffDOTEncoder().encode(diff).utf8)
            case .svg, .png, .pdf:
                let rendered = try Graphviz.render(dot: DiffDOTEncoder().encode(diff), format: format.graphviz!, engine: engine)
                for warning in rendered.warnings {
                    Terminal.standardError.print(Diagnostic(.warning, "graphviz: \(warning)"))
                }
                bytes = rendered.bytes
            }
            let file = try OutputOptions.open(output, binary: format.isBinary)
            try file.write(bytes)
            try file.commit()
        }
        // With the graph on standard output, the table is written only to a file.
        let tablePath = table ?? (output == "-" ? nil : "-")
        guard let tablePath else { return }
        let style = ReportOptions.style(for: format, output: tablePath)
        let text = DiffFormatter.format(DiffTable(diff, includingUnchanged: all), as: format, style: style)
        let file = try OutputFile(path: tablePath)
        try file.write(text)
        try file.commit()
    }
}
