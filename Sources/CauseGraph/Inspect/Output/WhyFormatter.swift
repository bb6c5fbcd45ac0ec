/// Writes a ``WhyReport`` as text, JSON or Markdown.
package enum WhyFormatter: ReportFormatter {
    /// How many backtrace frames a cause shows.
    static let frames = 3
    /// The width text output fits in.
    package static let width = 80
    /// How many levels of causes are indented. A tree nests up to
    /// ``CauseTree/maximumDepth`` levels, and three columns a level would
    /// leave its deepest titles no room in ``width``: deeper causes keep
    /// this level's indent and show their depth instead (`[7] └─ …`).
    static let indentedLevels = 6

    // MARK: Text

    /// The answer as lines of text, each ended by a newline. They are
    /// appended to one buffer, not joined from an array: `--list --all`
    /// writes a line for every update of a recording.
    package static func text(_ report: WhyReport, style: TextStyle) -> String {
        var text = ""
        if let chain = report.chain {
            text.appendLine(style.paint("\(heading(chain)) \(chain.update.event.id)", .bold))
            textChain(chain.update, indent: "", depth: 0, isLast: true, style: style, into: &text)
            return text
        }
        for (index, tree) in report.views.enumerated() {
            if index > 0 { text.appendLine("") }
            textHeading(tree.node, style: style, into: &text)
            if tree.causes.isEmpty {
                text.appendLine("  No recorded cause.")
            } else {
                text.appendLine("  Why it ran:")
                let percents = ShareText.wholePercents(tree.causes.map(\.share))
                for (position, branch) in tree.causes.enumerated() {
                    let isLast = position == tree.causes.count - 1 && tree.omittedCauses == 0
                    textBranch(
                        branch, percent: percents[position], indent: "  ", depth: 1, isLast: isLast, style: style,
                        into: &text)
                }
                textOmitted(tree.omittedCauses, indent: "  ", depth: 1, style: style, into: &text)
            }
            if let listing = report.listings?[index] {
                text.appendLine("")
                textListing(listing, style: style, into: &text)
            }
        }
        if report.omittedViews > 0 {
            // Apart from the views above it; an offset past them all leaves it the first line.
            if !report.views.isEmpty { text.appendLine("") }
            text.appendLine(style.paint(omittedViewsText(report), .dim))
        }
        // An answer with no line is still one (empty) line.
        return text.isEmpty ? "\n" : text
    }

    private static func textHeading(_ node: CauseEffectGraph.Node, style: TextStyle, into text: inout String) {
        var identity = [node.kind.rawValue]
        if let module = node.module { identity.append(module) }
        identity.append(node.owner.rawValue)
        let suffix = " (" + identity.joined(separator: ", ") + ")"
        let title = TerminalText.fitTitle(node.title, width: width - min(suffix.count, width / 2))
        text.appendLine(style.paint(title, .bold) + TerminalText.fit(suffix, width: width - title.count))
        var figures =
            "  \(CountText.string(node.count, "update")): ran \(CountText.format(node.ran)), skipped \(CountText.format(node.skipped))"
        var longest: Severity?
        if let total = node.totalDuration, let worst = node.maxDuration {
            figures += " · total \(DurationText.string(total)) · worst \(DurationText.string(worst))"
            longest = node.longestSeverity
        }
        var lines: [[(text: String, ink: TextStyle.Ink?)]] = [[(figures, nil)]]
        if let longest { lines[0].append((" (\(KindText.word(longest)))", style.ink(for: longest))) }
        // The longest update need not be the most severe: one still running
        // when the recording stopped has a severity and no duration.
        if let worst = node.severity, worst != longest {
            let upTo = "severity up to \(KindText.word(worst))"
            if TerminalText.columns(lines[0].map(\.text).joined()) + 3 + upTo.count <= width {
                lines[0].append((" · " + upTo, style.ink(for: worst)))
            } else {
                lines.append([("  " + upTo, style.ink(for: worst))])
            }
        }
        for line in lines { text.appendLine(TerminalText.fit(line, width: width, style: style)) }
    }

    /// One cause and its own, `depth` levels below the view; its count is
    /// its ``CauseTree/Branch/flow``, part of the branch it explains, and
    /// `percent` its share as apportioned among its siblings.
    private static func textBranch(
        _ branch: CauseTree.Branch, percent: Int, indent: String, depth: Int, isLast: Bool, style: TextStyle,
        into text: inout String
    ) {
        let lead = indent + depthTag(depth) + (isLast ? "└─ " : "├─ ")
        let label =
            "\(branch.edge.kind.rawValue) ×\(CountText.format(branch.flow)) (\(percent.percentText)) "
        // Indents, connectors and labels are made here of one-scalar
        // characters, so their scalars count their columns, which is cheaper
        // than a walk of graphemes on every line.
        let marked = mark(repeated: branch.isRepeated, elsewhere: branch.isExpandedElsewhere)
        let room = width - lead.unicodeScalars.count - label.unicodeScalars.count - marked.unicodeScalars.count
        let title = TerminalText.fitTitle(branch.cause.title, width: max(room, 12))
        text.appendLine(
            TerminalText.fit(
                [(lead, nil), (label, branch.cause.kind.isCause ? .cyan : .blue), (title, nil), (marked, nil)],
                width: width, style: style))
        let ownIndent = self.ownIndent(indent, depth: depth, isLast: isLast)
        for (index, frame) in branch.cause.backtrace.prefix(frames).enumerated() {
            let lead = index == 0 ? "at " : "   "
            let room = width - ownIndent.unicodeScalars.count - lead.unicodeScalars.count
            text += ownIndent
            text.appendLine(style.paint(lead + TerminalText.fit(frame, width: room), .dim))
        }
        let childIndent = self.childIndent(indent, depth: depth, isLast: isLast)
        let percents = ShareText.wholePercents(branch.causes.map(\.share))
        for (index, child) in branch.causes.enumerated() {
            let isLast = index == branch.causes.count - 1 && branch.omittedCauses == 0
            textBranch(
                child, percent: percents[index], indent: childIndent, depth: depth + 1, isLast: isLast, style: style,
                into: &text)
        }
        textOmitted(branch.omittedCauses, indent: childIndent, depth: depth + 1, style: style, into: &text)
    }

    /// What a bound left out, as the last entry of a list of causes `depth` levels below the view.
    private static func textOmitted(
        _ count: Int, indent: String, depth: Int, style: TextStyle, into text: inout String
    ) {
        guard count > 0 else { return }
        let lead = indent + depthTag(depth) + "└─ "
        text.appendLine(TerminalText.fit([(lead, nil), (omittedText(count), .dim)], width: width, style: style))
    }

    /// The depth a cause below ``indentedLevels`` shows in place of more indent.
    private static func depthTag(_ depth: Int) -> String {
        depth > indentedLevels ? "[\(depth)] " : ""
    }

    /// The indent of the lines under a cause's own line (its backtrace, its
    /// facts): under its title, past its depth tag.
    private static func ownIndent(_ indent: String, depth: Int, isLast: Bool) -> String {
        guard depth <= indentedLevels else {
            return indent + String(repeating: " ", count: depthTag(depth).unicodeScalars.count + 3)
        }
        return indent + (isLast ? "   " : "│  ")
    }

    /// The indent of a cause's own causes: one level more, but past ``indentedLevels``.
    private static func childIndent(_ indent: String, depth: Int, isLast: Bool) -> String {
        depth < indentedLevels ? indent + (isLast ? "   " : "│  ") : indent
    }

    /// What the bounds left out of the matching views (``OmittedText``).
    private static func omittedViewsText(_ report: WhyReport) -> String {
        OmittedText.string(
            report.omittedViews, "matching view", nothingShown: report.views.isEmpty, offset: report.offset)
    }

    /// What the bounds left out of a view's updates (``OmittedText``).
    private static func omittedUpdatesText(_ listing: UpdateListing) -> String {
        OmittedText.string(
            listing.omittedEntries, "update", nothingShown: listing.entries.isEmpty, offset: listing.offset)
    }

    private static func omittedText(_ count: Int) -> String {
        "… \(CountText.string(count, "more cause")) not shown"
    }

    /// Why a cause's own causes are not listed where it stands.
    private static func mark(repeated: Bool, elsewhere: Bool) -> String {
        repeated ? " (cycle)" : elsewhere ? " (causes shown elsewhere)" : ""
    }

    /// One step of an update's chain, `depth` causes back from the update (0).
    private static func textChain(
        _ step: UpdateChain.Step, indent: String, depth: Int, isLast: Bool, style: TextStyle,
        into text: inout String
    ) {
        let event = step.event
        var facts = [event.key.kind.rawValue, "event \(event.id)", "at \(TimeText.string(event.time))"]
        if event.key.kind.isUpdate {
            if let duration = event.duration { facts.append(DurationText.string(duration)) }
            facts.append(event.ran ? "ran" : "skipped")
            if let severity = event.severity { facts.append(KindText.word(severity)) }
        }
        if let group = event.group { facts.append("group \(group)") }
        let isRoot = depth == 0
        let connector = isRoot ? "" : depthTag(depth) + (isLast ? "└─ " : "├─ ")
        let label = step.label.map { "\(VisibleText.singleLine($0.rawValue)) ← " } ?? ""
        let lead = indent + connector + label
        let marked = mark(repeated: step.isRepeated, elsewhere: step.isExpandedElsewhere)
        let room = width - TerminalText.columns(lead) - marked.unicodeScalars.count
        let title = TerminalText.fitTitle(event.key.title, width: max(min(width - indent.count - 40, room), 12))
        text.appendLine(TerminalText.fit([(lead, nil), (title, nil), (marked, nil)], width: width, style: style))
        let ownIndent = isRoot ? "  " : self.ownIndent(indent, depth: depth, isLast: isLast)
        let childIndent = isRoot ? "  " : self.childIndent(indent, depth: depth, isLast: isLast)
        let factsRoom = width - ownIndent.unicodeScalars.count
        text += ownIndent
        text.appendLine(style.paint(TerminalText.fit(facts.joined(separator: " · "), width: factsRoom), .dim))
        if let frame = event.firstFrame {
            text += ownIndent
            text.appendLine(style.paint("at " + TerminalText.fit(frame, width: factsRoom - 3), .dim))
        }
        for (index, cause) in step.causes.enumerated() {
            let isLast = index == step.causes.count - 1 && step.omittedCauses == 0
            textChain(cause, indent: childIndent, depth: depth + 1, isLast: isLast, style: style, into: &text)
        }
        textOmitted(step.omittedCauses, indent: childIndent, depth: depth + 1, style: style, into: &text)
    }

    /// The listing's columns, widths in characters: the event id, its time,
    /// duration (right-aligned, then two spaces), severity and result; the
    /// causes take the rest of the line.
    private static let listingHeading =
        TerminalText.pad("event", 9) + TerminalText.pad("time", 14) + TerminalText.pad("duration", 10, right: true)
        + "  " + TerminalText.pad("severity", severityWidth) + TerminalText.pad("result", 9) + "causes"

    /// The widest severity, `very high`, and two spaces.
    private static let severityWidth = Severity.allCases.map { KindText.word($0).count }.max()! + 2

    private static func textListing(_ listing: UpdateListing, style: TextStyle, into text: inout String) {
        text.appendLine("  " + style.paint(listingHeading, .bold))
        for entry in listing.entries {
            let event = entry.event
            // The id `why --update ID` takes, with a space after it however long it is.
            let id = TerminalText.pad("\(event.id) ", 9)
            text += "  "
            text += id
            text += TerminalText.pad(TimeText.string(event.time), 14)
            text += TerminalText.pad(event.duration.map(DurationText.string) ?? "—", 10, right: true)
            text += "  "
            let severity = TerminalText.pad(event.severity.map(KindText.word) ?? "—", severityWidth)
            text += style.ink(for: event.severity).map { style.paint(severity, $0) } ?? severity
            text += TerminalText.pad(event.ran ? "ran" : "skipped", 9)
            let causes =
                entry.causes.count == 1
                ? TitleText.shown(entry.causes[0].event.key.title)
                : entry.causes.map { TitleText.shown($0.event.key.title) }.joined(separator: ", ")
            text.appendLine(
                TerminalText.fit(
                    causes.isEmpty ? "—" : causes, width: max(width - 37 - severityWidth - id.utf8.count, 16)))
        }
        if listing.omittedEntries > 0 {
            text.appendLine("  " + style.paint(omittedUpdatesText(listing), .dim))
        }
    }

    // MARK: JSON

    package static func json(_ report: WhyReport) -> String {
        var fields = ["\"frameRate\": \(JSONText.number(report.frameRate))"]
        if report.frameRates.count > 1 {
            fields.append("\"frameRates\": [\(report.frameRates.map(JSONText.number).joined(separator: ", "))]")
        }
        if let chain = report.chain {
            fields.append("\"update\": " + jsonStep(chain.update))
        } else {
            let views = report.views.enumerated().map { index, tree in
                var view = [
                    "\"node\": " + GraphJSONEncoder.node(tree.node, groups: .counted),
                    "\"causes\": [" + tree.causes.map(jsonBranch).joined(separator: ", ") + "]",
                    "\"omittedCauses\": \(tree.omittedCauses)",
                ]
                if let listing = report.listings?[index] {
                    view.append("\"updateOrder\": \(JSONText.quoted(listing.order.rawValue))")
                    view.append("\"updates\": [" + listing.entries.map(jsonEntry).joined(separator: ", ") + "]")
                    view.append("\"omittedUpdates\": \(listing.omittedEntries)")
                }
                return "{" + view.joined(separator: ", ") + "}"
            }
            fields.append("\"views\": [\n    " + views.joined(separator: ",\n    ") + "\n  ]")
            fields.append("\"omittedViews\": \(report.omittedViews)")
            let truncated = report.omittedViews > 0 || report.listings?.contains { $0.omittedEntries > 0 } == true
            fields.append("\"truncated\": \(truncated)")
        }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    private static func jsonBranch(_ branch: CauseTree.Branch) -> String {
        GraphJSONEncoder.object([
            "edge": JSONText.quoted(branch.edge.id),
            "kind": JSONText.quoted(branch.edge.kind.rawValue),
            "count": JSONText.number(branch.edge.count),
            "flow": JSONText.number(branch.flow),
            "share": JSONText.number((branch.share * 10_000).rounded() / 10_000),
            "cause": JSONText.quoted(branch.cause.id),
            "title": JSONText.quoted(branch.cause.title),
            "causeKind": JSONText.quoted(branch.cause.kind.rawValue),
            "backtrace": JSONText.strings(Array(branch.cause.backtrace.prefix(frames))),
            "repeated": branch.isRepeated ? "true" : "false",
            "expandedElsewhere": branch.isExpandedElsewhere ? "true" : "false",
            "causes": "[" + branch.causes.map(jsonBranch).joined(separator: ", ") + "]",
            "omittedCauses": JSONText.number(branch.omittedCauses),
        ])
    }

    private static func jsonEvent(_ event: EventLog.Event) -> [(String, String)] {
        [
            ("event", JSONText.number(event.id)),
            ("kind", JSONText.quoted(event.key.kind.rawValue)),
            ("title", JSONText.quoted(event.key.title)),
            ("module", JSONText.quoted(event.key.module)),
            ("time", JSONText.number(event.time)),
            ("duration", JSONText.number(event.duration)),
            ("ran", event.ran ? "true" : "false"),
            ("severity", JSONText.quoted(event.severity?.rawValue)),
            ("group", JSONText.number(event.group)),
        ]
    }

    private static func jsonStep(_ step: UpdateChain.Step) -> String {
        var fields = jsonEvent(step.event)
        fields.append(("label", JSONText.quoted(step.label?.rawValue)))
        fields.append(("repeated", step.isRepeated ? "true" : "false"))
        fields.append(("expandedElsewhere", step.isExpandedElsewhere ? "true" : "false"))
        fields.append(("causes", "[" + step.causes.map(jsonStep).joined(separator: ", ") + "]"))
        fields.append(("omittedCauses", JSONText.number(step.omittedCauses)))
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func jsonEntry(_ entry: UpdateListing.Entry) -> String {
        var fields = jsonEvent(entry.event)
        let causes = entry.causes.map { cause in
            "{\"label\": \(JSONText.quoted(cause.label.rawValue)), \"event\": \(cause.event.id), \"kind\": \(JSONText.quoted(cause.event.key.kind.rawValue)), \"title\": \(JSONText.quoted(cause.event.key.title))}"
        }
        fields.append(("causes", "[" + causes.joined(separator: ", ") + "]"))
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    // MARK: Markdown

    /// What `why --update` explains: an update, or a cause event (a gesture, a state change).
    private static func heading(_ chain: UpdateChain) -> String {
        chain.update.event.key.kind.isUpdate ? "Update" : "Event"
    }

    package static func markdown(_ report: WhyReport) -> String {
        var lines: [String] = []
        if let chain = report.chain {
            lines.append(
                "### \(heading(chain)) \(chain.update.event.id): \(MarkdownText.escape(TitleText.shown(chain.update.event.key.title)))"
            )
            lines.append("")
            markdownChain(chain.update, depth: 0, into: &lines)
            return lines.joined(separator: "\n") + "\n"
        }
        for (index, tree) in report.views.enumerated() {
            if index > 0 { lines.append("") }
            let node = tree.node
            lines.append(
                "### \(MarkdownText.escape(TitleText.shown(node.title))) (\(node.kind.rawValue)\(node.module.map { ", " + MarkdownText.escape($0) } ?? ""))"
            )
            lines.append("")
            lines.append("| updates | ran | skipped | total | worst | severity |")
            lines.append("| ---: | ---: | ---: | ---: | ---: | --- |")
            lines.append(
                "| \(CountText.format(node.count)) | \(CountText.format(node.ran)) | \(CountText.format(node.skipped)) | \(node.totalDuration.map(DurationText.string) ?? "—") | \(node.maxDuration.map(DurationText.string) ?? "—") | \(node.severity.map(KindText.word) ?? "—") |"
            )
            lines.append("")
            if tree.causes.isEmpty {
                lines.append("No recorded cause.")
            } else {
                lines.append("Why it ran:")
                lines.append("")
                let percents = ShareText.wholePercents(tree.causes.map(\.share))
                for (branch, percent) in zip(tree.causes, percents) {
                    markdownBranch(branch, percent: percent, depth: 0, into: &lines)
                }
                markdownOmitted(tree.omittedCauses, depth: 0, into: &lines)
            }
            if let listing = report.listings?[index] {
                lines.append("")
                lines.append("| event | time | duration | severity | result | causes |")
                lines.append("| ---: | ---: | ---: | --- | --- | --- |")
                for entry in listing.entries {
                    let event = entry.event
                    let causes = entry.causes.map {
                        "\($0.event.key.kind.rawValue) \(MarkdownText.escape(TitleText.shown($0.event.key.title)))"
                    }.joined(separator: ", ")
                    lines.append(
                        "| \(event.id) | \(TimeText.string(event.time)) | \(event.duration.map(DurationText.string) ?? "—") | \(event.severity.map(KindText.word) ?? "—") | \(event.ran ? "ran" : "skipped") | \(causes.isEmpty ? "—" : causes) |"
                    )
                }
                if listing.omittedEntries > 0 {
                    lines += ["", omittedUpdatesText(listing) + "."]
                }
            }
        }
        if report.omittedViews > 0 { lines += (report.views.isEmpty ? [] : [""]) + [omittedViewsText(report) + "."] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One cause and its own; `percent` is its share as apportioned among its siblings.
    private static func markdownBranch(
        _ branch: CauseTree.Branch, percent: Int, depth: Int, into lines: inout [String]
    ) {
        let indent = String(repeating: "  ", count: depth)
        var line =
            "\(indent)- **\(branch.edge.kind.rawValue)** ×\(CountText.format(branch.flow)) (\(percent.percentText)): \(MarkdownText.escape(TitleText.shown(branch.cause.title)))"
        line += mark(repeated: branch.isRepeated, elsewhere: branch.isExpandedElsewhere)
        if let frame = branch.cause.backtrace.first { line += " — at \(MarkdownText.escape(frame))" }
        lines.append(line)
        for (child, percent) in zip(branch.causes, ShareText.wholePercents(branch.causes.map(\.share))) {
            markdownBranch(child, percent: percent, depth: depth + 1, into: &lines)
        }
        markdownOmitted(branch.omittedCauses, depth: depth + 1, into: &lines)
    }

    private static func markdownOmitted(_ count: Int, depth: Int, into lines: inout [String]) {
        guard count > 0 else { return }
        lines.append(String(repeating: "  ", count: depth) + "- " + omittedText(count))
    }

    private static func markdownChain(_ step: UpdateChain.Step, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let event = step.event
        var line = "\(indent)- "
        if let label = step.label { line += "\(MarkdownText.escape(label.rawValue)) ← " }
        line +=
            "**\(event.key.kind.rawValue)** \(MarkdownText.escape(TitleText.shown(event.key.title))), event \(event.id) at \(TimeText.string(event.time))"
        if event.key.kind.isUpdate {
            if let duration = event.duration { line += ", \(DurationText.string(duration))" }
            line += event.ran ? ", ran" : ", skipped"
        }
        line += mark(repeated: step.isRepeated, elsewhere: step.isExpandedElsewhere)
        lines.append(line)
        for cause in step.causes { markdownChain(cause, depth: depth + 1, into: &lines) }
        markdownOmitted(step.omittedCauses, depth: depth + 1, into: &lines)
    }
}
