extension CheckFormatter {
    /// GitHub Actions workflow commands, which the runner turns into
    /// annotations on the budget file: `::error` at the line of each limit
    /// exceeded or regressed, `::notice` for one tolerated against the
    /// baseline, `::warning` (`::error` with `--strict`) at a view entry that
    /// matches no view of the recording, and `::notice` for the report's
    /// other notes.
    ///
    /// A budget read from standard input has no file to point at, so its
    /// annotations name none. GitHub shows ``annotationLimit`` annotations
    /// of each kind a step, so past that many the last one shown says how
    /// many more there are.
    static func github(_ report: CheckReport) -> String {
        var lines = ["\(title(report)): " + VisibleText.singleLine(headline(report))]
        let annotations = allAnnotations(report)
        let totals = Dictionary(grouping: annotations, by: \.command).mapValues(\.count)
        var shown = [String: Int]()
        for annotation in annotations {
            let count = shown[annotation.command, default: 0]
            // Past the limit, the last place GitHub shows goes to the count of the rest.
            guard totals[annotation.command, default: 0] <= annotationLimit || count < annotationLimit - 1 else {
                continue
            }
            lines.append(annotation.line)
            shown[annotation.command] = count + 1
        }
        for command in ["error", "warning", "notice"] {
            let more = totals[command, default: 0] - shown[command, default: 0]
            guard more > 0 else { continue }
            lines.append(
                WorkflowCommand.line(
                    command, at: nil, title: title(report),
                    message:
                        "\(CountText.format(more)) more \(command == "error" ? "failures" : command + "s") not annotated "
                        + "(GitHub shows \(annotationLimit) a step); the text or JSON report lists every one."))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `causegraph check`, with the window checked when there is one: an
    /// annotation on a budget's line is read apart from the report.
    private static func title(_ report: CheckReport) -> String {
        "causegraph check" + (report.window.map { " (window \($0))" } ?? "")
    }

    /// The most annotations of one kind GitHub shows for a step.
    package static let annotationLimit = 10

    /// Every annotation the report makes, in report order but each failing
    /// rule's first result before any rule's second: its command (`error`,
    /// `warning`, `notice`) and its line.
    private static func allAnnotations(_ report: CheckReport) -> [(command: String, line: String)] {
        var lines: [(command: String, line: String)] = []
        func append(_ command: String, at location: SourceLocation?, title: String, message: String) {
            lines.append((command, WorkflowCommand.line(command, at: location, title: title, message: message)))
        }
        // Each failing rule annotated before any rule's second subject: GitHub shows the first ten.
        let notHeld = report.results.indices.filter { report.results[$0].status != .held }
        for result in byRule(notHeld, of: report.results).map({ report.results[$0] }) {
            let message = ([figures(result)] + result.evidence).joined(separator: "\n")
            append(
                result.status.fails ? "error" : "notice", at: result.location,
                title:
                    "\(title(report)): \(result.rule) · \(TitleText.shown(result.subject)) \(result.status.rawValue)",
                message: message)
        }
        for unmatched in report.unmatchedPatterns {
            var message =
                "The budget limits \(unmatched.noun)s matching \(unmatched.pattern), but the recording shows none, so its limits measure nothing."
            if !unmatched.closest.isEmpty { message += "\nClosest: " + unmatched.closest.joined(separator: ", ") }
            append(
                report.strict ? "error" : "warning", at: unmatched.location,
                title: "\(title(report)): \(unmatched.rule) matches no \(unmatched.noun)", message: message)
        }
        let patternNotes = Set(report.unmatchedPatterns.map(\.note))
        for note in report.notes where !patternNotes.contains(note) {
            append("notice", at: nil, title: title(report), message: note)
        }
        return lines
    }
}

/// One GitHub Actions workflow command, `::error file=F,line=N,col=M,title=T::message`,
/// escaped as the runner reads it back: `%`, CR and LF in the message as
/// `%25`, `%0D`, `%0A`, and also `:` and `,` in properties. Untrusted text
/// has its other control characters made visible first, so it can neither
/// end the command nor reach the log as a terminal escape.
enum WorkflowCommand {
    static func line(_ command: String, at location: SourceLocation?, title: String, message: String) -> String {
        var properties: [String] = []
        if let location, location.file != "-", location.file != "<stdin>" {
            properties.append("file=" + property(location.file))
            if let line = location.line {
                properties.append("line=\(line)")
                if let column = location.column { properties.append("col=\(column)") }
            }
        }
        properties.append("title=" + property(title))
        return "::\(command) " + properties.joined(separator: ",") + "::" + self.message(message)
    }

    /// A message: newlines kept as `%0A`, other controls (CR included) made visible.
    static func message(_ text: String) -> String {
        escape(VisibleText.lines(text), also: [:])
    }

    /// A property value: on one line, with `:` and `,` escaped as well.
    static func property(_ text: String) -> String {
        escape(VisibleText.singleLine(text), also: [":": "%3A", ",": "%2C"])
    }

    /// GitHub's escapes, scalar by scalar (so a CR LF pair is two escapes, not one character).
    private static func escape(_ text: String, also extra: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result += extra[scalar] ?? String(scalar)
            }
        }
        return result
    }
}
