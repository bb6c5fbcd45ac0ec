import Testing

@testable import CauseGraph

@Suite struct ChunkedArrayTests {
    private static let chunk = 1 << ChunkedArray<Int>.chunkShift

    @Test("elements across several chunks read back in order; setting one changes only it")
    func appendAndSubscriptAcrossChunks() {
        var array = ChunkedArray<UInt32>()
        #expect(array.isEmpty && Array(array).isEmpty)
        let count = Self.chunk * 3 + 5
        for value in 0..<count { array.append(UInt32(value)) }
        #expect(array.count == count && !array.isEmpty)
        #expect(Array(array) == (0..<count).map { UInt32($0) })
        array[Self.chunk] = 7
        #expect(array[Self.chunk] == 7 && array[Self.chunk - 1] == UInt32(Self.chunk - 1))
        array.grow(to: count + 10, with: 9)
        #expect(array.count == count + 10 && array[count] == 9 && array[count + 9] == 9)
        array.removeAll()
        #expect(array.isEmpty)
        array.append(contentsOf: [4, 5, 6])
        #expect(Array(array) == [4, 5, 6])
        // Runs longer than a chunk, from contiguous storage and from any sequence.
        let run = (0..<(Self.chunk * 2 + 3)).map { UInt32($0) }
        array.append(contentsOf: run)
        array.append(contentsOf: run.lazy.map { $0 + 1 })
        #expect(Array(array) == [4, 5, 6] + run + run.map { $0 + 1 })
    }

    @Test("a range that spans two chunks is handed over contiguous, as one in a single chunk")
    func contiguousRanges() {
        var array = ChunkedArray<UInt8>()
        for value in 0..<(Self.chunk + 8) { array.append(UInt8(truncatingIfNeeded: value)) }
        let within = array.withContiguousElements(2..<6) { Array($0) }
        let across = array.withContiguousElements((Self.chunk - 3)..<(Self.chunk + 2)) { Array($0) }
        #expect(within == [2, 3, 4, 5])
        #expect(across == ((Self.chunk - 3)..<(Self.chunk + 2)).map { UInt8(truncatingIfNeeded: $0) })
        #expect(array.withContiguousElements(4..<4) { $0.count } == 0)
    }

    @Test("a copy is a value: changing either leaves the other as it was")
    func copiesAreIndependent() {
        var original = ChunkedArray<String>()
        for value in 0..<(Self.chunk + 2) { original.append("v\(value)") }
        var copy = original
        copy[0] = "changed"
        copy.append("more")
        original.removeAll()
        #expect(original.isEmpty)
        #expect(copy.count == Self.chunk + 3 && copy[0] == "changed" && copy[1] == "v1" && copy.last == "more")
    }

    @Test("removing where a predicate holds keeps the rest in order, across chunks, and leaves copies alone")
    func removeAllWhere() {
        var array = ChunkedArray<String>()
        let count = Self.chunk * 2 + 7
        for value in 0..<count { array.append("\(value)") }
        let copy = array
        array.removeAll { Int($0)! % 3 != 0 }
        #expect(Array(array) == stride(from: 0, to: count, by: 3).map { "\($0)" })
        #expect(copy.count == count && copy[1] == "1")
        array.append("tail")
        #expect(array.last == "tail" && array.count == (count + 2) / 3 + 1)
        array.removeAll { _ in true }
        #expect(array.isEmpty)
    }
}
