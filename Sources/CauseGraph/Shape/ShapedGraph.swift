/// A graph after shaping, with the account of what shaping left out.
public struct ShapedGraph: Sendable, Equatable {
    /// The nodes and edges kept, under their ids in the full graph, plus
    /// residual edges (``CauseEffectGraph/Edge/isResidual``, ids `r1`, `r2`, …).
    public var graph: CauseEffectGraph
    /// What shaping showed out of what, and what each filter left out.
    public var report: ShapingReport
    /// With `--focus`: the share of the focused nodes' updates each drawn
    /// node and edge explains; `nil` without focus, or when the focused
    /// nodes have no updates to share.
    public var focusShares: FocusShares?
    /// The update time of the graph before shaping, that a node's fill is a
    /// share of, so a node reads the same however much else is drawn.
    public var heat: UpdateHeat

    /// A shaped graph with every part given; `heat` defaults to `graph`'s own update time.
    package init(
        graph: CauseEffectGraph, report: ShapingReport, focusShares: FocusShares? = nil, heat: UpdateHeat? = nil
    ) {
        self.graph = graph
        self.report = report
        self.focusShares = focusShares
        self.heat = heat ?? UpdateHeat(of: graph)
    }

    /// The report to draw as a legend: present whenever anything was left out.
    public var legend: ShapingReport? { report.isFiltered ? report : nil }
}
