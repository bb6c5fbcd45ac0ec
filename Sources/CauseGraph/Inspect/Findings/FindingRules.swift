/// Finds the known SwiftUI update problems in a reconstructed graph.
public enum FindingRules {
    /// The findings in `graph` at `thresholds`, by kind, strongest first.
    public static func findings(in graph: CauseGraph, thresholds: FindingThresholds = FindingThresholds()) -> [Finding]
    {
        let nodes = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
        let recreations = unstableIdentity(graph, nodes, thresholds)
        // Re-creation already explains the burst of the views it names.
        let recreated = Set(recreations.compactMap(\.nodes.first))
        let byKind: [[Finding]] = [
            fanOut(graph, nodes, thresholds),
            environmentChurn(graph, nodes, thresholds),
            recreations,
            longBodies(graph, thresholds),
            rebuildStorms(graph, thresholds).filter { !recreated.contains($0.nodes[0]) },
        ]
        return byKind.flatMap { findings in
            // Strongest first; the graph's node order breaks ties.
            findings.sorted { ($1.magnitude, $0.nodes.first ?? "") < ($0.magnitude, $1.nodes.first ?? "") }
        }
    }

    private static func fanOut(_ graph: CauseGraph, _ nodes: [String: CauseGraph.Node], _ thresholds: FindingThresholds)
        -> [Finding]
    {
        graph.edges.compactMap { edge in
            guard edge.kind != .creation, edge.kind != .update, edge.maxPerCause >= thresholds.fanOut,
                let cause = nodes[edge.from], let view = nodes[edge.to], view.kind == .body
            else { return nil }
            return Finding(
                kind: .fanOut,
                figures: .fanOut(
                    cause: cause.title, view: view.title, edge: edge.kind, links: edge.count, causeEvents: cause.count,
                    maxPerCause: edge.maxPerCause, ran: view.ran, updates: view.count,
                    totalDuration: view.totalDuration),
                nodes: [view.id, cause.id], edge: edge.id, exampleGroup: edge.groups.first, magnitude: edge.maxPerCause)
        }
    }

    private static func environmentChurn(
        _ graph: CauseGraph, _ nodes: [String: CauseGraph.Node], _ thresholds: FindingThresholds
    ) -> [Finding] {
        let environmentEdges = Dictionary(
            grouping: graph.edges.filter {
                $0.kind == .externalEnvironment || $0.kind == .environmentWriter
            }, by: \.from)
        return environmentEdges.keys.sorted().compactMap { source in
            let edges = environmentEdges[source]!
            let skipped = edges.reduce(0) { $0 + $1.skipped }
            guard skipped >= thresholds.churn, let cause = nodes[source] else { return nil }
            let checked = edges.reduce(0) { $0 + $1.count }
            let worst = edges.filter { $0.skipped > 0 }.sorted { ($1.skipped, $0.to) < ($0.skipped, $1.to) }
            let views = worst.prefix(3).compactMap { edge in
                nodes[edge.to].map { Finding.CheckedView(title: $0.title, skipped: edge.skipped, checks: edge.count) }
            }
            return Finding(
                kind: .environmentChurn,
                figures: .environmentChurn(cause: cause.title, checks: checked, skipped: skipped, views: views),
                nodes: [cause.id] + worst.map(\.to), edge: worst.first?.id, exampleGroup: worst.first?.groups.first,
                magnitude: skipped)
        }
    }

    private static func unstableIdentity(
        _ graph: CauseGraph, _ nodes: [String: CauseGraph.Node], _ thresholds: FindingThresholds
    ) -> [Finding] {
        let creations = Dictionary(grouping: graph.edges.filter { $0.kind == .creation }, by: \.to)
        return creations.keys.sorted().compactMap { target in
            let edges = creations[target]!
            let count = edges.reduce(0) { $0 + $1.count }
            let groups = Set(edges.flatMap(\.groups))
            guard count >= thresholds.recreations, groups.count >= 2 || count > groups.count,
                let view = nodes[target], view.kind == .body
            else { return nil }
            let parents = edges.sorted { ($1.count, $0.from) < ($0.count, $1.from) }
            let creators = parents.compactMap { edge in
                nodes[edge.from].map { Finding.Creator(title: $0.title, creations: edge.count) }
            }
            return Finding(
                kind: .unstableIdentity,
                figures: .unstableIdentity(
                    view: view.title, creations: count, groups: groups.count, creators: creators),
                nodes: [view.id] + parents.map(\.from), edge: parents.first?.id,
                exampleGroup: parents.first?.groups.first, magnitude: count)
        }
    }

    private static func longBodies(_ graph: CauseGraph, _ thresholds: FindingThresholds) -> [Finding] {
        let budget = FrameBudget(frameRate: graph.frameRate)
        let red = (budget.frameDuration + 7) / 8
        return graph.nodes.compactMap { view in
            let long = view.severityCounts.atLeast(.high)
            guard view.kind == .body, long >= thresholds.longBodies, long > 0 else { return nil }
            let example = graph.worstUpdates.first { $0.node == view.id }
            return Finding(
                kind: .longBodies,
                figures: .longBodies(
                    view: view.title, long: long, red: red, frameRate: graph.frameRate, worst: view.maxDuration,
                    longerThanFrame: view.severityCounts[.veryHigh]),
                nodes: [view.id], edge: nil, exampleGroup: example?.group, magnitude: long)
        }
    }

    /// A burst no bigger than what one cause event drove at once is many
    /// instances of a view type updating together (a fan-out), not one view
    /// re-run; only a burst beyond it is a storm.
    private static func rebuildStorms(_ graph: CauseGraph, _ thresholds: FindingThresholds) -> [Finding] {
        var drivenAtOnce: [String: Int] = [:]
        for edge in graph.edges { drivenAtOnce[edge.to] = max(drivenAtOnce[edge.to] ?? 0, edge.maxPerCause) }
        return graph.nodes.compactMap { view in
            guard view.kind == .body, view.densestBurst >= thresholds.storm,
                view.densestBurst > drivenAtOnce[view.id] ?? 0
            else { return nil }
            return Finding(
                kind: .rebuildStorm,
                figures: .rebuildStorm(
                    view: view.title, burst: view.densestBurst, window: graph.burstWindow, updates: view.count,
                    ran: view.ran, skipped: view.skipped),
                nodes: [view.id], edge: nil, exampleGroup: view.groups.first, magnitude: view.densestBurst)
        }
    }
}
