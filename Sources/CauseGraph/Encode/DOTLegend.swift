/// The legend a shaped picture carries: what it shows out of what, what
/// each filter left out and why, and what dotted edges mean.
///
/// It is the graph's HTML-like label, so it costs the layout nothing.
/// Filters are quoted as the user typed them and patterns are untrusted
/// text, so every line goes through ``DOTEscaping/htmlText(_:)``.
enum DOTLegend {
    /// The graph label: the app's name, if any, above the legend.
    /// - Parameter heat: whether update nodes are filled by their share of
    ///   the update time, which a row of the ramp's steps then explains.
    static func label(
        app: String?, report: ShapingReport?, shares: FocusShares? = nil, heat: Bool = false,
        palette: GraphStyle.Palette, spelling: SettingSpelling
    ) -> String {
        var rows: [String] = []
        if let app { rows.append("<B>\(DOTEscaping.htmlTitle(app))</B>") }
        let detail = { (text: String) in
            "<FONT POINT-SIZE=\"10\" COLOR=\"\(palette.mutedText)\">\(DOTEscaping.htmlText(text))</FONT>"
        }
        if heat { rows.append(heatRow(palette)) }
        if let shares { rows.append(detail(sharesLine(shares))) }
        guard let report else { return table(rows) }
        rows.append(detail(shown(report)))
        let drewDotted = report.residualEdges > 0 || report.impliedResidualPaths > 0
        rows += report.steps.map { detail(ShapingFormatter.line(for: $0, drewDotted: drewDotted, spelling: spelling)) }
        if report.residualEdges > 0 || report.impliedResidualPaths > 0 {
            var text = "dotted edges: cause links through nodes not shown"
            if report.impliedResidualPaths > 0 {
                text += " (\(CountText.format(report.impliedResidualPaths)) more already implied by the paths shown)"
            }
            rows.append(detail(text))
        }
        return table(rows)
    }

    /// The heat ramp's steps, each a swatch of its fill naming its shares,
    /// and what the borders mean.
    static func heatRow(_ palette: GraphStyle.Palette) -> String {
        let font = { (text: String) in
            "<FONT POINT-SIZE=\"9\" COLOR=\"\(palette.mutedText)\">\(DOTEscaping.htmlText(text))</FONT>"
        }
        let swatches = zip(palette.heat, UpdateHeat.stepNames).map { fill, name in
            "<TD BGCOLOR=\"\(fill)\" BORDER=\"1\" COLOR=\"\(palette.mutedText)\"><FONT POINT-SIZE=\"9\" COLOR=\"\(palette.text)\">\(DOTEscaping.htmlText(name))</FONT></TD>"
        }
        let cells =
            ["<TD>\(font("update fill: share of all update time"))</TD>"] + swatches + [
                "<TD>\(font("border: most of its time in long updates (orange) or in updates longer than a frame (red)"))</TD>"
            ]
        return
            "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"1\"><TR>\(cells.joined())</TR></TABLE>"
    }

    private static func table(_ rows: [String]) -> String {
        let cells = rows.map { "<TR><TD ALIGN=\"LEFT\">\($0)</TD></TR>" }.joined()
        return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">\(cells)</TABLE>"
    }

    /// `%: the share of the 1,234 updates of the focused nodes each node and edge explains`
    static func sharesLine(_ shares: FocusShares) -> String {
        "%: the share of the \(CountText.string(shares.focusedUpdates, "update")) of the focused nodes each node and edge explains"
    }

    /// `shown: 80 of 5000 nodes, 95 of 9000 edges (+ 12 dotted), 2000 of 60000 events`
    static func shown(_ report: ShapingReport) -> String {
        var edges = "\(CountText.format(report.shown.edges)) of \(CountText.string(report.total.edges, "edge"))"
        if report.residualEdges > 0 { edges += " (+ \(CountText.format(report.residualEdges)) dotted)" }
        return
            "shown: \(CountText.format(report.shown.nodes)) of \(CountText.string(report.total.nodes, "node")), \(edges), "
            + "\(CountText.format(report.shown.events)) of \(CountText.string(report.total.events, "event"))"
    }
}
