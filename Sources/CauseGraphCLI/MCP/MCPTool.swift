import ArgumentParser
import CauseGraph
import MCP

/// The tools `causegraph mcp` offers: each a command of the CLI, described
/// for an agent. Each tool's table (``arguments``) maps the command's
/// options to the properties of its input schema; the help, values and
/// defaults come from the options' own declarations (``CommandHelp``), and
/// every option of the command is in the table or in ``exclusions``.
enum MCPTool: String, CaseIterable {
    case why, summary, render, diff, check, doctor

    /// The command the tool runs.
    var command: ParsableCommand.Type {
        switch self {
        case .why: Why.self
        case .summary: Summary.self
        case .render: Render.self
        case .diff: Diff.self
        case .check: Check.self
        case .doctor: DoctorCommand.self
        }
    }

    /// The command's options the tool offers, and how each is passed.
    var arguments: [MCPArgument] {
        switch self {
        case .why:
            [
                Self.traces, .string("view"), .flag("regex"), .integer("update"), .flag("list"), .flag("longest"),
                .integer("hitch"),
                Self.reportFormat, .string("window"),
            ] + Self.listing + Self.reading
        case .summary:
            [Self.traces, Self.reportFormat, .string("window")] + Self.listing
                + ["fan-out", "churn", "recreations", "long-bodies", "storm"].map { .integer($0) }
                + [.string("storm-window")] + Self.reading
        case .render:
            [
                Self.traces,
                MCPArgument("output", .outputPath(.graph), note: "Writes the graph there instead of returning it."),
                .string("format"), .string("theme"), .string("engine"),
            ] + Self.shaping + Self.oneGraph + Self.reading
        case .diff:
            [
                MCPArgument("before", .positionalPath), MCPArgument("after", .positionalPath),
                MCPArgument("output", .outputPath(.graph)), .string("format"), .string("engine"),
                .string("theme"), .string("table-format"),
                MCPArgument("table", .outputPath(.table)), .flag("all"),
                MCPArgument("top", .value(.integer), name: "limit"),
                MCPArgument("offset", .value(.integer), note: "The next page is `offset` + `limit`."),
                MCPArgument(
                    "exit-code", .flag,
                    note: "Over MCP the structured content's `exitStatus` is that status."),
                .string("tolerance"),
            ] + Self.shaping + Self.reading
        case .check:
            [
                Self.traces, MCPArgument("budget", .inputPath), MCPArgument("baseline", .inputPaths),
                .string("tolerance"), .flag("strict"), .flag("all"), Self.reportFormat, .string("window"),
            ] + Self.reading
        case .doctor:
            [MCPArgument("input", .positionalPaths, name: "traces"), .flag("no-cache")]
        }
    }

    /// The command's options the tool does not offer, each with the reason.
    var exclusions: [String: String] {
        let quiet = ["quiet": "progress shows only on a terminal, and a tool call has none"]
        let output = [
            "output": "the report is the result, so the tool stays read-only; only `render` and `diff` write files"
        ]
        switch self {
        case .why, .summary, .check: return quiet.merging(output) { first, _ in first }
        case .diff: return quiet
        case .render:
            return quiet.merging([
                "each": "writes a folder of graphs, one per trace; call `render` once for each trace instead"
            ]) { first, _ in first }
        case .doctor: return ["format": "the result holds both the text and the JSON"]
        }
    }

    var definition: Tool {
        let help = CommandHelp(of: command)
        let spelling = MCPSpelling(arguments, help: help)
        var properties: [String: Value] = [:]
        for argument in arguments {
            properties[argument.name] = argument.schema(
                help.argument(argument.option), description: description(of: argument, help, spelling))
        }
        return Tool(
            name: rawValue, description: prose,
            inputSchema: [
                "type": "object", "properties": .object(properties),
                "required": .array(required.map { .string($0) }), "additionalProperties": false,
            ],
            annotations: annotations)
    }

    /// The command line of the command the tool runs.
    func commandLine(_ given: [String: Value]?, confinement: Confinement) throws(Diagnostic) -> [String] {
        var toolArguments = ToolArguments(given, tool: rawValue, confinement: confinement)
        for argument in arguments { try argument.pass(&toolArguments) }
        return try toolArguments.commandLine(rawValue)
    }

    /// The command's words with its options named as the tool's arguments.
    var spelling: MCPSpelling { MCPSpelling(arguments, help: CommandHelp(of: command)) }

    /// An argument's description: the option's help, its default, and what the tool adds.
    func description(of argument: MCPArgument, _ help: CommandHelp, _ spelling: MCPSpelling) -> String {
        let option = help.argument(argument.option)
        var text = spelling.respelled(option?.abstract ?? "", quote: "`")
        // A help that states its default already (`(default 60)`) is not told it twice.
        if let option, let value = option.defaultValue, option.kind == .option, !option.isRepeating,
            !text.lowercased().contains("default")
        {
            text += " Default: \(value)."
        }
        for note in [argument.note, argument.pathNote] { if let note { text += " " + note } }
        return text
    }

    // MARK: The options several tools share

    private static let traces = MCPArgument("trace", .positionalPaths, name: "traces")

    private static let reading: [MCPArgument] = [
        .string("input-format"), .number("frame-rate"), MCPArgument("classify", .inputPaths), .integer("run"),
        .flag("no-cache"),
    ]

    private static let reportFormat = MCPArgument(
        "format", .value(.string),
        note: "Over MCP it is the text block's format; the structured content is JSON in any case.")

    /// The arguments that page through a bounded answer.
    private static let listing: [MCPArgument] = [
        .string("sort"),
        MCPArgument(
            "top", .value(.integer), name: "limit",
            note:
                "The answer is also kept under \(MCPToolRunner.largestResult / 1024) KB: `truncated` in the structured content says whether anything was left out, `omitted…` how much."
        ),
        MCPArgument("offset", .value(.integer), note: "The next page is `offset` + `limit`."),
        .flag("all"),
    ]

    private static let shaping: [MCPArgument] = [
        .repeated("focus"), .integer("depth"), .repeated("ignore"), .flag("regex"), .flag("hide-system"),
        .integer("min-count"), .string("node-fraction"), .integer("max-nodes"), .string("edge-fraction"),
        .integer("max-edges"), .string("window"), .flag("force"),
    ]

    /// The shaping arguments of a tool that draws one recording's graph.
    private static let oneGraph: [MCPArgument] = [.flag("unfold"), .integer("group"), .integer("gesture")]

    // MARK: What each tool says of itself

    private var required: [String] {
        switch self {
        case .diff: ["before", "after"]
        case .check: ["traces", "budget"]
        default: ["traces"]
        }
    }

    private var annotations: Tool.Annotations {
        switch self {
        // Its output may replace a file of the same name.
        case .render, .diff:
            .init(readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false)
        default: .init(readOnlyHint: true, openWorldHint: false)
        }
    }

    /// What the tool is for and when to call it.
    private var prose: String {
        switch self {
        case .why:
            """
            Explain why a SwiftUI view's body ran: finds the update nodes whose title matches \
            `view` and returns each one's updates and the tree of their causes, most frequent \
            first, down to the root causes (a state property, an observable, the parent's input). \
            Give `view` (a substring of the view's type name, any case) to ask about a view, or \
            `update` (an event id, as listed with `list`) to explain one update exactly, or `hitch` \
            (a hitch's number, as `summary` numbers them) to trace one hitch or hang to its root causes. Start \
            with `summary` to find the views worth asking about. Returns the text report and the \
            same report as JSON.
            """
        case .summary:
            """
            Summarise a SwiftUI update trace: totals, long updates, body updates by view, the top \
            causes, and findings (fan-out, environment churn, unstable identity, long bodies, \
            rebuild storms), each naming the view and what to fix. The first tool to call on a \
            trace. The thresholds tune when a finding is raised. Returns the text report and the \
            same report as JSON.
            """
        case .render:
            """
            Draw the cause graph of a SwiftUI update trace: nodes are views, state and other \
            update sources, edges say what caused what and how often. Without `output` it \
            returns the graph: SVG or DOT as text, PNG as an image, JSON as text and structured \
            content (the best format to read the graph's nodes and edges). With `output` it \
            writes that file instead (the format from `format`, else from its extension; PDF only \
            to a file) and writes nothing else. Large graphs are shaped first (by default at most \
            \(ShapingSettings.defaultMaxNodes) nodes and \(ShapingSettings.defaultMaxEdges) edges); use `focus` to draw the causes of one view.
            """
        case .diff:
            """
            Compare two recordings of the same interaction, before and after a change: which \
            views, causes and edges were added, removed, or ran more or less often, largest \
            change first. Use it to confirm a fix reduced body updates. The shaping options \
            filter the union of the two graphs. Returns the table of changes as text and as JSON; \
            with `output` it also writes the union graph there, with `table` the table.
            """
        case .check:
            """
            Hold a recording to a budget of update limits (a YAML or JSON file: body updates per \
            view, long updates, skipped checks per environment change, findings, forbidden edges) \
            and report each violation with its evidence. With `baseline`, only regressions \
            against the baseline recording beyond `tolerance` fail. A failed check is a result, \
            not an error: read `passed` in the structured content. Returns the report as text \
            and as JSON.
            """
        case .doctor:
            """
            Say what each input is (a .trace bundle, a table of contents, an xctrace export, a change \
            log, a native trace, causegraph output) and what it holds: for a bundle its runs, device \
            and platform, launched or attached, template, Instruments version and every table with \
            its row count; what causegraph reads of it; and what is missing, with the likely reason \
            and the command that fixes it (recorded on the Simulator, attached, never finalized). \
            Call it when another tool says a recording is empty or holds no table it reads. An input \
            that cannot answer "why did this body run" is a result, not an error: read \
            `canAnswerWhy` in the structured content. Returns the text report and the same as JSON.
            """
        }
    }
}
