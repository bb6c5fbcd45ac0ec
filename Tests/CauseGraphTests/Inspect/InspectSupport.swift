import CauseGraph
import Foundation
import Testing

/// The graph of a bundled fixture (`name` relative to `fixtures/`, without `.jsonl`).
func fixtureGraph(_ name: String, burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow) throws -> CauseEffectGraph
{
    var diagnostics = Diagnostics()
    let path = packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
    return try TracePipeline(burstWindow: burstWindow).reconstruct([path], diagnostics: &diagnostics).graph
}

/// The graph and event log of a bundled fixture.
func fixtureEvents(_ name: String) throws -> (graph: CauseEffectGraph, events: EventLog) {
    var diagnostics = Diagnostics()
    let path = packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
    let reading = try TracePipeline().reconstruct([path], keepingEvents: true, diagnostics: &diagnostics)
    return (reading.graph, try #require(reading.events))
}

/// The graph of a bundled fixture and what a report page keeps of its events.
func fixtureReportEvents(_ name: String) throws -> (graph: CauseEffectGraph, events: ReportEvents) {
    var diagnostics = Diagnostics()
    let path = packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
    let read = try TracePipeline().reconstructForReport([path], diagnostics: &diagnostics)
    return (read.reading.graph, read.events)
}

let allFixtures = [
    "landmarks-favorites-before", "landmarks-favorites-after", "dark-mode", "environment-writer",
    "onoff-toggle", "contact-list", "hostile-titles", "findings/rebuild-storm", "landmarks-favorites-hitches",
]

/// The summary of a bundled fixture as `causegraph summary` makes it, with its interactions.
func fixtureSummary(_ name: String) throws -> TraceSummary {
    var diagnostics = Diagnostics()
    let path = packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
    var sink = TeeSink(GraphBuilder(), InteractionTally())
    try TraceInput.read(paths: [path], into: &sink, diagnostics: &diagnostics)
    return TraceSummary(graph: sink.first.finish(), interactions: sink.second.ranked)
}
