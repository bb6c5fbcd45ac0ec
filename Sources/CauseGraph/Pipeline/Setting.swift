/// A setting a person gives a run, named without any one way of giving it:
/// the command line spells ``maxNodes`` `--max-nodes`, an MCP client
/// `max_nodes`. Library words that point at a setting take a
/// ``SettingSpelling`` from the edge that will show them.
public enum Setting: String, Sendable, CaseIterable {
    case window, group, gesture, focus, depth, ignore, hideSystem, minCount, nodeFraction, maxNodes, edgeFraction
    case maxEdges, unfold, inputFormat, classify, run, frameRate
    /// Every entry of a bounded answer's lists.
    case all
}
