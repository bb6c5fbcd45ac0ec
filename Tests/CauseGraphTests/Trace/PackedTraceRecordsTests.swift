import Testing

@testable import CauseGraph

@Suite struct PackedTraceRecordsTests {
    /// Events and links that between them give every field, and leave out every optional one.
    private static let events = [
        TraceEvent(
            id: 7, kind: .body, title: "RowView", module: "App", owner: .app, time: 1_000, duration: 250,
            ran: false, group: 3, severity: .veryHigh, backtrace: ["RowView.body", "main"]),
        TraceEvent(id: 9, kind: .gesture, title: "Tap", owner: .system),
        TraceEvent(
            id: 2, kind: .state, title: "RowView", module: "", owner: .system, time: 0, duration: 0, group: -1,
            severity: .veryLow, backtrace: ["RowView.body", "main"]),
    ]

    @Test("every event reads back as it was given, its absent fields absent")
    func eventsReadBack() {
        var packed = PackedTraceEvents()
        for event in Self.events { packed.append(event) }
        #expect(packed.count == 3)
        #expect((0..<3).map { packed[$0] } == Self.events)
        #expect((0..<3).map { packed.id(at: $0) } == [7, 9, 2])
        #expect((0..<3).map { packed.kind(at: $0) } == [.body, .gesture, .state])
        #expect((0..<3).map { packed.group(at: $0) } == [3, nil, -1])
    }

    @Test("every link reads back as it was given, with its events' ids, its time and changes only when given")
    func causesReadBack() {
        var events = PackedTraceEvents()
        for event in Self.events { events.append(event) }
        let causes = [
            TraceCause(from: 9, to: 7, label: .update, time: 1_000, changed: ["title", "count"]),
            TraceCause(from: 2, to: 7, label: CauseLabel(rawValue: "Other")),
            TraceCause(from: 9, to: 2, label: .creation, time: 0),
        ]
        var packed = PackedTraceCauses()
        for (cause, ends) in zip(causes, [(1, 0), (2, 0), (1, 2)]) { packed.append(cause, from: ends.0, to: ends.1) }
        #expect(packed.count == 3)
        #expect((0..<3).map { packed.cause(at: $0, in: events) } == causes)
        #expect((0..<3).map { [packed.ends(at: $0).from, packed.ends(at: $0).to] } == [[1, 0], [2, 0], [1, 2]])
    }
}
