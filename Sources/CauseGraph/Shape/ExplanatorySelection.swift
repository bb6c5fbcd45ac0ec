/// The nodes `--max-nodes` keeps: those that explain the most updates,
/// chosen so the picture still says why each drawn update ran.
///
/// In this order, each while the limit allows:
/// 1. focused nodes, most explaining first;
/// 2. the leading root causes (one for every eight nodes of the limit, at
///    least one), most explaining first, each with the heaviest path down
///    from it as far as the heaviest update on that path (whole while half
///    the limit allows);
/// 3. the heaviest updates (most events first), each with the heaviest
///    path up to a node already kept or to the top of the graph, until two
///    thirds of the limit are used (paths whole while that allows);
/// 4. what fits: the most explaining nodes next to the kept ones, either
///    downstream of them or causes upstream of them;
/// 5. steps 3 and 4 again, up to the whole limit.
///
/// A path that does not fit keeps its two ends and the cause nearest its
/// update (or, when that does not fit either, its two ends), and the nodes
/// between them become dotted edges. When no cause fits with its effect,
/// the heaviest update is kept alone. Every update kept in steps 2–4 is reached from a
/// kept cause when the graph has one upstream of it, and every cause kept
/// there has an edge to a kept node. Paths walk through nodes earlier
/// filters removed, so a hidden system chain never cuts a cause from its
/// effects. Each step adds a node or ends, and each walk visits a node at
/// most once, so the choice is bounded by the limit times the graph's size.
struct ExplanatorySelection {
    private let graph: CauseEffectGraph
    private let topology: GraphTopology
    private let explained: ExplainedUpdates
    /// The nodes earlier filters kept: the candidates.
    private let candidates: [Bool]
    private let limit: Int
    private(set) var selected: [Bool]
    private var selectedCount = 0
    /// Walk stamps, so the visited marks never need clearing.
    private var visited: [Int]
    private var walk = 0
    private var frontier = WeightedQueue()

    /// - Parameters:
    ///   - candidates: the nodes earlier filters kept.
    ///   - focused: the nodes a focus pattern matched, kept first.
    init(
        _ graph: CauseEffectGraph, _ topology: GraphTopology, explained: ExplainedUpdates, candidates: [Bool],
        focused: [Bool],
        limit: Int
    ) {
        self.graph = graph
        self.topology = topology
        self.explained = explained
        self.candidates = candidates
        self.limit = limit
        selected = [Bool](repeating: false, count: candidates.count)
        visited = [Int](repeating: 0, count: candidates.count)

        for node in ranked(candidates.indices.filter { candidates[$0] && focused[$0] }, by: explained.nodes) {
            guard selectedCount < limit else { break }
            add(node)
        }
        let rootCauses = candidates.indices.filter {
            candidates[$0] && explained.isRoot[$0] && graph.nodes[$0].kind.isCause && explained.nodes[$0] > 0
        }
        for root in ranked(rootCauses, by: explained.nodes).prefix(max(1, limit / 8)) where !selected[root] {
            addPathDown(from: root)
        }
        let updates = ranked(
            candidates.indices.filter { candidates[$0] && graph.nodes[$0].kind.isUpdate },
            by: graph.nodes.map { Double($0.count) })
        addPathsUp(to: updates, until: limit * 2 / 3)
        grow()
        addPathsUp(to: updates, until: limit)
        grow()
        // A limit too small for any cause and its effect still shows the heaviest update.
        if selectedCount == 0,
            let heaviest = updates.first
                ?? ranked(candidates.indices.filter { candidates[$0] }, by: explained.nodes).first
        {
            add(heaviest)
        }
    }

    /// Positions most weighty first, ties in node order.
    private func ranked(_ positions: [Int], by weight: [Double]) -> [Int] {
        positions.sorted { weight[$0] != weight[$1] ? weight[$0] > weight[$1] : $0 < $1 }
    }

    private mutating func add(_ node: Int) {
        guard !selected[node] else { return }
        selected[node] = true
        selectedCount += 1
    }

    /// Adds `path` whole if that keeps at most `count` nodes, or else the
    /// first of `shorter` that fits the limit; false when none fits.
    @discardableResult
    private mutating func add(path: [Int], within count: Int, orElse shorter: [[Int]]) -> Bool {
        let chosen = selectedCount + path.count <= count ? path : shorter.first { selectedCount + $0.count <= limit }
        guard let chosen else { return false }
        for node in chosen { add(node) }
        return true
    }

    /// The root and the heaviest path down from it, as far as the heaviest
    /// update on that path, or to a kept node.
    private mutating func addPathDown(from root: Int) {
        var (path, reachedKept) = heaviestPath(from: root, upstream: false)
        if !reachedKept {
            let updates = path.indices.filter { graph.nodes[path[$0]].kind.isUpdate }
            guard let heaviest = updates.max(by: { graph.nodes[path[$0]].count < graph.nodes[path[$1]].count }) else {
                return
            }
            path.removeSubrange((heaviest + 1)...)
        }
        // The cause nearest the path's update says most directly why it ran.
        let effect = reachedKept ? nil : path.last
        let nearestCause = path.dropFirst().dropLast(effect == nil ? 0 : 1).last { graph.nodes[$0].kind.isCause }
        add(
            path: path, within: limit / 2,
            orElse: [[root] + [nearestCause, effect].compactMap { $0 }, [root] + [effect].compactMap { $0 }])
    }

    /// For each update in turn, the update and the heaviest path up from it,
    /// until `count` nodes are kept or a path does not fit even by its ends.
    private mutating func addPathsUp(to updates: [Int], until count: Int) {
        for update in updates where !selected[update] {
            guard selectedCount < count else { return }
            let (path, reachedKept) = heaviestPath(from: update, upstream: true)
            let nearestCause = path.dropFirst().first { graph.nodes[$0].kind.isCause }
            let top = reachedKept ? nil : path.dropFirst().last
            let ends = [
                [update] + Set([nearestCause, top].compactMap { $0 }).sorted(), [update] + [top].compactMap { $0 },
            ]
            guard add(path: path, within: count, orElse: ends) else { return }
        }
    }

    /// From `start`, the heaviest edge at each step, up or down, to a kept
    /// node (`reachedKept`) or to where no unvisited edge is left: each node
    /// is visited once a walk, so the walk is bounded by the graph. Nodes
    /// shaping already ruled out are walked through, not kept.
    private mutating func heaviestPath(from start: Int, upstream: Bool) -> (path: [Int], reachedKept: Bool) {
        walk += 1
        visited[start] = walk
        var path = [start]
        var node = start
        while let edge = heaviest(upstream ? topology.incoming[node] : topology.outgoing[node], upstream: upstream) {
            node = end(of: edge, upstream: upstream)
            visited[node] = walk
            guard candidates[node] else { continue }
            if selected[node] { return (path, true) }
            path.append(node)
        }
        return (path, false)
    }

    /// The node at the far end of `edge`, walking up or down.
    private func end(of edge: Int, upstream: Bool) -> Int {
        upstream ? topology.ends[edge].from : topology.ends[edge].to
    }

    /// Of `edges`, the one carrying the most whose far end this walk has not visited.
    private func heaviest(_ edges: [Int], upstream: Bool) -> Int? {
        var best: Int?
        for edge in edges {
            let node = end(of: edge, upstream: upstream)
            guard visited[node] != walk else { continue }
            if best == nil || explained.edges[edge] > explained.edges[best!] { best = edge }
        }
        return best
    }

    /// Adds the most explaining neighbours of the kept nodes until the limit.
    private mutating func grow() {
        for node in selected.indices where selected[node] { enqueueNeighbours(of: node) }
        while selectedCount < limit, let node = frontier.popHeaviest() {
            guard !selected[node] else { continue }
            add(node)
            enqueueNeighbours(of: node)
        }
    }

    /// Queues the candidates `node` leads to and the causes that lead to it,
    /// directly or through removed nodes.
    private mutating func enqueueNeighbours(of node: Int) {
        for upstream in [false, true] {
            let edges = upstream ? topology.incoming : topology.outgoing
            walk += 1
            visited[node] = walk
            var pending = [node]
            while let current = pending.popLast() {
                for edge in edges[current] {
                    let next = end(of: edge, upstream: upstream)
                    guard visited[next] != walk else { continue }
                    visited[next] = walk
                    if !candidates[next] {
                        pending.append(next)
                    } else if !selected[next] && (!upstream || graph.nodes[next].kind.isCause) {
                        frontier.insert(next, weight: explained.nodes[next])
                    }
                }
            }
        }
    }
}
