import ArgumentParser
import CauseGraph

/// `causegraph diff`: what changed between a recording before a fix and one after it.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two recordings: the table of changes, and a picture of the union graph.",
        discussion: CommandExamples.appending(
            [
                "causegraph diff before.trace after.trace -o diff.svg":
                    "The union graph drawn, and the table of changes on standard output.",
                "causegraph diff before.jsonl after.jsonl --table changes.md --exit-code":
                    "The table as Markdown; exit status 1 when a count changed.",
            ],
            to: """
                Nodes match by kind, title, module and owner; edges by their two ends and kind. \
                Each is added, removed, more or less frequent, or the same (by count; durations are \
                compared alongside). The table of changes, largest first, goes to standard output \
                (or --table FILE) in --table-format text, json or markdown; -o writes the diff graph \
                in --format svg, png, pdf, dot or json, as render does. The shaping options of render apply to the union of \
                the two graphs (a node weighs what its busier side counted); --max-nodes limits \
                the picture only, the table lists every change the other filters keep. With \
                --exit-code the exit status is 1 when a count changed beyond --tolerance, 0 when \
                none did, 2 for bad input.
                """))

    @Argument(
        help: ArgumentHelp(
            "The recording before: a trace file or directory; '-' reads standard input.", valueName: "before"))
    var before: String

    @Argument(
        help: ArgumentHelp(
            "The recording after: a trace file or directory; '-' reads standard input.", valueName: "after"))
    var after: String

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var destination: OutputOption

    /// The file the diff graph is written to (`-` for standard output); none writes no graph.
    var output: String? { destination.named }

    @Option(
        help: ArgumentHelp(
            "The graph's format, as on render (default: from -o's extension, else svg).", valueName: "format"))
    var format: RenderFormat?

    @OptionGroup var layout: LayoutEngineOption

    @OptionGroup var themeOption: ThemeOption

    @Option(
        help: ArgumentHelp(
            "The table's format: text (for a terminal), json, or markdown (for a pull request); default: from --table's extension, else text.",
            valueName: "format"))
    var tableFormat: ReportFormat?

    @Option(help: ArgumentHelp("Write the table to this file instead of standard output.", valueName: "file"))
    var table: String?

    @Flag(
        help:
            "List every node and edge in the table: unchanged ones too, in text past --top, and in Markdown past the 32 KB a pull-request comment shows."
    )
    var all = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show at most this many changes in the text table (default \(ListBounds.defaultLimit)).", valueName: "n"))
    var top: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Pass over this many of the largest changes in the text table first (paging).", valueName: "n"))
    var offset = 0

    @Flag(
        help:
            "Exit with status 1 when a count changed beyond --tolerance, 0 when none did (2 stays bad input), as `git diff --exit-code` does."
    )
    var exitCode = false

    @Option(
        help: ArgumentHelp(
            "With --exit-code: how far a count may move either way and still count as unchanged: 10% (of the count before), 2, or 10%,2 (whichever allows more).",
            valueName: "tolerance"), transform: ToleranceOption.parse)
    var tolerance: ToleranceOption?

    @OptionGroup(title: "Shaping") var shaping: ShapingOptions

    func validate() throws {
        try ListOptions.validate(top: top, offset: offset, all: all)
        if before == "-" && after == "-" {
            throw ValidationError("only one of the two recordings can be read from standard input")
        }
        if format != nil && output == nil {
            throw ValidationError(
                "--format names the graph's format; name its file with -o, or give the table's format with --table-format"
            )
        }
        if tolerance != nil && !exitCode {
            throw ValidationError("--tolerance applies to --exit-code; give both")
        }
        if output == "-" && table == "-" {
            throw ValidationError(
                "the graph and the table cannot both go to standard output; name a file with -o or --table")
        }
        if let output, let table, OutputName.nameSameFile(output, table) {
            throw ValidationError(
                "-o and --table name the same file (on a Mac, names that differ only in case do); the table would replace the graph"
            )
        }
        if let output { _ = try OutputName.format(format, output: output, option: "--format", standardOutput: .svg) }
        if let table {
            _ = try OutputName.format(tableFormat, output: table, option: "--table-format", standardOutput: .text)
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let (diff, settings, window) = try compare(diagnostics: &diagnostics)
        if let output { try writeGraph(of: diff, settings, window: window, to: output, diagnostics: &diagnostics) }
        let changes = try table(of: diff, settings, window: window)
        // With the graph on standard output, the table is written only to a file.
        if let tablePath = table ?? (output == "-" ? nil : "-") {
            try OutputFile.write(try tableText(changes, to: tablePath, textBounds: textPage), to: tablePath)
        }
        if exitStatus(of: changes) != 0 { throw ExitCode(ExitStatus.changed) }
    }

    /// Writes the union graph, shaped, to `output` in the format asked for.
    func writeGraph(
        of diff: GraphDiff, _ settings: ShapingSettings, window: WindowStatistics?, to output: String,
        diagnostics: inout Diagnostics
    ) throws {
        let shaped = try shape(diff, settings, window: window)
        for note in ShapingFormatter.notes(shaped.report, spelling: CommandSpelling.current) { diagnostics.note(note) }
        let format = try OutputName.format(format, output: output, option: "--format", standardOutput: .svg)
        if format.graphviz != nil {
            try shaping.allowLayout(ofNodes: shaped.diff.nodes.count, edges: shaped.diff.edges.count)
        }
        try GraphWriter.write(
            format, to: output, engine: layout.engine,
            // A graph file reads the same whichever way it was asked for: its filters are named by flag.
            json: { DiffJSONEncoder.encode(shaped, spelling: .commandLine) },
            dot: { DiffDOTEncoder(style: .of(themeOption.theme), spelling: .commandLine).encode(shaped) },
            diagnostics: &diagnostics)
    }

    /// The rows of the text table `--top`, `--offset` and `--all` ask for, largest first.
    var textPage: ListBounds { ListBounds(offset: offset, limit: all ? nil : top ?? ListBounds.defaultLimit) }

    /// The table of changes in the format `--table-format` or `tablePath`'s
    /// extension names; text shows the rows `textBounds` keep, then a line
    /// saying how many it left out, passed through `respelled`.
    func tableText(
        _ changes: DiffTable, to tablePath: String, textBounds: ListBounds,
        respelled: (String) -> String = { $0 }
    ) throws -> String {
        let tableFormat = try format(ofTableAt: tablePath)
        let style = ReportOptions.style(for: tableFormat, output: tablePath)
        var text = DiffFormatter.format(
            changes, as: tableFormat, style: style, markdownLimit: all ? nil : MarkdownText.commentLimit,
            textBounds: textBounds)
        let omitted = textBounds.cut(changes.rows).omitted
        if tableFormat == .text, omitted > 0,
            let line = ListOptions.leftOut(
                [CountText.format(omitted) + (omitted == 1 ? " change" : " changes")], order: .time)
        {
            text += "\n" + respelled(line) + "\n"
        }
        return text
    }

    /// The table's format: `--table-format`, else `tablePath`'s extension, else text.
    func format(ofTableAt tablePath: String) throws -> ReportFormat {
        try OutputName.format(tableFormat, output: tablePath, option: "--table-format", standardOutput: .text)
    }

    /// The exit status `--exit-code` asks for: ``ExitStatus/changed`` when a
    /// count moved beyond `--tolerance`; 0 otherwise, and without `--exit-code`.
    func exitStatus(of changes: DiffTable) -> Int32 {
        exitCode && !changes.rowsChanged(beyond: tolerance?.tolerance ?? .none).isEmpty ? ExitStatus.changed : 0
    }

    /// The two recordings' diff, the shaping settings and the time window's
    /// statistics, for this command and for `causegraph mcp`'s `diff` tool.
    func compare(diagnostics: inout Diagnostics) throws -> (
        diff: GraphDiff, settings: ShapingSettings, window: WindowStatistics?
    ) {
        let settings = try shaping.settings(oneGraph: nil)
        let (diff, window) = try TracePipeline(settings: reading.settings, window: settings.window)
            .compare(before: before, after: after, diagnostics: &diagnostics)
        return (diff, settings, window)
    }

    /// The table of changes: every change the filters keep, with no limit on nodes or edges.
    func table(of diff: GraphDiff, _ settings: ShapingSettings, window: WindowStatistics?) throws -> DiffTable {
        do {
            return try diff.table(shapedBy: settings, window: window, includingUnchanged: all)
        } catch {
            throw Diagnostic.error(ShapingFormatter.message(error, spelling: CommandSpelling.current))
        }
    }

    private func shape(_ diff: GraphDiff, _ settings: ShapingSettings, window: WindowStatistics?) throws -> ShapedDiff {
        do {
            return try diff.shaped(by: settings, window: window)
        } catch {
            throw Diagnostic.error(ShapingFormatter.message(error, spelling: CommandSpelling.current))
        }
    }
}
