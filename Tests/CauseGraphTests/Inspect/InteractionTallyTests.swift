import Testing

@testable import CauseGraph

@Suite("Interaction tally")
struct InteractionTallyTests {
    @Test("groups rank by body time, then bodies, then trace order; skipped bodies and other kinds do not count")
    func ranking() throws {
        var tally = InteractionTally()
        try tally.begin(TraceHeader())
        let events: [TraceEvent] = [
            TraceEvent(id: 1, kind: .body, title: "A", owner: .app, duration: 2000, group: 1),
            TraceEvent(id: 2, kind: .body, title: "B", owner: .app, duration: 1000, group: 2),
            TraceEvent(id: 3, kind: .body, title: "B", owner: .app, duration: 1000, group: 2),
            TraceEvent(id: 4, kind: .body, title: "C", owner: .app, duration: 2000, group: 3),
            TraceEvent(id: 5, kind: .body, title: "C", owner: .app, duration: 9000, ran: false, group: 3),
            TraceEvent(id: 6, kind: .other, title: "Layout", owner: .system, duration: 9000, group: 3),
            TraceEvent(id: 7, kind: .body, title: "Huge", owner: .app, duration: .max, group: 4),
            TraceEvent(id: 8, kind: .body, title: "Huge", owner: .app, duration: .max, group: 4),
            TraceEvent(id: 9, kind: .body, title: "Logged", owner: .app, group: 5),
            TraceEvent(id: 10, kind: .body, title: "Logged", owner: .app, group: 5),
        ]
        for event in events { try tally.add(event) }
        let ranked = tally.ranked
        #expect(ranked.map(\.group) == [4, 2, 1, 3, 5])
        #expect(ranked.map(\.bodies) == [2, 2, 1, 1, 2])
        #expect(ranked.map(\.bodyTime) == [.max, 2000, 2000, 2000, nil], "totals saturate; none known is no time")
    }

    @Test("a gesture starts the groups its effects name, through ungrouped causes; at most three are named")
    func gestures() throws {
        var tally = InteractionTally()
        try tally.begin(TraceHeader())
        for id in 1...5 { try tally.add(TraceEvent(id: EventID(id), kind: .gesture, title: "Tap \(id)", owner: .app)) }
        try tally.add(TraceEvent(id: 10, kind: .state, title: "flag", owner: .app))
        try tally.add(TraceEvent(id: 11, kind: .body, title: "A", owner: .app, duration: 10, group: 1))
        try tally.add(TraceCause(from: 1, to: 10, label: .update))
        try tally.add(TraceCause(from: 10, to: 11, label: .update))
        for id in 2...5 { try tally.add(TraceCause(from: EventID(id), to: 11, label: .update)) }
        try tally.add(UpdateGroup(id: 1, label: "Transaction for Gesture"))
        let only = try #require(tally.ranked.first)
        #expect(only.gestures == [1, 2, 3])
        #expect(only.gestureTitle == "Tap 1")
        #expect(only.label == "Transaction for Gesture")
        #expect(tally.ranked.count == 1)
    }

    @Test("an event's entry keeps its kind, group and gesture in 16 bytes, the largest ids and groups too")
    func compactEvent() {
        #expect(MemoryLayout<InteractionTally.Event>.stride == 16)
        for (isGesture, group) in [(true, nil), (false, Int32(0)), (false, Int32.max), (true, Int32(7))] {
            var event = InteractionTally.Event(isGesture: isGesture, group: group)
            #expect(event.isGesture == isGesture && event.group == group && event.gesture == nil)
            for gesture in [EventID(0), 1 << 40, .max] {
                event.gesture = gesture
                #expect(event.gesture == gesture && event.isGesture == isGesture && event.group == group)
            }
            event.gesture = nil
            #expect(event.gesture == nil && event.group == group)
        }
    }

    @Test("every interaction is ranked; a summary's bounds page them and count the rest, as they do the views")
    func limit() throws {
        var tally = InteractionTally()
        var builder = GraphBuilder()
        for group in 1...15 {
            let event = TraceEvent(
                id: EventID(group), kind: .body, title: "A", owner: .app, duration: Nanoseconds(group),
                group: GroupID(group))
            try tally.add(event)
            try builder.add(event)
        }
        #expect(tally.ranked.map(\.group) == Array((1...15).reversed()).map(GroupID.init))
        let summary = TraceSummary(graph: builder.finish(), interactions: tally.ranked)
        let firstPage = summary.bounded(ListBounds(limit: 10))
        #expect(firstPage.interactions.map(\.group) == Array((6...15).reversed()).map(GroupID.init))
        #expect(firstPage.omitted.interactions == 5)
        let secondPage = summary.bounded(ListBounds(offset: 10, limit: 10))
        #expect(secondPage.interactions.map(\.group) == Array((1...5).reversed()).map(GroupID.init))
        #expect(summary.bounded(.all).interactions.count == 15)
    }

    @Test("summary names a blank gesture (untitled) and leaves out a blank group label")
    func blankText() throws {
        let interaction = RankedInteraction(
            group: 1, label: " ", bodies: 1, bodyTime: 5, gestures: [7], gestureTitle: "")
        let summary = TraceSummary(graph: try graph(ofTrace: traceHeader), interactions: [interaction])
        #expect(
            SummaryFormatter.format(summary, as: .text).contains(
                "\n  group 1 · 5 ns in 1 body · gesture 7 ((untitled))\n"))
        #expect(
            SummaryFormatter.format(summary, as: .markdown).contains(
                "\n- **group 1** gesture 7 ((untitled)): 1 body, 5 ns\n"))
    }
}
