/// The changes of a ``GraphDiff`` as one list, largest first: what
/// `causegraph diff --table-format` writes.
///
/// Rows sort by the time moved (the size of the total-duration change),
/// then by the size of the count change, then nodes before edges in the
/// union's order, so the order never depends on hashing: a change worth
/// 70 ms ranks above one of more updates worth less.
///
/// A node as frequent after as before is listed too when its total time
/// moved by at least ``movedShareOfNode`` of its own and
/// ``movedShareOfRecording`` of the recording's update time (each the
/// larger side's): a fix that makes a body cheaper keeps its count, and the
/// jitter of timing a small node stays out.
package struct DiffTable: Sendable, Equatable {
    /// The least part of a node's own total time (the larger side's) that
    /// its time must move by for an unchanged count to be listed.
    package static let movedShareOfNode = 0.1
    /// The least part of the recording's update time (the larger side's)
    /// that a node's time must move by for an unchanged count to be listed.
    package static let movedShareOfRecording = 0.01

    /// What a row lists: a node or an edge of the diff.
    package enum Element: Sendable, Equatable {
        case node(GraphDiff.Node)
        /// An edge with the titles of its two ends.
        case edge(GraphDiff.Edge, from: String, to: String)
    }

    /// One change.
    package struct Row: Sendable, Equatable {
        /// The node or edge that changed.
        package var element: Element

        /// Added, removed, more or less frequent, or the same, by count.
        package var change: DiffChange {
            switch element {
            case .node(let node): node.change
            case .edge(let edge, _, _): edge.change
            }
        }

        /// The node's or edge's id in the diff.
        package var id: String {
            switch element {
            case .node(let node): node.id
            case .edge(let edge, _, _): edge.id
            }
        }

        /// Events (nodes) or links (edges) on each side.
        package var count: (before: Int, after: Int) {
            switch element {
            case .node(let node): node.count
            case .edge(let edge, _, _): edge.count
            }
        }

        /// Total durations on each side, for update nodes of timed traces; `nil` otherwise.
        package var totalDuration: (before: Nanoseconds?, after: Nanoseconds?)? {
            guard case .node(let node) = element, node.hasDurations else { return nil }
            return node.totalDuration
        }

        /// What the row is about: a node's title, or `cause → effect`.
        package var title: String {
            switch element {
            case .node(let node): node.title
            case .edge(_, let from, let to): "\(from) → \(to)"
            }
        }

        /// The node kind, or the edge kind.
        package var kindName: String {
            switch element {
            case .node(let node): node.kind.rawValue
            case .edge(let edge, _, _): edge.kind.rawValue
            }
        }

        var isNode: Bool {
            if case .node = element { return true }
            return false
        }

        var countChange: Int { abs(count.after - count.before) }

        var durationChange: UInt64 {
            guard let durations = totalDuration, let before = durations.before, let after = durations.after else {
                return 0
            }
            return after > before ? UInt64(after - before) : UInt64(before - after)
        }

        /// Whether an unchanged count hides a time that moved by at least
        /// ``movedShareOfNode`` of the node's own and by `floor`.
        func timeMoved(atLeast floor: UInt64) -> Bool {
            guard change == .same, let durations = totalDuration, let before = durations.before,
                let after = durations.after
            else { return false }
            let moved = durationChange
            return moved > 0 && moved >= floor
                && Double(moved) >= DiffTable.movedShareOfNode * Double(max(before, after, 0))
        }
    }

    /// The diff the rows come from.
    package var diff: GraphDiff
    /// The rows, largest change first: by time moved, then by count.
    package var rows: [Row]

    /// - Parameters:
    ///   - diff: the comparison to list.
    ///   - includingUnchanged: also list nodes and edges as frequent after as before.
    package init(_ diff: GraphDiff, includingUnchanged: Bool = false) {
        self.diff = diff
        let titles = Dictionary(uniqueKeysWithValues: diff.nodes.map { ($0.id, $0.title) })
        let all =
            diff.nodes.map { Row(element: .node($0)) }
            + diff.edges.map { Row(element: .edge($0, from: titles[$0.from] ?? $0.from, to: titles[$0.to] ?? $0.to)) }
        let floor = UInt64(Self.movedShareOfRecording * Double(Self.updateTime(of: diff)))
        let kept = all.enumerated().filter {
            includingUnchanged || $0.element.change != .same || $0.element.timeMoved(atLeast: floor)
        }
        rows = kept.sorted { a, b in
            if a.element.durationChange != b.element.durationChange {
                return a.element.durationChange > b.element.durationChange
            }
            if a.element.countChange != b.element.countChange { return a.element.countChange > b.element.countChange }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The total time of the updates of the recording that took longer, as
    /// far as the diff's nodes tell.
    private static func updateTime(of diff: GraphDiff) -> Nanoseconds {
        var before: Nanoseconds = 0
        var after: Nanoseconds = 0
        for node in diff.nodes where node.kind.isUpdate {
            before = before.saturatingAdding(max(node.before?.totalDuration ?? 0, 0))
            after = after.saturatingAdding(max(node.after?.totalDuration ?? 0, 0))
        }
        return max(before, after)
    }

    /// The rows whose count changed by more than `tolerance` allows: what
    /// `causegraph diff --exit-code` fails on.
    package func rowsChanged(beyond tolerance: Tolerance) -> [Row] {
        rows.filter { $0.change != .same && !tolerance.admits(from: $0.count.before, to: $0.count.after) }
    }
}
