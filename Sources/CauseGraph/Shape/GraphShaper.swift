/// Shapes a reconstructed graph into one small enough to lay out and read.
///
/// The filters apply in this order, each to what the previous ones kept:
/// 1. `window`: applied while importing (`TimeWindowFilter`); here it is
///    only reported, and an error when no event was inside it; so is
///    `interaction` (`InteractionRecorder`), after it;
/// 2. `focus` (with `depth`): keep the nodes whose title matches and the
///    nodes on cause paths into them, at most `depth` links upstream;
/// 3. `ignore`: drop matching nodes, then every node all of whose remaining
///    causes were dropped by it;
/// 4. `hideSystem`: drop system nodes;
/// 5. `minCount`: drop nodes with fewer events;
/// 6. `nodeFraction`: drop nodes that explain less than that share of the
///    updates of the nodes left;
/// 7. `maxNodes`: keep the nodes that explain the most updates
///    (`ExplainedUpdates`), chosen so every kept update keeps a path from
///    a kept cause (`ExplanatorySelection`); focused nodes first;
/// 8. `edgeFraction`: leave undrawn the edges that carry less than that
///    share of the updates shown, but for each node's heaviest edge from a
///    cause and each cause's heaviest edge out (`EdgeBudget`);
/// 9. `maxEdges`: draw each node's heaviest edge from a cause and each
///    cause's heaviest edge out first, then the edges that carry the most
///    updates (`EdgeBudget`); when it leaves any out, the legend counts them.
/// 10. fan-out folds, when `maxNodes` had to cut and `foldFanOuts` is on:
///    sibling updates of the same shown causes, with nothing drawn after
///    them, become one node (`FanOutFold`); when that frees room, steps
///    7–10 run again with a limit larger by the room freed (at most
///    `refillRounds` times), as long as the picture stays within `maxNodes`
///    and strands no more nodes without an edge.
///
/// Kept nodes keep their ids and every direct edge between them; links
/// through removed nodes become residual edges (`ResidualEdges`), unless
/// the picture already shows a path between their ends, so no causal path
/// between kept nodes silently disappears; folding system chains is the
/// same operation as any other removal.
public struct GraphShaper: Sendable {
    /// What to keep.
    public var settings: ShapingSettings
    /// What each update node's own events weigh when `maxNodes` and
    /// `maxEdges` choose, by node position, in place of their count; a diff
    /// weighs the change each node shows, so its picture is shaped to the changes.
    var selectionWeights: [Double]?

    /// A shaper keeping what `settings` ask for.
    public init(settings: ShapingSettings) {
        self.settings = settings
    }

    /// - Parameters:
    ///   - graph: the graph to shape.
    ///   - window: what the `TimeWindowFilter` left out while importing.
    ///   - interaction: what the `InteractionRecorder` left out while importing.
    /// - Throws: ``ShapingError`` naming the filter that removed every node.
    public func shape(
        _ graph: CauseEffectGraph, window: WindowStatistics? = nil, interaction: InteractionStatistics? = nil
    ) throws(ShapingError) -> ShapedGraph {
        let topology = GraphTopology(graph)
        var pass = Pass(graph: graph, topology: topology)
        var steps: [ShapingReport.Step] = []

        if let timeWindow = settings.window {
            let statistics = window ?? WindowStatistics()
            if statistics.heldNothing {
                throw .removedEverything(.window(timeWindow), reason: .noEventInWindow)
            }
            if statistics.heldNoEvent {
                throw .removedEverything(
                    .window(timeWindow), reason: .onlyHitchesInWindow(count: statistics.hitchesKept))
            }
            steps.append(ShapingReport.Step(window: timeWindow, statistics))
        }
        var interactionEvents = 0
        if let chosen = settings.interaction {
            let statistics = interaction ?? InteractionStatistics()
            interactionEvents = statistics.eventsRead - statistics.eventsKept
            steps.append(
                ShapingReport.Step(
                    .interaction(chosen), removedEvents: interactionEvents,
                    removedLinks: statistics.linksRead - statistics.linksKept))
        }
        if !settings.focus.isEmpty {
            let given = ShapingReport.Step.Given.focus(settings.focus, depth: settings.depth)
            let removed = pass.focus(on: settings.focus, depth: settings.depth)
            guard let removed else { throw .focusMatchesNothing(given) }
            steps.append(
                ShapingReport.Step(
                    given, removedNodes: removed, removedEvents: pass.takeRemovedEvents()))
        }
        if !settings.ignore.isEmpty {
            let given = ShapingReport.Step.Given.ignore(settings.ignore)
            let removed = pass.ignore(settings.ignore)
            try pass.requireNodes(after: given, reason: .everyNodeIgnored)
            steps.append(
                ShapingReport.Step(
                    given, removedNodes: removed, removedEvents: pass.takeRemovedEvents()))
        }
        if settings.hideSystem {
            let removed = pass.remove { graph.nodes[$0].owner == .system }
            try pass.requireNodes(after: .hideSystem, reason: .noAppNodes)
            steps.append(
                ShapingReport.Step(
                    .hideSystem, removedNodes: removed,
                    removedEvents: pass.takeRemovedEvents()))
        }
        if settings.minCount > 0 {
            let given = ShapingReport.Step.Given.minCount(settings.minCount)
            let removed = pass.remove { graph.nodes[$0].count < settings.minCount }
            try pass.requireNodes(after: given, reason: .fewerEvents(minimum: settings.minCount))
            steps.append(
                ShapingReport.Step(
                    given, removedNodes: removed, removedEvents: pass.takeRemovedEvents()))
        }
        // Weighed once the filters that remove content have run, so what they removed explains nothing.
        var explained = ExplainedUpdates(graph, topology, counted: { [kept = pass.kept] in kept[$0] })
        if let share = settings.nodeFraction {
            let given = ShapingReport.Step.Given.nodeFraction(share)
            let updates = pass.keptUpdates()
            let threshold = share.value * Double(updates)
            let removed = pass.remove { explained.nodes[$0] < threshold }
            try pass.requireNodes(after: given, reason: .noNodeExplainsShare)
            steps.append(
                ShapingReport.Step(
                    given, removedNodes: removed,
                    removedEvents: pass.takeRemovedEvents(), shareOf: updates))
            explained = ExplainedUpdates(graph, topology, counted: { [kept = pass.kept] in kept[$0] })
        }
        let focus = Focus(pass, graph, topology)
        if let selectionWeights = settings.maxNodes > 0 || settings.maxEdges > 0 ? selectionWeights : nil {
            explained = ExplainedUpdates(
                graph, topology, counted: { [kept = pass.kept] in kept[$0] }, ownWeights: selectionWeights)
        }
        // Only a picture that had to be cut is folded: a small graph is drawn as it is.
        let foldsFanOuts = settings.foldFanOuts && settings.maxNodes > 0 && pass.keptCount > settings.maxNodes
        var drawing = draw(
            pass, limit: settings.maxNodes, explained: explained, focus: focus, foldsFanOuts: foldsFanOuts)
        // Folds free room: choose again with a larger limit while the picture stays within the one given.
        var limit = settings.maxNodes
        for _ in 0..<Self.refillRounds where foldsFanOuts && drawing.graph.nodes.count < settings.maxNodes {
            limit += settings.maxNodes - drawing.graph.nodes.count
            let larger = draw(pass, limit: limit, explained: explained, focus: focus, foldsFanOuts: foldsFanOuts)
            // A larger choice whose edges no longer fit the edge limit would strand nodes without an edge.
            guard larger.graph.nodes.count <= settings.maxNodes, larger.graph.nodes.count > drawing.graph.nodes.count,
                larger.strandedNodes <= drawing.strandedNodes
            else { break }
            drawing = larger
        }
        steps += drawing.steps
        let shaped = drawing.graph
        let directEdges = shaped.edges.count { !$0.isResidual }
        let residualEdges = shaped.edges.count - directEdges

        let report = ShapingReport(
            total: ShapingReport.Totals(
                nodes: graph.nodes.count, edges: graph.edges.count,
                events: Self.events(graph.nodes) + (window?.eventsOutside ?? 0) + interactionEvents),
            shown: ShapingReport.Totals(
                nodes: shaped.nodes.count, edges: directEdges, events: Self.events(shaped.nodes)),
            residualEdges: residualEdges, impliedResidualPaths: drawing.impliedResidualPaths, steps: steps)
        return ShapedGraph(
            graph: shaped, report: report, focusShares: drawing.focusShares, heat: UpdateHeat(of: graph))
    }

    /// How many times a picture whose folds freed room is chosen again, larger.
    static let refillRounds = 3

    /// A picture of what the filters kept, and the steps of the filters that chose it.
    private struct Drawing {
        var graph: CauseEffectGraph
        var steps: [ShapingReport.Step]
        var impliedResidualPaths: Int
        var focusShares: FocusShares?

        /// Nodes drawn without any edge.
        var strandedNodes: Int {
            let ends = Set(graph.edges.flatMap { [$0.from, $0.to] })
            return graph.nodes.count { !ends.contains($0.id) }
        }
    }

    /// Applies the node limit (`limit`, reported as the one given), the edge
    /// filters and the folds to what the earlier filters kept.
    private func draw(_ kept: Pass, limit: Int, explained: ExplainedUpdates, focus: Focus?, foldsFanOuts: Bool)
        -> Drawing
    {
        var pass = kept
        var steps: [ShapingReport.Step] = []
        let graph = pass.graph
        let topology = pass.topology
        if settings.maxNodes > 0 {
            let removed = pass.keepExplaining(limit, explained)
            steps.append(
                ShapingReport.Step(
                    .maxNodes(settings.maxNodes), removedNodes: removed.nodes,
                    removedEvents: pass.takeRemovedEvents(),
                    removedRootCauses: removed.rootCauses))
        }

        var shaped = graph
        shaped.nodes = graph.nodes.indices.filter { pass.kept[$0] }.map { graph.nodes[$0] }
        let residual = ResidualEdges.build(graph, topology, kept: pass.kept)
        shaped.edges =
            graph.edges.indices.filter { topology.connects($0, within: pass.kept) }.map { graph.edges[$0] }
            + residual.edges
        shaped.worstUpdates = graph.worstUpdates.filter { example in shaped.nodes.contains { $0.id == example.node } }
        var weights = Self.weights(of: shaped.edges, graph, explained)
        if let share = settings.edgeFraction {
            let updates = shaped.nodes.reduce(0) { $0 + ($1.kind.isUpdate ? $1.count : 0) }
            let removed = EdgeBudget.keep(
                above: share.value * Double(updates), of: &shaped.edges, weights: &weights, nodes: shaped.nodes)
            steps.append(
                ShapingReport.Step(
                    .edgeFraction(share), removedEdges: removed, shareOf: updates))
        }
        // Listed only when it left edges out: it guards the layout's time rather than choosing content.
        if settings.maxEdges > 0 {
            let edgeLimit = settings.maxEdges
            let removed =
                EdgeBudget.keep(edgeLimit, of: &shaped.edges, weights: &weights, nodes: shaped.nodes)
                + EdgeBudget.boundResiduals(of: &shaped.edges, weights: &weights, nodes: shaped.nodes)
            if removed > 0 {
                steps.append(ShapingReport.Step(.maxEdges(edgeLimit), removedEdges: removed))
            }
        }
        let focusShares = focus.map {
            FocusShares(of: shaped, in: graph, explained: $0.explained, focusedUpdates: $0.updates)
        }
        // Last, so "nothing drawn after them" is judged on the edges drawn.
        if foldsFanOuts {
            let focusedIDs = Set(graph.nodes.indices.filter { pass.focused[$0] }.map { graph.nodes[$0].id })
            let folded = FanOutFold.fold(&shaped, weights: &weights, keeping: focusedIDs)
            if folded.folds > 0 {
                steps.append(
                    ShapingReport.Step(
                        .foldFanOuts, removedNodes: folded.foldedNodes, removedEdges: folded.mergedEdges,
                        folds: folded.folds)
                )
            }
        }
        return Drawing(graph: shaped, steps: steps, impliedResidualPaths: residual.implied, focusShares: focusShares)
    }

    /// What the focused nodes' updates are, for the shares on a focused picture's labels.
    private struct Focus {
        var explained: ExplainedUpdates
        var updates: Int

        /// `nil` when no focus pattern was given or the focused nodes have no updates.
        init?(_ pass: Pass, _ graph: CauseEffectGraph, _ topology: GraphTopology) {
            let focused = pass.kept.indices.filter {
                pass.kept[$0] && pass.focused[$0] && graph.nodes[$0].kind.isUpdate
            }
            let updates = focused.reduce(0) { $0.saturatingAdding(graph.nodes[$1].count) }
            guard updates > 0 else { return nil }
            let counted = Set(focused)
            explained = ExplainedUpdates(graph, topology, counted: { counted.contains($0) })
            self.updates = updates
        }
    }

    /// The updates each shaped edge carries: a direct edge its own share, a
    /// residual edge the share of its target's causes that it stands for.
    private static func weights(
        of edges: [CauseEffectGraph.Edge], _ graph: CauseEffectGraph, _ explained: ExplainedUpdates
    )
        -> [Double]
    {
        var nodePosition: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() { nodePosition[node.id] = index }
        var edgePosition: [String: Int] = [:]
        for (index, edge) in graph.edges.enumerated() { edgePosition[edge.id] = index }
        return edges.map { edge in
            if !edge.isResidual, let position = edgePosition[edge.id] { return explained.edges[position] }
            guard let target = nodePosition[edge.to] else { return 0 }
            return explained.carried(links: edge.count, into: target)
        }
    }

    private static func events(_ nodes: [CauseEffectGraph.Node]) -> Int {
        nodes.reduce(0) { $0 + $1.eventCount }
    }
}

/// The kept set as the filters narrow it.
private struct Pass {
    let graph: CauseEffectGraph
    let topology: GraphTopology
    var kept: [Bool]
    var keptCount: Int
    /// Nodes a focus pattern matched, which `maxNodes` keeps first.
    var focused: [Bool]
    /// The events of the kept nodes when a filter's step was last recorded.
    private var eventsAtLastStep: Int

    init(graph: CauseEffectGraph, topology: GraphTopology) {
        self.graph = graph
        self.topology = topology
        kept = [Bool](repeating: true, count: graph.nodes.count)
        keptCount = graph.nodes.count
        focused = [Bool](repeating: false, count: graph.nodes.count)
        eventsAtLastStep = graph.nodes.reduce(0) { $0 + $1.eventCount }
    }

    /// The events of the nodes removed since the last step, for the step being recorded.
    mutating func takeRemovedEvents() -> Int {
        var events = 0
        for index in kept.indices where kept[index] { events += graph.nodes[index].eventCount }
        defer { eventsAtLastStep = events }
        return eventsAtLastStep - events
    }

    /// The events of the kept update nodes.
    func keptUpdates() -> Int {
        kept.indices.reduce(0) { $0 + (kept[$1] && graph.nodes[$1].kind.isUpdate ? graph.nodes[$1].count : 0) }
    }

    /// Removes the kept nodes that satisfy `predicate`; returns how many.
    mutating func remove(where predicate: (Int) -> Bool) -> Int {
        var removed = 0
        for index in kept.indices where kept[index] && predicate(index) {
            kept[index] = false
            removed += 1
        }
        keptCount -= removed
        return removed
    }

    func requireNodes(after given: ShapingReport.Step.Given, reason: ShapingError.Reason) throws(ShapingError) {
        if keptCount == 0 && !graph.nodes.isEmpty { throw .removedEverything(given, reason: reason) }
    }

    /// The kept nodes whose title matches any of the patterns.
    private func matching(_ patterns: [TitlePattern]) -> [Int] {
        kept.indices.filter { index in kept[index] && patterns.contains { $0.matches(graph.nodes[index].title) } }
    }

    /// Keeps matches and their causes up to `depth` links upstream; `nil`
    /// when nothing matches, else how many nodes were removed.
    mutating func focus(on patterns: [TitlePattern], depth: Int?) -> Int? {
        var level = matching(patterns)
        guard !level.isEmpty else { return nil }
        var reached = [Bool](repeating: false, count: kept.count)
        for index in level {
            reached[index] = true
            focused[index] = true
        }
        var distance = 0
        while !level.isEmpty && distance < (depth ?? Int.max) {
            distance += 1
            var next: [Int] = []
            for index in level {
                for edge in topology.incoming[index] {
                    let cause = topology.ends[edge].from
                    if kept[cause] && !reached[cause] {
                        reached[cause] = true
                        next.append(cause)
                    }
                }
            }
            level = next
        }
        return remove { !reached[$0] }
    }

    /// Drops matches, then nodes whose every remaining cause link comes
    /// from a dropped node; returns how many were removed.
    mutating func ignore(_ patterns: [TitlePattern]) -> Int {
        var dropped = [Bool](repeating: false, count: kept.count)
        var pending = matching(patterns)
        for index in pending { dropped[index] = true }
        // Links from kept causes, not counting a node's links to itself;
        // a node goes when the last of them comes from a dropped node.
        var liveCauses = [Int](repeating: 0, count: kept.count)
        for (from, to) in topology.ends where from >= 0 && from != to && kept[from] && kept[to] {
            liveCauses[to] += 1
        }
        while let cause = pending.popLast() {
            for edge in topology.outgoing[cause] {
                let effect = topology.ends[edge].to
                guard effect != cause, kept[effect], !dropped[effect] else { continue }
                liveCauses[effect] -= 1
                if liveCauses[effect] == 0 {
                    dropped[effect] = true
                    pending.append(effect)
                }
            }
        }
        return remove { dropped[$0] }
    }

    /// Keeps at most `limit` nodes, those that explain the most updates;
    /// returns how many nodes were removed, and how many of them were root causes.
    mutating func keepExplaining(_ limit: Int, _ explained: ExplainedUpdates) -> (nodes: Int, rootCauses: Int) {
        guard keptCount > limit else { return (0, 0) }
        let selection = ExplanatorySelection(
            graph, topology, explained: explained, candidates: kept, focused: focused, limit: limit)
        let rootCauses = kept.indices.count {
            kept[$0] && !selection.selected[$0] && explained.isRoot[$0] && graph.nodes[$0].kind.isCause
        }
        return (remove { !selection.selected[$0] }, rootCauses)
    }
}
