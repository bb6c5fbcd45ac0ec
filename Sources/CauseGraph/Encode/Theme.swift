/// The colour themes a graph (and a report page) can be drawn in.
///
/// The raw values are the words of the `--theme` option.
public enum Theme: String, CaseIterable, Sendable {
    /// Dark text on light fills, for white pages.
    case light
    /// Light text on dark fills, for dark pages.
    case dark

    /// The graph style of the theme.
    public var style: GraphStyle {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }
}
