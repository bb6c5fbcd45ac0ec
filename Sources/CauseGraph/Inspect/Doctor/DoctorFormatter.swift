/// Writes what `doctor` found: text for people, JSON for tools. Names from
/// the input (paths, schemas, devices) are shown on one line with control
/// characters made visible in text, and escaped in JSON.
package enum DoctorFormatter {
    /// The diagnoses as text, one block an input.
    package static func text(_ diagnoses: [InputDiagnosis]) -> String {
        diagnoses.map(text).joined(separator: "\n")
    }

    private static func text(_ diagnosis: InputDiagnosis) -> String {
        let show = VisibleText.singleLine
        var lines = ["\(show(diagnosis.path)): \(diagnosis.kind.rawValue)"]
        for run in diagnosis.runs {
            var device = [run.platform, run.osVersion].compactMap { $0 }.map(show).joined(separator: " ")
            if run.isSimulator, !device.lowercased().contains("simulator") {
                device += device.isEmpty ? "Simulator" : ", Simulator"
            }
            var parts = ["device \(show(run.device ?? "unknown"))" + (device.isEmpty ? "" : " (\(device))")]
            if let process = run.process {
                parts.append("process \(show(process)) \(show(run.launch ?? "launched or attached: not said"))")
            }
            parts.append("template \(show(run.template ?? "unknown"))")
            parts.append("Instruments \(show(run.instrumentsVersion ?? "unknown"))")
            lines.append("  run \(run.number): " + parts.joined(separator: ", "))
            lines += tableLines(run.tables, indent: "    ")
            lines.append(
                "    causegraph reads: " + (run.reads.isEmpty ? "nothing" : run.reads.map(show).joined(separator: ", "))
            )
        }
        if !diagnosis.tables.isEmpty {
            lines += tableLines(diagnosis.tables, indent: "  ")
        }
        if let records = diagnosis.records {
            lines.append(
                "  \(CountText.string(records.events, "event")) (\(CountText.string(records.updates, "update"))), "
                    + "\(CountText.string(records.causes, "cause link")), \(CountText.string(records.groups, "update group"))"
            )
        }
        if diagnosis.runs.isEmpty, !diagnosis.reads.isEmpty {
            lines.append("  causegraph reads: " + diagnosis.reads.map(show).joined(separator: ", "))
        }
        if !diagnosis.problems.isEmpty {
            lines.append("  missing:")
            for problem in diagnosis.problems {
                lines.append("    - " + show(problem.message))
                if let fix = problem.fix { lines.append("      fix: " + show(fix)) }
            }
        }
        lines.append("  answers \"why did this body run\": " + (diagnosis.canAnswerWhy ? "yes" : "no"))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func tableLines(_ tables: [InputDiagnosis.Table], indent: String) -> [String] {
        let width = tables.map { VisibleText.singleLine($0.schema).count }.max() ?? 0
        return tables.map { table in
            let name = VisibleText.singleLine(table.schema)
            let padded = name + String(repeating: " ", count: max(0, width - name.count))
            let rows = table.rows.map { CountText.string($0, "row") } ?? "rows not counted"
            return indent + padded + "  " + rows + "  " + (table.skipReason.map { "skipped: \($0)" } ?? "read")
        }
    }

    /// The diagnoses as one JSON document, members in a fixed order.
    package static func json(_ diagnoses: [InputDiagnosis]) -> String {
        "{\"inputs\": [" + diagnoses.map(json).joined(separator: ", ") + "]}\n"
    }

    private static func json(_ diagnosis: InputDiagnosis) -> String {
        var fields = [
            ("path", JSONText.quoted(diagnosis.path)), ("kind", JSONText.quoted(diagnosis.kind.key)),
            ("canAnswerWhy", diagnosis.canAnswerWhy ? "true" : "false"),
        ]
        if !diagnosis.runs.isEmpty {
            fields.append(("runs", "[" + diagnosis.runs.map(json).joined(separator: ", ") + "]"))
        }
        if !diagnosis.tables.isEmpty { fields.append(("tables", tables(diagnosis.tables))) }
        if let records = diagnosis.records {
            fields.append(
                (
                    "records",
                    "{\"events\": \(records.events), \"updates\": \(records.updates), \"causes\": \(records.causes), \"groups\": \(records.groups)}"
                ))
        }
        fields.append(("reads", "[" + diagnosis.reads.map { JSONText.quoted($0) }.joined(separator: ", ") + "]"))
        fields.append(
            (
                "problems",
                "["
                    + diagnosis.problems.map {
                        "{\"message\": \(JSONText.quoted($0.message)), \"fix\": \(JSONText.quoted($0.fix))}"
                    }
                    .joined(separator: ", ") + "]"
            ))
        return object(fields)
    }

    private static func json(_ run: InputDiagnosis.Run) -> String {
        object([
            ("number", "\(run.number)"), ("device", JSONText.quoted(run.device)),
            ("platform", JSONText.quoted(run.platform)),
            ("osVersion", JSONText.quoted(run.osVersion)), ("simulator", run.isSimulator ? "true" : "false"),
            ("process", JSONText.quoted(run.process)), ("launch", JSONText.quoted(run.launch)),
            ("template", JSONText.quoted(run.template)),
            ("instrumentsVersion", JSONText.quoted(run.instrumentsVersion)),
            ("tables", tables(run.tables)),
            ("reads", "[" + run.reads.map { JSONText.quoted($0) }.joined(separator: ", ") + "]"),
        ])
    }

    private static func tables(_ tables: [InputDiagnosis.Table]) -> String {
        "["
            + tables.map {
                object([
                    ("schema", JSONText.quoted($0.schema)), ("rows", JSONText.number($0.rows)),
                    ("read", $0.skipReason == nil ? "true" : "false"), ("skipReason", JSONText.quoted($0.skipReason)),
                ])
            }.joined(separator: ", ") + "]"
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}
