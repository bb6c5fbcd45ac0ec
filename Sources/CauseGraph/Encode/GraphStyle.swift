/// How the graph looks: shapes, words and colours for each kind of node.
///
/// Each kind has its own shape and word so kinds tell apart without colour;
/// colour adds who owns an event (blue for the app, grey for the system:
/// a cause's fill, an update's border), where the update time went (an
/// update's fill, on a heat ramp) and where long updates are a real part of
/// an update's time (an orange or red border).
public struct GraphStyle: Sendable, Equatable {
    /// The colours of a picture, as Graphviz colour strings.
    package struct Palette: Sendable, Equatable {
        /// The page colour.
        package var background: String
        /// Titles and labels.
        package var text: String
        /// Secondary text: counts, durations, the legend.
        package var mutedText: String
        /// Fill of app nodes.
        package var appFill: String
        /// Border of app nodes.
        package var appBorder: String
        /// Fill of system nodes.
        package var systemFill: String
        /// Border of system nodes.
        package var systemBorder: String
        /// Fill of an update node whose bodies were all skipped.
        package var dimmedFill: String
        /// Text of nodes drawn dimmed.
        package var dimmedText: String
        /// Cause edges.
        package var edge: String
        /// Creation edges.
        package var creationEdge: String
        /// Updates at medium severity (orange).
        package var mediumSeverity: String
        /// Updates at high severity or worse (red).
        package var highSeverity: String
        /// Fills of update nodes by their share of all update time, coolest
        /// first (see ``UpdateHeat``); text and muted text read on each.
        package var heat: [String]
    }

    /// The colours.
    package var palette: Palette
    /// The font of every label.
    public var fontName: String

    /// Dark text on light fills, for pages with a white background.
    public static let light = GraphStyle(
        palette: Palette(
            background: "#ffffff", text: "#0f172a", mutedText: "#475569",
            appFill: "#dbeafe", appBorder: "#2563eb",
            systemFill: "#e5e7eb", systemBorder: "#6b7280",
            dimmedFill: "#f8fafc", dimmedText: "#94a3b8",
            edge: "#475569", creationEdge: "#7c3aed",
            mediumSeverity: "#f59e0b", highSeverity: "#dc2626",
            heat: ["#f1f5f9", "#fef9c3", "#fde68a", "#fdba74", "#fca5a5"]),
        fontName: "Helvetica,Arial,sans-serif")

    /// Light text on dark fills, for dark pages. The same meanings as
    /// ``light``: blue for the app, grey for the system, amber and red
    /// borders for long updates, dimmed skipped updates; every text colour
    /// keeps at least WCAG AA contrast on the fill it is drawn on.
    public static let dark = GraphStyle(
        palette: Palette(
            background: "#0f172a", text: "#e2e8f0", mutedText: "#a3b1c6",
            appFill: "#1e3a5f", appBorder: "#60a5fa",
            systemFill: "#2b3544", systemBorder: "#94a3b8",
            dimmedFill: "#141c2e", dimmedText: "#7c8799",
            edge: "#94a3b8", creationEdge: "#a78bfa",
            mediumSeverity: "#fbbf24", highSeverity: "#f87171",
            heat: ["#1f2937", "#3b2f1a", "#5c2f0e", "#6b2410", "#7f1d1d"]),
        fontName: "Helvetica,Arial,sans-serif")

    /// The graphviz shape of a node kind.
    package func shape(of kind: NodeKind) -> String {
        switch kind {
        case .gesture: "cds"
        case .state: "note"
        case .observable: "component"
        case .externalEnvironment: "hexagon"
        case .environmentWriter: "tab"
        case .body: "box"
        case .representable: "box3d"
        case .other: "ellipse"
        case .unrecorded: "octagon"
        }
    }

    /// Inner space of a node kind whose shape has slanted or notched sides
    /// that would otherwise touch the label.
    package func margin(of kind: NodeKind) -> String? {
        switch kind {
        case .gesture: "0.3,0.08"
        case .externalEnvironment: "0.02,0.06"
        default: nil
        }
    }

    /// The word shown above a node's title.
    package func word(for kind: NodeKind) -> String {
        switch kind {
        case .gesture: "GESTURE"
        case .state: "STATE CHANGE"
        case .observable: "@OBSERVABLE"
        case .externalEnvironment: "EXTERNAL ENVIRONMENT"
        case .environmentWriter: "ENVIRONMENT WRITER"
        case .body: "BODY"
        case .representable: "REPRESENTABLE"
        case .other: "UPDATE"
        case .unrecorded: "UNEXPLAINED RUNS"
        }
    }
}
