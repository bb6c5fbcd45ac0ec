import Testing

@testable import CauseGraph

@Suite("Event log")
struct EventLogTests {
    @Test("an event reads back as logged, every optional field present or absent, at the extremes of its values")
    func roundTrip() throws {
        var log = EventLog()
        try log.begin(TraceHeader())
        var logged: [TraceEvent] = []
        // The first has neither severity nor duration, so the log judges none.
        for (index, severity) in ([nil] + Severity.allCases.map(Optional.some)).enumerated() {
            logged.append(
                TraceEvent(
                    id: EventID(index + 1), kind: .body, title: "View\(index % 2)",
                    module: index % 3 == 0 ? nil : "App",
                    owner: .app, time: index % 2 == 0 ? nil : .max,
                    duration: index == 0 ? nil : index == 3 ? .min : Int64(index),
                    ran: index % 2 == 0, group: index % 2 == 0 ? .min : .max, severity: severity,
                    backtrace: index % 3 == 0 ? [] : ["frame \(index % 2)", "outer"]))
        }
        logged.append(TraceEvent(id: .max, kind: .state, title: "", owner: .system, ran: false))
        for event in logged { try log.add(event) }

        #expect(log.events.count == logged.count)
        for (event, given) in zip(log.events, logged) {
            #expect(event.id == given.id)
            #expect(
                event.key == NodeKey(kind: given.kind, title: given.title, module: given.module, owner: given.owner))
            #expect(event.time == given.time)
            #expect(event.duration == given.duration)
            #expect(event.group == given.group)
            #expect(event.severity == given.severity)
            #expect(event.firstFrame == given.backtrace.first)
            // A cause counts as run: it happened.
            #expect(event.ran == (given.ran || given.kind.isCause))
        }
    }

    @Test("an update's severity comes from its duration when the trace gives none")
    func severityFromDuration() throws {
        var log = EventLog(frameRate: 60)
        try log.add(TraceEvent(id: 1, kind: .body, title: "V", owner: .app, duration: 20_000_000))
        try log.add(TraceEvent(id: 2, kind: .body, title: "V", owner: .app, duration: 1))
        try log.add(TraceEvent(id: 3, kind: .gesture, title: "Tap", owner: .app, duration: 20_000_000))
        #expect(log.events.map(\.severity) == [.veryHigh, .low, nil])
    }

    @Test("groups of several documents are numbered as the graph numbers them; an event without one keeps none")
    func numbersGroups() throws {
        var log = EventLog()
        for document in 0..<2 {
            try log.begin(TraceHeader())
            try log.add(TraceEvent(id: 1, kind: .body, title: "V", owner: .app, group: 7))
            try log.add(TraceEvent(id: 2, kind: .body, title: "V", owner: .app, group: document == 0 ? 9 : 7))
            try log.add(TraceEvent(id: 3, kind: .body, title: "V", owner: .app))
        }
        log.numberGroups()
        #expect(log.events.map(\.group) == [1, 2, nil, 3, 3, nil])
    }

    @Test("an id names its first event across documents, and counts the documents defining it")
    func idsAcrossDocuments() throws {
        var log = EventLog()
        let documents: [[EventID]] = [[1, 2], [1, 5], [1, 5, 9]]
        for ids in documents {
            try log.begin(TraceHeader())
            for id in ids { try log.add(TraceEvent(id: id, kind: .body, title: "V", owner: .app)) }
        }
        #expect([1, 2, 5, 9, 4].map(log.position(of:)) == [0, 1, 3, 6, nil])
        #expect([1, 2, 5, 9, 4].map(log.documentCount(defining:)) == [3, 1, 2, 1, 0])
        // Within a document an id is one event; links resolve in the document being read.
        #expect(throws: TraceConsistencyError.self) {
            try log.add(TraceEvent(id: 9, kind: .body, title: "V", owner: .app))
        }
        try log.add(TraceCause(from: 1, to: 9, label: .update))
        #expect(log.links.map { [$0.from, $0.to] } == [[4, 6]])
    }
}
