/// A graph after shaping, with the account of what shaping left out.
public struct ShapedGraph: Sendable, Equatable {
    /// The nodes and edges kept, under their ids in the full graph, plus
    /// residual edges (``CauseGraph/Edge/isResidual``, ids `r1`, `r2`, …).
    public var graph: CauseGraph
    public var report: ShapingReport

    public init(graph: CauseGraph, report: ShapingReport) {
        self.graph = graph
        self.report = report
    }

    /// The report to draw as a legend: present whenever anything was left out.
    public var legend: ShapingReport? { report.isFiltered ? report : nil }
}
