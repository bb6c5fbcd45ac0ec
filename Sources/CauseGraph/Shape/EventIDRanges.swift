/// A set of event ids kept as runs of consecutive ids.
///
/// Exporters number events in the order they happen, so the events a time
/// window leaves out arrive as a few long runs of increasing ids (before the
/// window, after it), and this set stays a handful of ranges however many
/// rows it covers. An id that arrives below the latest run is kept on its
/// own in a hash set, so ids in no particular order cost one entry each but
/// never more than constant time.
struct EventIDRanges: Sendable {
    /// Ascending, disjoint, non-adjacent runs, extended only at the end.
    private var ranges: [ClosedRange<EventID>] = []
    private var scattered: Set<EventID> = []

    /// The number of stored runs and single ids, for tests of the memory bound.
    var runCount: Int { ranges.count + scattered.count }

    func contains(_ id: EventID) -> Bool {
        if scattered.contains(id) { return true }
        // Binary search for the first run ending at or after `id`.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < id { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(id)
    }

    /// Adds an id; `false` when it was already there.
    @discardableResult
    mutating func insert(_ id: EventID) -> Bool {
        guard !contains(id) else { return false }
        guard let last = ranges.last, id > last.upperBound else {
            if ranges.isEmpty { ranges.append(id...id) } else { scattered.insert(id) }
            return true
        }
        if id == last.upperBound + 1 {
            ranges[ranges.count - 1] = last.lowerBound...id
        } else {
            ranges.append(id...id)
        }
        return true
    }
}
