/// Folds fan-outs: sibling update nodes driven by the same shown cause, with
/// nothing drawn after them, become one node, so a list of rows is one box
/// instead of a column as tall as the list.
///
/// Nodes fold together when they are updates of the same kind and owner,
/// with nothing drawn after them, whose drawn edges come from the same
/// nodes (direct or dotted alike, with the same labels), and at least
/// ``minimumSiblings`` of them qualify. Nodes a focus
/// pattern matched never fold. The fold keeps the sums (events, ran,
/// skipped, durations), the worst severity and duration, and the union of
/// update groups; its title says how many nodes it stands for and what their
/// titles share (`37 views like LibraryItem…Row`). Folds get ids `f1`, `f2`,
/// …, in the order of their first member; the edges into fold `f1` get ids
/// `ef1`, `ef1-2`, …, one for each edge the siblings share.
enum FanOutFold {
    /// The fewest siblings worth folding: two boxes read as fast as one.
    static let minimumSiblings = 3

    struct Result {
        /// Nodes folded away, and the folds that stand for them.
        var foldedNodes = 0
        var folds = 0
        /// How many fewer edges are drawn: the siblings' edges less the folds' edges that stand for them.
        var mergedEdges = 0
    }

    /// Folds `graph` in place, keeping `weights` (one per edge) in step with its edges.
    static func fold(_ graph: inout CauseEffectGraph, weights: inout [Double], keeping unfoldable: Set<String>)
        -> Result
    {
        var incoming: [String: [Int]] = [:]
        var hasOutgoing: Set<String> = []
        for (index, edge) in graph.edges.enumerated() {
            incoming[edge.to, default: []].append(index)
            hasOutgoing.insert(edge.from)
        }
        /// One drawn edge into a node, as siblings must share them.
        struct Arrival: Hashable, Comparable {
            var source: String
            var isResidual: Bool
            var label: String

            static func < (a: Arrival, b: Arrival) -> Bool {
                if a.source != b.source { return a.source.utf8.lexicographicallyPrecedes(b.source.utf8) }
                if a.isResidual != b.isResidual { return !a.isResidual }
                return a.label.utf8.lexicographicallyPrecedes(b.label.utf8)
            }
        }
        struct SiblingKey: Hashable {
            var arrivals: [Arrival]
            var kind: NodeKind
            var owner: Owner
        }
        func arrival(_ edge: CauseEffectGraph.Edge) -> Arrival {
            Arrival(source: edge.from, isResidual: edge.isResidual, label: edge.label.rawValue)
        }
        var siblings: [SiblingKey: [Int]] = [:]
        var keyOrder: [SiblingKey] = []
        for (index, node) in graph.nodes.enumerated() where node.kind.isUpdate && !unfoldable.contains(node.id) {
            guard !hasOutgoing.contains(node.id), let edges = incoming[node.id] else { continue }
            let arrivals = edges.map { arrival(graph.edges[$0]) }.sorted()
            guard Set(arrivals).count == arrivals.count else { continue }
            let key = SiblingKey(arrivals: arrivals, kind: node.kind, owner: node.owner)
            if siblings[key] == nil { keyOrder.append(key) }
            siblings[key, default: []].append(index)
        }
        let groups = keyOrder.compactMap { siblings[$0] }.filter { $0.count >= minimumSiblings }
        guard !groups.isEmpty else { return Result() }

        var foldOf: [String: String] = [:]
        var foldedNodes: [Int: CauseEffectGraph.Node] = [:]
        var foldedEdges: [Int: (edge: CauseEffectGraph.Edge, weight: Double)] = [:]
        var removedEdges: Set<Int> = []
        for (number, members) in groups.enumerated() {
            let id = "f\(number + 1)"
            for member in members { foldOf[graph.nodes[member].id] = id }
            foldedNodes[members[0]] = node(id: id, members.map { graph.nodes[$0] })
            // One folded edge for each edge the siblings share, at the place of its first member.
            var bySource: [Arrival: [Int]] = [:]
            for member in members {
                for edge in incoming[graph.nodes[member].id]! {
                    bySource[arrival(graph.edges[edge]), default: []].append(edge)
                }
            }
            for (position, edges) in bySource.values.sorted(by: { $0.min()! < $1.min()! }).enumerated() {
                removedEdges.formUnion(edges)
                let edgeID = position == 0 ? "e\(id)" : "e\(id)-\(position + 1)"
                foldedEdges[edges.min()!] = (
                    edge(id: edgeID, to: id, edges.map { graph.edges[$0] }), edges.reduce(0) { $0 + weights[$1] }
                )
            }
        }

        graph.nodes = graph.nodes.indices.compactMap { index in
            foldedNodes[index] ?? (foldOf[graph.nodes[index].id] == nil ? graph.nodes[index] : nil)
        }
        var edges: [CauseEffectGraph.Edge] = []
        var edgeWeights: [Double] = []
        for index in graph.edges.indices {
            if let folded = foldedEdges[index] {
                edges.append(folded.edge)
                edgeWeights.append(folded.weight)
            } else if !removedEdges.contains(index) {
                edges.append(graph.edges[index])
                edgeWeights.append(weights[index])
            }
        }
        graph.edges = edges
        weights = edgeWeights
        for index in graph.worstUpdates.indices {
            if let id = foldOf[graph.worstUpdates[index].node] { graph.worstUpdates[index].node = id }
        }
        return Result(
            foldedNodes: groups.reduce(0) { $0 + $1.count }, folds: groups.count,
            mergedEdges: removedEdges.count - foldedEdges.count)
    }

    private static func node(id: String, _ members: [CauseEffectGraph.Node]) -> CauseEffectGraph.Node {
        let first = members[0]
        let modules = Set(members.map(\.module))
        let title = "\(members.count) \(noun(first.kind)) like \(sharedPattern(members.map(\.title)))"
        var folded = CauseEffectGraph.Node(
            id: id,
            key: NodeKey(
                kind: first.kind, title: title, module: modules.count == 1 ? first.module : nil, owner: first.owner),
            appearanceRank: members.map(\.appearanceRank).min()!)
        var groups: Set<GroupID> = []
        for member in members {
            folded.count = saturatingSum(folded.count, member.count)
            folded.ran = saturatingSum(folded.ran, member.ran)
            folded.skipped = saturatingSum(folded.skipped, member.skipped)
            if let duration = member.totalDuration {
                let (sum, overflow) = (folded.totalDuration ?? 0).addingReportingOverflow(duration)
                folded.totalDuration = overflow ? .max : sum
                folded.timed = saturatingSum(folded.timed, member.timed)
            }
            if let duration = member.maxDuration { folded.maxDuration = max(folded.maxDuration ?? duration, duration) }
            if let severity = member.severity { folded.severity = max(folded.severity ?? severity, severity) }
            for severity in Severity.allCases {
                folded.severityCounts[severity] = saturatingSum(
                    folded.severityCounts[severity], member.severityCounts[severity])
            }
            folded.densestBurst = max(folded.densestBurst, member.densestBurst)
            folded.severityDurations.add(member.severityDurations)
            for severity in Severity.allCases {
                folded.severityLongest[severity] = max(
                    folded.severityLongest[severity], member.severityLongest[severity])
            }
            groups.formUnion(member.groups)
        }
        folded.groups = groups.sorted()
        return folded
    }

    private static func edge(id: String, to target: String, _ members: [CauseEffectGraph.Edge]) -> CauseEffectGraph.Edge
    {
        let first = members[0]
        let label = members.allSatisfy { $0.label == first.label } ? first.label : .update
        var changed: Set<String> = []
        var groups: Set<GroupID> = []
        var folded = CauseEffectGraph.Edge(
            id: id, from: first.from, to: target,
            kind: label == first.label ? first.kind : members.first { $0.label == .update }?.kind ?? first.kind,
            label: label, isResidual: first.isResidual)
        for member in members {
            folded.count = saturatingSum(folded.count, member.count)
            folded.skipped = saturatingSum(folded.skipped, member.skipped)
            folded.maxPerCause = max(folded.maxPerCause, member.maxPerCause)
            changed.formUnion(member.changed)
            groups.formUnion(member.groups)
        }
        folded.changed = changed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        folded.groups = groups.sorted()
        return folded
    }

    private static func noun(_ kind: NodeKind) -> String {
        switch kind {
        case .body: "views"
        case .representable: "representables"
        default: "nodes"
        }
    }

    /// What the titles share: their common start and end around an
    /// ellipsis (`LibraryItem…Row`), the title itself when they agree, the
    /// first title with an ellipsis when they share nothing.
    static func sharedPattern(_ titles: [String]) -> String {
        let first = Array(titles[0])
        var prefix = first.count
        var suffix = first.count
        for title in titles.dropFirst() {
            let characters = Array(title)
            prefix = min(prefix, zip(first, characters).prefix { $0 == $1 }.count)
            suffix = min(suffix, zip(first.reversed(), characters.reversed()).prefix { $0 == $1 }.count)
        }
        let shortest = titles.map(\.count).min()!
        if prefix == shortest && titles.allSatisfy({ $0.count == shortest }) { return titles[0] }
        suffix = min(suffix, shortest - prefix)
        guard prefix + suffix > 0 else { return String(first) + "…" }
        return String(first.prefix(prefix)) + "…" + String(first.suffix(suffix))
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
