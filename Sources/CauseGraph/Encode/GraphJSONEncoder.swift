/// Encodes a ``CauseEffectGraph`` as the public JSON graph contract.
///
/// Keys come in a fixed order, one node or edge a line, so the output is
/// byte-identical for the same graph and diffs well. The README documents
/// every field.
public enum GraphJSONEncoder {
    /// The version of the graph contract; bumped on any incompatible change.
    package static let version = 1

    /// - Parameters:
    ///   - graph: the graph to write.
    ///   - shaping: what shaping left out (``ShapedGraph/legend``),
    ///     written as `shaping`; `null` for a complete graph.
    ///   - spelling: how each filter's `option` names it (`--max-nodes 80`
    ///     on the command line); its `setting` and `value` name it neutrally.
    public static func encode(
        _ graph: CauseEffectGraph, shaping: ShapingReport? = nil, spelling: SettingSpelling = .neutral
    ) -> String {
        encode(graph, shaping: shaping, spelling: spelling, groups: .listed)
    }

    /// The graph as ``encode(_:shaping:spelling:)`` writes it, less its
    /// update groups: the table and every node's and edge's list of them,
    /// which grow with the length of a recording rather than with its graph.
    /// A report page embeds this and lists apart the groups it can open.
    package static func encodeWithoutGroups(
        _ graph: CauseEffectGraph, shaping: ShapingReport?, spelling: SettingSpelling
    ) -> String {
        encode(graph, shaping: shaping, spelling: spelling, groups: .left)
    }

    /// How a node or an edge names the update groups it took part in.
    package enum GroupListing: Sendable {
        /// `groups`: every group's id, as the graph contract has it.
        case listed
        /// `groupCount`: how many, and no table of groups; for answers
        /// that stay bounded however long the recording: about one node
        /// (`why`), or a graph returned over MCP.
        case counted
        /// Neither, for a document that lists them apart.
        case left
    }

    /// The graph with its groups named as `groups` says; only `.listed` is
    /// the graph contract.
    package static func encode(
        _ graph: CauseEffectGraph, shaping: ShapingReport?, spelling: SettingSpelling, groups: GroupListing
    ) -> String {
        var lines: [String] = []
        lines.append("{")
        lines.append("  \"causegraph\": \(version),")
        lines.append("  \"app\": \(JSONText.quoted(graph.app)),")
        lines.append("  \"frameRate\": \(JSONText.number(graph.frameRate)),")
        if graph.frameRates.count > 1 {
            lines.append("  \"frameRates\": [\(graph.frameRates.map(JSONText.number).joined(separator: ", "))],")
        }
        lines.append("  " + list("nodes", graph.nodes.map { node($0, groups: groups) }) + ",")
        lines.append("  " + list("edges", graph.edges.map { edge($0, groups: groups) }) + ",")
        if groups == .listed { lines.append("  " + list("groups", graph.groups.map(group)) + ",") }
        lines.append("  \"shaping\": \(shaping.map { report($0, spelling: spelling) } ?? "null")")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A member of a top-level object holding a list, one item a line, as
    /// every JSON document causegraph writes lays its lists out; the member's
    /// own indent is the caller's.
    static func list(_ key: String, _ items: [String]) -> String {
        items.isEmpty ? "\"\(key)\": []" : "\"\(key)\": [\n    " + items.joined(separator: ",\n    ") + "\n  ]"
    }

    static func object(_ fields: KeyValuePairs<String, String>) -> String {
        objectOfPairs(Array(fields))
    }

    static func objectOfPairs(_ fields: [(key: String, value: String)]) -> String {
        "{" + fields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    static func node(_ node: CauseEffectGraph.Node, groups listing: GroupListing = .listed) -> String {
        let fields: KeyValuePairs = [
            "id": JSONText.quoted(node.id),
            "kind": JSONText.quoted(node.kind.rawValue),
            "title": JSONText.quoted(node.title),
            "module": JSONText.quoted(node.module),
            "owner": JSONText.quoted(node.owner.rawValue),
            "count": JSONText.number(node.count),
            "ran": JSONText.number(node.ran),
            "skipped": JSONText.number(node.skipped),
            "totalDuration": JSONText.number(node.totalDuration),
            "maxDuration": JSONText.number(node.maxDuration),
            "severity": JSONText.quoted(node.severity?.rawValue),
            "severityCounts": object([
                "veryLow": JSONText.number(node.severityCounts[.veryLow]),
                "low": JSONText.number(node.severityCounts[.low]),
                "medium": JSONText.number(node.severityCounts[.medium]),
                "high": JSONText.number(node.severityCounts[.high]),
                "veryHigh": JSONText.number(node.severityCounts[.veryHigh]),
            ]),
            "densestBurst": JSONText.number(node.densestBurst),
            "groups": "",
            "backtrace": JSONText.strings(node.backtrace),
        ]
        return objectOfPairs(naming(node.groups, as: listing, in: fields))
    }

    static func edge(_ edge: CauseEffectGraph.Edge, groups listing: GroupListing = .listed) -> String {
        let fields: KeyValuePairs = [
            "id": JSONText.quoted(edge.id),
            "from": JSONText.quoted(edge.from),
            "to": JSONText.quoted(edge.to),
            "kind": JSONText.quoted(edge.kind.rawValue),
            "label": JSONText.quoted(edge.label.rawValue),
            "count": JSONText.number(edge.count),
            "skipped": JSONText.number(edge.skipped),
            "maxPerCause": JSONText.number(edge.maxPerCause),
            "changed": JSONText.strings(edge.changed),
            "groups": "",
            "residual": edge.isResidual ? "true" : "false",
        ]
        return objectOfPairs(naming(edge.groups, as: listing, in: fields))
    }

    /// `fields` with their `groups` placeholder filled in as `listing` says.
    private static func naming(
        _ groups: [GroupID], as listing: GroupListing, in fields: KeyValuePairs<String, String>
    ) -> [(key: String, value: String)] {
        fields.compactMap { field in
            guard field.key == "groups" else { return field }
            switch listing {
            case .listed: return (field.key, JSONText.numbers(groups))
            case .counted: return ("groupCount", JSONText.number(groups.count))
            case .left: return nil
            }
        }
    }

    static func report(_ report: ShapingReport, spelling: SettingSpelling) -> String {
        func totals(_ totals: ShapingReport.Totals) -> String {
            object([
                "nodes": JSONText.number(totals.nodes),
                "edges": JSONText.number(totals.edges),
                "events": JSONText.number(totals.events),
            ])
        }
        let steps = report.steps.map { step in
            object([
                "filter": JSONText.quoted(step.filter.rawValue),
                "option": JSONText.quoted(ShapingFormatter.option(step.given, spelling: spelling)),
                "setting": JSONText.quoted(step.given.setting.rawValue),
                "value": value(of: step.given),
                "removedNodes": JSONText.number(step.removedNodes),
                "removedEvents": JSONText.number(step.removedEvents),
                "removedLinks": JSONText.number(step.removedLinks),
                "removedEdges": JSONText.number(step.removedEdges),
                "removedRootCauses": JSONText.number(step.removedRootCauses),
                "folds": JSONText.number(step.folds),
                "shareOf": JSONText.number(step.shareOf),
                "keptUntimedEvents": JSONText.number(step.keptUntimedEvents),
                "removedGroups": JSONText.number(step.removedGroups),
                "removedHitches": JSONText.number(step.removedHitches),
            ])
        }
        return object([
            "shown": totals(report.shown),
            "total": totals(report.total),
            "residualEdges": JSONText.number(report.residualEdges),
            "impliedResidualPaths": JSONText.number(report.impliedResidualPaths),
            "filters": "[" + steps.joined(separator: ", ") + "]",
        ])
    }

    /// A time range as the JSON documents write it: `{"start": …, "end": …}`,
    /// nanoseconds, `null` for an open end.
    static func window(_ window: TimeWindow) -> String {
        object(["start": JSONText.number(window.start), "end": JSONText.number(window.end)])
    }

    /// The filter's parameters as values, not words: the window's ends in
    /// nanoseconds, numbers, shares from 0 to 1, each pattern's text as given
    /// and whether it is a regular expression; fan-out folds are `unfold` not given.
    static func value(of given: ShapingReport.Step.Given) -> String {
        func patterns(_ patterns: [TitlePattern]) -> String {
            "["
                + patterns.map { object(["text": JSONText.quoted($0.text), "regex": $0.isRegex ? "true" : "false"]) }
                .joined(separator: ", ") + "]"
        }
        switch given {
        case .window(let window): return Self.window(window)
        case .interaction(.group(let id)): return JSONText.number(id)
        case .interaction(.gesture(let id)): return JSONText.number(id)
        case .focus(let focused, let depth):
            return object(["patterns": patterns(focused), "depth": JSONText.number(depth)])
        case .ignore(let ignored): return patterns(ignored)
        case .hideSystem: return "true"
        case .minCount(let count): return JSONText.number(count)
        case .nodeFraction(let share), .edgeFraction(let share): return JSONText.number(share.value)
        case .maxNodes(let limit), .maxEdges(let limit): return JSONText.number(limit)
        case .foldFanOuts: return "false"
        }
    }

    static func group(_ group: UpdateGroup) -> String {
        object([
            "id": JSONText.number(group.id),
            "label": JSONText.quoted(group.label),
            "start": JSONText.number(group.start),
            "duration": JSONText.number(group.duration),
        ])
    }
}
