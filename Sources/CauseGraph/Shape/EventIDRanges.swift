/// A set of event ids kept as runs of consecutive ids.
///
/// Exporters number events in the order they happen, so the ids a sink
/// meets arrive as a few long runs: increasing, or, as the Instruments
/// reader numbers the root causes it makes up, decreasing from the top of
/// the range. An id next to a run extends it, at either end, and one above
/// every run but a few (``shiftLimit``) starts a run of its own, so this set
/// stays a run per gap in the ids however many rows it covers. Any other id
/// is kept on its own in a hash set, so ids in no particular order cost one
/// entry each, and every insertion stays within a binary search and a
/// constant.
struct EventIDRanges: Sendable {
    /// Ascending, disjoint, non-adjacent runs.
    private var ranges: [ClosedRange<EventID>] = []
    private var scattered: Set<EventID> = []

    /// The number of stored runs and single ids, for tests of the memory bound.
    var runCount: Int { ranges.count + scattered.count }

    func contains(_ id: EventID) -> Bool {
        let index = firstRun(endingAtOrAfter: id)
        if index < ranges.count && ranges[index].contains(id) { return true }
        return !scattered.isEmpty && scattered.contains(id)
    }

    /// Adds an id; `false` when it was already there.
    @discardableResult
    mutating func insert(_ id: EventID) -> Bool {
        let index = firstRun(endingAtOrAfter: id)
        if index < ranges.count && ranges[index].contains(id) { return false }
        if !scattered.isEmpty && scattered.contains(id) { return false }
        // `ranges[index]`, if any, starts above `id`; the run before it ends below it.
        let extendsBefore = index > 0 && ranges[index - 1].upperBound == id - 1
        let extendsAfter = index < ranges.count && ranges[index].lowerBound == id + 1
        switch (extendsBefore, extendsAfter) {
        case (true, true):
            // The id closes the gap between two runs: one run now. Rare, so the shift is affordable.
            ranges[index - 1] = ranges[index - 1].lowerBound...ranges[index].upperBound
            ranges.remove(at: index)
        case (true, false):
            ranges[index - 1] = ranges[index - 1].lowerBound...id
        case (false, true):
            ranges[index] = id...ranges[index].upperBound
        case (false, false) where ranges.count - index <= Self.shiftLimit:
            ranges.insert(id...id, at: index)
        case (false, false):
            scattered.insert(id)
        }
        return true
    }

    /// How many runs a new run may be placed below: so many are moved to make room.
    static let shiftLimit = 8

    /// The index of the first run whose upper bound is at or above `id`, by binary search.
    private func firstRun(endingAtOrAfter id: EventID) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
