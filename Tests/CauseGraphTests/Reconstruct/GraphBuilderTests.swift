import CauseGraph
import Testing

@Suite("Graph reconstruction")
struct GraphBuilderTests {
    private func event(
        _ id: EventID, _ kind: NodeKind, _ title: String, module: String? = nil, owner: Owner = .app,
        duration: Nanoseconds? = nil, ran: Bool = true, group: GroupID? = nil, severity: Severity? = nil
    ) -> TraceEvent {
        TraceEvent(
            id: id, kind: kind, title: title, module: module, owner: owner, duration: duration, ran: ran, group: group,
            severity: severity)
    }

    @Test("events of the same kind, title, module and owner merge and count")
    func mergesEvents() throws {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader())
        try builder.add(event(1, .body, "Row", module: "App", duration: 100, ran: true))
        try builder.add(event(2, .body, "Row", module: "App", duration: 300, ran: false))
        try builder.add(event(3, .body, "Row", module: "App", duration: 200, ran: true))
        try builder.add(event(4, .body, "Row", module: "Other"))
        try builder.add(event(5, .body, "Row", module: "App", owner: .system))
        try builder.add(event(6, .other, "Row", module: "App"))
        let graph = builder.finish()
        #expect(graph.nodes.count == 5)
        // No event had a cause link: the view updates (not the other update) are accounted for as unrecorded.
        #expect(graph.nodes.filter { $0.kind == .unrecorded }.map(\.count) == [5])
        let row = try #require(
            graph.nodes.first { $0.key == NodeKey(kind: .body, title: "Row", module: "App", owner: .app) })
        #expect(row.count == 3)
        #expect(row.ran == 2)
        #expect(row.skipped == 1)
        #expect(row.totalDuration == 600)
        #expect(row.maxDuration == 300)
        let unknownDuration = try #require(graph.nodes.first { $0.module == "Other" })
        #expect(unknownDuration.totalDuration == nil)
        #expect(unknownDuration.severity == nil)
    }

    @Test("the average is over the updates whose duration is known; an update still running has none")
    func averageOfKnownDurations() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .body, "V", duration: 3_000_000))
        try builder.add(event(2, .body, "V", severity: .veryHigh))
        try builder.add(event(3, .body, "W"))
        let graph = builder.finish()
        let timed = try #require(graph.nodes.first { $0.title == "V" })
        #expect(timed.count == 2 && timed.timed == 1)
        #expect(timed.averageDuration == 3_000_000)
        #expect(
            TraceSummary(graph: graph).modules.flatMap(\.views).first { $0.node.title == "V" }?.average == 3_000_000)
        let untimed = try #require(graph.nodes.first { $0.title == "W" })
        #expect(untimed.timed == 0 && untimed.averageDuration == nil)
    }

    @Test("cause nodes neither run nor skip")
    func causesHaveNoRuns() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .gesture, "Tap"))
        try builder.add(event(2, .gesture, "Tap"))
        let node = try #require(builder.finish().nodes.first)
        #expect((node.count, node.ran, node.skipped) == (2, 0, 0))
        #expect(!node.isFullySkipped)
    }

    @Test("edges merge by source, target and kind; the kind comes from the source or the label")
    func edgeKinds() throws {
        var builder = GraphBuilder()
        let sources: [(NodeKind, String)] = [
            (.gesture, "Tap"), (.state, "View.isOn"), (.observable, "Model.items"),
            (.externalEnvironment, "External Environment"), (.environmentWriter, "EnvironmentWriter: Font"),
            (.body, "Parent"), (.representable, "MapView"), (.other, "<graph>"),
        ]
        for (index, source) in sources.enumerated() {
            try builder.add(event(EventID(index + 1), source.0, source.1))
        }
        try builder.add(event(100, .body, "Child"))
        try builder.add(event(101, .body, "Child"))
        for index in sources.indices {
            try builder.add(TraceCause(from: EventID(index + 1), to: 100, label: .update))
            try builder.add(TraceCause(from: EventID(index + 1), to: 101, label: .update))
        }
        try builder.add(TraceCause(from: 6, to: 100, label: .creation))
        let graph = builder.finish()
        let kinds = graph.edges.map { "\(graph.node($0.from)!.title)→\($0.kind.rawValue)×\($0.count)" }
        #expect(
            kinds == [
                "Tap→gesture×2", "View.isOn→state×2", "Model.items→observable×2",
                "External Environment→externalEnvironment×2", "EnvironmentWriter: Font→environmentWriter×2",
                "Parent→update×2", "Parent→creation×1", "MapView→update×2", "<graph>→update×2",
                "No recorded cause→unrecorded×1", "No recorded cause→unrecorded×1",
            ])
        #expect(graph.edges.filter { $0.kind == .creation }.map(\.label) == [.creation])
        #expect(graph.edges.filter { $0.kind != .creation }.allSatisfy { $0.label == .update })
    }

    @Test("severity comes from the trace when recorded, else from the frame budget")
    func severities() throws {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader(frameRate: 120))
        try builder.add(event(1, .body, "Fast", duration: 500_000))
        try builder.add(event(2, .body, "Orange", duration: 520_834))
        try builder.add(event(3, .body, "Red", duration: 1_041_667))
        try builder.add(event(4, .body, "Hitch", duration: 8_333_334))
        try builder.add(event(5, .body, "Recorded", duration: 10, severity: .high))
        try builder.add(event(6, .body, "Worst", duration: 10))
        try builder.add(event(7, .body, "Worst", duration: 9_000_000))
        let severities = builder.finish().nodes.map { "\($0.title):\($0.severity?.rawValue ?? "-")" }
        #expect(
            severities == [
                "Fast:low", "Hitch:veryHigh", "Orange:medium", "Recorded:high", "Red:high", "Worst:veryHigh",
                "No recorded cause:-",
            ])
    }

    @Test("a frame-rate override judges against its own budget")
    func frameRateOverride() throws {
        var builder = GraphBuilder(frameRate: 60)
        try builder.begin(TraceHeader(frameRate: 120))
        try builder.add(event(1, .body, "A", duration: 1_500_000))
        let graph = builder.finish()
        #expect(graph.frameRate == 60)
        #expect(graph.nodes[0].severity == .medium)
    }

    @Test("nodes rank by when they were first seen, whatever their titles and the order of the records; untimed last")
    func appearanceRank() throws {
        func timed(_ id: EventID, _ title: String, at time: Nanoseconds?) -> TraceEvent {
            var body = event(id, .body, title)
            body.time = time
            return body
        }
        let events = [
            timed(1, "Zeta", at: 50), timed(2, "Alpha", at: 70), timed(3, "Mid", at: nil), timed(4, "Zeta", at: 10),
            timed(5, "Beta", at: nil),
        ]
        for order in [events, events.reversed()] {
            var builder = GraphBuilder()
            for event in order { try builder.add(event) }
            let graph = builder.finish()
            let ranks = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.title, $0.appearanceRank) })
            // Zeta at 10, Alpha at 70, then the untimed by id (title order), then what the builder adds.
            #expect(ranks["Zeta"] == 0 && ranks["Alpha"] == 1 && ranks["Beta"] == 2 && ranks["Mid"] == 3, "\(ranks)")
        }
    }

    @Test("ids follow a sorted order, whatever order the trace lists events in")
    func deterministicOrder() throws {
        let events = [
            event(1, .body, "Zeta"), event(2, .gesture, "Tap"), event(3, .body, "Alpha"),
            event(4, .state, "V.x"), event(5, .body, "Alpha", module: "M"),
        ]
        func build(_ events: [TraceEvent]) throws -> CauseEffectGraph {
            var builder = GraphBuilder()
            for event in events { try builder.add(event) }
            for event in events where event.kind == .body {
                try builder.add(TraceCause(from: 2, to: event.id, label: .update))
                try builder.add(TraceCause(from: 4, to: event.id, label: .update))
            }
            return builder.finish()
        }
        let forward = try build(events)
        let backward = try build(events.reversed())
        #expect(forward == backward)
        #expect(forward.nodes.map(\.id) == ["n1", "n2", "n3", "n4", "n5"])
        #expect(forward.nodes.map(\.title) == ["Tap", "V.x", "Alpha", "Alpha", "Zeta"])
        #expect(forward.nodes.map(\.module) == [nil, nil, nil, "M", nil])
        #expect(
            forward.edges.map { "\($0.from)->\($0.to)" } == [
                "n1->n3", "n1->n4", "n1->n5", "n2->n3", "n2->n4", "n2->n5",
            ])
    }

    @Test("causes take part in the update groups of the effects they drove")
    func groupMembership() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .gesture, "Tap"))
        try builder.add(event(2, .observable, "Model.items"))
        try builder.add(event(3, .body, "Row", group: 7))
        try builder.add(event(4, .body, "Row", group: 8))
        try builder.add(event(5, .body, "Lonely"))
        try builder.add(TraceCause(from: 1, to: 2, label: .update))
        try builder.add(TraceCause(from: 2, to: 3, label: .update))
        try builder.add(TraceCause(from: 2, to: 4, label: .update))
        try builder.add(UpdateGroup(id: 7, label: "Transaction for Gesture"))
        try builder.add(UpdateGroup(id: 8, label: "Transaction for Gesture"))
        let graph = builder.finish()
        #expect(
            graph.nodes.map { "\($0.title):\($0.groups)" } == [
                "Tap:[7, 8]", "Model.items:[7, 8]", "Lonely:[]", "Row:[7, 8]", "No recorded cause:[]",
            ])
        #expect(graph.edges.map(\.groups) == [[7, 8], [7, 8], []])
        #expect(graph.groups.map(\.id) == [7, 8])
    }

    @Test("ids of different documents do not collide")
    func documentsAreScoped() throws {
        var builder = GraphBuilder()
        try builder.begin(TraceHeader(app: "First"))
        try builder.add(event(1, .body, "A", group: 1))
        try builder.add(UpdateGroup(id: 1, label: "first"))
        try builder.begin(TraceHeader(app: "Second"))
        try builder.add(event(1, .body, "B", group: 1))
        try builder.add(UpdateGroup(id: 1, label: "second"))
        #expect(throws: TraceConsistencyError.undefinedEvent(2)) {
            try builder.add(TraceCause(from: 1, to: 2, label: .update))
        }
        let graph = builder.finish()
        #expect(graph.app == "First")
        #expect(graph.groups.map(\.label) == ["first", "second"])
        #expect(graph.nodes.map(\.groups) == [[1], [2], []])
    }

    @Test("every view update is accounted for once: by its cause links, or by the unrecorded node")
    func everyRunAccounted() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .state, "V.a"))
        try builder.add(event(2, .state, "V.b"))
        try builder.add(event(3, .body, "V"))
        try builder.add(event(4, .body, "V", ran: false))
        try builder.add(event(5, .body, "V"))
        try builder.add(event(6, .body, "V", ran: false))
        try builder.add(event(7, .other, "Layout"))
        // Run 3 has two causes, run 4 one; runs 5 and 6 none. The layout is no view's update.
        try builder.add(TraceCause(from: 1, to: 3, label: .update))
        try builder.add(TraceCause(from: 2, to: 3, label: .update))
        try builder.add(TraceCause(from: 1, to: 4, label: .update))
        try builder.begin(TraceHeader())
        // A new document: ids start again, and its runs are accounted for apart.
        try builder.add(event(1, .state, "V.a"))
        try builder.add(event(2, .body, "V"))
        try builder.add(event(3, .body, "V"))
        try builder.add(TraceCause(from: 1, to: 2, label: .update))
        let graph = builder.finish()
        let unrecorded = try #require(graph.nodes.last)
        #expect((unrecorded.kind, unrecorded.title, unrecorded.owner) == (.unrecorded, "No recorded cause", .system))
        #expect(unrecorded.count == 3)
        let view = try #require(graph.nodes.first { $0.title == "V" })
        let edge = try #require(graph.edges.first { $0.from == unrecorded.id })
        #expect((edge.to, edge.kind, edge.label, edge.count, edge.skipped) == (view.id, .unrecorded, .update, 3, 1))
        #expect(graph.edges.filter { $0.from == unrecorded.id }.count == 1)
        // Six runs, seven links: a run with two causes counts in both.
        #expect(view.count == 6)
        #expect(graph.edges.filter { $0.to == view.id }.reduce(0) { $0 + $1.count } == 7)
    }

    @Test("a trace whose every view update has a cause gets no unrecorded node")
    func nothingUnrecorded() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .gesture, "Tap"))
        try builder.add(event(2, .body, "V"))
        try builder.add(event(3, .other, "Layout"))
        try builder.add(TraceCause(from: 1, to: 2, label: .update))
        let graph = builder.finish()
        #expect(graph.nodes.map(\.kind) == [.gesture, .body, .other])
        #expect(graph.edges.count == 1)
    }

    @Test("duplicate events and groups are refused")
    func duplicates() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .body, "A"))
        #expect(throws: TraceConsistencyError.duplicateEvent(1)) { try builder.add(event(1, .body, "B")) }
        try builder.add(UpdateGroup(id: 3, label: "T"))
        #expect(throws: TraceConsistencyError.duplicateGroup(3)) { try builder.add(UpdateGroup(id: 3, label: "T")) }
    }

    @Test("thousands of edges, some apart only by label, each keep their own count, listed by their ends' order")
    func manyEdges() throws {
        var builder = GraphBuilder()
        let causes = 60
        let views = 50
        for index in 0..<causes { try builder.add(event(EventID(index), .state, "Model.s\(index)")) }
        for index in 0..<views { try builder.add(event(EventID(1000 + index), .body, "View\(index)")) }
        // Every state drives every view (3,000 edges, past any first table size); the pairs
        // whose sum is even twice more, once by an invalidation, an edge of its own.
        for cause in 0..<causes {
            for view in 0..<views {
                let link = TraceCause(from: EventID(cause), to: EventID(1000 + view), label: .update)
                try builder.add(link)
                if (cause + view).isMultiple(of: 2) {
                    try builder.add(link)
                    try builder.add(TraceCause(from: EventID(cause), to: EventID(1000 + view), label: .invalidation))
                }
            }
        }
        let graph = builder.finish()
        let titles = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.title) })
        let evenPairs = causes * views / 2
        #expect(graph.edges.count == causes * views + evenPairs)
        for edge in graph.edges {
            let cause = try #require(Int(titles[edge.from]!.dropFirst("Model.s".count)))
            let view = try #require(Int(titles[edge.to]!.dropFirst("View".count)))
            let even = (cause + view).isMultiple(of: 2)
            #expect(edge.count == (edge.label == .invalidation ? 1 : even ? 2 : 1), "\(edge.from) → \(edge.to)")
        }
        let order = graph.edges.map { edge in
            (graph.nodes.firstIndex { $0.id == edge.from }!, graph.nodes.firstIndex { $0.id == edge.to }!, edge.label)
        }
        #expect(
            zip(order, order.dropFirst()).allSatisfy { a, b in
                a.0 != b.0 ? a.0 < b.0 : a.1 != b.1 ? a.1 < b.1 : a.2 < b.2
            })
    }

    @Test("edges sharing both ends are listed by kind, then label, whatever order they arrived in")
    func edgesSharingEnds() throws {
        var builder = GraphBuilder()
        try builder.add(event(1, .state, "Model.value"))
        try builder.add(event(2, .body, "Row"))
        // A spelled label sorts after the known ones, but its edge is a state edge, listed before creation's.
        for label in ["zeta", "creation", "alpha", "invalidation", "update"] {
            try builder.add(TraceCause(from: 1, to: 2, label: CauseLabel(rawValue: label)))
        }
        let edges = builder.finish().edges
        #expect(edges.map(\.kind) == [.state, .state, .state, .state, .creation])
        #expect(edges.map(\.label.rawValue) == ["update", "invalidation", "alpha", "zeta", "creation"])
        #expect(edges.map(\.id) == ["e1", "e2", "e3", "e4", "e5"])
    }
}

@Suite("Graph statistics")
struct GraphStatisticsTests {
    @Test("edges count links into skipped bodies and the most links one cause event drove")
    func edgeStatistics() throws {
        var builder = GraphBuilder()
        try builder.add(TraceEvent(id: 1, kind: .observable, title: "Model.items", owner: .app))
        try builder.add(TraceEvent(id: 2, kind: .observable, title: "Model.items", owner: .app))
        for id in EventID(10)..<EventID(16) {
            try builder.add(TraceEvent(id: id, kind: .body, title: "Row", owner: .app, ran: id % 2 == 0))
        }
        for id in EventID(10)..<EventID(14) { try builder.add(TraceCause(from: 1, to: id, label: .update)) }
        for id in EventID(14)..<EventID(16) { try builder.add(TraceCause(from: 2, to: id, label: .update)) }
        let edge = try #require(builder.finish().edges.first)
        #expect((edge.count, edge.skipped, edge.maxPerCause) == (6, 3, 4))
    }

    @Test("the densest burst of a long run: steady events, then a dense stretch, then steady again")
    func densestBurstOfALongRun() throws {
        var builder = GraphBuilder(burstWindow: 1_000)
        try builder.begin(TraceHeader())
        // 100 ns apart (10 in a window), then 300 events 2 ns apart, then 100 ns
        // apart again: the window must drop its oldest times across many
        // compactions. The densest window ends at the last dense event: the
        // 300 dense events (598 ns) and the 4 steady ones up to 400 ns before them.
        var times = (0..<5_000).map { Nanoseconds($0) * 100 }
        let denseStart = times.last! + 100
        times += (0..<300).map { denseStart + Nanoseconds($0) * 2 }
        let steadyAgain = times.last! + 1_000
        times += (0..<5_000).map { steadyAgain + Nanoseconds($0) * 100 }
        for (index, time) in times.enumerated() {
            try builder.add(TraceEvent(id: EventID(index), kind: .body, title: "Row", owner: .app, time: time))
        }
        let node = try #require(builder.finish().nodes.first)
        #expect(node.densestBurst == 304)
    }

    @Test("nodes count events by severity and find their densest burst")
    func nodeStatistics() throws {
        var builder = GraphBuilder(burstWindow: 5_000_000)
        try builder.begin(TraceHeader(frameRate: 60))
        let times: [Nanoseconds] = [0, 1_000_000, 2_000_000, 4_999_999, 5_000_000, 20_000_000]
        let durations: [Nanoseconds] = [100, 1_100_000, 2_100_000, 2_100_000, 20_000_000, 100]
        for (index, (time, duration)) in zip(times, durations).enumerated() {
            try builder.add(
                TraceEvent(id: EventID(index), kind: .body, title: "Row", owner: .app, time: time, duration: duration))
        }
        let graph = builder.finish()
        let node = try #require(graph.nodes.first)
        #expect(node.densestBurst == 4)
        #expect(
            [
                node.severityCounts[.low], node.severityCounts[.medium], node.severityCounts[.high],
                node.severityCounts[.veryHigh],
            ] == [2, 1, 2, 1])
        #expect(node.severityCounts.atLeast(.high) == 3)
        #expect(graph.worstUpdates.map(\.event) == [4, 2, 3, 1, 0])
        #expect(graph.worstUpdates.allSatisfy { $0.node == "n1" && $0.kind == .body })
    }
}
