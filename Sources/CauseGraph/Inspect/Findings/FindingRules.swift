/// Finds the known SwiftUI update problems in a reconstructed graph.
public enum FindingRules {
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
                summary: "one \(cause.title) change drives up to \(edge.maxPerCause) \(view.title) body updates",
                evidence: [
                    "\(cause.title) → \(view.title): \(edge.kind.rawValue) ×\(edge.count) from \(CountText.string(cause.count, "event")), up to \(edge.maxPerCause) from one",
                    "\(view.title) ran \(view.ran) of \(view.count), total \(view.totalDuration.map(DurationText.string) ?? "unknown")",
                ],
                fix:
                    "Give each item its own @Observable model (or pass it only the values it shows), so one change updates only the views that read what changed.",
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
                nodes[edge.to].map { "\($0.title) skipped \(edge.skipped) of \(edge.count)" }
            }
            return Finding(
                kind: .environmentChurn,
                summary: "\(cause.title) made \(checked) view checks, \(skipped) of which skipped the body",
                evidence: ["checks that ran nothing: " + views.joined(separator: "; ")],
                fix:
                    "Keep fast-changing values such as geometry, timers and scroll offsets out of the environment; pass them directly to the few views that need them.",
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
            let creators = parents.compactMap { edge in nodes[edge.from].map { "\($0.title) (creation ×\(edge.count))" }
            }
            return Finding(
                kind: .unstableIdentity,
                summary:
                    "\(view.title) is created again and again: \(count) times in \(CountText.string(groups.count, "update group"))",
                evidence: ["created by " + creators.joined(separator: ", ")],
                fix:
                    "Give the view a stable identity: ids from the model (Identifiable), not UUID() made in body or in a computed property.",
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
                summary: "\(view.title) has \(CountText.string(long, "body update")) at or above the red threshold",
                evidence: [
                    "red: at least \(DurationText.string(red)), 1/8 of a frame at \(JSONText.number(graph.frameRate)) Hz; "
                        + "worst \(view.maxDuration.map(DurationText.string) ?? "unknown")"
                        + (view.severityCounts[.veryHigh] > 0
                            ? ", \(view.severityCounts[.veryHigh]) longer than a whole frame" : "")
                ],
                fix:
                    "Move work out of body: create formatters, sorted or filtered collections and images once (in the model or a cache), not on every evaluation.",
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
                summary:
                    "\(view.title) ran \(view.densestBurst) times within \(DurationText.string(graph.burstWindow))",
                evidence: ["\(view.count) updates in all, ran \(view.ran), skipped \(view.skipped)"],
                fix:
                    "Coalesce the changes that drive it: update state once per frame, debounce rapid inputs, and avoid writing state from onChange or onAppear of the views it updates.",
                nodes: [view.id], edge: nil, exampleGroup: view.groups.first, magnitude: view.densestBurst)
        }
    }
}
