/// What each Graphviz layout engine needs to draw causegraph's graphs
/// readably, beyond the DOT they share (which is written for `dot`).
enum LayoutEngine {
    /// Graph attributes set before laying out with `engine`.
    static func graphAttributes(for engine: String) -> [(name: String, value: String)] {
        switch engine {
        case "neato", "fdp", "sfdp":
            // Force-directed layouts let the wide record-like nodes overlap
            // unless told to move them apart; the margin keeps labels clear.
            [("overlap", "false"), ("sep", "+6")]
        case "circo":
            // Cause graphs are mostly trees, which circo lays out as a circle
            // per edge, circles around circles: 80 nodes spanned 17,000 pt.
            // One circle of all nodes, neighbours close, grows with the node count.
            [("oneblock", "true"), ("mindist", "0.3")]
        default:
            []
        }
    }

    /// Whether `engine` only draws positions the graph already holds
    /// (`nop`, `nop1`, `nop2`), which causegraph's graphs never do.
    static func needsPositions(_ engine: String) -> Bool {
        engine.hasPrefix("nop")
    }
}
