import Testing

@testable import CauseGraph

@Suite("Slice rows")
struct SliceRowsTests {
    @Test("nested and following slices share a row; a partly overlapping one takes the next free")
    func nesting() {
        var rows = SliceRows()
        #expect(rows.place(start: 0, end: 100) == 0)
        #expect(rows.place(start: 0, end: 40) == 0, "a child starting with its parent")
        #expect(rows.place(start: 40, end: 40) == 0, "an empty slice where its sibling ends")
        #expect(rows.place(start: 50, end: 150) == 1, "ends after its parent")
        #expect(rows.place(start: 60, end: 70) == 0, "fits inside the first row's open slice")
        #expect(rows.place(start: 100, end: 120) == 0, "the first row's slice has ended")
        #expect(rows.count == 2)
    }

    @Test("staggered overlaps search a bounded number of rows, then pile onto new ones")
    func boundedSearch() {
        var rows = SliceRows()
        let placed = (0..<100).map { rows.place(start: Nanoseconds($0), end: Nanoseconds($0) + 1000) }
        #expect(placed == Array(0..<100), "each overlaps every earlier one only partly")
        // Past the limit only the newest row is tried, and a slice inside it still goes there.
        #expect(rows.place(start: 200, end: 300) == 0, "inside the first row's slice")
        #expect(rows.place(start: 200, end: 1200) == 100, "overlaps every open slice only partly")
        #expect(rows.place(start: 300, end: 1100) == 100, "found in the newest row, past the searched ones")
        #expect(rows.place(start: 2000, end: 2001) == 0, "all have ended: back to the first row")
    }
}
