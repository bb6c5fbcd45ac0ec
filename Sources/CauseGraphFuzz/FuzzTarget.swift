import CauseGraph
import CauseGraphYAML
import Foundation
import GraphvizRender

/// What one fuzzing run feeds its input through. Each input must end in a
/// result or a diagnostic; a trap, a sanitizer report or a hang is a finding.
enum FuzzTarget: String, CaseIterable {
    /// `xctrace export` XML through the Instruments importer, then everything downstream.
    case instruments
    /// `_printChanges` / `_logChanges` logs through the change-log importer.
    case changes
    /// causegraph's JSON Lines through the native reader.
    case native
    /// The input as a title and app name, through the DOT encoder into libgraphviz.
    case title
    /// A budget file (YAML or JSON) through the budget reader, then held against a trace.
    case budget
    /// The input as the value of every option that takes a number, a duration, a
    /// share or a pattern; a pattern is also searched for in the input.
    case options

    /// Where the input is written for the importers, which read files.
    private static let inputPath = NSTemporaryDirectory() + "causegraph-fuzz-\(getpid())"

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .instruments: Self.importAndInspect(bytes, format: .instruments)
        case .changes: Self.importAndInspect(bytes, format: .changes)
        case .native: Self.importAndInspect(bytes, format: .native)
        case .title: Self.render(title: String(decoding: bytes, as: UTF8.self))
        case .budget: Self.check(budget: Array(bytes))
        case .options: Self.parseOptions(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Imports the bytes as `format` and, when they are a trace, runs what
    /// every command runs on one: reconstruction, why, summary, DOT and JSON.
    private static func importAndInspect(_ bytes: UnsafeBufferPointer<UInt8>, format: InputFormat) {
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(buffer: bytes)) else {
            fatalError("cannot write the fuzzing input to \(inputPath)")
        }
        var diagnostics = Diagnostics()
        var events = EventLog()
        guard
            let graph = try? TracePipeline(settings: ImportSettings(format: format))
                .reconstruct([inputPath], alongside: &events, diagnostics: &diagnostics).graph
        else { return }
        var report = WhyReport(
            frameRate: graph.frameRate, views: graph.nodes.prefix(3).map { CauseTree(of: $0, in: graph) })
        report.listings = report.views.map { UpdateListing(of: $0.node.key, in: events) }
        for format in ReportFormat.allCases {
            _ = WhyFormatter.format(report, as: format)
            _ = SummaryFormatter.format(TraceSummary(graph: graph), as: format)
            for cause in HitchCause.all(in: graph) { _ = HitchFormatter.format(cause, as: format) }
        }
        if let first = events.events.first, let chain = UpdateChain(event: first.id, in: events) {
            _ = WhyFormatter.format(WhyReport(frameRate: graph.frameRate, views: [], chain: chain), as: .text)
        }
        requireShortLines(DOTEncoder().encode(graph))
        _ = GraphJSONEncoder.encode(graph)
    }

    /// Graphviz 2.43's `dot` refuses a line of 16 KB or more, and users render the DOT causegraph writes with it.
    private static func requireShortLines(_ dot: String) {
        if let line = dot.split(separator: "\n").first(where: { $0.utf8.count >= 16_384 }) {
            fatalError("a DOT line of \(line.utf8.count) bytes, which Graphviz 2.43's dot refuses")
        }
    }

    /// A budget that reads is held against a small trace, as its own baseline.
    private static func check(budget bytes: [UInt8]) {
        guard let budget = try? BudgetFile.parse(bytes, file: "budget.yaml") else { return }
        let check = BudgetCheck(budget: budget, tolerance: Tolerance(percent: 10, absolute: 1))
        var diagnostics = Diagnostics()
        guard let measured = try? check.measure([budgetTrace], diagnostics: &diagnostics) else {
            fatalError("the budget target's own trace did not read: \(diagnostics)")
        }
        let report = check.evaluate(measured, baseline: measured)
        for format in CheckFormat.allCases {
            _ = CheckFormatter.format(report, as: format, style: TextStyle(colour: false))
        }
    }

    /// A native trace with a long update of a view driven by state, written once.
    private static let budgetTrace: String = {
        let path = NSTemporaryDirectory() + "causegraph-fuzz-budget-\(getpid()).jsonl"
        let trace = """
            {"causegraph": 1, "app": "Fuzz", "frameRate": 60}
            {"node": 1, "kind": "state", "title": "Model", "owner": "app", "time": 0}
            {"node": 2, "kind": "body", "title": "Row", "module": "M", "owner": "app", "time": 1, "duration": 20000000, "ran": true}
            {"edge": [1, 2], "label": "update"}

            """
        guard FileManager.default.createFile(atPath: path, contents: Data(trace.utf8)) else {
            fatalError("cannot write the budget target's trace to \(path)")
        }
        return path
    }()

    /// The longest title a pattern is searched in.
    private static let longestTitle = 4_096

    /// Each option's own reader takes any text, each line of it and the whole,
    /// to a value or an error; a value is then used as the commands use it.
    private static func parseOptions(_ text: String) {
        for value in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [text] {
            if let tolerance = Tolerance(parsing: value) {
                _ = tolerance.description
                for baseline in [0, 1, 1_000, Int.max] { _ = tolerance.allowed(over: baseline) }
            }
            if let nanoseconds = DurationText.parse(value) { _ = DurationText.string(nanoseconds) }
            if let window = try? TimeWindow(parsing: value) { _ = window.description }
            _ = try? ShapingShare(parsing: value)
            if let rate = Double(value) { _ = FrameBudget.problem(withFrameRate: rate) }
            // Each value is a pattern searched in titles of its own (a title is at most a few KB),
            // not in the whole input: one pattern per line against it all would be the harness's
            // own quadratic cost, lines times input.
            let title = String(value.prefix(Self.longestTitle))
            if let pattern = try? TitlePattern(regex: value) {
                _ = pattern.matches(title)
                _ = pattern.matches(String(repeating: "a", count: 64) + "!")
            }
            _ = TitlePattern(substring: value).matches(title)
        }
    }

    /// Any title, app name and cause label must render, in DOT lines Graphviz's own reader accepts.
    private static func render(title: String) {
        var builder = GraphBuilder()
        do {
            try builder.begin(TraceHeader(app: title))
            try builder.add(TraceEvent(id: 1, kind: .state, title: title, owner: .app))
            try builder.add(TraceEvent(id: 2, kind: .body, title: title, module: title, owner: .app, duration: 1_000))
            try builder.add(TraceCause(from: 1, to: 2, label: CauseLabel(rawValue: title), changed: [title]))
        } catch {
            fatalError("a hand-made trace was refused: \(error)")
        }
        let dot = DOTEncoder().encode(builder.finish())
        requireShortLines(dot)
        do {
            _ = try Graphviz.render(dot: dot, format: .svg)
        } catch {
            fatalError("the title \(title.debugDescription) does not render: \(error)")
        }
    }
}
