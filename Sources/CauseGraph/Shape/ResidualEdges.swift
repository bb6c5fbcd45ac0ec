/// The dotted edges that keep causal paths through removed nodes visible.
///
/// For each kept node `a`, every kept node `b` reached from `a` through
/// removed nodes only gets one residual edge `a ⇢ b`. It aggregates the
/// links that enter `b` from that removed part: their count, skipped
/// effects, changed properties and update groups. A removed node reached
/// from several kept causes counts towards each of their residual edges,
/// so residual counts say how much arrived through the hidden part, not
/// how to split it between causes. The label is `creation` when every
/// such link was a creation, else `update`; the kind follows from `a`'s
/// kind and the label, as for direct edges.
enum ResidualEdges {
    static func build(_ graph: CauseGraph, _ topology: GraphTopology, kept: [Bool]) -> [CauseGraph.Edge] {
        var residual: [CauseGraph.Edge] = []
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
            for target in arrivals.keys.sorted() {
                let arrival = arrivals[target]!
                let label: CauseLabel = arrival.allCreation ? .creation : .update
                residual.append(CauseGraph.Edge(
                    id: "r\(residual.count + 1)",
                    from: graph.nodes[source].id, to: graph.nodes[target].id,
                    kind: EdgeKind(source: graph.nodes[source].kind, label: label), label: label,
                    count: arrival.count,
                    changed: arrival.changed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                    groups: arrival.groups.sorted(), skipped: arrival.skipped, maxPerCause: arrival.maxPerCause,
                    isResidual: true))
            }
        }
        return residual
    }

    /// The links that reach one kept node from the hidden part.
    private struct Arrival {
        var count = 0
        var skipped = 0
        var maxPerCause = 0
        var allCreation = true
        var changed: Set<String> = []
        var groups: Set<GroupID> = []

        mutating func add(_ edge: CauseGraph.Edge) {
            count += edge.count
            skipped += edge.skipped
            maxPerCause = max(maxPerCause, edge.maxPerCause)
            allCreation = allCreation && edge.label == .creation
            changed.formUnion(edge.changed)
            groups.formUnion(edge.groups)
        }
    }
}
