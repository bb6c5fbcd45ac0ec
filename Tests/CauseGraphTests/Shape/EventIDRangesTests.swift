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

    @Test("decreasing ids extend their run downwards, as the Instruments reader numbers the causes it makes up")
    func decreasing() {
        var ranges = EventIDRanges()
        #expect(insert(stride(from: EventID(100_000), through: 1, by: -1), into: &ranges) == 100_000)
        #expect(ranges.runCount == 1)
        #expect(ranges.contains(1) && ranges.contains(50_000) && ranges.contains(100_000))
        #expect(!ranges.contains(0) && !ranges.contains(100_001))
        #expect(insert([7, 100_000], into: &ranges) == 0, "already present")
    }

    @Test("two streams, one up from the bottom and one down from the top, interleaved, stay two runs")
    func interleavedStreams() {
        var ranges = EventIDRanges()
        let top: EventID = 1 << 53 - 1
        let ids = (0..<50_000 as Range<EventID>).flatMap { [2 + $0, top - $0] }
        #expect(insert(ids, into: &ranges) == ids.count)
        #expect(ranges.runCount == 2)
        #expect(ranges.contains(2) && ranges.contains(50_001) && ranges.contains(top) && ranges.contains(top - 49_999))
        #expect(!ranges.contains(1) && !ranges.contains(50_002) && !ranges.contains(top - 50_000))
    }

    @Test(
        "the lower stream may skip ids, as the ids of the rows a reader replaced: a run a gap, below the upper stream")
    func gapsBelowTheTop() {
        var ranges = EventIDRanges()
        let top: EventID = 1 << 53 - 1
        // Every eighth id of the lower stream is missing.
        let ids = (0..<80_000 as Range<EventID>).flatMap { $0 % 8 == 7 ? [top - $0] : [2 + $0, top - $0] }
        #expect(insert(ids, into: &ranges) == ids.count)
        #expect(ranges.runCount == 10_000 + 1)
        #expect(ranges.contains(2) && !ranges.contains(9) && ranges.contains(10) && ranges.contains(top - 79_999))
    }

    @Test("an id that closes the gap between two runs joins them")
    func joins() {
        var ranges = EventIDRanges()
        #expect(insert([1, 2, 4, 5], into: &ranges) == 4)
        #expect(ranges.runCount == 2)
        #expect(insert([3], into: &ranges) == 1)
        #expect(ranges.runCount == 1)
        #expect((1...5).allSatisfy(ranges.contains) && !ranges.contains(6) && !ranges.contains(0))
    }

    @Test("ids in no particular order are kept one by one, and found")
    func scattered() {
        var ranges = EventIDRanges()
        // A permutation of 0..<10_007 that rarely puts neighbours next to each other.
        let ids = (0..<10_007 as Range<EventID>).map { $0 * 7_919 % 10_007 }
        #expect(insert(ids, into: &ranges) == 10_007)
        #expect(ranges.runCount <= 10_007)
        #expect(ids.allSatisfy(ranges.contains))
        #expect(!ranges.contains(10_007))
        #expect(insert(ids.prefix(100), into: &ranges) == 0, "already present")
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
