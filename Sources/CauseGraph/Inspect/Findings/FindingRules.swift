/// Finds the known SwiftUI update problems in a reconstructed graph.
package enum FindingRules {
    /// The findings in `graph` at `thresholds`, by kind, strongest first.
    package static func findings(in graph: CauseEffectGraph, thresholds: FindingThresholds = FindingThresholds())
        -> [Finding]
    {
        let nodes = NodesByID(graph)
        // Which views a cause of the app's leads into takes a walk over every
        // edge: taken once, and only when a system view is a candidate.
        var appDriven: [Bool]?
        func isAppDriven(_ view: Int) -> Bool {
            if appDriven == nil { appDriven = Self.appDriven(graph, nodes) }
            return appDriven![view]
        }
        let (recreations, recreated) = unstableIdentity(graph, nodes, thresholds)
        let byKind: [[Finding]] = [
            fanOut(graph, nodes, thresholds),
            environmentChurn(graph, nodes, thresholds),
            recreations,
            longBodies(graph, nodes, thresholds, isAppDriven: isAppDriven),
            // Re-creation already explains the burst of the views it names.
            rebuildStorms(graph, nodes, thresholds, isAppDriven: isAppDriven).filter {
                !recreated.contains($0.nodes[0])
            },
        ]
        return byKind.flatMap { findings in
            findings.sorted { first, second in
                guard first.magnitude == second.magnitude else { return first.magnitude > second.magnitude }
                return nodes.precedes(first.nodes, second.nodes)
            }
        }
    }

    /// Whether a finding may name `view`: the app's own views always,
    /// SwiftUI's only when `driver` (the cause or creator behind the
    /// pattern) is the app's.
    private static func names(_ view: CauseEffectGraph.Node, drivenBy driver: CauseEffectGraph.Node?) -> Bool {
        view.owner != .system || driver?.owner == .app
    }

    /// One finding a cause: its fan-out edge with the most updates at once
    /// carries the figures, the cause's other fan-out edges name their views.
    private static func fanOut(
        _ graph: CauseEffectGraph, _ nodes: NodesByID, _ thresholds: FindingThresholds
    )
        -> [Finding]
    {
        let candidates = graph.edges.filter { edge in
            // Runs with no recorded cause share no culprit: they are never a fan-out.
            guard edge.kind != .creation, edge.kind != .update, edge.kind != .unrecorded,
                edge.maxPerCause >= thresholds.fanOut,
                let view = nodes[edge.to], view.kind == .body
            else { return false }
            return names(view, drivenBy: nodes[edge.from])
        }
        let byCause = Dictionary(grouping: candidates, by: \.from)
        return byCause.keys.sorted().compactMap { source in
            let edges = byCause[source]!.sorted {
                $0.maxPerCause != $1.maxPerCause ? $0.maxPerCause > $1.maxPerCause : nodes.precedes($0.to, $1.to)
            }
            guard let edge = edges.first, let cause = nodes[source], let view = nodes[edge.to] else { return nil }
            let others = edges.dropFirst().compactMap { other in
                nodes[other.to].map { Finding.ViewCount(title: $0.title, count: other.maxPerCause) }
            }
            return Finding(
                kind: .fanOut,
                figures: .fanOut(
                    cause: cause.title, view: view.title, edge: edge.kind, links: edge.count, causeEvents: cause.count,
                    maxPerCause: edge.maxPerCause, ran: view.ran, updates: view.count,
                    totalDuration: view.totalDuration, others: others),
                nodes: [view.id, cause.id] + edges.dropFirst().map(\.to), edge: edge.id,
                exampleGroup: edge.groups.first, magnitude: edge.maxPerCause)
        }
    }

    private static func environmentChurn(
        _ graph: CauseEffectGraph, _ nodes: NodesByID, _ thresholds: FindingThresholds
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
            let worst = edges.filter { edge in
                edge.skipped > 0 && nodes[edge.to].map { names($0, drivenBy: cause) } == true
            }.sorted { $0.skipped != $1.skipped ? $0.skipped > $1.skipped : nodes.precedes($0.to, $1.to) }
            // Checks skipped only in SwiftUI's own views, for a change the app did not make, name
            // nothing the app can change: no finding, rather than one whose evidence is empty.
            guard !worst.isEmpty else { return nil }
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

    /// Titles of the events that create views because the user scrolls: a
    /// lazy container makes rows as they come into view, which is no defect.
    static let scrollTitles: Set<String> = ["Scroll", "ScrollPrefetch"]

    /// Re-creation while on screen: creations in update groups where no
    /// scroll or prefetch happened, in two groups or more. Without update
    /// groups a re-creation cannot be told from a first appearance, so
    /// there is no finding. The views one parent re-creates are one finding;
    /// `recreated` holds every view of them.
    private static func unstableIdentity(
        _ graph: CauseEffectGraph, _ nodes: NodesByID, _ thresholds: FindingThresholds
    ) -> (findings: [Finding], recreated: Set<String>) {
        guard !graph.groups.isEmpty else { return ([], []) }
        let scrolled = Set(graph.nodes.filter { scrollTitles.contains($0.title) }.flatMap(\.groups))
        let creations = Dictionary(grouping: graph.edges.filter { $0.kind == .creation }, by: \.to)
        var byCreator:
            [String: [(view: CauseEffectGraph.Node, count: Int, groups: Int, parents: [CauseEffectGraph.Edge])]] = [:]
        for target in creations.keys.sorted() {
            guard let view = nodes[target], view.kind == .body else { continue }
            // Each edge's creations, less the share of its groups that scrolling explains.
            var count = 0
            var groups = Set<GroupID>()
            var parents: [(edge: CauseEffectGraph.Edge, count: Int)] = []
            for edge in creations[target]! {
                let unexplained = edge.groups.filter { !scrolled.contains($0) }
                guard !unexplained.isEmpty else { continue }
                let share = edge.groups.isEmpty ? 0 : edge.count * unexplained.count / edge.groups.count
                count += share
                groups.formUnion(unexplained)
                parents.append((edge, share))
            }
            guard count >= thresholds.recreations, groups.count >= 2 || count > groups.count else { continue }
            let ordered = parents.sorted {
                $0.count != $1.count ? $0.count > $1.count : nodes.precedes($0.edge.from, $1.edge.from)
            }
            guard let creator = ordered.first.flatMap({ nodes[$0.edge.from] }), names(view, drivenBy: creator)
            else { continue }
            byCreator[creator.id, default: []].append((view, count, groups.count, ordered.map(\.edge)))
        }
        let recreated = Set(byCreator.values.flatMap { $0.map(\.view.id) })
        let findings = byCreator.keys.sorted().compactMap { creator -> Finding? in
            let views = byCreator[creator]!.sorted {
                $0.count != $1.count ? $0.count > $1.count : nodes.precedes($0.view.id, $1.view.id)
            }
            guard let first = views.first else { return nil }
            let creators = first.parents.compactMap { edge in
                nodes[edge.from].map { Finding.Creator(title: $0.title, creations: edge.count) }
            }
            let others = views.dropFirst().map { Finding.ViewCount(title: $0.view.title, count: $0.count) }
            return Finding(
                kind: .unstableIdentity,
                figures: .unstableIdentity(
                    view: first.view.title, creations: first.count, groups: first.groups, creators: creators,
                    others: Array(others)),
                nodes: [first.view.id] + first.parents.map(\.from) + views.dropFirst().map(\.view.id),
                edge: first.parents.first?.id,
                exampleGroup: first.parents.first?.groups.first { !scrolled.contains($0) },
                magnitude: first.count)
        }
        return (findings, recreated)
    }

    /// One finding for every view with long bodies: the one with the most
    /// carries the figures, the others are named. SwiftUI's own views count
    /// only when a cause of the app's leads into them.
    private static func longBodies(
        _ graph: CauseEffectGraph, _ nodes: NodesByID, _ thresholds: FindingThresholds, isAppDriven: (Int) -> Bool
    ) -> [Finding] {
        let budget = FrameBudget(frameRate: graph.frameRate)
        let red = budget.shortestHigh
        let views = graph.nodes.indices.filter { position in
            let view = graph.nodes[position]
            let long = view.severityCounts.atLeast(.high)
            return view.kind == .body && long >= thresholds.longBodies && long > 0
                && (view.owner != .system || isAppDriven(position))
        }.map { graph.nodes[$0] }.sorted {
            let (first, second) = ($0.severityCounts.atLeast(.high), $1.severityCounts.atLeast(.high))
            if first != second { return first > second }
            // Of views as often long, the one whose longest is known and longer leads: one whose
            // updates were rated by the trace but never finished has no figure to show.
            let (left, right) = ($0.longest(atLeast: .high) ?? -1, $1.longest(atLeast: .high) ?? -1)
            return left != right ? left > right : nodes.precedes($0.id, $1.id)
        }
        guard let view = views.first else { return [] }
        let long = view.severityCounts.atLeast(.high)
        let example = graph.worstUpdates.first { $0.node == view.id && ($0.severity.map { $0 >= .high } ?? false) }
        let others = views.dropFirst().map {
            Finding.ViewCount(title: $0.title, count: $0.severityCounts.atLeast(.high))
        }
        return [
            Finding(
                kind: .longBodies,
                figures: .longBodies(
                    view: view.title, long: long, red: red, frameRate: graph.frameRate,
                    worst: view.longest(atLeast: .high),
                    longerThanFrame: view.severityCounts[.veryHigh], others: Array(others)),
                nodes: views.map(\.id), edge: nil, exampleGroup: example?.group, magnitude: long)
        ]
    }

    /// Whether a cause of the app's (a state, an @Observable, a gesture…) leads into each node, by position.
    private static func appDriven(_ graph: CauseEffectGraph, _ nodes: NodesByID) -> [Bool] {
        let isAppCause = graph.nodes.map { $0.owner == .app && $0.kind.isCause }
        var driven = [Bool](repeating: false, count: graph.nodes.count)
        for edge in graph.edges {
            guard let from = nodes.position(of: edge.from), isAppCause[from],
                let to = nodes.position(of: edge.to)
            else { continue }
            driven[to] = true
        }
        return driven
    }

    /// A burst no bigger than what one cause event drove at once is many
    /// instances of a view type updating together (a fan-out), not one view
    /// re-run; only a burst beyond it is a storm.
    /// SwiftUI's own views count only when a cause of the app's leads into them.
    private static func rebuildStorms(
        _ graph: CauseEffectGraph, _ nodes: NodesByID, _ thresholds: FindingThresholds,
        isAppDriven: (Int) -> Bool
    ) -> [Finding] {
        let isCandidate = graph.nodes.map { $0.kind == .body && $0.densestBurst >= thresholds.storm }
        guard isCandidate.contains(true) else { return [] }
        var drivenAtOnce = [Int](repeating: 0, count: graph.nodes.count)
        for edge in graph.edges {
            guard let to = nodes.position(of: edge.to), isCandidate[to] else { continue }
            drivenAtOnce[to] = max(drivenAtOnce[to], edge.maxPerCause)
        }
        return graph.nodes.indices.compactMap { position in
            let view = graph.nodes[position]
            guard isCandidate[position],
                view.densestBurst > drivenAtOnce[position], view.owner != .system || isAppDriven(position)
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
