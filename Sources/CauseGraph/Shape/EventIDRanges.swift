/// A set of event ids kept as sorted runs of consecutive ids.
///
/// Exporters number events in the order they happen, so the events a time
/// window leaves out form a few long runs (before the window, after it) and
/// this set stays a handful of ranges however many rows it covers. Ids in
/// no particular order cost one range each.
struct EventIDRanges: Sendable {
    private var ranges: [ClosedRange<EventID>] = []

    /// The number of stored runs, for tests of the memory bound.
    var runCount: Int { ranges.count }

    func contains(_ id: EventID) -> Bool {
        let index = firstIndex(endingAtOrAfter: id)
        return index < ranges.count && ranges[index].contains(id)
    }

    /// Adds an id; `false` when it was already there.
    @discardableResult
    mutating func insert(_ id: EventID) -> Bool {
        let index = firstIndex(endingAtOrAfter: id)
        if index < ranges.count && ranges[index].contains(id) { return false }
        let joinsPrevious = index > 0 && ranges[index - 1].upperBound == id - 1
        let joinsNext = index < ranges.count && id < EventID.max && ranges[index].lowerBound == id + 1
        switch (joinsPrevious, joinsNext) {
        case (true, true):
            ranges[index - 1] = ranges[index - 1].lowerBound...ranges[index].upperBound
            ranges.remove(at: index)
        case (true, false):
            ranges[index - 1] = ranges[index - 1].lowerBound...id
        case (false, true):
            ranges[index] = id...ranges[index].upperBound
        case (false, false):
            ranges.insert(id...id, at: index)
        }
        return true
    }

    /// The first run whose upper bound is at least `id` (binary search).
    private func firstIndex(endingAtOrAfter id: EventID) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
