/// Writes a ``TraceSummary`` as text, JSON or Markdown.
package enum SummaryFormatter: ReportFormatter {
    private static func duration(_ value: Nanoseconds?) -> String {
        value.map(DurationText.string) ?? "—"
    }

    /// The durations that rate an update orange or red. A severity the trace
    /// records (Instruments rates each update) comes first, so the counts
    /// need not follow the durations.
    private static func thresholds(_ summary: TraceSummary) -> String {
        summary.frameRates.map { rate in
            let frame = FrameBudget(frameRate: rate).frameDuration
            return
                "orange ≥ \(DurationText.string((frame + 15) / 16)), red ≥ \(DurationText.string((frame + 7) / 8)) at \(JSONText.number(rate)) Hz"
        }.joined(separator: "; ") + (summary.frameRates.count > 1 ? ", each update at its trace's rate" : "")
            + ", unless the trace rates the update"
    }

    // MARK: Text

    package static func text(_ summary: TraceSummary, style: TextStyle) -> String {
        let width = WhyFormatter.width
        var lines: [String] = []
        let totals = summary.totals
        lines.append(style.paint(TerminalText.fit(summary.app ?? "Trace", width: width), .bold))
        lines += totalsLines(totals, bullet: "  ")

        lines.append("")
        lines.append(style.paint("Long updates", .bold))
        lines += TerminalText.wrap(thresholds(summary), first: "  ", rest: "  ", width: width).map {
            style.paint($0, .dim)
        }
        // A count column widens to keep a space before its widest count.
        let orangeWidth = summary.lanes.map { CountText.format($0.orange).count + 1 }.reduce(7, max)
        let redWidth = summary.lanes.map { CountText.format($0.red).count + 1 }.reduce(6, max)
        lines.append(
            "  " + TerminalText.pad("lane", 28) + TerminalText.pad("orange", orangeWidth, right: true)
                + TerminalText.pad("red", redWidth, right: true) + "  worst")
        for lane in summary.lanes {
            let worst = lane.worst.first.map { "\(DurationText.string($0.duration)) (event \($0.event))" } ?? "—"
            lines.append(
                "  " + TerminalText.pad(lane.name, 28)
                    + style.paint(
                        TerminalText.pad(CountText.format(lane.orange), orangeWidth, right: true),
                        lane.orange > 0 ? .yellow : .dim)
                    + style.paint(
                        TerminalText.pad(CountText.format(lane.red), redWidth, right: true),
                        lane.red > 0 ? .red : .dim)
                    + "  " + worst)
        }

        lines.append("")
        lines.append(style.paint("Body updates by module and view", .bold))
        if summary.modules.isEmpty && summary.omitted.views == 0 { lines.append("  none") }
        let cellsOfRow = { (row: TraceSummary.ViewRow) in
            [
                CountText.format(row.node.count), CountText.format(row.node.ran), CountText.format(row.node.skipped),
                duration(row.node.totalDuration), duration(row.average), duration(row.node.maxDuration),
            ]
        }
        // A column widens, for every module alike, to keep a space before its widest cell.
        let widest = summary.modules.flatMap(\.views).map(cellsOfRow).reduce(into: [Int](repeating: 0, count: 6)) {
            widths, cells in
            for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], cell.count + 1) }
        }
        let numbers = zip([("count", 6), ("ran", 6), ("skip", 6), ("total", 9), ("avg", 9), ("worst", 9)], widest).map {
            ($0.0, max($0.1, $1))
        }
        let nameWidth = width - 2 - numbers.reduce(0) { $0 + $1.1 }
        for module in summary.modules {
            lines.append(
                "  " + style.paint(TerminalText.fit(module.name ?? "(no module)", width: width - 14), .bold) + " · "
                    + (module.totalDuration.map(DurationText.string) ?? "—"))
            lines.append(
                "  " + TerminalText.pad("  view", nameWidth)
                    + numbers.map { TerminalText.pad($0.0, $0.1, right: true) }.joined())
            for row in module.views {
                let node = row.node
                var line =
                    "  " + TerminalText.pad("  " + TerminalText.fitTitle(node.title, width: nameWidth - 3), nameWidth)
                for (cell, column) in zip(cellsOfRow(row), numbers) {
                    line += TerminalText.pad(cell, column.1, right: true)
                }
                lines.append(style.ink(for: node.severity).map { ink in style.paint(line, ink) } ?? line)
            }
        }
        textOmitted(
            summary.omitted.views, "view", nothingShown: summary.modules.isEmpty, offset: summary.offset, style: style,
            into: &lines)

        let causes = summary.topCauses.map { cause in
            let figures =
                " drove \(CountText.string(cause.drove, "update")) of \(CountText.string(cause.targets, "view"))"
            // Most cause titles name their kind (`@State: query`, `Gesture: Scroll`):
            // the kind is said only for those that do not, so the columns go to the name.
            let label =
                "  "
                + (KindText.isNamed(cause.node.kind, by: cause.node.title) ? "" : KindText.word(cause.node.kind) + " ")
            return label + TerminalText.fitTitle(cause.node.title, width: width - label.count - figures.count) + figures
        }
        textSection(
            "Top causes by fan-out", causes, omitted: summary.omitted.causes, "cause", offset: summary.offset,
            style: style, into: &lines)
        let interactions = summary.interactions.map { interaction in
            let lead =
                "  group \(interaction.group) · \(interaction.bodyTime.map(DurationText.string) ?? "—")"
                + " in \(CountText.string(interaction.bodies, "body", "bodies")) · "
            return lead + TerminalText.fit(describe(interaction), width: max(width - lead.count, 8))
        }
        textSection(
            "Interactions by body time", interactions, omitted: summary.omitted.interactions, "interaction",
            offset: summary.offset, style: style, into: &lines)

        // Shown too when an offset passed over every title, to say so.
        if !summary.unclassifiedTitles.isEmpty || summary.omitted.unclassifiedTitles > 0 {
            lines.append("")
            lines.append(style.paint("Titles no classification rule matched", .bold))
            for title in summary.unclassifiedTitles { lines.append("  " + TerminalText.fit(title, width: width - 2)) }
            textOmitted(
                summary.omitted.unclassifiedTitles, "title", nothingShown: summary.unclassifiedTitles.isEmpty,
                offset: summary.offset, style: style, into: &lines)
        }

        lines.append("")
        lines.append(style.paint("Findings", .bold))
        if summary.findings.isEmpty && summary.omitted.findings == 0 { lines.append("  none") }
        for (index, finding) in summary.findings.enumerated() {
            let lead = "  \(index + 1). "
            var heading = TerminalText.wrap(
                finding.kind.name + ": " + VisibleText.singleLine(finding.summary), first: lead, rest: "     ",
                width: width)
            heading[0] =
                lead + style.paint(finding.kind.name, .red)
                + String(heading[0].dropFirst(lead.count + finding.kind.name.count))
            lines += heading
            for evidence in finding.evidence {
                lines += TerminalText.wrap(
                    VisibleText.singleLine(evidence), first: "     · ", rest: "       ", width: width)
            }
            if let group = finding.exampleGroup { lines.append("     · e.g. update group \(group)") }
            lines += TerminalText.wrap("fix: " + finding.fix, first: "     ", rest: "          ", width: width).map {
                style.paint($0, .cyan)
            }
        }
        textOmitted(
            summary.omitted.findings, "finding", nothingShown: summary.findings.isEmpty, offset: summary.offset,
            style: style, into: &lines)
        if !summary.hitches.isEmpty || summary.omitted.hitches > 0 {
            lines += HitchFormatter.summaryText(summary.hitches, style: style)
        }
        textOmitted(
            summary.omitted.hitches, "hitch or hang", "hitches and hangs", nothingShown: summary.hitches.isEmpty,
            offset: summary.offset, style: style, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A section after a blank line: its bold heading, its lines or "none"
    /// (when none was left out either: an offset past the shown ones leaves
    /// a list empty but not none), and how many were left out.
    private static func textSection(
        _ heading: String, _ items: [String], omitted count: Int, _ noun: String, offset: Int, style: TextStyle,
        into lines: inout [String]
    ) {
        lines += ["", style.paint(heading, .bold)]
        lines += items.isEmpty && count == 0 ? ["  none"] : items
        textOmitted(count, noun, nothingShown: items.isEmpty, offset: offset, style: style, into: &lines)
    }

    /// What a bound left out of a list, as the list's last line (``OmittedText``).
    private static func textOmitted(
        _ count: Int, _ noun: String, _ plural: String? = nil, nothingShown: Bool, offset: Int, style: TextStyle,
        into lines: inout [String]
    ) {
        guard count > 0 else { return }
        let text = OmittedText.string(count, noun, plural, nothingShown: nothingShown, offset: offset)
        lines.append("  " + style.paint(text, .dim))
    }

    /// `gesture 12 (Tap) · Transaction for Gesture`: which gestures, by
    /// event id, led into the group, and what the group was.
    static func describe(_ interaction: RankedInteraction) -> String {
        var parts: [String] = []
        if let title = interaction.gestureTitle {
            let ids = interaction.gestures.map { "\($0)" }.joined(separator: ", ")
            let name = VisibleText.singleLine(TitleText.shown(title))
            parts.append("\(interaction.gestures.count == 1 ? "gesture" : "gestures") \(ids) (\(name))")
        }
        if let label = interaction.label, !label.allSatisfy(\.isWhitespace) {
            parts.append(VisibleText.singleLine(label))
        }
        return parts.isEmpty ? "—" : parts.joined(separator: " · ")
    }

    // MARK: JSON

    package static func json(_ summary: TraceSummary) -> String {
        let totals = summary.totals
        let object = GraphJSONEncoder.object
        var fields: [String] = []
        fields.append("\"app\": \(JSONText.quoted(summary.app))")
        fields.append("\"frameRate\": \(JSONText.number(summary.frameRate))")
        if summary.frameRates.count > 1 {
            fields.append("\"frameRates\": [\(summary.frameRates.map(JSONText.number).joined(separator: ", "))]")
        }
        fields.append(
            "\"totals\": "
                + object([
                    "events": JSONText.number(totals.events),
                    "causeEvents": JSONText.number(totals.causeEvents),
                    "updateEvents": JSONText.number(totals.updateEvents),
                    "bodyRan": JSONText.number(totals.bodyRan),
                    "bodySkipped": JSONText.number(totals.bodySkipped),
                    "unexplainedUpdates": JSONText.number(totals.unexplainedUpdates),
                    "groups": JSONText.number(totals.groups),
                    "groupsTotalDuration": JSONText.number(totals.groupsTotalDuration),
                    "worstGroup": JSONText.number(totals.worstGroup?.id),
                    "worstGroupDuration": JSONText.number(totals.worstGroup?.duration),
                ]))
        let lanes = summary.lanes.map { lane in
            object([
                "name": JSONText.quoted(lane.name),
                "kind": JSONText.quoted(lane.kind.rawValue),
                "orange": JSONText.number(lane.orange),
                "red": JSONText.number(lane.red),
                "worst": "[" + lane.worst.map(example).joined(separator: ", ") + "]",
            ])
        }
        fields.append("\"lanes\": [\n    " + lanes.joined(separator: ",\n    ") + "\n  ]")
        let modules = summary.modules.map { module in
            object([
                "module": JSONText.quoted(module.name),
                "totalDuration": JSONText.number(module.totalDuration),
                "views": "["
                    + module.views.map { row in
                        object([
                            "node": JSONText.quoted(row.node.id),
                            "title": JSONText.quoted(row.node.title),
                            "count": JSONText.number(row.node.count),
                            "ran": JSONText.number(row.node.ran),
                            "skipped": JSONText.number(row.node.skipped),
                            "totalDuration": JSONText.number(row.node.totalDuration),
                            "averageDuration": JSONText.number(row.average),
                            "maxDuration": JSONText.number(row.node.maxDuration),
                            "severity": JSONText.quoted(row.node.severity?.rawValue),
                        ])
                    }.joined(separator: ", ") + "]",
            ])
        }
        fields.append(
            "\"modules\": [" + (modules.isEmpty ? "]" : "\n    " + modules.joined(separator: ",\n    ") + "\n  ]"))
        let causes = summary.topCauses.map { cause in
            object([
                "node": JSONText.quoted(cause.node.id),
                "kind": JSONText.quoted(cause.node.kind.rawValue),
                "title": JSONText.quoted(cause.node.title),
                "drove": JSONText.number(cause.drove),
                "targets": JSONText.number(cause.targets),
            ])
        }
        fields.append(
            "\"topCauses\": [" + (causes.isEmpty ? "]" : "\n    " + causes.joined(separator: ",\n    ") + "\n  ]"))
        let interactions = summary.interactions.map { interaction in
            object([
                "group": JSONText.number(interaction.group),
                "label": JSONText.quoted(interaction.label),
                "start": JSONText.number(interaction.start),
                "bodies": JSONText.number(interaction.bodies),
                "bodyTime": JSONText.number(interaction.bodyTime),
                "gestures": "[" + interaction.gestures.map { "\($0)" }.joined(separator: ", ") + "]",
                "gestureTitle": JSONText.quoted(interaction.gestureTitle),
            ])
        }
        fields.append(
            "\"interactions\": ["
                + (interactions.isEmpty ? "]" : "\n    " + interactions.joined(separator: ",\n    ") + "\n  ]"))
        fields.append("\"unclassifiedTitles\": " + JSONText.strings(summary.unclassifiedTitles))
        let findings = summary.findings.map { finding in
            object([
                "kind": JSONText.quoted(finding.kind.rawValue),
                "summary": JSONText.quoted(finding.summary),
                "evidence": JSONText.strings(finding.evidence),
                "fix": JSONText.quoted(finding.fix),
                "figures": finding.figuresJSON,
                "nodes": JSONText.strings(finding.nodes),
                "edge": JSONText.quoted(finding.edge),
                "exampleGroup": JSONText.number(finding.exampleGroup),
            ])
        }
        fields.append(
            "\"findings\": [" + (findings.isEmpty ? "]" : "\n    " + findings.joined(separator: ",\n    ") + "\n  ]"))
        if !summary.hitches.isEmpty { fields.append(HitchFormatter.summaryJSON(summary.hitches)) }
        if !summary.omitted.isEmpty {
            let omitted = summary.omitted
            fields.append(
                "\"omitted\": "
                    + object([
                        "views": JSONText.number(omitted.views), "causes": JSONText.number(omitted.causes),
                        "interactions": JSONText.number(omitted.interactions),
                        "unclassifiedTitles": JSONText.number(omitted.unclassifiedTitles),
                        "findings": JSONText.number(omitted.findings), "hitches": JSONText.number(omitted.hitches),
                    ]))
        }
        fields.append("\"truncated\": \(summary.omitted.isEmpty ? "false" : "true")")
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    private static func example(_ update: UpdateExample) -> String {
        GraphJSONEncoder.object([
            "event": JSONText.number(update.event),
            "node": JSONText.quoted(update.node),
            "time": JSONText.number(update.time),
            "duration": JSONText.number(update.duration),
            "severity": JSONText.quoted(update.severity?.rawValue),
            "group": JSONText.number(update.group),
        ])
    }

    // MARK: Markdown

    /// `; 4 view updates with no recorded cause`, or nothing when every update had one.
    /// Events, update groups and body updates, one line each: the text and
    /// Markdown summaries differ only in how a line starts.
    private static func totalsLines(_ totals: TraceSummary.Totals, bullet: String) -> [String] {
        var groups = bullet + CountText.string(totals.groups, "update group")
        if totals.groups > 0 {
            groups += ": total \(DurationText.string(totals.groupsTotalDuration))"
            if let worst = totals.worstGroup, let length = worst.duration {
                groups += ", worst \(DurationText.string(length)) (group \(worst.id))"
            }
        }
        return [
            bullet
                + "\(CountText.string(totals.events, "event")): \(CountText.string(totals.causeEvents, "cause")), "
                + CountText.string(totals.updateEvents, "update"),
            groups,
            bullet
                + "Body updates: \(CountText.format(totals.bodyRan)) ran, \(CountText.format(totals.bodySkipped)) skipped"
                + unexplained(totals),
        ]
    }

    private static func unexplained(_ totals: TraceSummary.Totals) -> String {
        guard totals.unexplainedUpdates > 0 else { return "" }
        return "; \(CountText.string(totals.unexplainedUpdates, "view update")) with no recorded cause"
    }

    package static func markdown(_ summary: TraceSummary) -> String {
        let totals = summary.totals
        var lines = ["## SwiftUI updates: \(MarkdownText.escape(summary.app ?? "trace"))", ""]
        lines += totalsLines(totals, bullet: "- ")
        lines += ["", "### Long updates", "", "\(thresholds(summary)).", ""]
        lines.append("| lane | orange | red | worst |")
        lines.append("| --- | ---: | ---: | --- |")
        for lane in summary.lanes {
            let worst = lane.worst.first.map { "\(DurationText.string($0.duration)) (event \($0.event))" } ?? "—"
            lines.append(
                "| \(lane.name) | \(CountText.format(lane.orange)) | \(CountText.format(lane.red)) | \(worst) |")
        }
        lines += ["", "### Body updates by module and view", ""]
        lines.append("| module | view | count | ran | skipped | total | average | worst |")
        lines.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for module in summary.modules {
            for row in module.views {
                let node = row.node
                lines.append(
                    "| \(MarkdownText.escape(module.name ?? "—")) | \(MarkdownText.escape(TitleText.shown(node.title))) | \(CountText.format(node.count)) | \(CountText.format(node.ran)) | \(CountText.format(node.skipped)) | \(duration(node.totalDuration)) | \(duration(row.average)) | \(duration(node.maxDuration)) |"
                )
            }
        }
        // A blank line first: a line right under a table would be read as one more row.
        if summary.omitted.views > 0 {
            let omitted = OmittedText.string(
                summary.omitted.views, "view", nothingShown: summary.modules.isEmpty, offset: summary.offset)
            lines += ["", omitted + "."]
        }
        let causes = summary.topCauses.map { cause in
            "- \(MarkdownText.escape(TitleText.shown(cause.node.title))) (\(MarkdownText.escape(KindText.word(cause.node.kind)))): drove \(CountText.string(cause.drove, "update")) of \(CountText.string(cause.targets, "view"))"
        }
        markdownSection(
            "Top causes by fan-out", causes, omitted: summary.omitted.causes, "cause", offset: summary.offset,
            into: &lines)
        let interactions = summary.interactions.map { interaction in
            "- **group \(interaction.group)** \(MarkdownText.escape(describe(interaction))): \(CountText.string(interaction.bodies, "body", "bodies")), \(interaction.bodyTime.map(DurationText.string) ?? "—")"
        }
        markdownSection(
            "Interactions by body time", interactions, omitted: summary.omitted.interactions, "interaction",
            offset: summary.offset, into: &lines)
        if !summary.unclassifiedTitles.isEmpty || summary.omitted.unclassifiedTitles > 0 {
            lines += ["", "### Titles no classification rule matched", ""]
            lines += summary.unclassifiedTitles.map { "- \(MarkdownText.escape($0))" }
            markdownOmitted(
                summary.omitted.unclassifiedTitles, "title", nothingShown: summary.unclassifiedTitles.isEmpty,
                offset: summary.offset, into: &lines)
        }
        let findings = summary.findings.flatMap { finding in
            ["- **\(finding.kind.name)**: \(MarkdownText.escape(finding.summary))"]
                + finding.evidence.map { "  - \(MarkdownText.escape($0))" }
                + (finding.exampleGroup.map { ["  - e.g. update group \($0)"] } ?? [])
                + ["  - *Fix:* \(MarkdownText.escape(finding.fix))"]
        }
        markdownSection(
            "Findings", findings, omitted: summary.omitted.findings, "finding", offset: summary.offset, into: &lines)
        if !summary.hitches.isEmpty || summary.omitted.hitches > 0 {
            lines += HitchFormatter.summaryMarkdown(summary.hitches)
        }
        if summary.omitted.hitches > 0 {
            let omitted = OmittedText.string(
                summary.omitted.hitches, "hitch or hang", "hitches and hangs", nothingShown: summary.hitches.isEmpty,
                offset: summary.offset)
            // Under the heading's blank line when the offset passed over every one.
            lines += (summary.hitches.isEmpty ? [] : [""]) + [omitted + "."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A section: its heading, its lines or "None." (when none was left out
    /// either), and how many were left out.
    private static func markdownSection(
        _ heading: String, _ items: [String], omitted count: Int, _ noun: String, offset: Int,
        into lines: inout [String]
    ) {
        lines += ["", "### " + heading, ""]
        lines += items.isEmpty && count == 0 ? ["None."] : items
        markdownOmitted(count, noun, nothingShown: items.isEmpty, offset: offset, into: &lines)
    }

    private static func markdownOmitted(
        _ count: Int, _ noun: String, nothingShown: Bool, offset: Int, into lines: inout [String]
    ) {
        if count > 0 {
            lines.append("- " + OmittedText.string(count, noun, nothingShown: nothingShown, offset: offset))
        }
    }
}
