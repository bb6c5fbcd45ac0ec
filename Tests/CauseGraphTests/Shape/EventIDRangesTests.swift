@testable import CauseGraph
import Testing

@Suite("Event id ranges")
struct EventIDRangesTests {
    /// Inserts every id, returning how many were new.
    private func insert(_ ids: [EventID], into ranges: inout EventIDRanges) -> Int {
        ids.reduce(0) { $0 + (ranges.insert($1) ? 1 : 0) }
    }

    @Test("consecutive ids merge into one run in any insertion order")
    func merges() {
        var ranges = EventIDRanges()
        let evens = insert(Array(stride(from: EventID(100), through: 2, by: -2)), into: &ranges)
        #expect(evens == 50)
        #expect(ranges.runCount == 50)
        let odds = insert(Array(stride(from: EventID(1), through: 99, by: 2)), into: &ranges)
        #expect(odds == 50)
        #expect(ranges.runCount == 1)
        #expect(ranges.contains(1) && ranges.contains(100))
        #expect(!ranges.contains(0) && !ranges.contains(101))
        let again = insert([50], into: &ranges)
        #expect(again == 0, "already present")
    }

    @Test("the extreme ids do not overflow")
    func extremes() {
        var ranges = EventIDRanges()
        let inserted = insert([.max, 0, .max - 1], into: &ranges)
        #expect(inserted == 3)
        #expect(ranges.runCount == 2)
        #expect(ranges.contains(.max) && ranges.contains(.max - 1) && ranges.contains(0))
        #expect(!ranges.contains(1))
    }
}
