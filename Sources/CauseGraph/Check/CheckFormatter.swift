/// Writes a ``CheckReport`` as text (for a CI log), JSON, Markdown (for
/// a pull-request comment), JUnit XML (for CI test reports) or GitHub
/// workflow commands (annotations on the budget's lines).
///
/// Every failing limit comes first with its evidence and the place in the
/// budget file that sets it; limits that held are counted in one line
/// (text, unless asked to list them), listed in a folded table (Markdown)
/// or listed in full (JSON).
package enum CheckFormatter {
    static let width = 80
    /// How many limits not held, and how many notes, the text lists without `--all`.
    static let textListed = 10

    /// The report in `format`; text styled with `style`, listing each limit
    /// that held only with `listingHeld` (a budget of `view: Row` on a
    /// large recording holds a thousand), which also lifts the Markdown's
    /// limit of ``MarkdownText/commentLimit`` bytes. The text names the
    /// setting that lists every limit as `spelling` does.
    package static func format(
        _ report: CheckReport, as format: CheckFormat, style: TextStyle = TextStyle(colour: false),
        listingHeld: Bool = false, spelling: SettingSpelling = .neutral
    ) -> String {
        switch format {
        case .text: text(report, style: style, listingHeld: listingHeld, spelling: spelling)
        case .json: json(report)
        case .markdown: markdown(report, limit: listingHeld ? nil : MarkdownText.commentLimit)
        case .junit: junit(report)
        case .github: github(report)
        }
    }

    /// `2 of 9 limits exceeded`, `1 budget pattern matches nothing, which fails a strict check`,
    /// `no regression: 2 of 9 limits over, no more than the baseline`, `every limit holds (9)`.
    static func headline(_ report: CheckReport) -> String {
        let failing = report.results.count { $0.status.fails }
        let tolerated = report.count(.tolerated)
        let total = CountText.string(report.results.count, "limit")
        if failing > 0 {
            return "\(CountText.format(failing)) of \(total) " + (report.baseline == nil ? "exceeded" : "regressed")
        }
        if report.failsStrictly {
            let count = report.unmatchedPatterns.count
            return
                "\(CountText.string(count, "budget pattern")) \(count == 1 ? "matches" : "match") nothing in the recording, which fails a strict check"
        }
        if tolerated > 0 {
            return "no regression: \(CountText.format(tolerated)) of \(total) over, no more than the baseline allows"
        }
        return "every limit holds (\(CountText.format(report.results.count)))"
    }

    /// `24 body runs, limit 1` and, against a baseline, `baseline 24, allowed 26`.
    static func figures(_ result: CheckReport.Result) -> String {
        var text = CountText.string(result.measured, result.unit) + ", limit \(CountText.format(result.limit))"
        if let baseline = result.baseline {
            text += "; baseline \(CountText.format(baseline)), allowed \(CountText.format(result.allowed))"
        }
        return text
    }

    static func place(_ location: SourceLocation) -> String {
        var text = location.file
        if let line = location.line { text += ":\(line)" + (location.column.map { ":\($0)" } ?? "") }
        return text
    }

    // MARK: Text

    static func text(_ report: CheckReport, style: TextStyle, listingHeld: Bool, spelling: SettingSpelling)
        -> String
    {
        let all = spelling(.all)
        var lines: [String] = []
        let headline = "causegraph check: " + headline(report)
        lines.append(style.paint(headline, report.passed ? .green : .red))
        lines.append("  budget:   " + TerminalText.fit(report.budget, width: width - 12))
        lines.append("  trace:    " + TerminalText.fit(report.traces.joined(separator: ", "), width: width - 12))
        if let window = report.window { lines.append("  window:   \(window)") }
        if let baseline = report.baseline {
            let tolerance = " (tolerance \(report.tolerance))"
            lines.append(
                "  baseline: " + TerminalText.fit(baseline.joined(separator: ", "), width: width - 12 - tolerance.count)
                    + tolerance)
        }
        // Bounded as every text answer is: a budget of `view: a` on a large recording can exceed thousands.
        let notHeld = report.results.filter { $0.status != .held }
        for result in listingHeld ? notHeld : firstOfEachRule(notHeld, count: textListed) {
            lines.append("")
            let word = TerminalText.pad(result.status.rawValue, 10)
            lines.append(
                style.paint(word, result.status.fails ? .red : .yellow)
                    + TerminalText.fit(result.rule + " · " + TitleText.shown(result.subject), width: width - 10))
            lines += TerminalText.wrap(
                figures(result) + " (" + VisibleText.singleLine(place(result.location)) + ")",
                first: "          ", rest: "            ", width: width)
            for line in result.evidence {
                lines += TerminalText.wrap(
                    VisibleText.singleLine(line), first: "          · ", rest: "            ", width: width)
            }
        }
        if !listingHeld && notHeld.count > textListed {
            lines.append("")
            lines.append(
                "Left out: \(CountText.string(notHeld.count - textListed, "more limit")) not held, in the budget's order; \(all) lists every one."
            )
        }
        let held = report.results.filter { $0.status == .held }
        if !held.isEmpty && !listingHeld {
            lines.append("")
            lines.append(style.paint(CountText.string(held.count, "limit") + " held", .green) + "; \(all) lists them")
        } else if !held.isEmpty {
            lines.append("")
            lines.append(style.paint("held", .green) + " (\(CountText.format(held.count)))")
            for result in held {
                let figure = ": \(CountText.format(result.measured)) ≤ \(CountText.format(result.limit))"
                lines.append(
                    "  "
                        + TerminalText.fit(
                            result.rule + " · " + TitleText.shown(result.subject), width: width - 2 - figure.count)
                        + figure)
            }
        }
        if !report.notes.isEmpty {
            lines.append("")
            lines.append(style.paint("notes", .bold))
            for note in listingHeld ? report.notes[...] : report.notes.prefix(textListed) {
                lines += TerminalText.wrap(VisibleText.singleLine(note), first: "  · ", rest: "    ", width: width)
            }
            if !listingHeld && report.notes.count > textListed {
                lines.append(
                    "  … and \(CountText.string(report.notes.count - textListed, "more note")); \(all) lists every one."
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `count` of `results`, in their order, taking each rule's first
    /// result before any rule's second, and so on: one rule of a budget
    /// (`view: Row`) can fail for hundreds of views, and a bounded list
    /// still names every other rule that failed.
    static func firstOfEachRule(_ results: [CheckReport.Result], count: Int) -> [CheckReport.Result] {
        kept(byRule(results.indices, of: results), count: count, of: results)
    }

    /// The first `count` positions of `order`, as results in their own order.
    private static func kept(_ order: [Int], count: Int, of results: [CheckReport.Result]) -> [CheckReport.Result] {
        let chosen = Set(order.prefix(count))
        return results.indices.filter(chosen.contains).map { results[$0] }
    }

    /// The positions of `results`, each rule's first before any rule's second, else in order.
    static func byRule<Positions: Collection<Int>>(_ positions: Positions, of results: [CheckReport.Result]) -> [Int] {
        var seen: [String: Int] = [:]
        var rank: [Int: Int] = [:]
        for position in positions {
            rank[position] = seen[results[position].rule, default: 0]
            seen[results[position].rule, default: 0] += 1
        }
        return positions.sorted { (rank[$0]!, $0) < (rank[$1]!, $1) }
    }

    // MARK: JSON

    /// The report as JSON; with `listing`, at most that many results (the
    /// failures first, each failing rule's first before any rule's second,
    /// kept in the report's order) and notes, with `truncated`,
    /// `omittedResults` and `omittedNotes`: an MCP result holds 64 KB, and a
    /// budget of `view: Row` makes thousands.
    package static func json(_ report: CheckReport, listing: Int? = nil) -> String {
        var fields: [String] = []
        fields.append("\"passed\": \(report.passed)")
        fields.append("\"budget\": \(JSONText.quoted(report.budget))")
        fields.append("\"traces\": \(JSONText.strings(report.traces))")
        fields.append("\"window\": " + (report.window.map(GraphJSONEncoder.window) ?? "null"))
        fields.append("\"baseline\": " + (report.baseline.map(JSONText.strings) ?? "null"))
        fields.append(
            "\"tolerance\": "
                + (report.baseline == nil
                    ? "null"
                    : "{\"percent\": \(JSONText.number(report.tolerance.percent)), \"absolute\": \(report.tolerance.absolute)}")
        )
        fields.append(
            "\"counts\": {"
                + CheckReport.Result.Status.allCases.map { "\"\($0.rawValue)\": \(report.count($0))" }.joined(
                    separator: ", ") + ", \"unmatched\": \(report.unmatchedPatterns.count)}")
        fields.append("\"strict\": \(report.strict)")
        fields.append(
            "\"unmatched\": ["
                + report.unmatchedPatterns.map { unmatched in
                    GraphJSONEncoder.object([
                        "rule": JSONText.quoted(unmatched.rule),
                        "location": location(unmatched.location),
                        "pattern": JSONText.quoted(unmatched.pattern.text),
                        "closest": JSONText.strings(unmatched.closest),
                    ])
                }.joined(separator: ", ") + "]")
        let listed =
            listing.map { limit in
                // Failures before limits that held, each rule's first before any rule's second, then in order.
                let notHeld = report.results.indices.filter { report.results[$0].status != .held }
                let held = report.results.indices.filter { report.results[$0].status == .held }
                let order = byRule(notHeld, of: report.results) + byRule(held, of: report.results)
                return kept(order, count: limit, of: report.results)
            } ?? report.results
        let results = listed.map { result in
            GraphJSONEncoder.object([
                "status": JSONText.quoted(result.status.rawValue),
                "rule": JSONText.quoted(result.rule),
                "location": location(result.location),
                "subject": JSONText.quoted(result.subject),
                "unit": JSONText.quoted(result.unit),
                "measured": JSONText.number(result.measured),
                "limit": JSONText.number(result.limit),
                "baseline": JSONText.number(result.baseline),
                "allowed": JSONText.number(result.allowed),
                "evidence": JSONText.strings(result.evidence),
            ])
        }
        fields.append(GraphJSONEncoder.list("results", results))
        let notes = listing.map { Array(report.notes.prefix($0)) } ?? report.notes
        fields.append("\"notes\": \(JSONText.strings(notes))")
        if listed.count < report.results.count || notes.count < report.notes.count {
            fields.append("\"truncated\": true")
            fields.append("\"omittedResults\": \(report.results.count - listed.count)")
            fields.append("\"omittedNotes\": \(report.notes.count - notes.count)")
        }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    private static func location(_ location: SourceLocation) -> String {
        GraphJSONEncoder.object([
            "file": JSONText.quoted(location.file),
            "line": JSONText.number(location.line),
            "column": JSONText.number(location.column),
        ])
    }

    // MARK: Markdown

    /// The report as a pull-request comment, of at most `limit` bytes
    /// (none: every result): failures first, each with its evidence, then
    /// the limits that held, folded, then the notes. Where the room runs
    /// out, a line says how many more and where to find them all.
    static func markdown(_ report: CheckReport, limit: Int? = MarkdownText.commentLimit) -> String {
        var page = MarkdownPage(limit: limit)
        page.append("## causegraph check: \(headline(report))")
        page.append("")
        var sources =
            "Budget \(MarkdownText.escape(report.budget)) · trace \(report.traces.map(MarkdownText.escape).joined(separator: ", "))"
        if let window = report.window { sources += " · window `\(window)`" }
        if let baseline = report.baseline {
            sources +=
                " · baseline \(baseline.map(MarkdownText.escape).joined(separator: ", ")) (tolerance \(report.tolerance))"
        }
        page.append(sources)
        let everyOne = "; `--format json` lists every one"
        let notHeld = report.results.filter { $0.status != .held }
        if !notHeld.isEmpty {
            page.append(contentsOf: [
                "", "| result | limit | subject | measured | allowed |", "| --- | --- | --- | ---: | ---: |",
            ])
            let rowsLeft = page.appendEach(notHeld) {
                [
                    "| **\($0.status.rawValue)** | \(MarkdownText.escape($0.rule)) | \(MarkdownText.escape(TitleText.shown($0.subject))) | \(CountText.format($0.measured)) | \(CountText.format($0.allowed)) |"
                ]
            }
            if rowsLeft > 0 {
                page.append("\nand \(CountText.string(rowsLeft, "more failing limit")) not shown\(everyOne).")
            }
            let evidenceLeft = page.appendEach(notHeld) { result in
                [
                    "",
                    "### \(result.status.rawValue): \(MarkdownText.escape(result.rule)) · \(MarkdownText.escape(TitleText.shown(result.subject)))",
                    "",
                    "- \(MarkdownText.escape(figures(result))), set at \(MarkdownText.escape(place(result.location)))",
                ] + result.evidence.map { "- " + MarkdownText.escape($0) }
            }
            if evidenceLeft > 0 {
                page.append(
                    "\nThe evidence of \(CountText.string(evidenceLeft, "more failing limit")) is not shown\(everyOne)."
                )
            }
        }
        let held = report.results.filter { $0.status == .held }
        if !held.isEmpty {
            page.append(contentsOf: [
                "", "<details><summary>\(CountText.string(held.count, "limit")) held</summary>", "",
            ])
            page.append(contentsOf: ["| limit | subject | measured | limit |", "| --- | --- | ---: | ---: |"])
            let heldLeft = page.appendEach(held) {
                [
                    "| \(MarkdownText.escape($0.rule)) | \(MarkdownText.escape(TitleText.shown($0.subject))) | \(CountText.format($0.measured)) | \(CountText.format($0.limit)) |"
                ]
            }
            if heldLeft > 0 { page.append("\nand \(CountText.format(heldLeft)) more\(everyOne).") }
            page.append(contentsOf: ["", "</details>"])
        }
        if !report.notes.isEmpty {
            page.append(contentsOf: ["", "Notes:", ""])
            let notesLeft = page.appendEach(report.notes) { ["- " + MarkdownText.escape($0)] }
            if notesLeft > 0 { page.append("- and \(CountText.string(notesLeft, "more note"))\(everyOne).") }
        }
        return page.text
    }
}
