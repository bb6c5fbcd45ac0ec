extension CheckFormatter {
    /// GitHub Actions workflow commands, which the runner turns into
    /// annotations on the budget file: `::error` at the line of each limit
    /// exceeded or regressed, `::notice` for one tolerated against the
    /// baseline, `::warning` (`::error` with `--strict`) at a view entry that
    /// matches no view of the recording, and `::notice` for the report's
    /// other notes.
    ///
    /// A budget read from standard input has no file to point at, so its
    /// annotations name none.
    static func github(_ report: CheckReport) -> String {
        var lines = ["causegraph check: " + VisibleText.singleLine(headline(report))]
        for result in report.results where result.status != .held {
            let message = ([figures(result)] + result.evidence).joined(separator: "\n")
            lines.append(
                WorkflowCommand.line(
                    result.status.fails ? "error" : "notice", at: result.location,
                    title: "causegraph check: \(result.rule) · \(result.subject) \(result.status.rawValue)",
                    message: message))
        }
        for view in report.unmatchedViews {
            var message =
                "The budget limits views matching \(view.pattern), but the recording shows none, so its limits measure nothing."
            if !view.closest.isEmpty { message += "\nClosest: " + view.closest.joined(separator: ", ") }
            lines.append(
                WorkflowCommand.line(
                    report.strict ? "error" : "warning", at: view.location,
                    title: "causegraph check: \(view.rule) matches no view",
                    message: message))
        }
        let viewNotes = Set(report.unmatchedViews.map(\.note))
        for note in report.notes where !viewNotes.contains(note) {
            lines.append(WorkflowCommand.line("notice", at: nil, title: "causegraph check", message: note))
        }
        return lines.joined(separator: "\n") + "\n"
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
