/// The nodes of a recording its picture leaves out, for the report page's
/// Find: each with its figures and the drawn nodes nearest to it, so finding
/// one reaches it even when shaping did not draw it, and the view can close
/// in on where it would be.
enum UndrawnNodes {
    /// How many drawn neighbours a node lists at most, on each side.
    static let nearestLimit = 8

    /// The JSON list of the nodes of `graph` whose ids `drawn` lacks, in the graph's order.
    static func json(graph: CauseEffectGraph, drawn: Set<String>) -> String {
        let index = Dictionary(uniqueKeysWithValues: graph.nodes.indices.map { (graph.nodes[$0].id, $0) })
        var causes = [[Int]](repeating: [], count: graph.nodes.count)
        var effects = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            effects[from].append(to)
            causes[to].append(from)
        }
        let isDrawn = graph.nodes.map { drawn.contains($0.id) }
        let items = graph.nodes.indices.filter { !isDrawn[$0] }.map { position in
            let node = graph.nodes[position]
            let near =
                nearest(from: position, along: causes, isDrawn: isDrawn)
                + nearest(from: position, along: effects, isDrawn: isDrawn)
            return GraphJSONEncoder.object([
                "id": JSONText.quoted(node.id),
                "title": JSONText.quoted(node.title),
                "kind": JSONText.quoted(node.kind.rawValue),
                "identity": JSONText.quoted(ReportData.identity(of: node)),
                "figures": ReportData.figures(ReportData.figures(of: node, burstWindow: graph.burstWindow)),
                "near": "[" + near.map { JSONText.quoted(graph.nodes[$0].id) }.joined(separator: ", ") + "]",
            ])
        }
        return GraphJSONEncoder.list("undrawn", items)
    }

    /// The drawn nodes first met walking `links` from `start`, breadth first:
    /// those at the least distance, in the graph's order, at most ``nearestLimit``.
    /// Each node is visited once, so the walk is bounded by the graph's size.
    private static func nearest(from start: Int, along links: [[Int]], isDrawn: [Bool]) -> [Int] {
        var visited: Set<Int> = [start]
        var level = [start]
        while !level.isEmpty {
            var next: [Int] = []
            var found: [Int] = []
            for position in level {
                for neighbour in links[position] where visited.insert(neighbour).inserted {
                    if isDrawn[neighbour] { found.append(neighbour) } else { next.append(neighbour) }
                }
            }
            if !found.isEmpty { return Array(found.sorted().prefix(nearestLimit)) }
            level = next
        }
        return []
    }
}
