/// How a diff picture tells the five kinds of change apart.
///
/// Each change has a colour (green added, red removed, orange more, blue
/// less, grey unchanged) *and* a line of its own, so the picture reads in
/// greyscale and for colour-blind readers: added is bold, removed dashed,
/// more doubled (a double outline, a double line), less dotted, unchanged
/// thin. Node shapes still tell the node kinds apart (``GraphStyle``).
public struct DiffStyle: Sendable, Equatable {
    /// What one change looks like.
    public struct Look: Sendable, Equatable {
        /// Border and edge colour.
        public var colour: String
        public var fill: String
        /// Node style keywords besides `filled` (and `rounded` for bodies).
        public var nodeLine: String?
        /// How many outlines a node has.
        public var peripheries: Int
        /// Pen width of borders and edges.
        public var penWidth: String
        /// The edge `style`.
        public var edgeLine: String
        /// Whether an edge is drawn as two parallel lines.
        public var doubleEdge: Bool
        /// What the legend says about the line.
        public var lineName: String
    }

    public var added: Look
    public var removed: Look
    public var more: Look
    public var less: Look
    public var same: Look
    /// The style of everything that does not depend on the change: shapes, words, text colours.
    public var graph: GraphStyle

    public func look(for change: DiffChange) -> Look {
        switch change {
        case .added: added
        case .removed: removed
        case .more: more
        case .less: less
        case .same: same
        }
    }

    /// Dark text on pale fills, for pages with a white background.
    public static let light = DiffStyle(
        added: Look(colour: "#15803d", fill: "#dcfce7", nodeLine: nil, peripheries: 1, penWidth: "3.0",
                    edgeLine: "bold", doubleEdge: false, lineName: "bold"),
        removed: Look(colour: "#b91c1c", fill: "#fef2f2", nodeLine: "dashed", peripheries: 1, penWidth: "1.6",
                      edgeLine: "dashed", doubleEdge: false, lineName: "dashed"),
        more: Look(colour: "#c2410c", fill: "#ffedd5", nodeLine: nil, peripheries: 2, penWidth: "1.4",
                   edgeLine: "solid", doubleEdge: true, lineName: "double"),
        less: Look(colour: "#1d4ed8", fill: "#dbeafe", nodeLine: "dotted", peripheries: 1, penWidth: "1.6",
                   edgeLine: "dotted", doubleEdge: false, lineName: "dotted"),
        same: Look(colour: "#94a3b8", fill: "#f8fafc", nodeLine: nil, peripheries: 1, penWidth: "0.8",
                   edgeLine: "solid", doubleEdge: false, lineName: "thin"),
        graph: .light)

    /// Light text on deep fills, for dark pages; the same lines as ``light``.
    public static let dark = DiffStyle(
        added: Look(colour: "#4ade80", fill: "#14532d", nodeLine: nil, peripheries: 1, penWidth: "3.0",
                    edgeLine: "bold", doubleEdge: false, lineName: "bold"),
        removed: Look(colour: "#f87171", fill: "#450a0a", nodeLine: "dashed", peripheries: 1, penWidth: "1.6",
                      edgeLine: "dashed", doubleEdge: false, lineName: "dashed"),
        more: Look(colour: "#fb923c", fill: "#431407", nodeLine: nil, peripheries: 2, penWidth: "1.4",
                   edgeLine: "solid", doubleEdge: true, lineName: "double"),
        less: Look(colour: "#60a5fa", fill: "#172554", nodeLine: "dotted", peripheries: 1, penWidth: "1.6",
                   edgeLine: "dotted", doubleEdge: false, lineName: "dotted"),
        same: Look(colour: "#64748b", fill: "#1e293b", nodeLine: nil, peripheries: 1, penWidth: "0.8",
                   edgeLine: "solid", doubleEdge: false, lineName: "thin"),
        graph: .dark)

    /// The diff style of a colour theme.
    public static func of(_ theme: Theme) -> DiffStyle {
        switch theme {
        case .light: .light
        case .dark: .dark
        }
    }
}
