extension CheckFormatter {
    /// JUnit XML, for the test-report views of CI systems (GitLab, Jenkins,
    /// Azure, CircleCI…): one test suite for the recording, one test case
    /// per limit and subject, named `views[0].updates.perGroup · LandmarkListItemView`
    /// (on one line, as CI pages list test names).
    ///
    /// A limit exceeded (or regressed) is a `<failure>` whose message gives the
    /// figures and the budget's `FILE:LINE:COLUMN` and whose text lists the
    /// evidence; a tolerated one passes with its figures in `<system-out>`.
    /// Under `--strict`, each budget pattern that matched nothing is a failing
    /// test case of its own, so the report fails where the exit status does.
    /// Each test case also names the budget file and line in `file` and
    /// `line` attributes, which GitLab shows. No times, dates or host names:
    /// the same inputs give the same bytes.
    static func junit(_ report: CheckReport) -> String {
        let unmatched = report.strict ? report.unmatchedPatterns : []
        let failures = report.results.count { $0.status.fails } + unmatched.count
        let tests = report.results.count + unmatched.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append("<testsuites name=\"causegraph check\" \(counts)>")
        let suite = VisibleText.singleLine(report.traces.joined(separator: ", "))
        lines.append("  <testsuite name=\"\(XMLText.attribute(suite))\" \(counts)>")
        lines.append("    <properties>")
        var properties = [("budget", report.budget)] + report.traces.map { ("trace", $0) }
        if let window = report.window { properties.append(("window", window.description)) }
        if let baseline = report.baseline {
            properties += baseline.map { ("baseline", $0) } + [("tolerance", report.tolerance.description)]
        }
        for (name, value) in properties {
            lines.append("      <property name=\"\(name)\" value=\"\(XMLText.attribute(value))\"/>")
        }
        lines.append("    </properties>")
        for result in report.results {
            lines += testCase(result, budget: report.budget)
        }
        for pattern in unmatched {
            lines += unmatchedCase(pattern, budget: report.budget)
        }
        let notes = [headline(report)] + report.notes
        lines.append("    <system-out>\(XMLText.content(notes.joined(separator: "\n")))</system-out>")
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func unmatchedCase(_ unmatched: CheckReport.UnmatchedPattern, budget: String) -> [String] {
        var attributes = [
            ("name", VisibleText.singleLine("\(unmatched.rule) · no \(unmatched.noun) matches \(unmatched.pattern)")),
            ("classname", budget), ("file", unmatched.location.file),
        ]
        if let line = unmatched.location.line { attributes.append(("line", "\(line)")) }
        let message = "\(unmatched.note) (\(place(unmatched.location))); the check is strict"
        return [
            "    <testcase " + attributes.map { "\($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined(separator: " ") + ">",
            "      <failure message=\"\(XMLText.attribute(message))\" type=\"unmatched\">"
                + XMLText.content(message) + "</failure>",
            "    </testcase>",
        ]
    }

    private static func testCase(_ result: CheckReport.Result, budget: String) -> [String] {
        var attributes = [
            ("name", VisibleText.singleLine(result.rule + " · " + TitleText.shown(result.subject))),
            ("classname", budget),
            ("file", result.location.file),
        ]
        if let line = result.location.line { attributes.append(("line", "\(line)")) }
        let opening =
            "    <testcase " + attributes.map { "\($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined(separator: " ")
        let detail =
            ["\(result.status.rawValue): \(figures(result)), set at \(place(result.location))"]
            + result.evidence.map { "· " + $0 }
        switch result.status {
        case .held:
            return [opening + "/>"]
        case .tolerated:
            return [
                opening + ">",
                "      <system-out>\(XMLText.content(detail.joined(separator: "\n")))</system-out>",
                "    </testcase>",
            ]
        case .exceeded, .regressed:
            let message = figures(result) + " (" + place(result.location) + ")"
            return [
                opening + ">",
                "      <failure message=\"\(XMLText.attribute(message))\" type=\"\(result.status.rawValue)\">"
                    + XMLText.content(detail.joined(separator: "\n")) + "</failure>",
                "    </testcase>",
            ]
        }
    }
}
