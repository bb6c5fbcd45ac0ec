import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// The graph and event log of a native trace given as text.
private func events(ofTrace text: String) throws -> (graph: CauseEffectGraph, events: ReportEvents) {
    let directory = try TemporaryFolder()
    let path = try directory.write("trace.jsonl", text)
    var diagnostics = Diagnostics()
    let read = try TracePipeline().reconstructForReport([path], diagnostics: &diagnostics)
    return (read.reading.graph, read.events)
}

private let ms: Int64 = 1_000_000

/// At 50 Hz a frame is 20 ms: orange from 1.25 ms, red from 2.5 ms, longer than a frame beyond 20 ms.
private func update(
    _ id: Int, _ kind: String, _ title: String, at time: Int64, for duration: Int64, severity: String? = nil
) -> String {
    let recorded = severity.map { #", "severity": "\#($0)""# } ?? ""
    return
        #"{"node": \#(id), "kind": "\#(kind)", "title": "\#(title)", "owner": "app", "time": \#(time), "duration": \#(duration)\#(recorded)}"#
}

private let trace =
    [
        #"{"causegraph": 1, "app": "Test", "frameRate": 50}"#,
        update(1, "body", "A", at: 0, for: 1_500_000),
        update(2, "body", "B", at: 1 * ms, for: 3 * ms),
        update(3, "body", "C", at: 80 * ms, for: ms / 2),
        update(4, "body", "D", at: 20 * ms, for: 30 * ms),
        // A recorded severity wins over the duration's: a long update only orange, under a shorter red one.
        update(5, "body", "E", at: 60 * ms, for: 10 * ms, severity: "medium"),
        update(6, "body", "F", at: 62 * ms, for: 2_500_000),
        update(7, "representable", "R", at: 30 * ms, for: 1_300_000),
        update(8, "other", "O", at: 98 * ms, for: 2 * ms),
        #"{"group": 1, "label": "Transaction", "start": 0, "duration": 10000000}"#,
        #"{"group": 2, "label": "Transaction for Gesture", "start": 50000000, "duration": 25000000}"#,
    ].joined(separator: "\n") + "\n"

@Suite("Timeline")
struct TimelineTests {
    /// Each bar as `first...last severity ×count worst`.
    private func describe(_ lane: Timeline.Lane) -> [String] {
        lane.bars.map {
            "\($0.columns.lowerBound)...\($0.columns.upperBound) \($0.severity.rawValue) ×\($0.count) \($0.worst.title)"
        }
    }

    @Test("lanes hold groups and long updates by kind, in columns of the trace's span, the worst severity on top")
    func lanes() throws {
        let (graph, log) = try events(ofTrace: trace)
        let timeline = Timeline(graph: graph, events: log, columns: 100)
        #expect(timeline.start == 0)
        #expect(timeline.end == 100 * ms)
        #expect(timeline.lanes.map(\.name) == Timeline.laneNames)
        #expect(timeline.lanes.map(\.count) == [2, 5, 1, 1], "the short body update C is no long update")
        #expect(
            describe(timeline.lanes[0]) == ["0...10 low ×1 Transaction", "50...75 veryHigh ×1 Transaction for Gesture"])
        #expect(
            describe(timeline.lanes[1]) == [
                "0...0 medium ×1 A", "1...4 high ×1 B", "20...50 veryHigh ×1 D",
                "60...61 medium ×1 E", "62...64 high ×1 F", "65...70 medium ×0 E",
            ])
        #expect(describe(timeline.lanes[2]) == ["30...31 medium ×1 R"])
        #expect(describe(timeline.lanes[3]) == ["98...99 medium ×1 O"])
        let d = try #require(timeline.lanes[1].bars.first { $0.worst.title == "D" })
        #expect(d.worst.node == graph.nodes.first { $0.title == "D" }?.id)
        #expect(d.worst.time == 20 * ms && d.worst.duration == 30 * ms)
        #expect(timeline.lanes[0].bars[1].worst.node == nil && timeline.lanes[0].bars[1].worst.group == 2)
    }

    @Test("many updates in one column make one bar that counts them and names the longest")
    func binning() throws {
        var lines = [#"{"causegraph": 1, "frameRate": 50}"#]
        for index in 0..<500 {
            lines.append(
                update(
                    index + 1, "body", index == 321 ? "Longest" : "V\(index)", at: Int64(index) * 1_000,
                    for: index == 321 ? 2 * ms : 1_300_000))
        }
        lines.append(update(1000, "body", "Late", at: 1000 * ms, for: 1_300_000))
        let (graph, log) = try events(ofTrace: lines.joined(separator: "\n") + "\n")
        let timeline = Timeline(graph: graph, events: log, columns: 1000)
        #expect(describe(timeline.lanes[1]) == ["0...2 medium ×500 Longest", "998...999 medium ×1 Late"])
    }

    @Test("an update still in flight does not squash the strip: it is drawn to the end")
    func inFlight() throws {
        let text =
            [
                #"{"causegraph": 1, "frameRate": 50}"#,
                update(1, "body", "A", at: 0, for: 2 * ms),
                update(2, "body", "Stuck", at: 10 * ms, for: Int64.max),
                update(3, "body", "B", at: 40 * ms, for: 2 * ms),
            ].joined(separator: "\n") + "\n"
        let (graph, log) = try events(ofTrace: text)
        let timeline = Timeline(graph: graph, events: log, columns: 80)
        #expect(timeline.end == 80 * ms, "twice the 40 ms over which updates started")
        #expect(
            describe(timeline.lanes[1]) == ["0...2 medium ×1 A", "10...79 veryHigh ×2 Stuck"],
            "B runs under the stuck update")
    }

    @Test("a trace without times or long updates has empty lanes")
    func empty() throws {
        let text = #"{"causegraph": 1}"# + "\n" + #"{"node": 1, "kind": "body", "title": "V", "owner": "app"}"# + "\n"
        let (graph, log) = try events(ofTrace: text)
        let timeline = Timeline(graph: graph, events: log)
        #expect(timeline.lanes.allSatisfy { $0.bars.isEmpty && $0.count == 0 })
        #expect(timeline.start == timeline.end)
    }
}

@Suite("Report timeline: hitches")
struct ReportTimelineHitchTests {
    @Test(
        "a Hitches lane follows the four lanes when the trace records hitches, each bar pointing at the update waited on"
    )
    func hitchLane() throws {
        let (graph, log) = try fixtureReportEvents("landmarks-favorites-hitches")
        let timeline = Timeline(graph: graph, events: log, columns: 1000)
        #expect(timeline.lanes.map(\.name) == Timeline.laneNames + [Timeline.hitchesLaneName])
        let lane = try #require(timeline.lanes.last)
        #expect(lane.count == 4)
        #expect(lane.bars.map(\.severity) == [.high, .veryHigh, .high, .high])
        let items = try #require(graph.nodes.first { $0.title == "LandmarkListItemView" })
        #expect(lane.bars.prefix(3).allSatisfy { $0.worst.node == items.id })
        #expect(lane.bars[3].worst.node == nil && lane.bars[3].worst.title == "8.33 ms hitch ← no update overlaps it")
        // The strip reaches the end of the last hitch.
        #expect(timeline.end == 6_008_330_000)
        let (plain, plainLog) = try fixtureReportEvents("landmarks-favorites-before")
        #expect(Timeline(graph: plain, events: plainLog).lanes.map(\.name) == Timeline.laneNames)
    }
}
