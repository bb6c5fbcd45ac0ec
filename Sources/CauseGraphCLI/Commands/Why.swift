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
                "causegraph why App.trace --view Row --list":
                    "Each update of the matching views in time order, with its event id.",
                "causegraph why App.trace --update 4242":
                    "The exact chain of causes of one update, by its event id.",
            ],
            to: """
                Finds the update nodes whose title matches --view (view bodies, representables such \
                as UIScrollView, and other updates) and prints, for each, its updates and the causes \
                upstream of them, most frequent first, down to the root causes. --list lists its \
                updates in time order, each with its event id; --update ID explains one of them exactly. \
                --hitch N traces the Nth hitch or hang (as `summary` numbers them) to the updates of the \
                update groups it overlaps and to their root causes.
                """))

    @OptionGroup var input: InputOptions

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

    @Flag(help: "List each matching view's updates in time order, with their direct causes.")
    var list = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Explain one hitch or hang, by its number in `summary`.", valueName: "n"))
    var hitch: Int?

    @OptionGroup var report: ReportOptions

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
        if let hitch {
            let graph = try TracePipeline(settings: input.settings).reconstruct(input.traces, diagnostics: &diagnostics)
                .graph
            try report.write(
                HitchFormatter.format(try HitchCause.numbered(hitch, in: graph), as: report.format, style: report.style)
            )
            return
        }
        try report.write(
            WhyFormatter.format(try whyReport(diagnostics: &diagnostics), as: report.format, style: report.style))
    }

    /// The answer, for this command and for `causegraph mcp`'s `why` tool.
    func whyReport(diagnostics: inout Diagnostics) throws -> WhyReport {
        let whyReport: WhyReport
        if update != nil || list {
            var events = EventLog(frameRate: input.settings.frameRate)
            let graph = try TracePipeline(settings: input.settings)
                .reconstruct(input.traces, alongside: &events, diagnostics: &diagnostics).graph
            if let update {
                guard let chain = UpdateChain(event: update, in: events) else {
                    throw Diagnostic.error("no event with id \(update) in the trace")
                }
                whyReport = WhyReport(frameRate: graph.frameRate, frameRates: graph.frameRates, views: [], chain: chain)
            } else {
                let trees = try explain(graph)
                whyReport = WhyReport(
                    frameRate: graph.frameRate, frameRates: graph.frameRates, views: trees,
                    listings: trees.map { UpdateListing(of: $0.node.key, in: events) })
            }
        } else {
            let graph = try TracePipeline(settings: input.settings).reconstruct(input.traces, diagnostics: &diagnostics)
                .graph
            whyReport = WhyReport(frameRate: graph.frameRate, frameRates: graph.frameRates, views: try explain(graph))
        }
        return whyReport
    }

    private func explain(_ graph: CauseGraph) throws -> [CauseTree] {
        let pattern = try TitlePattern(view ?? "", isRegex: regex)
        return try WhyReport.views(matching: pattern, in: graph).map { CauseTree(of: $0, in: graph) }
    }
}
