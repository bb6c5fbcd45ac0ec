/// Encodes a ``CauseEffectGraph`` as Graphviz DOT text, in pure Swift.
///
/// This is both the DOT export and what the renderer lays out. Every node
/// and edge carries its graph id as its SVG `id` and class names for its
/// kind, owner, severity and skipped state, so pages can style and script
/// the picture. All trace text goes through `DOTEscaping`.
public struct DOTEncoder: Sendable {
    /// Colours, shapes and fonts of the picture.
    public var style: GraphStyle
    /// How the legend names the filters given (`--max-nodes` on the command line).
    public var spelling: SettingSpelling

    /// How many backtrace frames a tooltip shows.
    package static let tooltipFrames = 5
    /// How many update groups a tooltip lists before eliding the rest.
    package static let tooltipGroups = 8
    /// A node with this many drawn edges or more is a fan: its edges' labels
    /// are tied to their edges by a line (Graphviz's `decorate`), since in a
    /// fan's crowd of crossing edges a label beside one reads as another's.
    static let fanOut = 6

    /// An encoder drawing in `style`, its legend naming filters as `spelling` does.
    public init(style: GraphStyle = .light, spelling: SettingSpelling = .neutral) {
        self.style = style
        self.spelling = spelling
    }

    /// - Parameters:
    ///   - graph: the graph to draw.
    ///   - legend: what shaping left out, drawn as the graph's label
    ///     (see ``ShapedGraph/legend``); `nil` for a complete graph.
    ///   - shares: with `--focus`, the share of the focused updates each node
    ///     and edge explains, shown as a percentage on its label (see
    ///     ``ShapedGraph/focusShares``).
    ///   - heat: the update time an update node's fill is a share of: the
    ///     whole recording's (``ShapedGraph/heat``); `nil` takes `graph`'s own.
    public func encode(
        _ graph: CauseEffectGraph, legend: ShapingReport? = nil, shares: FocusShares? = nil, heat: UpdateHeat? = nil
    ) -> String {
        let palette = style.palette
        let heat = heat ?? UpdateHeat(of: graph)
        var lines = ["digraph causegraph {"]
        var graphAttributes = style.defaultGraphAttributes
        if legend != nil || shares != nil || heat.totalTime > 0 {
            let label = DOTLegend.label(
                app: graph.app, report: legend, shares: shares, heat: heat.totalTime > 0, palette: palette,
                spelling: spelling)
            graphAttributes += ["labelloc=t", "labeljust=l", "label=<\(label)>"]
        } else if let app = graph.app {
            graphAttributes += ["labelloc=t", "labeljust=l", "label=<<B>\(DOTEscaping.htmlTitle(app))</B>>"]
        }
        lines.append("  graph [\(graphAttributes.joined(separator: ", "))]")
        lines.append(style.defaultNodeLine(adding: ["style=filled", "penwidth=1.2"]))
        lines.append(style.defaultEdgeLine(adding: ["color=\"\(palette.edge)\""]))
        let titles = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.title) })
        var drawnEdges: [String: Int] = [:]
        for edge in graph.edges { drawnEdges[edge.from, default: 0] += 1 }
        for node in graph.nodes {
            lines.append(
                "  \(node.id) [\(attributes(of: node, share: shares?.nodes[node.id], heat: heat).joined(separator: ", "))]"
            )
        }
        for edge in graph.edges {
            let share = shares?.edges[edge.id]
            let tooltip = edgeTooltip(
                edge, share: share, from: titles[edge.from] ?? edge.from, to: titles[edge.to] ?? edge.to)
            var attributes = attributes(of: edge, share: share, tooltip: tooltip)
            if drawnEdges[edge.from, default: 0] >= Self.fanOut { attributes.append("decorate=true") }
            lines.append("  \(edge.from) -> \(edge.to) [\(attributes.joined(separator: ", "))]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Nodes

    private func attributes(of node: CauseEffectGraph.Node, share: Double?, heat: UpdateHeat) -> [String] {
        let palette = style.palette
        let isApp = node.owner == .app
        var styles = ["filled"]
        if node.kind == .body { styles.append("rounded") }
        var fill = isApp ? palette.appFill : palette.systemFill
        var border = isApp ? palette.appBorder : palette.systemBorder
        var penWidth = "1.2"
        var fontColor = palette.text
        var muted = palette.mutedText
        if node.isFullySkipped {
            styles.append("dashed")
            fill = palette.dimmedFill
            fontColor = palette.dimmedText
            muted = palette.dimmedText
        } else if let timeShare = heat.share(of: node) {
            // The fill says where the time went; the owner stays in the border.
            fill = palette.heat[UpdateHeat.step(of: timeShare)]
            muted = palette.text
        }
        if let mark = UpdateHeat.mark(of: node) {
            // Red is kept for updates longer than a frame, the ones that miss it.
            border = mark == .veryHigh ? palette.highSeverity : palette.mediumSeverity
            penWidth = mark == .veryHigh ? "3.5" : "2.5"
        }
        var attributes = [
            "id=\"\(node.id)\"",
            "class=\"\(classes(of: node, heat: heat).joined(separator: " "))\"",
            "shape=\(style.shape(of: node.kind))",
            "style=\"\(styles.joined(separator: ","))\"",
            "fillcolor=\"\(fill)\"",
            "color=\"\(border)\"",
            "penwidth=\(penWidth)",
        ]
        if let margin = style.margin(of: node.kind) { attributes.append("margin=\"\(margin)\"") }
        if fontColor != palette.text { attributes.append("fontcolor=\"\(fontColor)\"") }
        attributes.append("label=<\(label(of: node, share: share, muted: muted))>")
        attributes.append(
            "tooltip=" + DOTEscaping.quoted(tooltip(of: node, share: share, timeShare: heat.share(of: node))))
        return attributes
    }

    /// Class names a stylesheet can select on; fixed vocabulary, never trace text.
    ///
    /// `severity-…` is the worst severity of any update, `mark-…` the
    /// severity mark drawn (``UpdateHeat/mark(of:)``), `heat-…` the step of
    /// the fill's ramp.
    package func classes(of node: CauseEffectGraph.Node, heat: UpdateHeat? = nil) -> [String] {
        var classes = ["kind-\(node.kind.rawValue)", "owner-\(node.owner.rawValue)"]
        if node.kind.isUpdate {
            if let severity = node.severity { classes.append("severity-\(severity.rawValue)") }
            if let mark = UpdateHeat.mark(of: node) { classes.append("mark-\(mark.rawValue)") }
            if !node.isFullySkipped, let share = heat?.share(of: node) {
                classes.append("heat-\(UpdateHeat.step(of: share))")
            }
            if node.isFullySkipped {
                classes.append("skipped")
            } else if node.skipped > 0 {
                classes.append("partly-skipped")
            }
        }
        return classes
    }

    private func label(of node: CauseEffectGraph.Node, share: Double?, muted: String) -> String {
        var heading = style.word(for: node.kind)
        if let module = node.module { heading += " · " + DOTEscaping.cut(module) }
        let lines = [
            "<FONT POINT-SIZE=\"8\" COLOR=\"\(muted)\">\(DOTEscaping.htmlText(heading))</FONT>",
            "<B>\(DOTEscaping.htmlTitle(node.title))</B>",
            "<FONT POINT-SIZE=\"9\">\(DOTEscaping.htmlText(figures(of: node, share: share)))</FONT>",
        ]
        return lines.joined(separator: "<BR/>")
    }

    /// `24 updates · 8.42 ms`, `ran 3 of 12 · 1.2 ms`, or `3 events` for
    /// causes (`3 runs` for the runs no link explains, which are no events);
    /// with a focus share, `· 42%` after it.
    func figures(of node: CauseEffectGraph.Node, share: Double? = nil) -> String {
        let percent = share.map { " · " + ShareText.percent($0) } ?? ""
        guard node.kind.isRecorded else { return CountText.string(node.count, "run") + percent }
        guard node.kind.isUpdate else { return CountText.string(node.count, "event") + percent }
        var text: String
        if node.isFullySkipped {
            text = "skipped \(CountText.format(node.count)) of \(CountText.format(node.count))"
        } else if node.skipped > 0 {
            text = "ran \(CountText.format(node.ran)) of \(CountText.format(node.count))"
        } else {
            text = CountText.string(node.count, "update")
        }
        if let total = node.totalDuration { text += " · " + DurationText.string(total) }
        return text + percent
    }

    private func tooltip(of node: CauseEffectGraph.Node, share: Double?, timeShare: Double?) -> String {
        var lines = [node.title]
        var identity = "\(node.kind.rawValue) · \(node.owner.rawValue)"
        if let module = node.module { identity += " · " + module }
        lines.append(identity)
        if node.kind.isUpdate {
            lines.append(
                "\(CountText.string(node.count, "update")): ran \(CountText.format(node.ran)), skipped \(CountText.format(node.skipped))"
            )
            var timing: [String] = []
            if let total = node.totalDuration, let worst = node.maxDuration {
                timing.append("total \(DurationText.string(total)), worst \(DurationText.string(worst))")
            }
            // Apart from the longest duration, which need not be the update of the worst severity.
            if let severity = node.severity { timing.append("severity up to \(KindText.word(severity))") }
            if !timing.isEmpty { lines.append(timing.joined(separator: "; ")) }
            if let timeShare { lines.append("\(ShareText.percent(timeShare)) of all update time") }
        } else if node.kind.isRecorded {
            lines.append(CountText.string(node.count, "event"))
        } else {
            lines.append("\(CountText.string(node.count, "view update")) that no recorded cause led to")
        }
        if let share { lines.append("explains \(ShareText.percent(share)) of the focused updates") }
        if let groups = groupList(node.groups) { lines.append(groups) }
        if !node.backtrace.isEmpty {
            lines.append("backtrace:")
            lines += node.backtrace.prefix(Self.tooltipFrames).map { "  " + $0 }
            if node.backtrace.count > Self.tooltipFrames {
                lines.append("  … \(node.backtrace.count - Self.tooltipFrames) more")
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Edges

    private func attributes(of edge: CauseEffectGraph.Edge, share: Double?, tooltip: String) -> [String] {
        let palette = style.palette
        var classes = "kind-\(edge.kind.rawValue) label-\(DOTEscaping.classToken(edge.label.rawValue))"
        if edge.isResidual { classes += " residual" }
        var attributes = [
            "id=\"\(edge.id)\"",
            "class=\"\(classes)\"",
            DOTEscaping.edgeLabelAttribute(
                edge.label,
                figures: "×\(CountText.format(edge.count))" + (share.map { " · " + ShareText.percent($0) } ?? "")),
            "penwidth=\(Self.penWidth(forCount: edge.count))",
        ]
        // Dotted says "through nodes not shown", and wins over creation's bold.
        let lineStyle = edge.isResidual ? "style=dotted" : "style=bold"
        if edge.label == .creation {
            attributes += ["color=\"\(palette.creationEdge)\"", lineStyle, "arrowhead=onormal"]
        } else if edge.isResidual {
            attributes.append(lineStyle)
        } else if edge.kind == .unrecorded {
            // Muted and dashed like the node it leaves: a stand-in for links the trace lacks, not one it recorded.
            attributes += ["color=\"\(palette.systemBorder)\"", "style=dashed"]
        }
        attributes.append("tooltip=" + DOTEscaping.quoted(tooltip))
        return attributes
    }

    /// 1 for a single link, 0.8 wider for each doubling of the count, at most 6.
    static func penWidth(forCount count: Int) -> String {
        // Whole doublings in integer arithmetic, so the text is the same on every platform.
        let doublings = Int.bitWidth - max(count, 1).leadingZeroBitCount - 1
        let tenths = min(10 + 8 * doublings, 60)
        return "\(tenths / 10).\(tenths % 10)"
    }

    private func edgeTooltip(_ edge: CauseEffectGraph.Edge, share: Double?, from: String, to: String) -> String {
        let ends = edge.isResidual ? "\(from) ⇢ \(to) through nodes not shown" : "\(from) → \(to)"
        var lines = [ends, "\(edge.kind.rawValue) · \(edge.label.rawValue) ×\(CountText.format(edge.count))"]
        if !edge.changed.isEmpty { lines.append("changed: " + edge.changed.joined(separator: ", ")) }
        if let share { lines.append("carries \(ShareText.percent(share)) of the focused updates") }
        if let groups = groupList(edge.groups) { lines.append(groups) }
        return lines.joined(separator: "\n")
    }

    private func groupList(_ groups: [GroupID]) -> String? {
        guard !groups.isEmpty else { return nil }
        var text =
            (groups.count == 1 ? "update group " : "update groups ")
            + groups.prefix(Self.tooltipGroups).map { "\($0)" }.joined(separator: ", ")
        if groups.count > Self.tooltipGroups { text += " … (\(groups.count) in all)" }
        return text
    }
}
