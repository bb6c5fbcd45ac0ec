/// Spans in time, indexed so that the ones meeting a given span are found
/// without comparing it with each: a recording holds tens of thousands of
/// update groups and may hold as many hitches, and comparing every pair
/// took minutes.
///
/// The spans are kept in order of start, with a tree of the latest end in
/// each run of them; a query walks down only into runs that reach its start,
/// so it costs about `log n` for each span it finds.
struct SpanIndex {
    /// The members, in order of start (ties in the order given).
    private let members: [Int32]
    private let starts: [Nanoseconds]
    /// A complete binary tree over `leafCount` leaves, the root at 1: each
    /// entry is the latest end below it (leaves past the members hold
    /// `Nanoseconds.min`, which reaches nothing).
    private let latestEnds: [Nanoseconds]
    private let leafCount: Int

    /// - Parameter spans: each member with its closed span `start…end`.
    init(_ spans: [(member: Int32, start: Nanoseconds, end: Nanoseconds)]) {
        let ordered = spans.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        members = ordered.map(\.member)
        starts = ordered.map(\.start)
        var leafCount = 1
        while leafCount < ordered.count { leafCount *= 2 }
        var latestEnds = [Nanoseconds](repeating: .min, count: 2 * leafCount)
        for (position, span) in ordered.enumerated() { latestEnds[leafCount + position] = span.end }
        for node in stride(from: leafCount - 1, through: 1, by: -1) {
            latestEnds[node] = max(latestEnds[2 * node], latestEnds[2 * node + 1])
        }
        self.leafCount = leafCount
        self.latestEnds = latestEnds
    }

    /// The members whose span meets the closed span `from…to` (shares at
    /// least one instant with it, ends included), in order of start.
    func members(meeting from: Nanoseconds, _ to: Nanoseconds) -> [Int32] {
        // Spans starting after `to` cannot meet it; they form a suffix.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= to { low = middle + 1 } else { high = middle }
        }
        let startingInTime = low
        var found: [Int32] = []
        // Depth first, left before right, so members come out in start order.
        var pending: [(node: Int, first: Int, width: Int)] = [(1, 0, leafCount)]
        while let (node, first, width) = pending.popLast() {
            guard first < startingInTime, latestEnds[node] >= from else { continue }
            if width == 1 {
                found.append(members[first])
                continue
            }
            let half = width / 2
            pending.append((2 * node + 1, first + half, half))
            pending.append((2 * node, first, half))
        }
        return found
    }
}
