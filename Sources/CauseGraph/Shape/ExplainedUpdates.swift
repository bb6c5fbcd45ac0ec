/// How many updates each node and edge explains: its own updates plus its
/// share of everything it leads to downstream, as a profiler ranks
/// functions by cumulative cost.
///
/// An update node's updates are shared among the links that caused them in
/// proportion to their counts, so a node with three links from one cause
/// and one from another passes three quarters of what it explains to the
/// first. Shares add up: the root causes of a graph without cycles explain
/// every update that has a cause, once. A link that closes a cycle passes
/// nothing on (cycles are broken by a depth-first walk in node order), so
/// the computation is one linear pass, bounded by the graph's size.
struct ExplainedUpdates {
    /// Updates each node explains, by node position.
    let nodes: [Double]
    /// Updates each edge carries to its target, by edge position.
    let edges: [Double]
    /// Whether a node has no cause link other than from itself.
    let isRoot: [Bool]
    /// The count of every cause link into each node, other than from itself.
    let arrivingLinks: [Double]

    /// - Parameters:
    ///   - counted: whether a node's own events count as updates
    ///     (update nodes still shown); the others only pass weight on.
    ///   - ownWeights: what a counted node's own events weigh, by node
    ///     position, in place of their count (a diff weighs the change).
    init(_ graph: CauseEffectGraph, _ topology: GraphTopology, counted: (Int) -> Bool, ownWeights: [Double]? = nil) {
        let nodeCount = graph.nodes.count
        var arrivingCounts = [Double](repeating: 0, count: nodeCount)
        var isRoot = [Bool](repeating: true, count: nodeCount)
        for (index, (from, to)) in topology.ends.enumerated() where from >= 0 && from != to {
            arrivingCounts[to] += Double(graph.edges[index].count)
            isRoot[to] = false
        }
        let arriving = arrivingCounts
        var weight = graph.nodes.indices.map {
            counted($0) && graph.nodes[$0].kind.isUpdate ? ownWeights?[$0] ?? Double(graph.nodes[$0].count) : 0
        }
        let share = { (edge: Int, to: Int) -> Double in
            arriving[to] > 0 ? Double(graph.edges[edge].count) / arriving[to] : 0
        }

        // Iterative post-order: a node's weight is final once every successor
        // not on the walk's stack is; an edge into the stack closes a cycle.
        enum Mark { case new, onStack, done }
        var mark = [Mark](repeating: .new, count: nodeCount)
        var stack: [(node: Int, next: Int)] = []
        for start in graph.nodes.indices where mark[start] == .new {
            mark[start] = .onStack
            stack.append((start, 0))
            while let (node, next) = stack.last {
                let outgoing = topology.outgoing[node]
                if next < outgoing.count {
                    stack[stack.count - 1].next += 1
                    let target = topology.ends[outgoing[next]].to
                    if mark[target] == .new {
                        mark[target] = .onStack
                        stack.append((target, 0))
                    }
                    continue
                }
                for edge in outgoing {
                    let target = topology.ends[edge].to
                    if target != node && mark[target] == .done { weight[node] += share(edge, target) * weight[target] }
                }
                mark[node] = .done
                stack.removeLast()
            }
        }
        nodes = weight
        edges = topology.ends.indices.map { index in
            let (from, to) = topology.ends[index]
            return from >= 0 ? share(index, to) * weight[to] : 0
        }
        self.isRoot = isRoot
        arrivingLinks = arriving
    }

    /// What an edge standing for `links` of the links into `target` carries.
    func carried(links: Int, into target: Int) -> Double {
        arrivingLinks[target] > 0 ? Double(links) / arrivingLinks[target] * nodes[target] : 0
    }
}
