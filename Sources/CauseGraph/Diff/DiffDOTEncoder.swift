/// Encodes a ``GraphDiff`` as Graphviz DOT text.
///
/// Nodes keep the shapes of ``DOTEncoder``; their colour and line say how
/// they changed (``DiffStyle``), and their labels read `72 → 3 (−69)`. Every
/// node and edge carries its union id as its SVG `id` and the classes
/// `diff-added`, `diff-removed`, `diff-more`, `diff-less` or `diff-same`
/// beside those of its kind and owner. All trace text goes through
/// `DOTEscaping`.
package struct DiffDOTEncoder: Sendable {
    /// Colours and lines of each kind of change.
    package var style: DiffStyle
    /// How the legend names the filters given (`--max-nodes` on the command line).
    package var spelling: SettingSpelling

    /// An encoder drawing in `style`, its legend naming filters as `spelling` does.
    package init(style: DiffStyle = .light, spelling: SettingSpelling = .neutral) {
        self.style = style
        self.spelling = spelling
    }

    /// A shaped diff: its kept nodes and edges, its residual edges, and a legend of what shaping left out.
    package func encode(_ shaped: ShapedDiff) -> String {
        encode(shaped.diff, residualEdges: shaped.residualEdges, legend: shaped.legend)
    }

    /// - Parameters:
    ///   - diff: the comparison to draw.
    ///   - residualEdges: edges standing for links through nodes shaping removed, drawn dotted with a hollow head.
    ///   - legend: what shaping left out, listed under the heading; `nil` for a complete diff.
    package func encode(_ diff: GraphDiff, residualEdges: [CauseEffectGraph.Edge] = [], legend: ShapingReport? = nil)
        -> String
    {
        var lines = ["digraph causegraph_diff {"]
        let graphAttributes =
            style.graph.defaultGraphAttributes + [
                "labelloc=t", "labeljust=l", "label=<\(heading(diff, legend: legend))>",
            ]
        lines.append("  graph [\(graphAttributes.joined(separator: ", "))]")
        lines.append(style.graph.defaultNodeLine(adding: []))
        lines.append(style.graph.defaultEdgeLine(adding: []))
        for node in diff.nodes {
            lines.append("  \(node.id) [\(attributes(of: node).joined(separator: ", "))]")
        }
        let titles = Dictionary(uniqueKeysWithValues: diff.nodes.map { ($0.id, $0.title) })
        // A diff's many changed views of one cause would stand in one tall column.
        let lengths = LeafStagger.minimumLengths(
            of: diff.edges.map { ($0.from, $0.to) } + residualEdges.map { ($0.from, $0.to) })
        let minimumLength = { (position: Int) in lengths[position].map { ", minlen=\($0)" } ?? "" }
        for (position, edge) in diff.edges.enumerated() {
            let tooltip = edgeTooltip(edge, from: titles[edge.from] ?? edge.from, to: titles[edge.to] ?? edge.to)
            lines.append(
                "  \(edge.from) -> \(edge.to) [\(attributes(of: edge, tooltip: tooltip).joined(separator: ", "))\(minimumLength(position))]"
            )
        }
        for (position, edge) in residualEdges.enumerated() {
            lines.append(
                "  \(edge.from) -> \(edge.to) [\(residualAttributes(of: edge, from: titles[edge.from] ?? edge.from, to: titles[edge.to] ?? edge.to))\(minimumLength(diff.edges.count + position))]"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The app, the two recordings, a legend of lines that holds without
    /// colour, and what shaping left out.
    private func heading(_ diff: GraphDiff, legend shaping: ShapingReport?) -> String {
        var lines: [String] = []
        if let app = diff.app { lines.append("<B>\(DOTEscaping.htmlTitle(app))</B>") }
        lines.append(DOTEscaping.htmlText("\(DOTEscaping.cut(diff.before.name)) → \(DOTEscaping.cut(diff.after.name))"))
        let legend = DiffChange.allCases.map { change in
            let look = style.look(for: change)
            return "<FONT COLOR=\"\(look.colour)\">\(change.rawValue): \(look.lineName)</FONT>"
        }
        lines.append("<FONT POINT-SIZE=\"9\">" + legend.joined(separator: " · ") + "</FONT>")
        if let shaping {
            let muted = style.graph.palette.mutedText
            let drewDotted = shaping.residualEdges > 0 || shaping.impliedResidualPaths > 0
            let details =
                [DOTLegend.shown(shaping)]
                + shaping.steps.map { ShapingFormatter.line(for: $0, drewDotted: drewDotted, spelling: spelling) }
                + (shaping.residualEdges > 0
                    ? ["dotted edges with a hollow head: cause links through nodes not shown"] : [])
            lines += details.map { "<FONT POINT-SIZE=\"9\" COLOR=\"\(muted)\">\(DOTEscaping.htmlText($0))</FONT>" }
        }
        return lines.joined(separator: "<BR ALIGN=\"LEFT\"/>") + "<BR ALIGN=\"LEFT\"/>"
    }

    // MARK: Nodes

    private func attributes(of node: GraphDiff.Node) -> [String] {
        let look = style.look(for: node.change)
        var styles = ["filled"]
        if node.kind == .body { styles.append("rounded") }
        if let line = look.nodeLine { styles.append(line) }
        var attributes = [
            "id=\"\(node.id)\"",
            "class=\"\(classes(of: node).joined(separator: " "))\"",
            "shape=\(style.graph.shape(of: node.kind))",
            "style=\"\(styles.joined(separator: ","))\"",
            "fillcolor=\"\(look.fill)\"",
            "color=\"\(look.colour)\"",
            "penwidth=\(look.penWidth)",
        ]
        if look.peripheries != 1 { attributes.append("peripheries=\(look.peripheries)") }
        if let margin = style.graph.margin(of: node.kind) { attributes.append("margin=\"\(margin)\"") }
        attributes.append("label=<\(label(of: node))>")
        attributes.append("tooltip=" + DOTEscaping.quoted(tooltip(of: node)))
        return attributes
    }

    /// Class names a stylesheet can select on; fixed vocabulary, never trace text.
    package func classes(of node: GraphDiff.Node) -> [String] {
        [node.change.className, "kind-\(node.kind.rawValue)", "owner-\(node.key.owner.rawValue)"]
    }

    private func label(of node: GraphDiff.Node) -> String {
        let palette = style.graph.palette
        var heading = style.graph.word(for: node.kind)
        if let module = node.key.module { heading += " · " + DOTEscaping.cut(module) }
        heading += " · " + node.change.rawValue.uppercased()
        var lines = [
            "<FONT POINT-SIZE=\"8\" COLOR=\"\(palette.mutedText)\">\(DOTEscaping.htmlText(heading))</FONT>",
            "<B>\(DOTEscaping.htmlTitle(node.title))</B>",
            "<FONT POINT-SIZE=\"9\">\(DOTEscaping.htmlText(countFigures(of: node)))</FONT>",
        ]
        if node.hasDurations {
            let durations = node.totalDuration
            lines.append(
                "<FONT POINT-SIZE=\"9\">\(DOTEscaping.htmlText(DeltaText.duration(durations.before, durations.after)))</FONT>"
            )
        }
        return lines.joined(separator: "<BR/>")
    }

    /// `72 → 3 (−69) updates`, or `3 → 3 (±0) events` for causes.
    func countFigures(of node: GraphDiff.Node) -> String {
        let count = node.count
        return DeltaText.count(count.before, count.after) + (node.kind.isUpdate ? " updates" : " events")
    }

    private func tooltip(of node: GraphDiff.Node) -> String {
        var lines = [node.title]
        var identity = "\(node.kind.rawValue) · \(node.key.owner.rawValue)"
        if let module = node.key.module { identity += " · " + module }
        lines.append(identity)
        lines.append("\(node.change.rawValue): \(countFigures(of: node))")
        if node.kind.isUpdate {
            let ran = (node.before?.ran ?? 0, node.after?.ran ?? 0)
            let skipped = (node.before?.skipped ?? 0, node.after?.skipped ?? 0)
            lines.append("ran \(DeltaText.count(ran.0, ran.1)), skipped \(DeltaText.count(skipped.0, skipped.1))")
            if node.hasDurations {
                lines.append("total " + DeltaText.duration(node.totalDuration.before, node.totalDuration.after))
                lines.append(
                    "worst "
                        + DeltaText.duration(node.before.map(\.maxDuration) ?? 0, node.after.map(\.maxDuration) ?? 0))
            }
            let severities = (node.before?.severity?.rawValue ?? "—", node.after?.severity?.rawValue ?? "—")
            if severities != ("—", "—") { lines.append("severity \(severities.0) → \(severities.1)") }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Edges

    private func attributes(of edge: GraphDiff.Edge, tooltip: String) -> [String] {
        let look = style.look(for: edge.change)
        let count = edge.count
        var attributes = [
            "id=\"\(edge.id)\"",
            "class=\"\(edge.change.className) kind-\(edge.kind.rawValue) label-\(DOTEscaping.classToken(edge.label.rawValue))\"",
            DOTEscaping.edgeLabelAttribute(edge.label, figures: DeltaText.count(count.before, count.after)),
            "style=\(look.edgeLine)",
            "penwidth=\(look.penWidth)",
            "color=\"\(look.doubleEdge ? "\(look.colour):invis:\(look.colour)" : look.colour)\"",
        ]
        if edge.label == .creation { attributes.append("arrowhead=onormal") }
        attributes.append("tooltip=" + DOTEscaping.quoted(tooltip))
        return attributes
    }

    /// Dotted, thin, grey and unlabelled, with a hollow head: not a change, a path the picture hides.
    private func residualAttributes(of edge: CauseEffectGraph.Edge, from: String, to: String) -> String {
        [
            "id=\"\(edge.id)\"",
            "class=\"residual kind-\(edge.kind.rawValue) label-\(DOTEscaping.classToken(edge.label.rawValue))\"",
            "style=dotted",
            "penwidth=\(style.same.penWidth)",
            "color=\"\(style.same.colour)\"",
            "arrowhead=empty",
            "tooltip=" + DOTEscaping.quoted("\(from) ⇢ \(to) through nodes not shown"),
        ].joined(separator: ", ")
    }

    private func edgeTooltip(_ edge: GraphDiff.Edge, from: String, to: String) -> String {
        let count = edge.count
        var lines = [
            "\(from) → \(to)",
            "\(edge.kind.rawValue) · \(edge.change.rawValue): \(edge.label.rawValue) \(DeltaText.count(count.before, count.after))",
        ]
        let skipped = (edge.before?.skipped ?? 0, edge.after?.skipped ?? 0)
        if skipped != (0, 0) { lines.append("skipped \(DeltaText.count(skipped.0, skipped.1))") }
        let changed = Set((edge.before?.changed ?? []) + (edge.after?.changed ?? [])).sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
        if !changed.isEmpty { lines.append("changed: " + changed.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}
