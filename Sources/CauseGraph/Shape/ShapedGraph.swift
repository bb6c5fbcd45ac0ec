/// A graph after shaping, with the account of what shaping left out.
public struct ShapedGraph: Sendable, Equatable {
    /// The nodes and edges kept, under their ids in the full graph, plus
    /// residual edges (``CauseGraph/Edge/isResidual``, ids `r1`, `r2`, …).
    public var graph: CauseGraph
    /// What shaping showed out of what, and what each filter left out.
    public var report: ShapingReport
    /// With `--focus`: the share of the focused nodes' updates each drawn
    /// node and edge explains; `nil` without focus, or when the focused
    /// nodes have no updates to share.
    public var focusShares: FocusShares?

    /// A shaped graph with every part given.
    public init(graph: CauseGraph, report: ShapingReport, focusShares: FocusShares? = nil) {
        self.graph = graph
        self.report = report
        self.focusShares = focusShares
    }

    /// The report to draw as a legend: present whenever anything was left out.
    public var legend: ShapingReport? { report.isFiltered ? report : nil }
}
