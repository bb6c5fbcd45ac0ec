/// The attributes every picture causegraph draws starts from, so a diff
/// reads as the same family as the graphs it compares.
extension GraphStyle {
    /// The font name, escaped for a DOT string.
    var dotFontName: String { DOTEscaping.escString(fontName) }

    /// The `graph […]` attributes both pictures share, the label aside.
    var defaultGraphAttributes: [String] {
        [
            "rankdir=LR", "bgcolor=\"\(palette.background)\"", "fontname=\"\(dotFontName)\"", "fontsize=12",
            "fontcolor=\"\(palette.text)\"", "nodesep=0.25", "ranksep=0.6", "pad=0.2", "outputorder=edgesfirst",
        ]
    }

    /// The `node […]` line: the shared font and margin around `adding`.
    func defaultNodeLine(adding: [String]) -> String {
        let attributes =
            ["fontname=\"\(dotFontName)\"", "fontsize=11", "fontcolor=\"\(palette.text)\""] + adding + [
                "margin=\"0.12,0.06\""
            ]
        return "  node [\(attributes.joined(separator: ", "))]"
    }

    /// The `edge […]` line: the shared font and arrow size around `adding`.
    func defaultEdgeLine(adding: [String]) -> String {
        let attributes =
            ["fontname=\"\(dotFontName)\"", "fontsize=9", "fontcolor=\"\(palette.mutedText)\""] + adding + [
                "arrowsize=0.7"
            ]
        return "  edge [\(attributes.joined(separator: ", "))]"
    }
}
