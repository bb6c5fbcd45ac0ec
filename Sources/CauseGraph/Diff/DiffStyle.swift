/// How a diff picture tells the five kinds of change apart.
///
/// Each change has a colour (green added, red removed, orange more, blue
/// less, grey unchanged) *and* a line of its own, so the picture reads in
/// greyscale and for colour-blind readers: added is bold, removed dashed,
/// more doubled (a double outline, a double line), less dotted, unchanged
/// thin. Node shapes still tell the node kinds apart (``GraphStyle``).
package struct DiffStyle: Sendable, Equatable {
    /// What one change looks like.
    package struct Look: Sendable, Equatable {
        /// Border and edge colour.
        package var colour: String
        /// Node fill colour.
        package var fill: String
        /// Node style keywords besides `filled` (and `rounded` for bodies).
        package var nodeLine: String?
        /// How many outlines a node has.
        package var peripheries: Int
        /// Pen width of borders and edges.
        package var penWidth: String
        /// The edge `style`.
        package var edgeLine: String
        /// Whether an edge is drawn as two parallel lines.
        package var doubleEdge: Bool
        /// What the legend says about the line.
        package var lineName: String
    }

    /// A node or edge only the recording after has.
    package var added: Look
    /// A node or edge only the recording before has.
    package var removed: Look
    /// More frequent after than before.
    package var more: Look
    /// Less frequent after than before.
    package var less: Look
    /// As frequent after as before.
    package var same: Look
    /// The style of everything that does not depend on the change: shapes, words, text colours.
    package var graph: GraphStyle

    /// The look of `change`.
    package func look(for change: DiffChange) -> Look {
        switch change {
        case .added: added
        case .removed: removed
        case .more: more
        case .less: less
        case .same: same
        }
    }

    /// Dark text on pale fills, for pages with a white background.
    package static let light = themed(
        added: ("#15803d", "#dcfce7"), removed: ("#b91c1c", "#fef2f2"), more: ("#c2410c", "#ffedd5"),
        less: ("#1d4ed8", "#dbeafe"), same: ("#94a3b8", "#f8fafc"), graph: .light)

    /// Light text on deep fills, for dark pages; the same lines as ``light``.
    package static let dark = themed(
        added: ("#4ade80", "#14532d"), removed: ("#f87171", "#450a0a"), more: ("#fb923c", "#431407"),
        less: ("#60a5fa", "#172554"), same: ("#64748b", "#1e293b"), graph: .dark)

    /// A theme's colours (ink, fill) on the lines every theme shares, so a
    /// change reads by its line alone, in greyscale too.
    private static func themed(
        added: (String, String), removed: (String, String), more: (String, String),
        less: (String, String), same: (String, String), graph: GraphStyle
    ) -> DiffStyle {
        DiffStyle(
            added: Look(
                colour: added.0, fill: added.1, nodeLine: nil, peripheries: 1, penWidth: "3.0",
                edgeLine: "bold", doubleEdge: false, lineName: "bold"),
            removed: Look(
                colour: removed.0, fill: removed.1, nodeLine: "dashed", peripheries: 1, penWidth: "1.6",
                edgeLine: "dashed", doubleEdge: false, lineName: "dashed"),
            more: Look(
                colour: more.0, fill: more.1, nodeLine: nil, peripheries: 2, penWidth: "1.4",
                edgeLine: "solid", doubleEdge: true, lineName: "double"),
            less: Look(
                colour: less.0, fill: less.1, nodeLine: "dotted", peripheries: 1, penWidth: "1.6",
                edgeLine: "dotted", doubleEdge: false, lineName: "dotted"),
            same: Look(
                colour: same.0, fill: same.1, nodeLine: nil, peripheries: 1, penWidth: "0.8",
                edgeLine: "solid", doubleEdge: false, lineName: "thin"),
            graph: graph)
    }

    /// The diff style of a colour theme.
    package static func of(_ theme: Theme) -> DiffStyle {
        switch theme {
        case .light: .light
        case .dark: .dark
        }
    }
}
