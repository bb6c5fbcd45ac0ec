/// The dotted edges that keep causal paths through removed nodes visible.
///
/// For each kept node `a`, every kept node `b` reached from `a` through
/// removed nodes only is a residual connection `a ⇢ b`. It aggregates the
/// links that enter `b` from that removed part: their count, skipped
/// effects, changed properties and update groups. A removed node reached
/// from several kept causes counts towards each of their residual edges,
/// so residual counts say how much arrived through the hidden part, not
/// how to split it between causes. The label is `creation` when every
/// such link was a creation, else `update`; the kind follows from `a`'s
/// kind and the label, as for direct edges.
///
/// A connection whose target the picture already reaches from its source
/// (through shown edges and the residual edges kept before it, heaviest
/// first) is implied rather than drawn: every causal path stays visible,
/// once, instead of a dotted edge from a root to everything below it.
enum ResidualEdges {
    struct Result {
        var edges: [CauseEffectGraph.Edge]
        /// Connections left undrawn because shown paths already imply them.
        var implied: Int
    }

    static func build(_ graph: CauseEffectGraph, _ topology: GraphTopology, kept: [Bool]) -> Result {
        var candidates: [(source: Int, target: Int, arrival: Arrival)] = []
        // The walk from `a` stamps removed nodes with `a + 1`, so nothing is reset between walks.
        var visitedFrom = [Int](repeating: 0, count: graph.nodes.count)
        var pending: [Int] = []
        for source in graph.nodes.indices where kept[source] {
            let stamp = source + 1
            for edge in topology.outgoing[source] {
                let target = topology.ends[edge].to
                if !kept[target] && visitedFrom[target] != stamp {
                    visitedFrom[target] = stamp
                    pending.append(target)
                }
            }
            var arrivals: [Int: Arrival] = [:]
            while let hidden = pending.popLast() {
                for edge in topology.outgoing[hidden] {
                    let target = topology.ends[edge].to
                    if kept[target] {
                        arrivals[target, default: Arrival()].add(graph.edges[edge])
                    } else if visitedFrom[target] != stamp {
                        visitedFrom[target] = stamp
                        pending.append(target)
                    }
                }
            }
            for target in arrivals.keys.sorted() { candidates.append((source, target, arrivals[target]!)) }
        }

        var successors = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges.indices where topology.connects(edge, within: kept) {
            successors[topology.ends[edge].from].append(topology.ends[edge].to)
        }
        var reachability = Reachability(nodeCount: graph.nodes.count)
        let heaviestFirst = candidates.indices.sorted {
            let (a, b) = (candidates[$0], candidates[$1])
            if a.arrival.count != b.arrival.count { return a.arrival.count > b.arrival.count }
            return $0 < $1
        }
        var drawn = [Bool](repeating: false, count: candidates.count)
        for index in heaviestFirst {
            let (source, target, _) = candidates[index]
            guard !reachability.reaches(from: source, to: target, through: successors) else { continue }
            drawn[index] = true
            successors[source].append(target)
        }

        var edges: [CauseEffectGraph.Edge] = []
        for (index, candidate) in candidates.enumerated() where drawn[index] {
            let (source, target, arrival) = candidate
            let label = arrival.sharedLabel ?? .update
            edges.append(
                CauseEffectGraph.Edge(
                    id: "r\(edges.count + 1)",
                    from: graph.nodes[source].id, to: graph.nodes[target].id,
                    kind: EdgeKind(source: graph.nodes[source].kind, label: label), label: label,
                    count: arrival.count,
                    changed: arrival.changed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                    groups: arrival.groups.sorted(), skipped: arrival.skipped, maxPerCause: arrival.maxPerCause,
                    isResidual: true))
        }
        return Result(edges: edges, implied: candidates.count - edges.count)
    }

    /// Whether one node reaches another along at least one edge.
    private struct Reachability {
        private var visited: [Int]
        private var walk = 0
        private var pending: [Int] = []

        init(nodeCount: Int) {
            visited = [Int](repeating: 0, count: nodeCount)
        }

        mutating func reaches(from source: Int, to target: Int, through successors: [[Int]]) -> Bool {
            // Each walk has its own stamp, so the visited marks never need clearing.
            walk += 1
            pending = successors[source]
            while let node = pending.popLast() {
                if node == target { return true }
                guard visited[node] != walk else { continue }
                visited[node] = walk
                pending += successors[node]
            }
            return false
        }
    }

    /// The links that reach one kept node from the hidden part.
    private struct Arrival {
        var count = 0
        var skipped = 0
        var maxPerCause = 0
        /// The label every link carries, when they agree.
        var sharedLabel: CauseLabel?
        var changed: Set<String> = []
        var groups: Set<GroupID> = []

        mutating func add(_ edge: CauseEffectGraph.Edge) {
            count += edge.count
            skipped += edge.skipped
            maxPerCause = max(maxPerCause, edge.maxPerCause)
            sharedLabel = count == edge.count || sharedLabel == edge.label ? edge.label : nil
            changed.formUnion(edge.changed)
            groups.formUnion(edge.groups)
        }
    }
}
