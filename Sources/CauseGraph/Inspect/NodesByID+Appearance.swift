extension NodesByID {
    /// Whether the node `first` names comes before the one `second` names
    /// when a finding must choose between equals: the one first seen
    /// (``CauseEffectGraph/Node/appearanceRank``), as no name decides that
    /// and a redacted copy must find the same; ids only for nodes of one
    /// rank (a graph made by hand).
    func precedes(_ first: String, _ second: String) -> Bool {
        let ranks = (self[first]?.appearanceRank ?? .max, self[second]?.appearanceRank ?? .max)
        return ranks.0 != ranks.1 ? ranks.0 < ranks.1 : first < second
    }

    /// ``precedes(_:_:)`` for lists of nodes, the first node that differs deciding.
    func precedes(_ first: [String], _ second: [String]) -> Bool {
        for (one, other) in zip(first, second) where one != other { return precedes(one, other) }
        return first.count < second.count
    }
}
