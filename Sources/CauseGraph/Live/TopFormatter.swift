/// The table of `causegraph top`: the views whose bodies ran most, in the
/// last interval and in total, how many of those runs had no recorded
/// change, and what drove the others.
package enum TopFormatter {
    /// What the table's first line says about the log.
    package struct Heading: Sendable {
        /// The log's name: its path, or `<stdin>`.
        package var source: String
        /// The interval, as typed (`1s`).
        package var interval: String
        /// Whether the log has ended: the table is the final one.
        package var ended: Bool

        package init(source: String, interval: String, ended: Bool) {
            self.source = source
            self.interval = interval
            self.ended = ended
        }
    }

    /// The columns the first line keeps to without a `width`: a log's
    /// long path is cut from its start, so the counts stay on the line.
    package static let headingWidth = 80

    /// - Parameters:
    ///   - rows: at most this many views; `nil` lists every view.
    ///   - width: cut each line to this many characters, for a terminal.
    ///   - keys: end with the keys the terminal's user can press, after a
    ///     blank line, cut to `width` like the table's lines.
    ///   - leftOut: the last line when `rows` left views out, given how
    ///     many; without it the line is `… N more`.
    package static func format(
        _ tally: LiveTally, heading: Heading, rows: Int? = nil, width: Int? = nil, keys: Bool = false,
        style: TextStyle = TextStyle(colour: false), leftOut: ((Int) -> String)? = nil
    ) -> String {
        let ranking = tally.ranking
        let shown = rows.map { Array(ranking.prefix(max($0, 0))) } ?? ranking
        var lines: [String] = []
        let state =
            heading.ended ? "end of input" : "\(CountText.format(tally.recentBodies)) in the last \(heading.interval)"
        let totals =
            " · \(CountText.format(tally.bodies)) body " + (tally.bodies == 1 ? "run" : "runs")
            + " of \(CountText.format(ranking.count)) " + (ranking.count == 1 ? "view" : "views") + " · \(state)"
        let title = "causegraph top · "
        let limit = width ?? headingWidth
        let room = limit - TerminalText.columns(title + totals)
        let source = VisibleText.singleLine(heading.source)
        let headingLine: String
        if let kept = keepingName(source, width: room) {
            headingLine = title + kept + totals
        } else if let kept = keepingName(source, width: limit - TerminalText.columns(totals)) {
            // The command's name, which the user typed, gives way before the log's.
            headingLine = kept + totals
        } else {
            headingLine = title + keepingEnd(source, width: max(room, 1)) + totals
        }
        lines.append(cut(style.paint(headingLine, .bold), to: limit))
        let header = ["LAST", "TOTAL", "UNCHANGED"]
        let counts = shown.map {
            [CountText.format($0.recent), CountText.format($0.total), CountText.format($0.unchanged)]
        }
        let widths = header.indices.map { column in
            ([header[column]] + counts.map { $0[column] }).map(\.count).max() ?? 0
        }
        let views = shown.map { VisibleText.singleLine($0.view) }
        var viewWidth = min(max((views.map(TerminalText.columns).max() ?? 0), 4), 48)
        if let width {
            // A narrow pane shrinks the view column before it cuts the causes, keeping some of each.
            let numbers = widths.reduce(0, +) + 2 * widths.count
            viewWidth = max(min(viewWidth, (width - numbers) * 2 / 3), 4)
        }
        func row(_ numbers: [String], _ view: String, _ cause: String) -> String {
            let columns = numbers.indices.map {
                String(repeating: " ", count: widths[$0] - numbers[$0].count) + numbers[$0]
            }
            let name = TerminalText.pad(TerminalText.fit(view, width: viewWidth), viewWidth)
            return (columns + [name, cause]).joined(separator: "  ")
        }
        lines.append(style.paint(row(header, "VIEW", "DRIVEN BY"), .dim))
        for (index, count) in shown.enumerated() {
            lines.append(row(counts[index], views[index], drivenBy(count)))
        }
        if shown.count < ranking.count {
            let left = ranking.count - shown.count
            lines.append(style.paint(leftOut?(left) ?? "… \(CountText.format(left)) more", .dim))
        }
        if keys {
            lines.append("")
            lines.append(heading.ended ? "q quits" : "q quits · every \(heading.interval)")
        }
        let fitted = width.map { limit in lines.map { cut($0, to: limit) } } ?? lines
        return fitted.map(\.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    }

    /// The main cause and its share of the view's changed runs, or `unchanged` when none was recorded.
    private static func drivenBy(_ count: LiveTally.ViewCount) -> String {
        guard let main = count.mainCause else { return "(no change recorded)" }
        let changed = count.total - count.unchanged
        // Rounded, as `why` rounds, and in floating point: a count times 100 could overflow.
        let share = changed > 0 ? " \(Int((Double(main.count) / Double(changed) * 100).rounded()))%" : ""
        return VisibleText.singleLine(main.name) + share
    }

    /// `path` within `width` columns with its file's name whole: its leading
    /// folders give way, whole, to `…/`; `nil` when the name alone does not fit.
    private static func keepingName(_ path: String, width: Int) -> String? {
        guard TerminalText.columns(path) > width else { return path }
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        while !components.isEmpty {
            let kept = "…/" + components.joined(separator: "/")
            if TerminalText.columns(kept) <= width { return kept }
            components = components.dropFirst()
        }
        return nil
    }

    /// `text` within `width` columns, cut from its start, for a log whose name alone is too long.
    private static func keepingEnd(_ text: String, width: Int) -> String {
        guard TerminalText.columns(text) > width else { return text }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let wide = TerminalText.columns(character)
            guard used + wide <= width - 1 else { break }
            kept.append(character)
            used += wide
        }
        return "…" + String(kept.reversed())
    }

    /// A line cut to `limit` visible characters; colour sequences are kept whole.
    private static func cut(_ line: String, to limit: Int) -> String {
        var inEscape = false
        let visible = line.filter { character in
            if character == "\u{1B}" { inEscape = true }
            defer { if inEscape && character == "m" { inEscape = false } }
            return !inEscape
        }
        guard TerminalText.columns(visible) > limit else { return line }
        // Cut, ending in "…"; colour escapes are kept, so a painted line still ends its colour.
        var used = 0
        var cutShort = false
        var result = ""
        inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                result.append(character)
                if character == "m" { inEscape = false }
                continue
            }
            let wide = TerminalText.columns(character)
            guard !cutShort, used + wide <= limit - 1 else {
                if !cutShort, limit > 0 { result.append("…") }
                cutShort = true
                continue
            }
            result.append(character)
            used += wide
        }
        return result
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
