import Testing

@testable import CauseGraph

@Suite("Event id ranges")
struct EventIDRangesTests {
    /// Inserts every id, returning how many were new.
    private func insert(_ ids: some Sequence<EventID>, into ranges: inout EventIDRanges) -> Int {
        ids.reduce(0) { $0 + (ranges.insert($1) ? 1 : 0) }
    }

    @Test("increasing ids merge into runs, one per gap")
    func merges() {
        var ranges = EventIDRanges()
        #expect(insert(1...1_000, into: &ranges) == 1_000)
        #expect(insert(5_001...6_000, into: &ranges) == 1_000)
        #expect(ranges.runCount == 2)
        #expect(ranges.contains(1) && ranges.contains(1_000) && ranges.contains(5_001) && ranges.contains(6_000))
        #expect(!ranges.contains(0) && !ranges.contains(1_001) && !ranges.contains(5_000) && !ranges.contains(6_001))
        #expect(insert([500, 5_500], into: &ranges) == 0, "already present")
    }

    @Test("ids out of order are kept one by one, and found")
    func outOfOrder() {
        var ranges = EventIDRanges()
        #expect(insert(stride(from: EventID(100_000), through: 1, by: -1), into: &ranges) == 100_000)
        #expect(ranges.runCount == 100_000)
        #expect(ranges.contains(1) && ranges.contains(50_000) && ranges.contains(100_000))
        #expect(!ranges.contains(0) && !ranges.contains(100_001))
        #expect(insert([7, 100_000], into: &ranges) == 0, "already present")
    }

    @Test("the extreme ids do not overflow")
    func extremes() {
        var ranges = EventIDRanges()
        #expect(insert([0, .max - 1, .max], into: &ranges) == 3)
        #expect(ranges.runCount == 2)
        #expect(ranges.contains(.max) && ranges.contains(.max - 1) && ranges.contains(0))
        #expect(!ranges.contains(1))
        #expect(insert([.max], into: &ranges) == 0)
    }
}
