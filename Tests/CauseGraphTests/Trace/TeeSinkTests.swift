import Testing

@testable import CauseGraph

@Suite struct TeeSinkTests {
    /// Keeps the ids of the events it is given in storage of its own, as a
    /// graph builder keeps a record of each event until it finishes.
    private struct KeepingSink: TraceSink {
        final class Storage {
            var ids: [EventID] = []
        }

        var storage = Storage()

        mutating func begin(_ header: TraceHeader) throws {}
        mutating func add(_ event: TraceEvent) throws { storage.ids.append(event.id) }
        mutating func add(_ cause: TraceCause) throws {}
        mutating func add(_ group: UpdateGroup) throws {}
        mutating func add(_ hitch: Hitch) throws {}
    }

    @Test("split hands back both sinks with what they were given, held by nothing else")
    func splitLeavesNoCopyBehind() throws {
        var tee = TeeSink(KeepingSink(), KeepingSink())
        try tee.add(TraceEvent(id: 7, kind: .gesture, title: "Tap", owner: .app))
        try tee.add(TraceEvent(id: 8, kind: .body, title: "Row", owner: .app))
        var (first, second) = (consume tee).split()
        #expect(first.storage.ids == [7, 8] && second.storage.ids == [7, 8])
        // Unshared, so what a sink drops as it finishes (its per-event records) is freed then.
        #expect(isKnownUniquelyReferenced(&first.storage))
        #expect(isKnownUniquelyReferenced(&second.storage))
    }
}
