import Testing

@testable import CauseGraph

@Suite struct EventIDMapTests {
    @Test func denseAndFarIdsAreKeptApartAndBothFound() {
        var map = EventIDMap<Int>()
        #expect(map.isEmpty && map[0] == nil)
        for id in EventID(0)..<10_000 { #expect(map.updateValue(Int(id), forKey: id) == nil) }
        // Far beyond the dense range, and the largest ids a trace can hold.
        for id in [EventID(1) << 40, EventID(Int64.max), .max] { #expect(map.updateValue(-1, forKey: id) == nil) }
        #expect(map.count == 10_003)
        #expect(map[9_999] == 9_999 && map[10_000] == nil && map[1 << 40] == -1 && map[.max] == -1)
        #expect(map.updateValue(7, forKey: 3) == 3 && map[3] == 7 && map.count == 10_003)
        #expect(map.updateValue(8, forKey: .max) == -1 && map.count == 10_003)
        map.removeAll()
        #expect(map.isEmpty && map[3] == nil && map[.max] == nil)
    }

    @Test func slotsGrownOverHoldNoValueUntilSet() {
        var map = EventIDMap<Int>()
        map.updateValue(1, forKey: 100)
        map.updateValue(2, forKey: 200)
        // 101...199 were grown over, each holding a copy of 2 that is never read.
        #expect(map[150] == nil && map[199] == nil && map.count == 2)
        #expect(map.updateValue(3, forKey: 150) == nil && map[150] == 3 && map.count == 3)
        #expect(map.updateValue(4, forKey: 150) == 3 && map.count == 3)
        // Across a word of the presence bits and past a chunk of the array.
        map.updateValue(5, forKey: 100 + 64 * 70)
        #expect(map[100 + 64 * 70 - 1] == nil && map[100 + 64 * 70] == 5 && map.count == 4)
    }

    @Test func aHostileIdDoesNotGrowTheArray() {
        var map = EventIDMap<UInt8>()
        // Ids spaced far apart each go to the dictionary: memory follows the ids seen.
        for step in EventID(1)...1_000 { map.updateValue(1, forKey: step << 32) }
        #expect(map.count == 1_000 && map[5 << 32] == 1 && map[(5 << 32) + 1] == nil)
    }

    @Test func idsFromAnyFirstOneAndIdsTheArrayLaterGrowsPast() {
        var map = EventIDMap<Int>()
        // xctrace-like ids that start high; then one below the first, and one
        // far ahead that the array only reaches later.
        map.updateValue(0, forKey: 4_000_000_000)
        map.updateValue(1, forKey: 3_999_999_999)
        map.updateValue(2, forKey: 4_000_100_000)
        for id in EventID(4_000_000_001)...4_000_200_000 where id != 4_000_100_000 { map.updateValue(3, forKey: id) }
        #expect(map[4_000_100_000] == 2 && map[3_999_999_999] == 1 && map[4_000_000_000] == 0)
        #expect(map.updateValue(5, forKey: 4_000_100_000) == 2 && map[4_000_100_000] == 5)
        #expect(map.count == 200_002)
        var set = EventIDSet()
        let firstTwo = (set.insert(4_000_000_000), set.insert(4_000_500_000))
        #expect(firstTwo == (true, true))
        var added = 0
        for id in EventID(4_000_000_001)..<4_000_600_000 where id != 4_000_500_000 && set.insert(id) { added += 1 }
        #expect(added == 599_998)
        let repeated = set.insert(4_000_500_000)
        #expect(!repeated && set.contains(4_000_500_000) && set.count == 600_000)
    }

    @Test func theSetCountsEachIdOnce() {
        var set = EventIDSet()
        let first = set.insert(5)
        let again = set.insert(5)
        #expect(first && !again && set.contains(5) && !set.contains(6))
        let far = set.insert(.max)
        let farAgain = set.insert(.max)
        #expect(far && !farAgain && set.contains(.max))
        for id in EventID(0)..<5_000 { _ = set.insert(id) }
        #expect(set.count == 5_001 && set.contains(4_999) && !set.contains(5_000))
    }
}
