import CauseGraph
import Testing

@Suite("Interaction recorder")
struct InteractionRecorderTests {
    private func event(
        _ id: EventID, _ kind: NodeKind, _ title: String, group: GroupID? = nil, backtrace: [String] = []
    ) -> TraceEvent {
        TraceEvent(
            id: id, kind: kind, title: title, owner: .app, time: Nanoseconds(id) * 1000,
            duration: kind.isUpdate ? 1000 : nil, group: group, backtrace: backtrace)
    }

    /// Tap (1) → flag (2) → A (3, group 7) → B (4, group 7) → A again (5, group 7, a cycle back to 3 through 6);
    /// Timer (6) → C (7, group 8); B (4) → D (8, group 8): an effect in another group.
    private func recorder() throws -> InteractionRecorder {
        var recorder = InteractionRecorder()
        try recorder.begin(TraceHeader(app: "App", frameRate: 60))
        for item in [
            event(1, .gesture, "Tap"), event(2, .state, "flag"),
            event(3, .body, "A", group: 7, backtrace: ["A.body", "main"]),
            event(4, .body, "B", group: 7, backtrace: ["A.body", "main"]), event(5, .body, "A", group: 7),
            event(6, .externalEnvironment, "Timer"), event(7, .body, "C", group: 8), event(8, .body, "D", group: 8),
        ] { try recorder.add(item) }
        for (from, to) in [(1, 2), (2, 3), (3, 4), (4, 5), (5, 3), (6, 7), (4, 8)] {
            try recorder.add(TraceCause(from: EventID(from), to: EventID(to), label: .update))
        }
        try recorder.add(UpdateGroup(id: 7, label: "Transaction for Gesture"))
        try recorder.add(UpdateGroup(id: 8, label: "Transaction"))
        return recorder
    }

    private func graph(_ interaction: Interaction) throws -> (
        graph: CauseEffectGraph, statistics: InteractionStatistics
    ) {
        var builder = GraphBuilder()
        let statistics = try recorder().replay(interaction, into: &builder)
        return (builder.finish(), statistics)
    }

    @Test("a group keeps its events and the ungrouped causes upstream, not the effects in other groups")
    func group() throws {
        let (graph, statistics) = try graph(.group(7))
        #expect(graph.nodes.map(\.title) == ["Tap", "flag", "A", "B"])
        #expect(graph.nodes.first { $0.title == "A" }?.count == 2)
        #expect(graph.groups.map(\.id) == [7])
        #expect(
            statistics
                == {
                    var expected = InteractionStatistics()
                    expected.eventsRead = 8
                    expected.linksRead = 7
                    expected.eventsKept = 5
                    expected.linksKept = 5
                    return expected
                }())
        // Backtraces come through, one shared copy for equal ones.
        #expect(graph.nodes.first { $0.title == "B" }?.backtrace == ["A.body", "main"])
    }

    @Test("a gesture keeps everything downstream of it, through cycles, whatever the groups")
    func gesture() throws {
        let (graph, _) = try graph(.gesture(1))
        #expect(graph.nodes.map(\.title) == ["Tap", "flag", "A", "B", "D"])
        #expect(graph.groups.map(\.id) == [7, 8])
    }

    @Test(
        "an interaction the trace does not have is an error naming it",
        arguments: [
            (
                Interaction.group(99),
                "--group 99 removed every node (no event names that update group); nothing is left to draw"
            ),
            (
                Interaction.gesture(2),
                "--gesture 2 removed every node (no gesture event has that id); nothing is left to draw"
            ),
        ])
    func missing(_ interaction: Interaction, _ message: String) throws {
        var builder = GraphBuilder()
        #expect(throws: ShapingError.self) { try recorder().replay(interaction, into: &builder) }
        do {
            _ = try recorder().replay(interaction, into: &builder)
        } catch let error as ShapingError {
            #expect(ShapingFormatter.message(error, spelling: .flags) == message)
        }
    }

    @Test("a link to an event never defined is the same consistency error the graph reports")
    func undefined() throws {
        var recorder = InteractionRecorder()
        try recorder.add(event(1, .gesture, "Tap"))
        #expect(throws: TraceConsistencyError.undefinedEvent(9)) {
            try recorder.add(TraceCause(from: 1, to: 9, label: .update))
        }
        #expect(throws: TraceConsistencyError.duplicateEvent(1)) { try recorder.add(event(1, .gesture, "Tap")) }
    }
}
