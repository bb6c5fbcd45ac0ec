/// Writes a ``DiffTable`` as text, JSON or Markdown.
///
/// Text fits `width` columns and is coloured only when the style says so;
/// trace text is made safe for each format (control characters visible in
/// text, Markdown escaped, JSON quoted).
package enum DiffFormatter {
    /// The width text output fits in.
    static let width = 80

    /// The table in `format`; text styled with `style`, showing the rows
    /// `textBounds` keep (their order is ignored: the table's own ranks).
    /// Markdown keeps to `markdownLimit` bytes (none: every row), listing
    /// the largest changes by time first and then saying how many more
    /// there are. JSON lists every row.
    package static func format(
        _ table: DiffTable, as format: ReportFormat, style: TextStyle = TextStyle(colour: false),
        markdownLimit: Int? = MarkdownText.commentLimit, textBounds: ListBounds = .all
    ) -> String {
        switch format {
        case .text: text(table, style: style, bounds: textBounds)
        case .json: json(table)
        case .markdown: markdown(table, limit: markdownLimit)
        }
    }

    /// `1 added, 1 less, 6 same`, the classes that occur, in class order.
    private static func tallyText(_ diff: GraphDiff, nodes: Bool) -> String {
        let parts = DiffChange.allCases.compactMap { change -> String? in
            let tally = diff.tally(of: change)
            let count = nodes ? tally.nodes : tally.edges
            return count > 0 ? "\(CountText.format(count)) \(change.rawValue)" : nil
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// The noun a row counts.
    private static func unit(of row: DiffTable.Row) -> String {
        switch row.element {
        case .node(let node): node.kind.isUpdate ? "updates" : node.kind.isRecorded ? "events" : "runs"
        case .edge: "links"
        }
    }

    private static func figures(of row: DiffTable.Row) -> String {
        let count = row.count
        var text = DeltaText.count(count.before, count.after) + " " + unit(of: row)
        if let durations = row.totalDuration { text += " · " + DeltaText.duration(durations.before, durations.after) }
        return text
    }

    // MARK: Text

    /// The word a row leads with and its ink. The table ranks by time, so
    /// a row with a total time on both sides says how that moved (`slower`,
    /// `faster`): `less` would call a view that ran two times fewer but took
    /// a quarter longer an improvement. Other rows say how their count moved.
    static func word(for row: DiffTable.Row) -> (word: String, ink: TextStyle.Ink) {
        if row.change == .more || row.change == .less || row.change == .same,
            let durations = row.totalDuration, let before = durations.before, let after = durations.after,
            before != after
        {
            return after > before ? ("slower", ink(for: .more)) : ("faster", ink(for: .less))
        }
        return (row.change.rawValue, ink(for: row.change))
    }

    static func text(_ table: DiffTable, style: TextStyle, bounds: ListBounds = .all) -> String {
        let diff = table.diff
        var lines: [String] = []
        lines.append(style.paint(TerminalText.fit(diff.app ?? "Diff", width: width), .bold))
        for (word, side) in [("before: ", diff.before), ("after:  ", diff.after)] {
            let suffix = " (\(CountText.string(side.groups, "update group")))"
            lines.append("  \(word)" + TerminalText.fit(side.name, width: width - 10 - suffix.count) + suffix)
        }
        lines.append("  nodes: " + tallyText(diff, nodes: true))
        lines.append("  edges: " + tallyText(diff, nodes: false))
        lines.append("")
        lines.append(style.paint("Changes, largest first: by total time, then by count", .bold))
        if table.rows.isEmpty { lines.append("  none: the same nodes and edges, as often") }
        let indent = String(repeating: " ", count: 17)
        let shared = sharedTitles(table.rows)
        let (shown, omitted) = bounds.cut(table.rows)
        if shown.isEmpty && omitted > 0 {
            // The rows left out are counted after the table, by the caller; an offset past
            // every row would leave the table empty, as if nothing had changed.
            lines.append(
                "  "
                    + style.paint(
                        OmittedText.string(omitted, "change", nothingShown: true, offset: bounds.offset), .dim))
        }
        for row in shown {
            let isNode: Bool
            let title: String
            switch row.element {
            case .node(let node):
                isNode = true
                title = TerminalText.fitTitle(node.title, width: width - indent.count)
            case .edge(_, let from, let to):
                isNode = false
                title = fitEdge(from, to, width: width - indent.count)
            }
            let (name, colour) = word(for: row)
            let word = style.paint(TerminalText.pad(name, 9), colour)
            lines.append("  " + word + TerminalText.pad(isNode ? "node" : "edge", 6) + title)
            let kind = row.kindName + (origin(of: row, among: shared).map { " (\(VisibleText.singleLine($0)))" } ?? "")
            lines += TerminalText.wrap(
                kind + " · " + figures(of: row), first: indent, rest: indent + "  ", width: width)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The kinds and titles more than one node row shows: nodes that differ
    /// only by module or owner (one recording's export names no module,
    /// the other's does), which their titles cannot tell apart.
    private static func sharedTitles(_ rows: [DiffTable.Row]) -> Set<KindAndTitle> {
        var seen: Set<KindAndTitle> = []
        var shared: Set<KindAndTitle> = []
        for row in rows {
            guard case .node(let node) = row.element else { continue }
            let kindAndTitle = KindAndTitle(kind: node.kind, title: node.title)
            if !seen.insert(kindAndTitle).inserted { shared.insert(kindAndTitle) }
        }
        return shared
    }

    /// What a reader tells a node row by: a ``NodeKey`` without module and owner.
    private struct KindAndTitle: Hashable {
        var kind: NodeKind
        var title: String
    }

    /// `module SwiftUI, system`: what tells a node row from another of its
    /// kind and title; `nil` when no other row shares them.
    private static func origin(of row: DiffTable.Row, among shared: Set<KindAndTitle>) -> String? {
        guard case .node(let node) = row.element, shared.contains(KindAndTitle(kind: node.kind, title: node.title))
        else { return nil }
        return (node.key.module.map { "module " + $0 } ?? "no module") + ", " + node.key.owner.rawValue
    }

    /// `from → to` in `width` columns, cutting the longer end first.
    static func fitEdge(_ from: String, _ to: String, width: Int) -> String {
        let room = width - 3
        let (left, right) = (TerminalText.fitTitle(from, width: .max), TerminalText.fitTitle(to, width: .max))
        let leftWidth = left.count + right.count <= room ? left.count : max(room / 2, room - right.count)
        let cutLeft = TerminalText.fit(left, width: leftWidth)
        return cutLeft + " → " + TerminalText.fit(right, width: room - cutLeft.count)
    }

    private static func ink(for change: DiffChange) -> TextStyle.Ink {
        switch change {
        case .added: .green
        case .removed: .red
        case .more: .yellow
        case .less: .blue
        case .same: .dim
        }
    }

    // MARK: JSON

    /// The table as JSON: the rows `bounds` keep, largest first (every row
    /// unless told), then how many it left out.
    package static func json(_ table: DiffTable, bounds: ListBounds = .all) -> String {
        let diff = table.diff
        let (rows, omitted) = bounds.cut(table.rows)
        var lines = ["{"]
        lines.append("  \"before\": \(DiffJSONEncoder.side(diff.before)),")
        lines.append("  \"after\": \(DiffJSONEncoder.side(diff.after)),")
        lines.append("  \"totals\": \(DiffJSONEncoder.totals(diff)),")
        lines.append("  " + GraphJSONEncoder.list("changes", rows.map(jsonRow)) + ",")
        lines.append("  \"omittedChanges\": \(omitted),")
        lines.append("  \"truncated\": \(omitted > 0)")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func jsonRow(_ row: DiffTable.Row) -> String {
        var from: String?
        var to: String?
        var isNode = true
        if case .edge(_, let source, let target) = row.element {
            (from, to, isNode) = (source, target, false)
        }
        let count = row.count
        return GraphJSONEncoder.object([
            "element": JSONText.quoted(isNode ? "node" : "edge"),
            "id": JSONText.quoted(row.id),
            "change": JSONText.quoted(row.change.rawValue),
            "kind": JSONText.quoted(row.kindName),
            "title": JSONText.quoted(row.title),
            "from": JSONText.quoted(from),
            "to": JSONText.quoted(to),
            "count": DiffJSONEncoder.comparison(count.before, count.after),
            "totalDuration": row.totalDuration.map { DiffJSONEncoder.comparison($0.before, $0.after) } ?? "null",
        ])
    }

    // MARK: Markdown

    /// The longest title a Markdown row shows when the table is limited, in characters.
    static let markdownTitleWidth = 300

    static func markdown(_ table: DiffTable, limit: Int?) -> String {
        let diff = table.diff
        var page = MarkdownPage(limit: limit)
        page.append("## SwiftUI update diff" + (diff.app.map { ": " + MarkdownText.escape($0) } ?? ""))
        page.append("")
        page.append(
            "Before: \(MarkdownText.escape(diff.before.name)) (\(CountText.string(diff.before.groups, "update group"))) · "
                + "after: \(MarkdownText.escape(diff.after.name)) (\(CountText.string(diff.after.groups, "update group")))"
        )
        page.append("")
        page.append("| | " + DiffChange.allCases.map(\.rawValue).joined(separator: " | ") + " |")
        page.append("| --- |" + String(repeating: " ---: |", count: DiffChange.allCases.count))
        for name in ["nodes", "edges"] {
            let counts = DiffChange.allCases.map { change in
                let tally = diff.tally(of: change)
                return CountText.format(name == "nodes" ? tally.nodes : tally.edges)
            }
            page.append("| \(name) | " + counts.joined(separator: " | ") + " |")
        }
        page.append("")
        page.append("### Changes, largest first: by total time, then by count")
        page.append("")
        if table.rows.isEmpty {
            page.append("None: the same nodes and edges, as often.")
            return page.text
        }
        page.append("| change | what | kind | count | total time |")
        page.append("| --- | --- | --- | ---: | ---: |")
        let shared = sharedTitles(table.rows)
        let left = page.appendEach(table.rows) { row in
            [
                markdownRow(
                    row, origin: origin(of: row, among: shared), titleWidth: limit == nil ? nil : markdownTitleWidth)
            ]
        }
        if left > 0 {
            page.append("")
            page.append(
                "… and \(CountText.string(left, "more change")) not shown, each smaller by time or count; "
                    + "`causegraph diff --all` lists every one.")
        }
        return page.text
    }

    private static func markdownRow(_ row: DiffTable.Row, origin: String?, titleWidth: Int?) -> String {
        let count = row.count
        let element =
            row.isNode ? row.kindName + (origin.map { " (\(MarkdownText.escape($0)))" } ?? "") : row.kindName + " edge"
        let time = row.totalDuration.map { DeltaText.duration($0.before, $0.after) } ?? ""
        let title = titleWidth.map { TerminalText.fitTitle(row.title, width: $0) } ?? row.title
        return "| \(word(for: row).word) | \(MarkdownText.escape(title)) | \(element) | "
            + "\(DeltaText.count(count.before, count.after)) | \(time) |"
    }
}
