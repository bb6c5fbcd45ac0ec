/// Where the update time went, as a picture colours it (as pprof does): an
/// update node's fill is its share of all the recording's update time, in
/// one of a few steps of a heat ramp, and a mark (its border) says most of
/// its own time went to long updates: orange for updates of medium or high
/// severity, red for updates longer than a frame.
public struct UpdateHeat: Sendable, Equatable {
    /// The lowest share of each step above the first: under 1%, 1–5%,
    /// 5–15%, 15–35%, 35% and more.
    package static let steps: [Double] = [0.01, 0.05, 0.15, 0.35]
    /// The legend's words for the steps, coolest first.
    package static let stepNames = ["<1%", "1–5%", "5–15%", "15–35%", "≥35%"]
    /// The share of a node's own time that its updates at a severity or worse
    /// must take for the node to wear that severity's mark: most of it, so
    /// one long update among many short ones leaves no mark.
    package static let markShare = 0.5

    /// All the recording's update time, that shares are taken of.
    package var totalTime: Nanoseconds

    /// Shares of `totalTime`.
    package init(totalTime: Nanoseconds) {
        self.totalTime = totalTime
    }

    /// Shares of the update time of `graph`'s nodes.
    package init(of graph: CauseEffectGraph) {
        var total: Nanoseconds = 0
        for node in graph.nodes where node.kind.isUpdate {
            let (sum, overflow) = total.addingReportingOverflow(node.totalDuration ?? 0)
            total = overflow ? .max : sum
        }
        self.init(totalTime: total)
    }

    /// The share of all update time `node` took, 0–1; `nil` for a cause or
    /// when no update time is known.
    package func share(of node: CauseEffectGraph.Node) -> Double? {
        guard node.kind.isUpdate, totalTime > 0, let time = node.totalDuration else { return nil }
        return min(Double(time) / Double(totalTime), 1)
    }

    /// The step of the ramp a share falls in, 0 for the coolest.
    package static func step(of share: Double) -> Int {
        steps.count { share >= $0 }
    }

    /// The severity mark `node` wears: the worst severity whose updates (and
    /// worse ones) took at least ``markShare`` of the node's own time, if
    /// medium or worse; `nil` when long updates are not most of its time.
    package static func mark(of node: CauseEffectGraph.Node) -> Severity? {
        guard node.kind.isUpdate, let total = node.totalDuration, total > 0 else { return nil }
        for severity in [Severity.veryHigh, .high, .medium]
        where Double(node.severityDurations.atLeast(severity)) >= markShare * Double(total) {
            return severity
        }
        return nil
    }
}
