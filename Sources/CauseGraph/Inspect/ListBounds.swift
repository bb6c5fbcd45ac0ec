/// How a report ranks its long lists (views, findings, hitches…) and how
/// much of each it shows: what keeps `summary` and `why` readable on a
/// recording of any size, while the whole answer stays one option away.
package struct ListBounds: Sendable, Equatable {
    /// What ranks a list's entries first.
    package enum Order: String, CaseIterable, Sendable {
        /// Most total time first, then most updates.
        case time
        /// Most updates first, then most total time.
        case count
        /// By title.
        case name
    }

    /// How entries are ranked.
    package var order: Order
    /// How many ranked entries are passed over before the shown ones (paging).
    package var offset: Int
    /// How many entries of each list are shown at most; `nil` shows all.
    package var limit: Int?

    /// How many entries of each list text and Markdown show by default.
    package static let defaultLimit = 10
    /// Everything, in the default order.
    package static let all = ListBounds(limit: nil)

    /// - Parameters:
    ///   - order: how entries are ranked.
    ///   - offset: ranked entries passed over first; negative counts as 0.
    ///   - limit: entries shown at most; `nil` shows all, and less than 1 counts as 1.
    package init(order: Order = .time, offset: Int = 0, limit: Int? = ListBounds.defaultLimit) {
        self.order = order
        self.offset = max(offset, 0)
        self.limit = limit.map { max($0, 1) }
    }

    /// The entries of `ranked` these bounds show, and how many they leave out.
    package func cut<Element>(_ ranked: [Element]) -> (shown: [Element], omitted: Int) {
        let start = min(offset, ranked.count)
        let end = limit.map { min(start.saturatingAdding($0), ranked.count) } ?? ranked.count
        return (Array(ranked[start..<end]), ranked.count - (end - start))
    }

    /// Whether `a` ranks before `b` in this order: nodes with their counts
    /// and total durations; ties fall back on the other figures, then the
    /// nodes' keys, so the order never depends on hashing.
    package func ranks(_ a: CauseEffectGraph.Node, before b: CauseEffectGraph.Node) -> Bool {
        let (timeA, timeB) = (a.totalDuration ?? 0, b.totalDuration ?? 0)
        switch order {
        case .time:
            if timeA != timeB { return timeA > timeB }
            if a.count != b.count { return a.count > b.count }
        case .count:
            if a.count != b.count { return a.count > b.count }
            if timeA != timeB { return timeA > timeB }
        case .name:
            if a.title != b.title { return a.title.utf8.lexicographicallyPrecedes(b.title.utf8) }
        }
        return a.key < b.key
    }
}
