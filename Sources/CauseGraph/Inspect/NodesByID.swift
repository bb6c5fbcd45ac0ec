/// A graph's nodes by id, and where each stands in ``CauseEffectGraph/nodes``:
/// a walk over every edge keeps its tallies in arrays by position rather
/// than in `String`-keyed sets and dictionaries, whose hashing on a dense
/// graph of hundreds of thousands of edges cost more than the walk itself.
///
/// A built graph names its nodes `n1`, `n2`, … in order, so an id is read
/// as its number and confirmed against the node there; a graph with any
/// other ids (made by hand, or shaped) is looked up in a dictionary built
/// once.
struct NodesByID {
    private let nodes: [CauseEffectGraph.Node]
    private let ids: [String]
    /// Positions by id, only for a graph whose ids are not `n1`, `n2`, … in order.
    private let byID: [String: Int]?

    init(_ graph: CauseEffectGraph) {
        let ids = graph.nodes.map(\.id)
        let numbered = ids.indices.allSatisfy { Self.number(in: ids[$0]) == $0 + 1 }
        nodes = graph.nodes
        self.ids = ids
        byID = numbered ? nil : Dictionary(ids.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    }

    /// The node with `id`, or `nil` when the graph has none.
    subscript(id: String) -> CauseEffectGraph.Node? {
        position(of: id).map { nodes[$0] }
    }

    /// The position of the node with `id`, or `nil` when the graph has none.
    func position(of id: String) -> Int? {
        if let byID { return byID[id] }
        // The number alone could be spelt otherwise (`n01`): the id at the position decides.
        guard let number = Self.number(in: id), number <= ids.count, ids[number - 1] == id else { return nil }
        return number - 1
    }

    /// The number of an id of the form `n` and a positive decimal, bounded
    /// so reading it cannot overflow.
    private static func number(in id: String) -> Int? {
        var utf8 = id.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "n") else { return nil }
        var number = 0
        var digits = 0
        while let byte = utf8.next() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return number > 0 ? number : nil
    }
}
