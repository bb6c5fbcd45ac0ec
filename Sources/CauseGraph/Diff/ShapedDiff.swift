/// A ``GraphDiff`` after the shaping filters of `render` (``GraphShaper``):
/// what the picture and the table of a large diff show.
///
/// The filters judge the union: a node or edge weighs what its busier side
/// counted, so a view that disappeared after a fix is kept as readily as one
/// that appeared; but `--max-nodes` and `--max-edges` choose by the change
/// (each node's change weight), so the picture is shaped to the changes. Kept nodes and edges keep their union ids; links through
/// removed nodes become residual edges, as in `render`.
public struct ShapedDiff: Sendable, Equatable {
    /// The kept nodes and the direct edges between them.
    public var diff: GraphDiff
    /// Edges standing for links through removed nodes (``CauseEffectGraph/Edge/isResidual``), ids `r1`, `r2`, …
    public var residualEdges: [CauseEffectGraph.Edge]
    /// What shaping showed out of what, and what each filter left out.
    public var report: ShapingReport

    /// The report to draw as a legend: present whenever anything was left out.
    public var legend: ShapingReport? { report.isFiltered ? report : nil }
}

extension GraphDiff {
    /// Shapes the diff with `settings`. The time window, if any, must already
    /// have been applied while reading each side; `window` sums what it left out.
    ///
    /// - Throws: ``ShapingError`` naming the filter that removed every node.
    public func shaped(by settings: ShapingSettings, window: WindowStatistics? = nil) throws(ShapingError) -> ShapedDiff
    {
        // A diff draws each node's two sides; a fold of several nodes would have neither.
        var settings = settings
        settings.foldFanOuts = false
        var shaper = GraphShaper(settings: settings)
        shaper.selectionWeights = nodes.map(\.changeWeight)
        let shaped = try shaper.shape(union, window: window)
        let kept = Set(shaped.graph.nodes.map(\.id))
        // The edges the edge filters drew, as the note and legend count them.
        let drawn = Set(shaped.graph.edges.lazy.filter { !$0.isResidual }.map(\.id))
        var diff = self
        diff.nodes = nodes.filter { kept.contains($0.id) }
        diff.edges = edges.filter { drawn.contains($0.id) }
        return ShapedDiff(diff: diff, residualEdges: shaped.graph.edges.filter(\.isResidual), report: shaped.report)
    }

    /// The union as one cause graph under the diff's ids, each node and edge
    /// counted by its busier side: what the shaping filters choose from.
    var union: CauseEffectGraph {
        let unionNodes = nodes.map { node in
            CauseEffectGraph.Node(id: node.id, key: node.key, count: max(node.count.before, node.count.after))
        }
        let unionEdges = edges.map { edge in
            CauseEffectGraph.Edge(
                id: edge.id, from: edge.from, to: edge.to, kind: edge.kind, label: edge.label,
                count: max(edge.count.before, edge.count.after))
        }
        return CauseEffectGraph(app: app, frameRate: after.frameRate, nodes: unionNodes, edges: unionEdges)
    }
}

extension GraphDiff.Node {
    /// What the node's change weighs when a picture chooses what to draw:
    /// the time moved, in milliseconds, for a timed update, else the count
    /// moved, the order in which the table ranks changes.
    var changeWeight: Double {
        let (before, after) = count
        guard hasDurations else { return Double(after > before ? after - before : before - after) }
        let (first, second) = totalDuration
        return abs(Double(second ?? 0) - Double(first ?? 0)) / 1_000_000
    }
}

extension WindowStatistics {
    /// The statistics of two reads together, such as the two sides of a diff.
    package static func + (lhs: WindowStatistics, rhs: WindowStatistics) -> WindowStatistics {
        var sum = WindowStatistics()
        for count in counts { sum[keyPath: count] = lhs[keyPath: count] + rhs[keyPath: count] }
        return sum
    }
}

extension GraphDiff {
    /// The table of changes: every change the filters of `settings` keep,
    /// with no limit on nodes or edges and no edge fraction, which bound the picture only.
    ///
    /// - Throws: ``ShapingError`` naming the filter that removed every node.
    package func table(
        shapedBy settings: ShapingSettings, window: WindowStatistics? = nil, includingUnchanged: Bool = false
    )
        throws(ShapingError) -> DiffTable
    {
        var unlimited = settings
        unlimited.maxNodes = 0
        unlimited.maxEdges = 0
        unlimited.edgeFraction = nil
        return DiffTable(try shaped(by: unlimited, window: window).diff, includingUnchanged: includingUnchanged)
    }
}

extension TracePipeline {
    /// Reads the recordings `before` and `after`, each on its own and through
    /// the window, if any, and compares their graphs, naming them apart
    /// with no folder more than needed (`DiffLabels`); `window` sums what
    /// the window left out of both.
    public func compare(before: String, after: String, diagnostics: inout Diagnostics)
        throws(Diagnostic) -> (diff: GraphDiff, window: WindowStatistics?)
    {
        let first = try reconstruct([before], diagnostics: &diagnostics)
        let second = try reconstruct([after], diagnostics: &diagnostics)
        // Each on its own: a window past the end of the shorter, or holding
        // only a hitch of it, would show its every node removed.
        if let window {
            for (path, side) in [(before, first), (after, second)] where side.window?.heldNoEvent == true {
                throw .error(
                    ShapingFormatter.noEventInside(window, spelling: settings.spelling), at: SourceLocation(file: path))
            }
        }
        let names = DiffLabels.distinguishing(before, after)
        let diff = GraphDiff(
            before: first.graph, after: second.graph, beforeName: names.before, afterName: names.after)
        if let note = Self.lengthNote(before: diff.before, after: diff.after) { diagnostics.note(note) }
        return (diff, first.window.flatMap { outside in second.window.map { outside + $0 } })
    }

    /// Says so when one recording holds half as many update groups again as
    /// the other, and at least ``lengthNoteMinimumDifference`` more: every
    /// count grows with what was recorded, so a longer AFTER reads as a
    /// regression of every view. `nil` when they are alike.
    static func lengthNote(before: GraphDiff.Side, after: GraphDiff.Side) -> String? {
        let (fewer, more) = (min(before.groups, after.groups), max(before.groups, after.groups))
        guard fewer > 0, more - fewer >= lengthNoteMinimumDifference, more * 2 >= fewer * 3 else { return nil }
        let tenths = (more * 10 + fewer / 2) / fewer
        let (longer, shorter) = after.groups > before.groups ? (after, before) : (before, after)
        return
            "\(longer.name) holds \(tenths / 10).\(tenths % 10)× the update groups of \(shorter.name)"
            + " (\(CountText.format(more)) against \(CountText.format(fewer))): counts grow with what was recorded;"
            + " compare recordings of the same interaction, or the same stretch of each"
    }

    /// How many more update groups one recording must hold before ``lengthNote(before:after:)``
    /// speaks: a tap recorded 2 and 3 times is not a longer recording.
    static let lengthNoteMinimumDifference = 10
}
