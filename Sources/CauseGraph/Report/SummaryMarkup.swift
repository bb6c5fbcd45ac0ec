/// The summary and findings of a report page, as HTML: the same figures as
/// `causegraph summary`, with rows that select their node in the graph when
/// it is drawn (`selectable`).
enum SummaryMarkup {
    static func summary(_ summary: TraceSummary, selectable: Set<String>) -> String {
        let totals = summary.totals
        var lines = [
            "<section id=\"summary\" class=\"card\" aria-labelledby=\"summary-heading\">",
            "<h2 id=\"summary-heading\">Summary</h2>",
        ]
        lines.append("<dl class=\"totals\">")
        lines.append(term("events", "\(totals.events)", "\(totals.causeEvents) causes, \(totals.updateEvents) updates"))
        var groups = totals.groups > 0 ? "total \(DurationText.string(totals.groupsTotalDuration))" : ""
        if let worst = totals.worstGroup, let length = worst.duration {
            groups += ", worst \(DurationText.string(length)) (group \(worst.id))"
        }
        lines.append(term("update groups", "\(totals.groups)", groups))
        lines.append(term("body updates ran", "\(totals.bodyRan)", ""))
        lines.append(term("body checks skipped", "\(totals.bodySkipped)", ""))
        if totals.unexplainedUpdates > 0 {
            lines.append(term("view updates with no recorded cause", "\(totals.unexplainedUpdates)", ""))
        }
        lines.append("</dl>")

        let frame = FrameBudget(frameRate: summary.frameRate).frameDuration
        lines.append("<h3>Long updates</h3>")
        lines.append(
            "<p class=\"note\">orange ≥ \(DurationText.string((frame + 15) / 16)), red ≥ \(DurationText.string((frame + 7) / 8)) at \(JSONText.number(summary.frameRate)) Hz</p>"
        )
        lines.append(
            "<table class=\"lanes\"><thead><tr><th scope=\"col\">lane</th><th scope=\"col\" class=\"number\">orange</th><th scope=\"col\" class=\"number\">red</th><th scope=\"col\">worst</th></tr></thead><tbody>"
        )
        for lane in summary.lanes {
            let worst = lane.worst.first
            lines.append(
                row(
                    node: worst?.node, severity: worst?.severity,
                    cells: [
                        cell(lane.name), number("\(lane.orange)"), number("\(lane.red)"),
                        cell(worst.map { "\(DurationText.string($0.duration)) (event \($0.event))" } ?? "—"),
                    ], selectable: selectable))
        }
        lines.append("</tbody></table>")

        lines.append("<h3>Body updates by module and view</h3>")
        if summary.modules.isEmpty { lines.append("<p class=\"note\">No view body updates.</p>") }
        for module in summary.modules {
            lines.append(
                "<table class=\"views\"><caption>\(HTMLText.escape(module.name ?? "(no module)")) · \(module.totalDuration.map(DurationText.string) ?? "—")</caption>"
            )
            lines.append(
                "<thead><tr><th scope=\"col\">view</th>"
                    + ["count", "ran", "skipped", "total", "average", "worst"].map {
                        "<th scope=\"col\" class=\"number\">\($0)</th>"
                    }.joined() + "</tr></thead><tbody>")
            for view in module.views {
                let node = view.node
                lines.append(
                    row(
                        node: node.id, severity: node.severity,
                        cells: [
                            cell(TitleText.shown(node.title)), number("\(node.count)"), number("\(node.ran)"),
                            number("\(node.skipped)"),
                            number(duration(node.totalDuration)), number(duration(view.average)),
                            number(duration(node.maxDuration)),
                        ], selectable: selectable))
            }
            lines.append("</tbody></table>")
        }

        lines.append("<h3>Top causes by fan-out</h3>")
        if summary.topCauses.isEmpty {
            lines.append("<p class=\"note\">No cause drove an update.</p>")
        } else {
            lines.append(
                "<table class=\"causes\"><thead><tr><th scope=\"col\">cause</th><th scope=\"col\">kind</th><th scope=\"col\" class=\"number\">updates driven</th><th scope=\"col\" class=\"number\">views</th></tr></thead><tbody>"
            )
            for cause in summary.topCauses {
                lines.append(
                    row(
                        node: cause.node.id, severity: nil,
                        cells: [
                            cell(TitleText.shown(cause.node.title)), cell(KindText.word(cause.node.kind)),
                            number("\(cause.drove)"),
                            number("\(cause.targets)"),
                        ], selectable: selectable))
            }
            lines.append("</tbody></table>")
        }
        lines.append("</section>")
        return lines.joined(separator: "\n")
    }

    static func findings(_ findings: [Finding], selectable: Set<String>) -> String {
        var lines = [
            "<section id=\"findings\" class=\"card\" aria-labelledby=\"findings-heading\">",
            "<h2 id=\"findings-heading\">Findings</h2>",
        ]
        if findings.isEmpty {
            lines.append("<p class=\"note\">No known update problem found.</p>")
        } else {
            lines.append("<ol class=\"findings\">")
            for finding in findings {
                lines.append("<li class=\"finding kind-\(finding.kind.rawValue)\">")
                lines.append(
                    "<h3><span class=\"tag\">\(HTMLText.escape(finding.kind.name))</span> \(HTMLText.escape(finding.summary))</h3>"
                )
                lines.append("<ul class=\"evidence\">")
                for evidence in finding.evidence { lines.append("<li>\(HTMLText.escape(evidence))</li>") }
                if let group = finding.exampleGroup { lines.append("<li>e.g. update group \(group)</li>") }
                lines.append("</ul>")
                lines.append("<p class=\"fix\"><strong>Fix:</strong> \(HTMLText.escape(finding.fix))</p>")
                if let node = finding.nodes.first, selectable.contains(node) {
                    let edge = finding.edge.map { " data-edge=\"\(HTMLText.escape($0))\"" } ?? ""
                    lines.append(
                        "<button type=\"button\" class=\"show\" data-node=\"\(HTMLText.escape(node))\"\(edge)>Show in graph</button>"
                    )
                }
                lines.append("</li>")
            }
            lines.append("</ol>")
        }
        lines.append("</section>")
        return lines.joined(separator: "\n")
    }

    private static func term(_ name: String, _ value: String, _ detail: String) -> String {
        "<div><dt>\(name)</dt><dd><strong>\(value)</strong>\(detail.isEmpty ? "" : " <span class=\"detail\">\(HTMLText.escape(detail))</span>")</dd></div>"
    }

    private static func row(node: String?, severity: Severity?, cells: [String], selectable: Set<String>) -> String {
        var attributes = ""
        if let severity { attributes += " class=\"severity-\(severity.rawValue)\"" }
        if let node, selectable.contains(node) {
            attributes += " data-node=\"\(HTMLText.escape(node))\" tabindex=\"0\""
        }
        return "<tr\(attributes)>" + cells.joined() + "</tr>"
    }

    private static func cell(_ text: String) -> String { "<td>\(HTMLText.escape(text))</td>" }
    private static func number(_ text: String) -> String { "<td class=\"number\">\(HTMLText.escape(text))</td>" }
    private static func duration(_ value: Nanoseconds?) -> String { value.map(DurationText.string) ?? "—" }
}
