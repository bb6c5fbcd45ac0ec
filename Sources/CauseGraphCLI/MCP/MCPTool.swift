import CauseGraph
import MCP

/// The tools `causegraph mcp` offers: each a command of the CLI, described
/// for an agent, with the JSON schema of its arguments and how they become
/// the command's command line.
enum MCPTool: String, CaseIterable {
    case why, summary, render, diff, check, doctor

    var definition: Tool {
        switch self {
        case .why:
            Tool(
                name: rawValue,
                description: """
                    Explain why a SwiftUI view's body ran: finds the update nodes whose title matches \
                    `view` and returns each one's updates and the tree of their causes, most frequent \
                    first, down to the root causes (a state property, an observable, the parent's input). \
                    Give `view` (a substring of the view's type name, any case) to ask about a view, or \
                    `update` (an event id, as listed with `list`) to explain one update exactly. Start \
                    with `summary` to find the views worth asking about. Returns the text report and the \
                    same report as JSON.
                    """,
                inputSchema: Self.schema(
                    [
                        "traces": Self.traces,
                        "view": Self.string(
                            "The view or other update: a substring of its title (any case), or a regular expression with `regex`."
                        ),
                        "update": Self.integer("Explain one update event, by its id in the trace (instead of `view`)."),
                        "regex": Self.boolean("Read `view` as a regular expression."),
                        "list": Self.boolean(
                            "With `view`: list each matching view's updates in time order, each with its event id and direct causes."
                        ),
                    ].merging(Self.reading) { first, _ in first }, required: ["traces"]),
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .summary:
            Tool(
                name: rawValue,
                description: """
                    Summarise a SwiftUI update trace: totals, long updates, body updates by view, the top \
                    causes, and findings (fan-out, environment churn, unstable identity, long bodies, \
                    rebuild storms), each naming the view and what to fix. The first tool to call on a \
                    trace. The thresholds tune when a finding is raised. Returns the text report and the \
                    same report as JSON.
                    """,
                inputSchema: Self.schema(
                    [
                        "traces": Self.traces,
                        "fan_out": Self.integer(
                            "Fan-out finding: body updates of one view type driven by one cause event (default \(FindingThresholds().fanOut))."
                        ),
                        "churn": Self.integer(
                            "Environment churn finding: skipped body checks caused by one environment node (default \(FindingThresholds().churn))."
                        ),
                        "recreations": Self.integer(
                            "Unstable identity finding: creations of one view type (default \(FindingThresholds().recreations))."
                        ),
                        "long_bodies": Self.integer(
                            "Long bodies finding: updates of one view at or above the red threshold (default \(FindingThresholds().longBodies))."
                        ),
                        "storm": Self.integer(
                            "Rebuild storm finding: runs of one view within the storm window (default \(FindingThresholds().storm))."
                        ),
                        "storm_window": Self.string("The rebuild storm window, such as 5ms or 800us."),
                    ].merging(Self.reading) { first, _ in first }, required: ["traces"]),
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .render:
            Tool(
                name: rawValue,
                description: """
                    Draw the cause graph of a SwiftUI update trace: nodes are views, state and other \
                    update sources, edges say what caused what and how often. Without `output` it \
                    returns the graph: SVG or DOT as text, PNG as an image, JSON as text and structured \
                    content (the best format to read the graph's nodes and edges). With `output` it \
                    writes that file instead (the format from `format`, else from its extension; PDF only \
                    to a file) and writes nothing else. Large graphs are shaped first (by default at most \
                    \(ShapingSettings.defaultMaxNodes) nodes and \(ShapingSettings.defaultMaxEdges) edges); use `focus` to draw the causes of one view.
                    """,
                inputSchema: Self.schema(
                    [
                        "traces": Self.traces,
                        "format": [
                            "type": "string", "enum": ["svg", "png", "pdf", "dot", "json"],
                            "description": "The graph's format (default: from `output`'s extension, else svg).",
                        ],
                        "output": Self.string(
                            "Write the graph to this file (replaced atomically) instead of returning it."),
                        "engine": Self.string("The Graphviz layout engine (default dot)."),
                    ].merging(Self.shaping) { first, _ in first }.merging(Self.reading) { first, _ in first },
                    required: ["traces"]),
                // Its output may replace a file of the same name.
                annotations: .init(
                    readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false))
        case .diff:
            Tool(
                name: rawValue,
                description: """
                    Compare two recordings of the same interaction, before and after a change: which \
                    views, causes and edges were added, removed, or ran more or less often, largest \
                    change first. Use it to confirm a fix reduced body updates. The shaping options \
                    filter the union of the two graphs. Returns the table of changes as text and as JSON.
                    """,
                inputSchema: Self.schema(
                    [
                        "before": Self.string("The recording before: a trace file or directory."),
                        "after": Self.string("The recording after: a trace file or directory."),
                        "all": Self.boolean("List unchanged nodes and edges too."),
                    ].merging(Self.shaping) { first, _ in first }.merging(Self.reading) { first, _ in first },
                    required: ["before", "after"]),
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .check:
            Tool(
                name: rawValue,
                description: """
                    Hold a recording to a budget of update limits (a YAML or JSON file: body updates per \
                    view, long updates, skipped checks per environment change, findings, forbidden edges) \
                    and report each violation with its evidence. With `baseline`, only regressions \
                    against the baseline recording beyond `tolerance` fail. A failed check is a result, \
                    not an error: read `passed` in the structured content. Returns the report as text \
                    and as JSON.
                    """,
                inputSchema: Self.schema(
                    [
                        "traces": Self.traces,
                        "budget": Self.string("The budget file, YAML or JSON."),
                        "baseline": [
                            "type": "array", "items": ["type": "string"],
                            "description":
                                "Recordings to compare with (read as one): fail only on regressions against them.",
                        ],
                        "tolerance": Self.string(
                            "With `baseline`: how far above the baseline's value still passes: 10%, 2, or 10%,2."),
                    ].merging(Self.reading) { first, _ in first }, required: ["traces", "budget"]),
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .doctor:
            Tool(
                name: rawValue,
                description: """
                    Say what each input is (a .trace bundle, a table of contents, an xctrace export, a change                     log, a native trace, causegraph output) and what it holds: for a bundle its runs, device                     and platform, launched or attached, template, Instruments version and every table with                     its row count; what causegraph reads of it; and what is missing, with the likely reason                     and the command that fixes it (recorded on the Simulator, attached, never finalized).                     Call it when another tool says a recording is empty or holds no table it reads. An input                     that cannot answer "why did this body run" is a result, not an error: read                     `canAnswerWhy` in the structured content. Returns the text report and the same as JSON.
                    """,
                inputSchema: Self.schema(["traces": Self.traces], required: ["traces"]),
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        }
    }

    /// The command line of the command the tool runs.
    func commandLine(_ given: [String: Value]?, confinement: Confinement) throws(Diagnostic) -> [String] {
        var arguments = ToolArguments(given, tool: rawValue, confinement: confinement)
        switch self {
        case .why:
            try arguments.paths("traces")
            try arguments.text("view", option: "view")
            try arguments.value("update", option: "update")
            try arguments.flag("regex", option: "regex")
            try arguments.flag("list", option: "list")
        case .summary:
            try arguments.paths("traces")
            for (key, option) in [
                ("fan_out", "fan-out"), ("churn", "churn"), ("recreations", "recreations"),
                ("long_bodies", "long-bodies"), ("storm", "storm"),
            ] {
                try arguments.value(key, option: option)
            }
            try arguments.text("storm_window", option: "storm-window")
        case .render:
            try arguments.paths("traces")
            try arguments.text("format", option: "format")
            try arguments.output("output", option: "output")
            try arguments.text("engine", option: "engine")
            try Self.shaping(&arguments)
        case .diff:
            try arguments.paths("before")
            try arguments.paths("after")
            try arguments.flag("all", option: "all")
            try Self.shaping(&arguments)
        case .check:
            try arguments.paths("traces")
            try arguments.path("budget", option: "budget")
            try arguments.paths("baseline", option: "baseline")
            try arguments.text("tolerance", option: "tolerance")
        case .doctor:
            // Doctor reads every run and takes no reading options.
            try arguments.paths("traces")
            return try arguments.commandLine(rawValue)
        }
        try arguments.value("frame_rate", option: "frame-rate")
        try arguments.value("run", option: "run")
        return try arguments.commandLine(rawValue)
    }

    // MARK: Schemas

    private static func schema(_ properties: [String: Value], required: [String]) -> Value {
        [
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ]
    }

    private static func string(_ description: String) -> Value {
        ["type": "string", "description": .string(description)]
    }

    private static func integer(_ description: String) -> Value {
        ["type": "integer", "description": .string(description)]
    }

    private static func boolean(_ description: String) -> Value {
        ["type": "boolean", "description": .string(description)]
    }

    private static let traces: Value = [
        "type": "array", "items": ["type": "string"], "minItems": 1,
        "description": """
        Trace files to read as one recording: Instruments `xctrace export` XML, Instruments .trace bundles \
        (read with Xcode's xctrace), `_printChanges()`/`_logChanges()` logs, causegraph JSON Lines traces, \
        or directories of them. Absolute paths, or relative to the server's working directory.
        """,
    ]

    private static let reading: [String: Value] = [
        "frame_rate": [
            "type": "number",
            "description": "Judge durations against this refresh rate in Hz, instead of the trace's (default 60).",
        ],
        "run": integer("The run of a .trace bundle to read, when it holds several."),
    ]

    private static let shaping: [String: Value] = [
        "focus": [
            "type": "array", "items": ["type": "string"],
            "description": "Keep only the nodes whose title matches and the nodes on cause paths into them.",
        ],
        "depth": integer("With `focus`: keep causes at most this many links upstream."),
        "ignore": [
            "type": "array", "items": ["type": "string"],
            "description": "Drop the nodes whose title matches, and the nodes caused only by them.",
        ],
        "regex": boolean("Read `focus` and `ignore` as regular expressions instead of substrings."),
        "hide_system": boolean("Fold chains of system nodes into dotted edges between the app nodes they connect."),
        "min_count": integer("Drop nodes with fewer events than this."),
        "node_fraction": string("Drop nodes that explain less than this share of the updates shown: 0.5% or 0.005."),
        "max_nodes": integer(
            "Keep at most this many nodes, those that explain the most updates; 0 keeps all (default \(ShapingSettings.defaultMaxNodes))."
        ),
        "unfold": boolean("Draw sibling nodes driven by the same cause one by one instead of folding them."),
        "edge_fraction": string("Leave undrawn the edges that carry less than this share of the updates shown."),
        "max_edges": integer("Draw at most this many edges; 0 draws all (default \(ShapingSettings.defaultMaxEdges))."),
        "window": string(
            "Only events in this time range: START:END, each 1.2s, 350ms, 20us or nanoseconds; either end may be left out (1s:)."
        ),
    ]

    private static func shaping(_ arguments: inout ToolArguments) throws(Diagnostic) {
        try arguments.values("focus", option: "focus")
        try arguments.value("depth", option: "depth")
        try arguments.values("ignore", option: "ignore")
        try arguments.flag("regex", option: "regex")
        try arguments.flag("hide_system", option: "hide-system")
        try arguments.value("min_count", option: "min-count")
        try arguments.text("node_fraction", option: "node-fraction")
        try arguments.value("max_nodes", option: "max-nodes")
        try arguments.flag("unfold", option: "unfold")
        try arguments.text("edge_fraction", option: "edge-fraction")
        try arguments.value("max_edges", option: "max-edges")
        try arguments.text("window", option: "window")
    }
}
