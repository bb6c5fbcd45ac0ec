/// Encodes a ``GraphDiff`` as JSON: the union graph with each side's
/// figures (`causegraph diff -o diff.json`).
///
/// Keys come in a fixed order, one node or edge a line, as in
/// ``GraphJSONEncoder``. Each node and edge names its id in the graph of each
/// side (`null` where absent), so it can be looked up in that side's
/// `render --format json`.
package enum DiffJSONEncoder {
    /// The version of the diff contract; bumped on any incompatible change.
    package static let version = 1

    /// A shaped diff, with its residual edges and what shaping left out,
    /// each filter's `option` as `spelling` names it.
    package static func encode(_ shaped: ShapedDiff, spelling: SettingSpelling = .neutral) -> String {
        encode(shaped.diff, residualEdges: shaped.residualEdges, shaping: shaped.legend, spelling: spelling)
    }

    /// - Parameters:
    ///   - diff: the comparison to write.
    ///   - residualEdges: edges standing for links through nodes shaping removed, in the graph contract's form.
    ///   - shaping: what shaping left out, written as in the graph contract; `null` for a complete diff.
    ///   - spelling: how each filter's `option` names it.
    package static func encode(
        _ diff: GraphDiff, residualEdges: [CauseEffectGraph.Edge] = [], shaping: ShapingReport? = nil,
        spelling: SettingSpelling = .neutral
    ) -> String {
        let nodes = diff.nodes.map(node)
        let edges = diff.edges.map(edge)
        var lines = ["{"]
        lines.append("  \"causegraphDiff\": \(version),")
        lines.append("  \"before\": \(side(diff.before)),")
        lines.append("  \"after\": \(side(diff.after)),")
        lines.append("  \"totals\": \(totals(diff)),")
        lines.append("  " + GraphJSONEncoder.list("nodes", nodes) + ",")
        lines.append("  " + GraphJSONEncoder.list("edges", edges) + ",")
        lines.append(
            "  " + GraphJSONEncoder.list("residualEdges", residualEdges.map { GraphJSONEncoder.edge($0) }) + ",")
        lines.append("  \"shaping\": \(shaping.map { GraphJSONEncoder.report($0, spelling: spelling) } ?? "null")")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func side(_ side: GraphDiff.Side) -> String {
        GraphJSONEncoder.object([
            "name": JSONText.quoted(side.name),
            "app": JSONText.quoted(side.app),
            "frameRate": JSONText.number(side.frameRate),
            "groups": JSONText.number(side.groups),
        ])
    }

    /// Nodes and edges per change: `{"nodes": {"added": 1, …}, "edges": {…}}`.
    static func totals(_ diff: GraphDiff) -> String {
        func counts(nodes: Bool) -> String {
            let fields = DiffChange.allCases.map { change in
                let tally = diff.tally(of: change)
                return "\"\(change.rawValue)\": \(nodes ? tally.nodes : tally.edges)"
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"nodes\": \(counts(nodes: true)), \"edges\": \(counts(nodes: false))}"
    }

    /// `{"before": 72, "after": 3, "delta": -69}`.
    static func comparison(_ before: Int, _ after: Int) -> String {
        "{\"before\": \(before), \"after\": \(after), \"delta\": \(after - before)}"
    }

    /// Durations in nanoseconds, `null` when unknown; `delta` only when both are known.
    static func comparison(_ before: Nanoseconds?, _ after: Nanoseconds?) -> String {
        var delta: Nanoseconds?
        if let before, let after {
            let (value, overflow) = after.subtractingReportingOverflow(before)
            delta = overflow ? nil : value
        }
        return
            "{\"before\": \(JSONText.number(before)), \"after\": \(JSONText.number(after)), \"delta\": \(JSONText.number(delta))}"
    }

    static func node(_ node: GraphDiff.Node) -> String {
        let count = node.count
        let durations = node.totalDuration
        return GraphJSONEncoder.object([
            "id": JSONText.quoted(node.id),
            "change": JSONText.quoted(node.change.rawValue),
            "kind": JSONText.quoted(node.kind.rawValue),
            "title": JSONText.quoted(node.title),
            "module": JSONText.quoted(node.key.module),
            "owner": JSONText.quoted(node.key.owner.rawValue),
            "count": comparison(count.before, count.after),
            "ran": comparison(node.before?.ran ?? 0, node.after?.ran ?? 0),
            "skipped": comparison(node.before?.skipped ?? 0, node.after?.skipped ?? 0),
            "totalDuration": comparison(durations.before, durations.after),
            "maxDuration": comparison(node.before.map(\.maxDuration) ?? 0, node.after.map(\.maxDuration) ?? 0),
            "severity":
                "{\"before\": \(JSONText.quoted(node.before?.severity?.rawValue)), \"after\": \(JSONText.quoted(node.after?.severity?.rawValue))}",
            "ids": "{\"before\": \(JSONText.quoted(node.before?.id)), \"after\": \(JSONText.quoted(node.after?.id))}",
        ])
    }

    static func edge(_ edge: GraphDiff.Edge) -> String {
        let count = edge.count
        return GraphJSONEncoder.object([
            "id": JSONText.quoted(edge.id),
            "change": JSONText.quoted(edge.change.rawValue),
            "from": JSONText.quoted(edge.from),
            "to": JSONText.quoted(edge.to),
            "kind": JSONText.quoted(edge.kind.rawValue),
            "label": JSONText.quoted(edge.label.rawValue),
            "count": comparison(count.before, count.after),
            "skipped": comparison(edge.before?.skipped ?? 0, edge.after?.skipped ?? 0),
            "ids": "{\"before\": \(JSONText.quoted(edge.before?.id)), \"after\": \(JSONText.quoted(edge.after?.id))}",
        ])
    }
}
