import ArgumentParser
import CauseGraph

/// `causegraph why`: why did this body run?
struct Why: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain why a view's body ran: its updates and the tree of their causes.",
        discussion: CommandExamples.appending(
            [
                "causegraph why App.trace --view LandmarkListItemView":
                    "The causes of every update of the views whose title holds the text.",
                "causegraph why App.trace --view Row --list --longest --top 5":
                    "The five longest updates of each matching view, with their event ids.",
                "causegraph why App.trace --update 4242":
                    "The exact chain of causes of one update, by its event id.",
            ],
            to: """
                Finds the update nodes whose title matches --view (view bodies, representables such \
                as UIScrollView, and other updates) and prints, for each, its updates and the causes \
                upstream of them, most frequent first, down to the root causes. A cause's count is its \
                part of the branch it explains: below the view's own causes, the branch's count × the \
                cause's share, rounded (at least 1), as the graph keeps counts, not which event caused \
                which. --list lists its updates in time order, each with its event id; --update ID \
                explains one of them exactly. \
                --hitch N traces the Nth hitch or hang (as `summary` numbers them) to the updates of the \
                update groups it overlaps and to their root causes. With --list, --top and --offset page \
                each view's updates, and up to 10 matching views are listed (--all lists every one).
                """))

    @OptionGroup var input: InputOptions
    @OptionGroup var window: TimeWindowOption

    @Option(
        help: ArgumentHelp(
            "The view or other update: a substring of its title (any case), or a regular expression with --regex.",
            valueName: "pattern"))
    var view: String?

    @Flag(help: "Read --view as a regular expression.")
    var regex = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Explain one update event, by its id in the trace.", valueName: "id"))
    var update: UInt64?

    @Flag(
        help:
            "List each matching view's updates in time order, with their direct causes; --top and --offset page the updates."
    )
    var list = false

    @Flag(help: "With --list: the longest updates first, instead of in time order.")
    var longest = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Explain one hitch or hang, by its number in `summary`.", valueName: "n"))
    var hitch: Int?

    @OptionGroup var report: ReportOptions
    @OptionGroup var ranking: ListOptions

    func validate() throws {
        if let hitch {
            if view != nil || update != nil || list {
                throw ValidationError("--hitch asks its own question; give it without --view, --update or --list")
            }
            if hitch < 1 { throw ValidationError("--hitch \(hitch) is out of range; hitches are numbered from 1") }
            return
        }
        if view == nil && update == nil {
            throw ValidationError(
                "name a view with --view PATTERN, an update event with --update ID, or a hitch with --hitch N")
        }
        if list && view == nil {
            throw ValidationError("--list needs --view")
        }
        if longest && !list {
            throw ValidationError("--longest orders the updates --list lists; give it with --list")
        }
        if view?.isEmpty == true {
            throw ValidationError("--view must not be empty: it would match every update; give part of a title")
        }
        if view != nil && update != nil {
            throw ValidationError("--view and --update ask two different questions; give one of them")
        }
        if regex && view == nil {
            throw ValidationError("--regex applies to --view; give a --view pattern")
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        if let cause = try hitchCause(diagnostics: &diagnostics) {
            try report.write(HitchFormatter.format(cause, as: report.format, style: report.style))
            return
        }
        let answer = try whyReport(diagnostics: &diagnostics)
        var text = WhyFormatter.format(answer, as: try report.format, style: try report.style)
        if try report.format != .json, let line = leftOut(answer) { text += "\n" + line + "\n" }
        try report.write(text)
    }

    /// The last line of a bounded answer: what it left out and how to see
    /// it, `whole` saying how to see everything.
    func leftOut(_ answer: WhyReport, whole: String = ListOptions.showsEverything) -> String? {
        var parts: [String] = []
        if answer.omittedViews > 0 {
            parts.append(CountText.format(answer.omittedViews) + (answer.omittedViews == 1 ? " view" : " views"))
        }
        let updates = answer.listings?.reduce(0) { $0 + $1.omittedEntries } ?? 0
        if updates > 0 { parts.append(CountText.format(updates) + (updates == 1 ? " update" : " updates")) }
        return ListOptions.leftOut(
            parts, order: list ? nil : ranking.sort, updates: longest ? .longest : .time, whole: whole)
    }

    /// The hitch `--hitch` asks about, traced to its causes; `nil` without `--hitch`.
    func hitchCause(diagnostics: inout Diagnostics) throws -> HitchCause? {
        guard let hitch else { return nil }
        let reading = try window.pipeline(input.settings).reconstruct(input.traces, diagnostics: &diagnostics)
        try window.account(for: reading.window, diagnostics: &diagnostics)
        do {
            return try HitchCause.numbered(hitch, in: reading.graph)
        } catch {
            var diagnostic = error
            diagnostic.message += try window.within()
            throw diagnostic
        }
    }

    /// The answer, for this command and for `causegraph mcp`'s `why` tool.
    func whyReport(diagnostics: inout Diagnostics) throws -> WhyReport {
        let whyReport: WhyReport
        if update != nil || list {
            let reading = try window.pipeline(input.settings)
                .reconstruct(input.traces, keepingEvents: true, diagnostics: &diagnostics)
            try window.account(for: reading.window, diagnostics: &diagnostics)
            let (graph, events) = (reading.graph, reading.events!)
            if let update {
                let defining = events.documentCount(defining: update)
                guard defining <= 1 else {
                    throw Diagnostic.error(
                        "event \(update) is in \(defining) of the traces read together, each numbering its events; "
                            + "read the one you mean on its own")
                }
                guard let chain = UpdateChain(event: update, in: events) else {
                    throw Diagnostic.error(
                        "no event with id \(update) in the \(input.traces.count == 1 ? "trace" : "traces")"
                            + (try window.within()))
                }
                whyReport = WhyReport(frameRate: graph.frameRate, frameRates: graph.frameRates, views: [], chain: chain)
            } else {
                let (trees, omitted, offset) = try explain(graph)
                whyReport = WhyReport(
                    frameRate: graph.frameRate, frameRates: graph.frameRates, views: trees,
                    listings: UpdateListing.listings(
                        of: trees.map(\.node.key), in: events, order: longest ? .longest : .time
                    ).map { $0.bounded(ranking.bounds) }, omittedViews: omitted, offset: offset)
            }
        } else {
            let reading = try window.pipeline(input.settings).reconstruct(input.traces, diagnostics: &diagnostics)
            try window.account(for: reading.window, diagnostics: &diagnostics)
            let graph = reading.graph
            let (trees, omitted, offset) = try explain(graph)
            whyReport = WhyReport(
                frameRate: graph.frameRate, frameRates: graph.frameRates, views: trees, omittedViews: omitted,
                offset: offset)
        }
        return whyReport
    }

    /// The trees of the matching views the bounds show, how many they leave
    /// out and how many they pass over first. With `--list`, the bounds page
    /// each view's updates, not the views.
    private func explain(_ graph: CauseEffectGraph) throws -> (trees: [CauseTree], omitted: Int, offset: Int) {
        let pattern = try TitlePattern(view ?? "", isRegex: regex)
        var bounds = ranking.bounds
        if list { bounds = ListBounds(order: bounds.order, limit: ranking.all ? nil : ListBounds.defaultLimit) }
        let (shown, omitted) = try WhyReport.views(matching: pattern, in: graph, bounds: bounds)
        return (CauseTree.trees(of: shown, in: graph), omitted, bounds.offset)
    }
}
