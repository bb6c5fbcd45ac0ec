/// The figures, update lists, update groups and highlights a report page
/// shows, as a JSON document to inline in the page.
///
/// Text is formatted here rather than in the page's script, so durations and
/// times read exactly as in causegraph's other reports. Every string goes
/// through ``JSONText``, which keeps the document inert inside `<script>`.
///
/// Its size follows the picture, not the recording: it names only the
/// update groups the page can open (each node's and edge's longest, and the
/// timeline's), and gives each node what hovering it lights.
enum ReportData {
    /// - Parameters:
    ///   - graph: the graph drawn.
    ///   - whole: the recording's whole graph, whose nodes `graph` leaves out
    ///     are listed apart (``UndrawnNodes``) for the page's Find.
    ///   - timelineGroups: the groups the page's timeline bars open.
    static func json(
        graph: CauseEffectGraph, whole: CauseEffectGraph, events: ReportEvents, timelineGroups: [GroupID]
    ) -> String {
        let nodeIDs = Dictionary(graph.nodes.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        let listings = listings(of: graph, in: events, nodeIDs: nodeIDs)
        let budget = FrameBudget(frameRate: graph.frameRate)
        let members = GroupMembers(graph)
        let lit = UpdateHighlights.lit(in: graph, members: members)
        let links = GroupLinks(groups: whole.groups)
        var named = Set(timelineGroups)
        var lines = ["{"]
        lines.append(
            "  "
                + GraphJSONEncoder.list(
                    "nodes",
                    graph.nodes.enumerated().map { position, node in
                        let listing = listings[node.id] ?? Listing()
                        let longest = links.longest(node.groups)
                        named.formUnion(longest)
                        return GraphJSONEncoder.object([
                            "id": JSONText.quoted(node.id),
                            "identity": JSONText.quoted(identity(of: node)),
                            "figures": figures(figures(of: node, burstWindow: graph.burstWindow)),
                            "groups": JSONText.numbers(longest),
                            "groupCount": JSONText.number(node.groups.count),
                            "lit": JSONText.strings(lit[position]),
                            "updates": "[" + listing.entries.joined(separator: ", ") + "]",
                            "moreUpdates": JSONText.number(listing.more),
                        ])
                    }) + ",")
        lines.append(
            "  "
                + GraphJSONEncoder.list(
                    "edges",
                    graph.edges.map { edge in
                        let longest = links.longest(edge.groups)
                        named.formUnion(longest)
                        return GraphJSONEncoder.object([
                            "id": JSONText.quoted(edge.id),
                            "identity": JSONText.quoted(
                                "\(edge.kind.rawValue) · \(edge.label.rawValue)"
                                    + (edge.isResidual ? " · through nodes not shown" : "")),
                            "figures": figures(figures(of: edge)),
                            "groups": JSONText.numbers(longest),
                            "groupCount": JSONText.number(edge.groups.count),
                        ])
                    }) + ",")
        lines.append(
            "  "
                + GraphJSONEncoder.list(
                    "groups",
                    named.sorted().compactMap { id in
                        guard let group = links.group(id) else { return nil }
                        let taking = members.byGroup[id]?.nodes ?? []
                        return GraphJSONEncoder.object([
                            "id": JSONText.number(group.id),
                            "label": JSONText.quoted(group.label),
                            "figures": figures(figures(of: group, budget: budget)),
                            "members": JSONText.strings(taking.map { graph.nodes[Int($0)].id }),
                        ])
                    }) + ",")
        lines.append("  " + UndrawnNodes.json(graph: whole, drawn: Set(graph.nodes.map(\.id))))
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Name and value pairs as a JSON list of two-string lists.
    static func figures(_ pairs: [(String, String)]) -> String {
        "[" + pairs.map { "[\(JSONText.quoted($0.0)), \(JSONText.quoted($0.1))]" }.joined(separator: ", ") + "]"
    }

    /// `view body · app · Landmarks`.
    static func identity(of node: CauseEffectGraph.Node) -> String {
        var parts = [KindText.word(node.kind), node.owner.rawValue]
        if let module = node.module { parts.append(module) }
        return parts.joined(separator: " · ")
    }

    static func figures(of node: CauseEffectGraph.Node, burstWindow: Nanoseconds) -> [(String, String)] {
        var figures: [(String, String)] = []
        if node.kind.isUpdate {
            figures.append(("updates", "\(node.count)"))
            figures.append(("ran", "\(node.ran)"))
            figures.append(("skipped", "\(node.skipped)"))
            if let total = node.totalDuration {
                figures.append(("total", DurationText.string(total)))
                if let average = node.averageDuration { figures.append(("average", DurationText.string(average))) }
            }
            if let worst = node.maxDuration { figures.append(("worst", DurationText.string(worst))) }
            figures.append(("severity", node.severity.map(KindText.word) ?? "—"))
            let counts = node.severityCounts
            figures.append(("long updates", "\(counts[.medium]) orange, \(counts.atLeast(.high)) red"))
        } else if node.kind.isRecorded {
            figures.append(("events", "\(node.count)"))
        } else {
            figures.append(("view updates with no recorded cause", "\(node.count)"))
        }
        if node.densestBurst > 1 {
            figures.append(("densest burst", "\(node.densestBurst) within \(DurationText.string(burstWindow))"))
        }
        figures.append(("update groups", "\(node.groups.count)"))
        return figures
    }

    static func figures(of edge: CauseEffectGraph.Edge) -> [(String, String)] {
        var figures = [("links", "\(edge.count)")]
        if edge.skipped > 0 { figures.append(("led to skipped bodies", "\(edge.skipped)")) }
        if edge.maxPerCause > 1 { figures.append(("most from one cause event", "\(edge.maxPerCause)")) }
        if !edge.changed.isEmpty { figures.append(("changed", edge.changed.joined(separator: ", "))) }
        figures.append(("update groups", "\(edge.groups.count)"))
        return figures
    }

    static func figures(of group: UpdateGroup, budget: FrameBudget) -> [(String, String)] {
        var figures = [("label", group.label), ("start", TimeText.string(group.start))]
        if let duration = group.duration {
            figures.append(("duration", DurationText.string(duration)))
            let frame = DurationText.string(budget.frameDuration)
            figures.append(
                (
                    "frame",
                    budget.exceedsFrame(duration)
                        ? "longer than the \(frame) frame: a likely hitch" : "within the \(frame) frame"
                ))
        }
        return figures
    }

    // MARK: Update lists

    private struct Listing {
        var entries: [String] = []
        var more = 0
    }

    /// Each node's listed events in time order, with their direct causes.
    private static func listings(of graph: CauseEffectGraph, in events: ReportEvents, nodeIDs: [NodeKey: String])
        -> [String: Listing]
    {
        var listings: [String: Listing] = [:]
        for (key, node) in nodeIDs {
            guard let listing = events.listing(of: key), !listing.events.isEmpty || listing.more > 0 else { continue }
            let isUpdate = events.keys[Int(listing.node)].kind.isUpdate
            let entries = listing.events.map {
                entry($0.event, isUpdate: isUpdate, causes: $0.causes, in: events, nodeIDs: nodeIDs)
            }
            listings[node] = Listing(entries: entries, more: listing.more)
        }
        return listings
    }

    private static func entry(
        _ listed: ReportEvents.Listed, isUpdate: Bool, causes: [ReportEvents.ListedCause], in events: ReportEvents,
        nodeIDs: [NodeKey: String]
    ) -> String {
        let causeList = causes.map { cause in
            GraphJSONEncoder.object([
                "label": JSONText.quoted(events.labels[Int(cause.label)].rawValue),
                "node": JSONText.quoted(nodeIDs[events.keys[Int(cause.node)]]),
                "event": JSONText.number(cause.event),
            ])
        }
        let event = listed.event
        return GraphJSONEncoder.object([
            "event": JSONText.number(event.id),
            "time": JSONText.quoted(TimeText.string(event.time)),
            "duration": JSONText.quoted(event.duration.map(DurationText.string)),
            "severity": JSONText.quoted(event.severity?.rawValue),
            "result": JSONText.quoted(isUpdate ? (event.ran ? "ran" : "skipped") : nil),
            "group": JSONText.number(event.group),
            "causes": "[" + causeList.joined(separator: ", ") + "]",
            "frame": JSONText.quoted(event.frame < 0 ? nil : events.frames[Int(event.frame)]),
        ])
    }
}
