/// Shaping in words: each filter as it was given, what it left out (the
/// lines of the legend), the note a command prints when the picture does not
/// show the whole graph, and why shaping failed. Settings are named as
/// `spelling` names them: the edge showing the words knows how they were given.
package enum ShapingFormatter {
    /// `showing 80 of 5,000 nodes and 95 of 9,000 edges (+ 12 dotted)`, then
    /// one note per filter that left something out (`--max-nodes 80: …`), so
    /// each stays a readable line; none when nothing was left out.
    package static func notes(_ report: ShapingReport, spelling: SettingSpelling) -> [String] {
        let removals = removals(report, spelling: spelling)
        guard !removals.isEmpty else { return [] }
        var shown =
            "showing \(CountText.format(report.shown.nodes)) of \(CountText.format(report.total.nodes)) nodes"
            + " and \(CountText.format(report.shown.edges)) of \(CountText.format(report.total.edges)) edges"
        if report.residualEdges > 0 { shown += " (+ \(CountText.format(report.residualEdges)) dotted)" }
        return [shown] + removals
    }

    /// What each filter that left something out did, in the words of the legend.
    package static func removals(_ report: ShapingReport, spelling: SettingSpelling) -> [String] {
        let drewDotted = report.residualEdges > 0 || report.impliedResidualPaths > 0
        return report.removingSteps.map { line(for: $0, drewDotted: drewDotted, spelling: spelling) }
    }

    /// One filter and what it left out: `--hide-system: 12 system nodes folded into dotted edges`;
    /// `drewDotted` says whether the picture has dotted edges to fold them into.
    package static func line(for step: ShapingReport.Step, drewDotted: Bool = true, spelling: SettingSpelling)
        -> String
    {
        let untimed =
            step.keptUntimedEvents > 0
            ? "; \(CountText.string(step.keptUntimedEvents, "event")) without a time kept" : ""
        guard step.removedAnything else {
            return "\(option(step.given, spelling: spelling)): nothing left out" + untimed
        }
        let nodes = CountText.string(step.removedNodes, "node")
        let outcome =
            switch step.filter {
            case .window:
                windowRemovals(step) + " outside the window left out"
            case .interaction:
                "\(CountText.string(step.removedEvents, "event")) and \(CountText.string(step.removedLinks, "link")) of other interactions left out"
            case .focus: "\(nodes) not on a cause path into a match dropped"
            case .ignore: "\(nodes) matching, or caused only by matches, dropped"
            case .hideSystem:
                CountText.string(step.removedNodes, "system node")
                    + (drewDotted
                        ? " folded into dotted edges"
                        : " hidden, with no cause link through \(step.removedNodes == 1 ? "it" : "them")")
            case .minCount: "\(nodes) with fewer events dropped"
            case .foldFanOuts:
                "\(nodes) driven by the same cause, with nothing drawn after them, folded into \(step.folds)"
                    + (step.removedEdges > 0 ? ", and \(CountText.string(step.removedEdges, "edge")) with them" : "")
                    + " (\(spelling(.unfold)) shows them)"
            case .nodeFraction:
                "\(nodes) explaining less than that share of \(CountText.string(step.shareOf, "update")) dropped"
            case .edgeFraction:
                "\(CountText.string(step.removedEdges, "edge")) carrying less than that share of \(CountText.string(step.shareOf, "update")) not drawn"
            case .maxNodes:
                "\(nodes) explaining the fewest updates dropped"
                    + (step.removedRootCauses > 0
                        ? ", \(CountText.string(step.removedRootCauses, "root cause")) among them" : "")
                    + " (\(spelling(.maxNodes)) 0 shows all)"
            case .maxEdges:
                "\(CountText.string(step.removedEdges, "edge")) explaining the fewest updates not drawn (\(spelling(.maxEdges)) 0 draws all)"
            }
        return "\(option(step.given, spelling: spelling)): \(outcome)" + untimed
    }

    /// `12 events, 10 links, 2 update groups and 1 hitch or hang`: the events
    /// and links unless the window left out only groups or hitches, these
    /// when it left any out.
    private static func windowRemovals(_ step: ShapingReport.Step) -> String {
        var parts: [String] = []
        if step.removedEvents > 0 || step.removedLinks > 0 || step.removedGroups == 0 && step.removedHitches == 0 {
            parts = [CountText.string(step.removedEvents, "event"), CountText.string(step.removedLinks, "link")]
        }
        if step.removedGroups > 0 { parts.append(CountText.string(step.removedGroups, "update group")) }
        if step.removedHitches > 0 {
            parts.append(CountText.string(step.removedHitches, "hitch or hang", "hitches or hangs"))
        }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }

    /// Why a window that held nothing is refused: `no event of the trace is inside --window 100s..`.
    package static func noEventInside(_ window: TimeWindow, spelling: SettingSpelling) -> String {
        "no event of the trace is inside \(spelling(.window)) \(window)"
    }

    /// The filter as it was given: `--focus "Row" --depth 2` on the command line.
    package static func option(_ given: ShapingReport.Step.Given, spelling: SettingSpelling) -> String {
        switch given {
        case .window(let window): "\(spelling(.window)) \(window)"
        case .interaction(.group(let id)): "\(spelling(.group)) \(id)"
        case .interaction(.gesture(let id)): "\(spelling(.gesture)) \(id)"
        case .focus(let patterns, let depth):
            listed(patterns, spelling(.focus)) + (depth.map { " \(spelling(.depth)) \($0)" } ?? "")
        case .ignore(let patterns): listed(patterns, spelling(.ignore))
        case .hideSystem: spelling(.hideSystem)
        case .minCount(let count): "\(spelling(.minCount)) \(count)"
        case .nodeFraction(let share): "\(spelling(.nodeFraction)) \(share)"
        case .maxNodes(let limit): "\(spelling(.maxNodes)) \(limit)"
        case .edgeFraction(let share): "\(spelling(.edgeFraction)) \(share)"
        case .maxEdges(let limit): "\(spelling(.maxEdges)) \(limit)"
        case .foldFanOuts: "fan-outs"
        }
    }

    /// How many patterns of one option a line names; the rest are counted.
    static let patternsNamed = 3

    /// `--focus "a" --focus "b"`, or past ``patternsNamed`` `--focus "a" … and 12 more patterns`.
    private static func listed(_ patterns: [TitlePattern], _ option: String) -> String {
        let named = patterns.prefix(patternsNamed).map { "\(option) \($0)" }.joined(separator: " ")
        let rest = patterns.count - min(patterns.count, patternsNamed)
        return named + (rest > 0 ? " and \(CountText.string(rest, "more pattern"))" : "")
    }

    /// Why shaping failed: `--min-count 5 removed every node (no node has 5 events or more); nothing is left to draw`.
    package static func message(_ error: ShapingError, spelling: SettingSpelling) -> String {
        switch error {
        case .removedEverything(.window(let window), .noEventInWindow):
            // As every other command says it, with what it means for a picture.
            return noEventInside(window, spelling: spelling) + "; nothing is left to draw"
        case .removedEverything(.window(let window), .onlyHitchesInWindow(let count)):
            return noEventInside(window, spelling: spelling)
                + ", only \(CountText.string(count, "hitch or hang", "hitches or hangs")): a graph draws events, "
                + "so nothing is left to draw; summary and timeline show hitches"
        case .focusMatchesNothing(let given):
            return "\(option(given, spelling: spelling)) matches no node title; nothing is left to draw"
        case .removedEverything(let given, let reason):
            let why =
                switch reason {
                case .noEventInWindow: "no event of the trace is inside the window"
                case .onlyHitchesInWindow: "the window holds hitches or hangs but no event"
                case .everyNodeIgnored: "every node matches or is caused only by matches"
                case .noAppNodes: "the graph has no app nodes"
                case .fewerEvents(let minimum): "no node has \(minimum) events or more"
                case .noNodeExplainsShare: "no node explains that share of the updates"
                case .noEventInGroup: "no event names that update group"
                case .noSuchGesture: "no gesture event has that id"
                }
            return "\(option(given, spelling: spelling)) removed every node (\(why)); nothing is left to draw"
        case .ambiguousGesture(let given, let traces):
            return "\(option(given, spelling: spelling)) names a gesture event in \(traces) of the traces read "
                + "together, each numbering its events; read the one you mean on its own"
        }
    }
}
