import Testing

@testable import CauseGraph

@Suite("Leaf staggering and severity durations")
struct LeafStaggerTests {
    @Test("the leaves of a cause with six or more are spread over three ranks; fewer, and non-leaves, keep length 1")
    func stagger() {
        var edges: [(from: String, to: String)] = (1...7).map { ("a", "l\($0)") }
        edges += (1...3).map { ("b", "m\($0)") }
        // n1 has an effect of its own, so it is no leaf; l1 has a second cause, counted with its first.
        edges += [("a", "n1"), ("n1", "z"), ("b", "l1")]
        let lengths = LeafStagger.minimumLengths(of: edges)
        // a's leaves: l1…l7, then z is n1's only leaf.
        #expect(lengths == [1: 2, 2: 3, 4: 2, 5: 3])
        #expect(LeafStagger.minimumLengths(of: Array(edges.prefix(5))).isEmpty, "five leaves stay in one rank")
    }

    @Test("severity durations add up by level, at or above a level, and saturate")
    func durations() {
        var durations = SeverityDurations()
        durations.add(5, at: .low)
        durations.add(7, at: .high)
        durations.add(11, at: .veryHigh)
        #expect(durations.atLeast(.medium) == 18 && durations.atLeast(.veryLow) == 23)
        durations.add(.max, at: .veryHigh)
        #expect(durations[.veryHigh] == .max && durations.atLeast(.high) == .max)
        var other = SeverityDurations()
        other.add(-3, at: .low)
        other.add(durations)
        #expect(other[.low] == 5, "a negative duration adds nothing")
    }
}
