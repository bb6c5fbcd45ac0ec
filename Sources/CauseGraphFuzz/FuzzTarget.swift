import CauseGraph
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

    /// Where the input is written for the importers, which read files.
    private static let inputPath = NSTemporaryDirectory() + "causegraph-fuzz-\(getpid())"

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .instruments: Self.importAndInspect(bytes, format: .instruments)
        case .changes: Self.importAndInspect(bytes, format: .changes)
        case .native: Self.importAndInspect(bytes, format: .native)
        case .title: Self.render(title: String(decoding: bytes, as: UTF8.self))
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
        _ = DOTEncoder().encode(graph)
        _ = GraphJSONEncoder.encode(graph)
    }

    /// Any title and app name must render, in one DOT line Graphviz's own reader accepts.
    private static func render(title: String) {
        var builder = GraphBuilder()
        do {
            try builder.begin(TraceHeader(app: title))
            try builder.add(TraceEvent(id: 1, kind: .state, title: title, owner: .app))
            try builder.add(TraceEvent(id: 2, kind: .body, title: title, module: title, owner: .app, duration: 1_000))
            try builder.add(TraceCause(from: 1, to: 2, label: .update, changed: [title]))
        } catch {
            fatalError("a hand-made trace was refused: \(error)")
        }
        let dot = DOTEncoder().encode(builder.finish())
        if let line = dot.split(separator: "\n").first(where: { $0.utf8.count >= 16_384 }) {
            fatalError("a DOT line of \(line.utf8.count) bytes, which Graphviz 2.43's dot refuses")
        }
        do {
            _ = try Graphviz.render(dot: dot, format: .svg)
        } catch {
            fatalError("the title \(title.debugDescription) does not render: \(error)")
        }
    }
}
