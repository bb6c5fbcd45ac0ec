import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite("Time window filter")
struct TimeWindowFilterTests {
    /// Events at 100, 200, 1000 and 3000 ns, one untimed; groups around 1000 and 3000.
    static let trace =
        [
            traceHeader,
            #"{"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": 100}"#,
            #"{"node": 2, "kind": "state", "title": "V.flag", "owner": "app", "time": 200}"#,
            #"{"edge": [1, 2], "label": "update"}"#,
            #"{"node": 3, "kind": "body", "title": "V", "owner": "app", "time": 1000, "group": 1}"#,
            #"{"edge": [2, 3], "label": "update"}"#,
            #"{"node": 4, "kind": "body", "title": "W", "owner": "app", "time": 3000, "group": 2}"#,
            #"{"edge": [2, 4], "label": "update"}"#,
            #"{"node": 5, "kind": "observable", "title": "Model.value", "owner": "app"}"#,
            #"{"edge": [5, 3], "label": "update", "time": 5000}"#,
            #"{"group": 1, "label": "inside", "start": 900, "duration": 200}"#,
            #"{"group": 2, "label": "outside", "start": 2900, "duration": 200}"#,
        ].joined(separator: "\n") + "\n"

    private func windowed(_ text: String, _ window: String) throws -> (
        graph: CauseEffectGraph, window: WindowStatistics
    ) {
        let directory = try TemporaryFolder()
        var diagnostics = Diagnostics()
        let reading = try TracePipeline(window: try TimeWindow(parsing: window))
            .reconstruct([try directory.write("trace.jsonl", text)], diagnostics: &diagnostics)
        return (reading.graph, try #require(reading.window))
    }

    @Test("keeps events inside the window, untimed events, and links whose both events were kept")
    func filters() throws {
        let (graph, statistics) = try windowed(Self.trace, "500:2000")
        #expect(graph.titles == ["Model.value", "V"])
        #expect(graph.edgeSummaries == ["Model.value -> V ×1"])
        #expect(graph.groups.map(\.label) == ["inside"])
        var expected = WindowStatistics()
        expected.eventsKept = 2
        expected.untimedEvents = 1
        expected.eventsOutside = 3
        expected.causesKept = 1
        expected.causesOutside = 3
        expected.groupsOutside = 1
        #expect(statistics == expected)
    }

    @Test("a group left out before its events arrive is passed on when an event inside the window names it")
    func groupsNamedLater() throws {
        // As Instruments' converter writes them: groups first. Group 1 is still in flight when recording
        // stopped (no duration) and started before the window; group 2's span ends before its update.
        let trace =
            [
                traceHeader,
                #"{"group": 1, "label": "in flight", "start": 100}"#,
                #"{"group": 2, "label": "short", "start": 200, "duration": 10}"#,
                #"{"group": 3, "label": "before", "start": 300, "duration": 10}"#,
                #"{"node": 1, "kind": "body", "title": "V", "owner": "app", "time": 1000, "group": 1}"#,
                #"{"node": 2, "kind": "body", "title": "W", "owner": "app", "time": 1100, "group": 2}"#,
                #"{"node": 3, "kind": "body", "title": "X", "owner": "app", "time": 320, "group": 3}"#,
            ].joined(separator: "\n") + "\n"
        let (graph, statistics) = try windowed(trace, "500:2000")
        #expect(graph.groups.map(\.label) == ["in flight", "short"])
        #expect(statistics.groupsOutside == 1)
        #expect(!statistics.heldNothing)
    }

    @Test("a group defined twice is refused, whether each was passed on or left out")
    func duplicateGroups() throws {
        for (first, second) in [(950, 5_000), (5_000, 950), (5_000, 6_000)] as [(Nanoseconds, Nanoseconds)] {
            var filter = TimeWindowFilter(window: try TimeWindow(parsing: "500:2000"), downstream: GraphBuilder())
            try filter.begin(TraceHeader(app: "App"))
            try filter.add(UpdateGroup(id: 1, label: "first", start: first, duration: 10))
            #expect(throws: TraceConsistencyError.duplicateGroup(1)) {
                try filter.add(UpdateGroup(id: 1, label: "second", start: second, duration: 10))
            }
        }
    }

    @Test("a window that holds no timed event holds nothing, though untimed events are kept whatever the window")
    func heldNothing() throws {
        let (_, outside) = try windowed(Self.trace, "10000:20000")
        #expect(outside.untimedEvents == 1 && outside.eventsKept == 1)
        #expect(outside.heldNothing)
        let (_, inside) = try windowed(Self.trace, "500:2000")
        #expect(!inside.heldNothing)
        let untimed = [traceHeader, #"{"node": 1, "kind": "body", "title": "V", "owner": "app"}"#].joined(
            separator: "\n")
        let (_, timeless) = try windowed(untimed + "\n", "1s:2s")
        #expect(!timeless.heldNothing, "a trace with no time at all: the note says its events were kept untimed")
    }

    @Test("an open window keeps everything after its start")
    func openEnd() throws {
        let (graph, statistics) = try windowed(Self.trace, "150:")
        #expect(graph.titles == ["V.flag", "Model.value", "V", "W"])
        #expect(graph.edgeSummaries == ["V.flag -> V ×1", "V.flag -> W ×1", "Model.value -> V ×1"])
        #expect((statistics.eventsOutside, statistics.causesOutside, statistics.groupsOutside) == (1, 1, 0))
    }

    @Test("a run whose cause lies before the window comes from 'No cause in the window', not 'No recorded cause'")
    func causeBeforeTheWindow() throws {
        // W's only cause, V.flag at 200 ns, is left out with its link; Model.value is untimed, so kept.
        let (graph, _) = try windowed(Self.trace, "2000:")
        #expect(graph.titles == ["Model.value", "W", GraphBuilder.unrecordedInWindowTitle])
        #expect(graph.edgeSummaries == ["\(GraphBuilder.unrecordedInWindowTitle) -> W ×1"])
        // Without a window, the node keeps its title.
        let directory = try TemporaryFolder()
        var diagnostics = Diagnostics()
        let unlinked = try TracePipeline().reconstruct(
            [
                try directory.write(
                    "lone.jsonl",
                    traceHeader + "\n" + #"{"node": 1, "kind": "body", "title": "V", "owner": "app"}"# + "\n")
            ], diagnostics: &diagnostics)
        #expect(unlinked.graph.titles == ["V", GraphBuilder.unrecordedTitle])
    }

    @Test("a link to an undefined event is still an error at its position")
    func undefinedEvent() throws {
        let text = Self.trace + #"{"edge": [3, 99], "label": "update"}"# + "\n"
        do {
            _ = try windowed(text, "500:2000")
            Issue.record("accepted an edge to an undefined node")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.message == "edge names node 99, which is not defined before this line")
            #expect(diagnostic.location?.line == 13)
        }
    }

    @Test("an id defined outside the window and again inside is still a duplicate")
    func duplicateAcrossWindow() throws {
        let text =
            [
                traceHeader,
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "time": 100}"#,
                #"{"node": 1, "kind": "body", "title": "B", "owner": "app", "time": 1000}"#,
            ].joined(separator: "\n") + "\n"
        do {
            _ = try windowed(text, "500:")
            Issue.record("accepted a duplicate id")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.message == "node 1 is already defined")
            #expect(diagnostic.location?.line == 3)
        }
    }

    @Test("ids are scoped to their document: a later document may reuse a left-out id")
    func documents() throws {
        let text =
            Self.trace + traceHeader + "\n"
            + #"{"node": 1, "kind": "body", "title": "Again", "owner": "app", "time": 1000}"# + "\n"
        let (graph, _) = try windowed(text, "500:2000")
        #expect(graph.titles == ["Model.value", "Again", "V", GraphBuilder.unrecordedInWindowTitle])
    }

    @Test("memory for left-out events stays a few runs when ids follow time")
    func boundedMemory() throws {
        var filter = TimeWindowFilter(window: try TimeWindow(parsing: "1ms:2ms"), downstream: GraphBuilder())
        try filter.begin(TraceHeader())
        for id in EventID(1)...30_000 {
            try filter.add(TraceEvent(id: id, kind: .body, title: "V\(id % 7)", owner: .app, time: Int64(id) * 100))
            if id > 1 { try filter.add(TraceCause(from: id - 1, to: id, label: .update)) }
        }
        #expect(filter.statistics.eventsKept == 10_000)
        #expect(filter.statistics.eventsOutside == 20_000)
        #expect(filter.statistics.causesKept == 9_999)
        #expect(filter.statistics.causesOutside == 20_000)
        #expect(filter.droppedRuns == 2)
        let graph = filter.downstream.finish()
        #expect(graph.nodes.filter(\.kind.isRecorded).reduce(0) { $0 + $1.count } == 10_000)
        // The first event kept lost its cause to the window.
        #expect(graph.nodes.filter { !$0.kind.isRecorded }.map(\.count) == [1])
    }
}
