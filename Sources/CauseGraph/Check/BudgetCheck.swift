/// Holds recordings to a ``Budget``: measures each limit on a trace and
/// judges it, against the limit alone or against a baseline recording.
public struct BudgetCheck {
    /// What one recording measured: its graph, its findings, and the per-group
    /// and per-gesture counts of `UsageMeter`.
    public struct Measurement {
        /// The traces read.
        public var traces: [String]
        /// Their cause graph.
        public var graph: CauseEffectGraph
        package var usage: UsageMeter
        /// The findings, judged by the budget's thresholds.
        public var findings: [Finding]
        /// The time range measured; `nil` for the whole recording.
        package var window: TimeWindow?
        /// What the window left out; `nil` without a window.
        package var windowStatistics: WindowStatistics?
    }

    /// The limits to hold recordings to.
    public var budget: Budget
    /// How much worse than the baseline a recording may be before it regresses.
    public var tolerance: Tolerance

    /// A check of recordings against `budget`, with `tolerance` towards a baseline.
    public init(budget: Budget, tolerance: Tolerance = .none) {
        self.budget = budget
        self.tolerance = tolerance
    }

    /// Reads `paths` once, streaming, into the graph and the usage meter;
    /// with a `window`, only what it keeps of them (``TracePipeline``).
    public func measure(
        _ paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow? = nil,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> Measurement {
        let thresholds = budget.findingThresholds
        var usage = UsageMeter(views: budget.views.map(\.pattern))
        let reading = try TracePipeline(settings: settings, window: window, burstWindow: thresholds.stormWindow)
            .reconstruct(paths, alongside: &usage, diagnostics: &diagnostics)
        let graph = reading.graph
        let traces = SourceLocation(file: paths.joined(separator: ", "))
        if let window, reading.window?.heldNothing == true {
            throw .error(ShapingFormatter.noEventInside(window, spelling: settings.spelling), at: traces)
        }
        // A recording step that wrote nothing would otherwise hold every limit.
        guard !graph.nodes.isEmpty || !graph.hitches.isEmpty else {
            throw .error("the recording holds no event: every limit would hold, so nothing is checked", at: traces)
        }
        return Measurement(
            traces: paths, graph: graph, usage: usage,
            findings: FindingRules.findings(in: graph, thresholds: thresholds), window: window,
            windowStatistics: reading.window)
    }

    /// Judges `current` against the budget and, when given, the `baseline`.
    public func evaluate(_ current: Measurement, baseline: Measurement? = nil) -> CheckReport {
        var notes: [String] = []
        var unmatched: [CheckReport.UnmatchedPattern] = []
        var results = measuredResults(current, notes: &notes, unmatched: &unmatched)
        var baselineValues: [String: Int] = [:]
        if let baseline {
            var ignoredNotes: [String] = []
            var ignoredViews: [CheckReport.UnmatchedPattern] = []
            for result in measuredResults(baseline, notes: &ignoredNotes, unmatched: &ignoredViews) {
                baselineValues[result.rule + "\u{1F}" + result.subjectKey] = result.measured
            }
        }
        for index in results.indices {
            var result = results[index]
            if baseline != nil {
                let before = baselineValues[result.rule + "\u{1F}" + result.subjectKey] ?? 0
                result.baseline = before
                result.allowed = max(result.limit, tolerance.allowed(over: before))
                result.status =
                    result.measured <= result.limit
                    ? .held : result.measured <= result.allowed ? .tolerated : .regressed
            } else {
                result.status = result.measured <= result.limit ? .held : .exceeded
            }
            results[index] = result
        }
        // Failures first, then tolerated, then held; within each, in the order the budget file
        // sets the limits, and a limit's subjects as measured.
        let rank: [CheckReport.Result.Status: Int] = [.exceeded: 0, .regressed: 0, .tolerated: 1, .held: 2]
        func key(_ entry: (offset: Int, element: CheckReport.Result)) -> (Int, Int, Int, Int) {
            let location = entry.element.location
            return (rank[entry.element.status]!, location.line ?? .max, location.column ?? .max, entry.offset)
        }
        let ordered = results.enumerated().sorted { key($0) < key($1) }.map(\.element)
        var report = CheckReport(
            budget: budget.file, traces: current.traces, window: current.window, baseline: baseline?.traces,
            tolerance: tolerance, results: ordered, notes: notes)
        report.unmatchedPatterns = unmatched
        return report
    }

    // MARK: Measuring each limit

    private func result(
        _ rule: String, _ limit: Budget.Limit, subject: String, key: String, unit: String, measured: Int,
        evidence: [String]
    ) -> CheckReport.Result {
        CheckReport.Result(
            rule: rule, location: limit.location, subject: subject, subjectKey: key, unit: unit, measured: measured,
            limit: limit.max, baseline: nil, allowed: limit.max, evidence: evidence, status: .held)
    }

    private static func key(_ node: NodeKey) -> String {
        [node.kind.rawValue, node.title, node.module ?? "", node.owner.rawValue].joined(separator: "\u{1F}")
    }

    private func measuredResults(
        _ measurement: Measurement, notes: inout [String], unmatched: inout [CheckReport.UnmatchedPattern]
    ) -> [CheckReport.Result] {
        var results: [CheckReport.Result] = []
        for (index, view) in budget.views.enumerated() {
            results += viewResults(view, rule: "views[\(index)]", measurement, notes: &notes, unmatched: &unmatched)
        }
        results += longUpdateResults(measurement)
        if let limit = budget.skippedChecksPerEnvironmentChange {
            results += skippedCheckResults(limit, measurement)
        }
        results += findingResults(measurement)
        for (index, edge) in budget.forbiddenEdges.enumerated() {
            results += forbiddenEdgeResults(
                edge, rule: "forbiddenEdges[\(index)]", measurement, notes: &notes, unmatched: &unmatched)
        }
        for limits in budget.hitches {
            results += hitchResults(limits, measurement, notes: &notes)
        }
        notes += unmeasurable(measurement)
        return results
    }

    /// Notes for the limits the recording has no figures for: they hold,
    /// but say nothing of the app (a log without durations, a recording
    /// without the Hitches instrument).
    private func unmeasurable(_ measurement: Measurement) -> [String] {
        var notes: [String] = []
        let graph = measurement.graph
        let limitsLongUpdates =
            !budget.longUpdates.limits.isEmpty || budget.views.contains { !$0.longUpdates.limits.isEmpty }
        if limitsLongUpdates && !graph.nodes.contains(where: { $0.kind.isUpdate && $0.severity != nil }) {
            notes.append(
                "longUpdates: the trace records no update's duration or severity, so no update counts as long")
        }
        if budget.views.contains(where: { $0.perGroup != nil }) && graph.groups.isEmpty {
            notes.append("updates.perGroup: the trace records no update group, so no run counts towards one")
        }
        for limits in budget.hitches where !graph.hitches.contains(where: { $0.hitch.kind == limits.kind }) {
            let key = limits.kind == .hitch ? "hitches" : "hangs"
            notes.append(
                "\(key): the trace records none; a recording without the Hitches instrument has none to count")
        }
        return notes
    }

    private func viewResults(
        _ view: Budget.ViewLimits, rule: String, _ measurement: Measurement, notes: inout [String],
        unmatched: inout [CheckReport.UnmatchedPattern]
    ) -> [CheckReport.Result] {
        let graph = measurement.graph
        let usage = measurement.usage
        let matches = graph.nodes.filter { $0.kind == .body && view.pattern.matches($0.title) }
        if matches.isEmpty {
            let closest = Suggestions.closest(
                toPartOf: view.pattern.text, among: graph.nodes.filter { $0.kind == .body }.map(\.title), limit: 3)
            let entry = CheckReport.UnmatchedPattern(
                rule: rule, pattern: view.pattern, noun: "view", location: view.location, closest: closest)
            unmatched.append(entry)
            notes.append(entry.note)
        }
        var limits: [(String, Budget.Limit)] = []
        if let total = view.total { limits.append(("updates.total", total)) }
        if let perGroup = view.perGroup { limits.append(("updates.perGroup", perGroup)) }
        if let perGesture = view.perGesture {
            limits.append(("updates.perGesture", perGesture))
            if usage.gestureCount == 0 {
                notes.append("\(rule).updates.perGesture: the trace records no gesture, so no run counts towards one")
            }
        }
        for (severity, limit) in view.longUpdates.limits { limits.append(("longUpdates.\(severity.rawValue)", limit)) }

        var results: [CheckReport.Result] = []
        for (name, limit) in limits {
            if matches.isEmpty {
                results.append(
                    result(
                        "\(rule).\(name)", limit, subject: "no view matching \(view.pattern)", key: "pattern",
                        unit: unit(of: name),
                        measured: 0, evidence: []))
            }
            for node in matches {
                let (measured, evidence) = viewFigure(name, node, measurement)
                results.append(
                    result(
                        "\(rule).\(name)", limit, subject: node.title, key: Self.key(node.key), unit: unit(of: name),
                        measured: measured, evidence: evidence))
            }
        }
        return results
    }

    private func unit(of viewLimit: String) -> String {
        viewLimit.hasPrefix("longUpdates.") ? "long update" : "body run"
    }

    /// What one view measured for one of its limits, and the evidence.
    private func viewFigure(_ name: String, _ node: CauseEffectGraph.Node, _ measurement: Measurement) -> (
        Int, [String]
    ) {
        let usage = measurement.usage
        let summary =
            "\(TitleText.shown(node.title)) ran \(CountText.format(node.ran)) of \(CountText.string(node.count, "update")) (\(CountText.format(node.skipped)) skipped) in \(CountText.string(node.groups.count, "update group"))"
        switch name {
        case "updates.total":
            return (node.ran, [summary])
        case "updates.perGroup":
            guard let peak = usage.peakPerGroup(of: node.key) else {
                return (0, [summary, "no run named an update group"])
            }
            return (
                peak.count, ["\(CountText.string(peak.count, "run")) in \(peak.place), the most in one group", summary]
            )
        case "updates.perGesture":
            guard let peak = usage.peakPerGesture(of: node.key) else {
                return (0, [summary, "no run was led to by a gesture"])
            }
            let gesture = peak.place
            var place = "\(TitleText.shown(gesture.title)) (event \(gesture.event)"
            if let time = gesture.time { place += " at \(TimeText.string(time))" }
            if gesture.document > 0 { place += " of document \(gesture.document + 1)" }
            return (
                peak.count,
                ["\(place)) led to \(CountText.string(peak.count, "run")), the most from one gesture", summary]
            )
        default:
            let severity = Severity(rawValue: String(name.dropFirst("longUpdates.".count))) ?? .high
            return (
                node.severityCounts.atLeast(severity), [severityEvidence(node, severity: severity, measurement.graph)]
            )
        }
    }

    /// `LandmarkListItemView: 0 veryLow, 71 low, 1 medium, 0 high, 0 veryHigh; worst at medium or
    /// worse 642 µs (event 17, update group 1)`: the longest of the updates counted, not of all.
    private func severityEvidence(_ node: CauseEffectGraph.Node, severity: Severity, _ graph: CauseEffectGraph)
        -> String
    {
        let text =
            "\(TitleText.shown(node.title)): "
            + Severity.allCases.map { "\(node.severityCounts[$0]) \($0.rawValue)" }.joined(separator: ", ")
        guard node.severityCounts.atLeast(severity) > 0 else { return text }
        return text + "; worst at \(severity.rawValue) or worse: "
            + worstCounted(longest: node.longest(atLeast: severity), of: node, severity: severity, graph)
    }

    /// The longest update at `severity` or worse, `longest` long, with its
    /// event where an example of it was kept; or that none has a duration.
    private func worstCounted(
        longest: Nanoseconds?, of node: CauseEffectGraph.Node, severity: Severity, _ graph: CauseEffectGraph
    ) -> String {
        guard let longest else {
            return "no duration known (an update still running when the recording stopped has none)"
        }
        var text = DurationText.string(longest)
        if let example = graph.worstUpdates.first(where: {
            $0.node == node.id && $0.duration == longest && ($0.severity.map { $0 >= severity } ?? false)
        }) {
            text += " (event \(example.event)" + (example.group.map { ", update group \($0)" } ?? "") + ")"
        }
        return text
    }

    private func longUpdateResults(_ measurement: Measurement) -> [CheckReport.Result] {
        let updates = measurement.graph.nodes.filter { $0.kind.isUpdate }
        return budget.longUpdates.limits.map { severity, limit in
            let counted = updates.map { ($0, $0.severityCounts.atLeast(severity)) }.filter { $0.1 > 0 }
            let measured = counted.reduce(0) { $0 + $1.1 }
            let most = counted.enumerated().sorted { ($1.element.1, $0.offset) < ($0.element.1, $1.offset) }.prefix(3)
            var evidence = most.map {
                "\(TitleText.shown($0.element.0.title)) (\($0.element.0.kind.rawValue)): \($0.element.1) at \(severity.rawValue) or worse"
            }
            if counted.count > 3 { evidence.append("… and \(counted.count - 3) more") }
            // The longest of the updates counted: a trace's severity need not follow the duration.
            if measured > 0 {
                let longest = counted.compactMap { node, _ in node.longest(atLeast: severity).map { (node, $0) } }
                    .max { $0.1 < $1.1 }
                let lead = "worst at \(severity.rawValue) or worse: "
                if let (node, duration) = longest {
                    evidence.append(
                        lead + "\(TitleText.shown(node.title)) "
                            + worstCounted(longest: duration, of: node, severity: severity, measurement.graph))
                } else {
                    evidence.append(
                        lead + worstCounted(longest: nil, of: counted[0].0, severity: severity, measurement.graph))
                }
            }
            return result(
                "longUpdates.\(severity.rawValue)", limit, subject: "all updates", key: "all", unit: "long update",
                measured: measured, evidence: evidence)
        }
    }

    private func skippedCheckResults(_ limit: Budget.Limit, _ measurement: Measurement) -> [CheckReport.Result] {
        let graph = measurement.graph
        let rule = "skippedChecks.perEnvironmentChange"
        let sources = graph.nodes.filter { $0.kind == .externalEnvironment || $0.kind == .environmentWriter }
        guard !sources.isEmpty else {
            return [
                result(
                    rule, limit, subject: "no environment change", key: "none", unit: "skipped check", measured: 0,
                    evidence: [])
            ]
        }
        return sources.map { source in
            let edges = graph.edges.filter { $0.from == source.id }
            let checks = edges.reduce(0) { $0 + $1.count }
            let skipped = edges.reduce(0) { $0 + $1.skipped }
            var evidence: [String] = []
            let peak = measurement.usage.peakSkippedChecks(of: source.key)
            if let peak {
                evidence.append(
                    "\(CountText.string(peak.count, "check")) skipped the body in \(peak.place), the most in one change"
                )
            }
            evidence.append(
                "in all \(CountText.format(skipped)) of \(CountText.string(checks, "check")) skipped the body")
            let views = edges.filter { $0.skipped > 0 }.sorted { ($1.skipped, $0.id) < ($0.skipped, $1.id) }.prefix(3)
                .compactMap { edge in
                    graph.node(edge.to).map {
                        "\(TitleText.shown($0.title)) skipped \(CountText.format(edge.skipped)) of \(CountText.format(edge.count))"
                    }
                }
            if !views.isEmpty { evidence.append("views checked for nothing: " + views.joined(separator: "; ")) }
            return result(
                rule, limit, subject: source.title, key: Self.key(source.key), unit: "skipped check",
                measured: peak?.count ?? 0, evidence: evidence)
        }
    }

    private func findingResults(_ measurement: Measurement) -> [CheckReport.Result] {
        budget.findings.map { kind, limit in
            let found = measurement.findings.filter { $0.kind == kind }
            var evidence = found.prefix(3).map(\.summary)
            if found.count > 3 { evidence.append("… and \(found.count - 3) more") }
            return result(
                "findings.\(kind.rawValue)", limit, subject: "\(kind.name) findings", key: kind.rawValue,
                unit: "finding",
                measured: found.count, evidence: evidence)
        }
    }

    private func forbiddenEdgeResults(
        _ rule: Budget.ForbiddenEdge, rule name: String, _ measurement: Measurement, notes: inout [String],
        unmatched: inout [CheckReport.UnmatchedPattern]
    )
        -> [CheckReport.Result]
    {
        let graph = measurement.graph
        let limit = Budget.Limit(max: 0, location: rule.location)
        // An end that names no node forbids nothing: as a view entry's, that is most likely a typo.
        let titles = graph.nodes.map(\.title)
        for (end, pattern) in [("from", rule.from), ("to", rule.to)] where !titles.contains(where: pattern.matches) {
            let entry = CheckReport.UnmatchedPattern(
                rule: "\(name).\(end)", pattern: pattern, noun: "node", location: rule.location,
                closest: Suggestions.closest(toPartOf: pattern.text, among: titles, limit: 3))
            unmatched.append(entry)
            notes.append(entry.note)
        }
        let matches = graph.edges.compactMap {
            edge -> (CauseEffectGraph.Edge, CauseEffectGraph.Node, CauseEffectGraph.Node)? in
            guard rule.kind == nil || rule.kind == edge.kind, let from = graph.node(edge.from),
                let to = graph.node(edge.to),
                rule.from.matches(from.title), rule.to.matches(to.title)
            else { return nil }
            return (edge, from, to)
        }
        guard !matches.isEmpty else {
            return [
                result(name, limit, subject: rule.description, key: "rule", unit: "link", measured: 0, evidence: [])
            ]
        }
        return matches.map { edge, from, to in
            var evidence =
                "\(TitleText.shown(from.title)) → \(TitleText.shown(to.title)): \(edge.kind.rawValue) ×\(CountText.format(edge.count))"
            if !edge.groups.isEmpty {
                let shown = edge.groups.prefix(8).map { "\($0)" }.joined(separator: ", ")
                evidence +=
                    " in \(edge.groups.count == 1 ? "update group" : "update groups") \(shown)"
                    + (edge.groups.count > 8 ? " … (\(CountText.format(edge.groups.count)) in all)" : "")
            }
            var lines = [evidence]
            if !edge.changed.isEmpty { lines.append("changed: " + edge.changed.joined(separator: ", ")) }
            if let frame = from.backtrace.first { lines.append("\(TitleText.shown(from.title)) set at \(frame)") }
            // The kind tells apart two links between the same titles, as a CI's test names must be.
            return result(
                name, limit,
                subject: "\(TitleText.shown(from.title)) → \(TitleText.shown(to.title)) (\(edge.kind.rawValue))",
                key: [Self.key(from.key), Self.key(to.key), edge.kind.rawValue].joined(separator: "\u{1E}"),
                unit: "link",
                measured: edge.count, evidence: lines)
        }
    }
}
