/// Writes traced hitches and hangs (``HitchCause``): the section `summary`
/// adds when a trace holds any, and the answer of `why --hitch N`.
package enum HitchFormatter {
    /// How many update nodes the detail of one hitch lists.
    static let listedUpdates = 10

    /// The hitch traced to its causes, in `format`; text styled with `style`.
    package static func format(
        _ cause: HitchCause, as format: ReportFormat, style: TextStyle = TextStyle(colour: false)
    )
        -> String
    {
        switch format {
        case .text: detailText(cause, style: style)
        case .json: json(cause) + "\n"
        case .markdown: detailMarkdown(cause)
        }
    }

    /// `33.3 ms hitch`, `265 ms hang (Microhang)`.
    static func name(_ hitch: Hitch) -> String {
        let duration = DurationText.string(hitch.duration)
        switch hitch.kind {
        case .hitch: return "\(duration) hitch"
        case .hang:
            return "\(duration) hang"
                + (hitch.hangType.flatMap { $0.isEmpty ? nil : " (\(VisibleText.singleLine($0)))" } ?? "")
        }
    }

    /// The hitch and its chain of causes on one line: `33.3 ms hitch ← 24 ×
    /// LandmarkListItemView ← ModelData.favoritesCollection ← Tap`; titles are
    /// made safe for the terminal by `title`.
    static func chainLine(_ cause: HitchCause, title: (String) -> String) -> String {
        guard let top = cause.chain.first, let count = cause.updates.first?.count else {
            return name(cause.hitch) + " ← no update overlaps it"
        }
        let links =
            ["\(CountText.format(count)) × " + title(top.title)] + cause.chain.dropFirst().map { title($0.title) }
        return ([name(cause.hitch)] + links).joined(separator: " ← ")
    }

    /// Where and when: `at 2043.667 ms · update group 1 · Potentially expensive app update(s)`.
    static func placeLine(_ cause: HitchCause) -> String {
        var parts = ["at " + TimeText.string(cause.hitch.start)]
        switch cause.overlap.groups.count {
        case 0: parts.append("no update group")
        case 1: parts.append("update group \(cause.overlap.groups[0])")
        default: parts.append("update groups " + cause.overlap.groups.map(String.init).joined(separator: ", "))
        }
        if let narrative = cause.hitch.narrative, !narrative.isEmpty { parts.append(VisibleText.singleLine(narrative)) }
        return parts.joined(separator: " · ")
    }

    // MARK: Summary section

    static func summaryText(_ causes: [HitchCause], style: TextStyle) -> [String] {
        let width = WhyFormatter.width
        var lines = ["", style.paint("Hitches and hangs", .bold)]
        for cause in causes {
            let lead = "  \(cause.number). "
            let line = chainLine(cause) { TerminalText.fitTitle($0, width: 40) }
            lines += TerminalText.wrap(
                line, first: lead, rest: String(repeating: " ", count: lead.count + 2), width: width)
            lines.append(
                String(repeating: " ", count: lead.count)
                    + style.paint(TerminalText.fit(placeLine(cause), width: width - lead.count), .dim))
        }
        return lines
    }

    /// A bulleted list: the numbers shown need not run on, and a numbered
    /// list would renumber them.
    static func summaryMarkdown(_ causes: [HitchCause]) -> [String] {
        var lines = ["", "### Hitches and hangs", ""]
        for cause in causes {
            lines.append(
                "- \(cause.number). \(MarkdownText.escape(chainLine(cause, title: TitleText.shown))) (\(MarkdownText.escape(placeLine(cause))))"
            )
        }
        return lines
    }

    static func summaryJSON(_ causes: [HitchCause]) -> String {
        "\"hitches\": [\n    " + causes.map(json).joined(separator: ",\n    ") + "\n  ]"
    }

    // MARK: One hitch

    static func json(_ cause: HitchCause) -> String {
        let object = GraphJSONEncoder.object
        return object([
            "number": JSONText.number(cause.number),
            "kind": JSONText.quoted(cause.hitch.kind.rawValue),
            "hangType": JSONText.quoted(cause.hitch.hangType),
            "start": JSONText.number(cause.hitch.start),
            "duration": JSONText.number(cause.hitch.duration),
            "process": JSONText.quoted(cause.hitch.process),
            "narrative": JSONText.quoted(cause.hitch.narrative),
            "groups": "[" + cause.overlap.groups.map { JSONText.number($0) }.joined(separator: ", ") + "]",
            "updates": "["
                + cause.updates.map {
                    object([
                        "node": JSONText.quoted($0.node.id), "title": JSONText.quoted($0.node.title),
                        "count": JSONText.number($0.count),
                    ])
                }.joined(separator: ", ") + "]",
            "chain": JSONText.strings(cause.chain.map(\.id)),
            "rootCauses": JSONText.strings(cause.rootCauses.map(\.id)),
        ])
    }

    static func detailText(_ cause: HitchCause, style: TextStyle) -> String {
        let width = WhyFormatter.width
        var lines = [style.paint("Hitch \(cause.number)", .bold) + ": " + name(cause.hitch)]
        lines += TerminalText.wrap(placeLine(cause), first: "  ", rest: "    ", width: width)
        if let process = cause.hitch.process, !process.isEmpty {
            lines.append("  process: " + TerminalText.fit(process, width: width - 11))
        }
        lines.append("")
        if cause.updates.isEmpty {
            lines.append("  No update group overlaps it: causegraph cannot tell what the frame waited on.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("  Updates in its groups:")
        for (node, count) in cause.updates.prefix(listedUpdates) {
            let figure = TerminalText.pad(CountText.format(count) + " ×", 9, right: true) + " "
            lines.append(
                "  " + figure + TerminalText.fitTitle(node.title, width: width - 3 - figure.count)
                    + " (\(node.kind.rawValue))")
        }
        if cause.updates.count > listedUpdates {
            lines.append("    … and \(CountText.format(cause.updates.count - listedUpdates)) more")
        }
        lines.append("")
        lines.append("  Chain, effect to cause:")
        for (index, node) in cause.chain.enumerated() {
            let lead = index == 0 ? "    " : "    ← "
            lines.append(
                lead + TerminalText.fitTitle(node.title, width: width - lead.count - 16) + " (\(node.kind.rawValue))")
        }
        lines.append("")
        let roots = cause.rootCauses.map { TerminalText.fitTitle($0.title, width: 40) + " (\($0.kind.rawValue))" }
        lines += TerminalText.wrap(
            "Root causes: " + (roots.isEmpty ? "none recorded" : roots.joined(separator: ", ")), first: "  ",
            rest: "    ", width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    static func detailMarkdown(_ cause: HitchCause) -> String {
        var lines = [
            "## Hitch \(cause.number): \(MarkdownText.escape(name(cause.hitch)))", "",
            MarkdownText.escape(placeLine(cause)) + ".", "",
        ]
        lines.append("- Chain: " + MarkdownText.escape(chainLine(cause, title: TitleText.shown)))
        lines.append(
            "- Root causes: "
                + (cause.rootCauses.isEmpty
                    ? "none recorded"
                    : cause.rootCauses.map { MarkdownText.escape(TitleText.shown($0.title)) }.joined(separator: ", ")))
        if !cause.updates.isEmpty {
            lines += ["", "| updates | view | kind |", "| ---: | --- | --- |"]
            for (node, count) in cause.updates.prefix(listedUpdates) {
                lines.append(
                    "| \(CountText.format(count)) | \(MarkdownText.escape(TitleText.shown(node.title))) | \(node.kind.rawValue) |"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
