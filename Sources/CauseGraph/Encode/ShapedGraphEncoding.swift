/// The one way a shaped graph is encoded: what shaping left out becomes the
/// legend, and a focus its shares, in every command that draws one.
extension DOTEncoder {
    /// The DOT of `shaped`, with its legend when anything was left out and,
    /// under `--focus`, the share of the focused updates each part explains;
    /// update fills are shares of the whole recording's update time.
    package func encode(_ shaped: ShapedGraph) -> String {
        encode(shaped.graph, legend: shaped.legend, shares: shaped.focusShares, heat: shaped.heat)
    }
}

extension GraphJSONEncoder {
    /// The JSON of `shaped`, with what shaping left out when it left anything,
    /// each filter's `option` as `spelling` names it, and its update groups
    /// named as `groups` says (listed, as the graph contract has them).
    package static func encode(
        _ shaped: ShapedGraph, spelling: SettingSpelling = .neutral, groups: GroupListing = .listed
    ) -> String {
        encode(shaped.graph, shaping: shaped.legend, spelling: spelling, groups: groups)
    }
}
