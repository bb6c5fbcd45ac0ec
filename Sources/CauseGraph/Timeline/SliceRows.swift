/// Places slices on rows so that on every row they nest: each slice either
/// follows the slices before it or lies wholly inside the innermost one still
/// open.
///
/// Trace viewers draw the slices of one thread as a call stack and drop or
/// misplace a slice that overlaps another only partly, and a flow bound to
/// a dropped slice loses its arrow. Updates of one process usually nest
/// (SwiftUI runs them on the main thread), so one row is the common case;
/// overlapping ones, from traces read together or in-flight updates, get
/// further rows.
///
/// Slices must be placed by start. Of two starting together, the longer
/// placed first can hold the other on its row; the other way round they
/// take two rows, which still nest.
struct SliceRows {
    /// How many rows are searched for a place; past them a slice goes to the
    /// newest row or a new one, so placing n slices costs at most
    /// `n × searchLimit` comparisons however they overlap.
    static let searchLimit = 16

    /// Per row, the ends of the slices still open, innermost last.
    private var openEnds: [[Nanoseconds]] = []

    /// How many rows the slices placed so far needed.
    var count: Int { openEnds.count }

    /// The row for a slice from `start` to `end`, which must not start
    /// before the slice placed last.
    mutating func place(start: Nanoseconds, end: Nanoseconds) -> Int {
        let searched = min(openEnds.count, Self.searchLimit)
        for row in 0..<searched where fits(row, start: start, end: end) {
            return push(row, end: end)
        }
        if openEnds.count > searched, fits(openEnds.count - 1, start: start, end: end) {
            return push(openEnds.count - 1, end: end)
        }
        openEnds.append([])
        return push(openEnds.count - 1, end: end)
    }

    /// Closes the slices of `row` that end by `start` (a slice ending where
    /// the next starts is its sibling, as viewers read it), then says whether
    /// the slice lies inside the innermost one left.
    private mutating func fits(_ row: Int, start: Nanoseconds, end: Nanoseconds) -> Bool {
        while let last = openEnds[row].last, last <= start {
            openEnds[row].removeLast()
        }
        guard let innermost = openEnds[row].last else { return true }
        return end <= innermost
    }

    private mutating func push(_ row: Int, end: Nanoseconds) -> Int {
        openEnds[row].append(end)
        return row
    }
}
