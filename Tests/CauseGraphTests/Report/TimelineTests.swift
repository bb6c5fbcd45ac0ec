import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

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
    /// Each bar as `first...last severity ×count worst`, then its height when under a full lane.
    private func describe(_ lane: Timeline.Lane) -> [String] {
        lane.bars.map {
            "\($0.columns.lowerBound)...\($0.columns.upperBound) \($0.severity.rawValue) ×\($0.count) \($0.worst.title)"
                + ($0.quarters < 4 ? " \($0.quarters)/4" : "")
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
        // Columns of 1 ms: an item ending where a column starts stays out of it, and one covering
        // part of a column (F's last half millisecond, R's last 0.3) is a bar of its own, lower.
        #expect(
            describe(timeline.lanes[0]) == ["0...9 low ×1 Transaction", "50...74 veryHigh ×1 Transaction for Gesture"])
        #expect(
            describe(timeline.lanes[1]) == [
                "0...0 medium ×1 A", "1...3 high ×1 B", "20...49 veryHigh ×1 D",
                "60...61 medium ×1 E", "62...63 high ×1 F", "64...64 high ×0 F 2/4", "65...69 medium ×0 E",
            ])
        #expect(describe(timeline.lanes[2]) == ["30...30 medium ×1 R", "31...31 medium ×0 R 2/4"])
        #expect(describe(timeline.lanes[3]) == ["98...99 medium ×1 O"])
        let f = try #require(timeline.lanes[1].bars.first { $0.quarters == 2 })
        #expect(abs(f.share - 0.5) < 1e-9)
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
        // Columns of 1.0013 ms: column 2 holds the last 0.32 ms of Longest, column 998 the first 0.3 of Late.
        #expect(
            describe(timeline.lanes[1]) == [
                "0...1 medium ×500 Longest", "2...2 medium ×0 Longest 2/4", "998...998 medium ×1 Late 2/4",
                "999...999 medium ×0 Late",
            ])
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
            describe(timeline.lanes[1]) == ["0...1 medium ×1 A", "10...79 veryHigh ×2 Stuck"],
            "B runs under the stuck update")
    }

    @Test("an hour's few groups over the frame stand low, a stretch of them full height, each bar saying its share")
    func density() throws {
        // A group of 10 ms every 100 ms for 1,000 s, one a second over the 20 ms frame; then 20 s of
        // groups of 90 ms over it, the last 100 ms to end the strip on a whole second.
        var lines = [#"{"causegraph": 1, "frameRate": 50}"#]
        var group = 0
        for index in 0..<10_000 {
            group += 1
            let duration = index % 10 == 0 ? 30 * ms : 10 * ms
            lines.append(
                #"{"group": \#(group), "label": "T", "start": \#(Int64(index) * 100 * ms), "duration": \#(duration)}"#)
        }
        for index in 0..<200 {
            group += 1
            lines.append(
                #"{"group": \#(group), "label": "Slow", "start": \#(1_000_000 * ms + Int64(index) * 100 * ms), "duration": \#(index == 199 ? 100 * ms : 90 * ms)}"#
            )
        }
        let (graph, log) = try events(ofTrace: lines.joined(separator: "\n") + "\n")
        let timeline = Timeline(graph: graph, events: log, columns: 1020)
        let red = timeline.lanes[0].bars.filter { $0.severity == .veryHigh }
        #expect(red.map(\.columns.count).reduce(0, +) == 1020, "every second holds a group over the frame")
        let (sparse, dense) = (red.filter { $0.worst.title == "T" }, red.filter { $0.worst.title == "Slow" })
        #expect(sparse.allSatisfy { $0.quarters == 1 && abs($0.share - 0.03) < 1e-6 }, "30 ms of each second")
        #expect(dense.map(\.columns) == [1000...1019])
        #expect(dense.allSatisfy { $0.quarters == 4 && abs($0.share - 0.9) < 0.001 })
        // Drawn from the lane's foot: a quarter of the full 16 units, and the whole of them.
        let svg = TimelineMarkup.svg(timeline, selectable: [])
        #expect(svg.contains(#"y="15" width="1000" height="4""#))
        #expect(svg.contains(#"y="3" width="20" height="16""#))
        #expect(svg.contains("; very high for 3.0% of this stretch</title>"))
        #expect(svg.contains(#"Update Groups <tspan class="lane-count">10,200</tspan>"#), "counted as every count is")
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
        // A hitch may span columns it covers in part: bars of one hitch share its item.
        var hitches: [Timeline.Item] = []
        for bar in lane.bars where hitches.last != bar.worst { hitches.append(bar.worst) }
        #expect(hitches.map(\.severity) == [.high, .veryHigh, .high, .high])
        let items = try #require(graph.nodes.first { $0.title == "LandmarkListItemView" })
        #expect(hitches.prefix(3).allSatisfy { $0.node == items.id })
        #expect(hitches[3].node == nil && hitches[3].title == "8.33 ms hitch ← no update overlaps it")
        // The strip reaches the end of the last hitch.
        #expect(timeline.end == 6_008_330_000)
        let (plain, plainLog) = try fixtureReportEvents("landmarks-favorites-before")
        #expect(Timeline(graph: plain, events: plainLog).lanes.map(\.name) == Timeline.laneNames)
    }
}
