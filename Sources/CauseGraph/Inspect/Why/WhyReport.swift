/// The answer to `causegraph why`: for each view that matched, its figures
/// and the tree of its causes; optionally its updates one by one, or the
/// exact chain of one update.
public struct WhyReport: Sendable, Equatable {
    /// The frame rate severities were judged at (``CauseEffectGraph/frameRate``).
    public var frameRate: Double
    /// Every rate updates were judged at (``CauseEffectGraph/frameRates``).
    public var frameRates: [Double]
    /// The cause tree of each view that matched.
    public var views: [CauseTree]
    /// Each view's updates in time order, when asked for (`--list`), in the order of ``views``.
    package var listings: [UpdateListing]?
    /// The chain of one update, when asked for (`--update`).
    package var chain: UpdateChain?
    /// How many matching views the bounds left out (``views(matching:in:bounds:)``).
    package var omittedViews = 0
    /// How many ranked matching views the bounds passed over before ``views``.
    package var offset = 0

    /// A report with every part given; listings and chain only when asked for.
    package init(
        frameRate: Double, frameRates: [Double]? = nil, views: [CauseTree], listings: [UpdateListing]? = nil,
        chain: UpdateChain? = nil, omittedViews: Int = 0, offset: Int = 0
    ) {
        self.omittedViews = omittedViews
        self.offset = offset
        self.frameRate = frameRate
        self.frameRates = frameRates ?? [frameRate]
        self.views = views
        self.listings = listings
        self.chain = chain
    }

    /// The report with its views, and each listing's updates, cut again by
    /// `bounds` (its offset and limit; the views keep their ranking), adding
    /// what the cut leaves out to ``omittedViews`` and each listing's count.
    package func bounded(_ bounds: ListBounds) -> WhyReport {
        var report = self
        let (shown, omitted) = bounds.cut(Array(views.indices))
        report.views = shown.map { views[$0] }
        report.omittedViews += omitted
        report.offset = offset.saturatingAdding(bounds.offset)
        report.listings = listings.map { all in shown.map { all[$0].bounded(bounds) } }
        return report
    }

    /// The update nodes whose title matches, ranked and cut by `bounds`,
    /// and how many of them the cut left out.
    package static func views(matching pattern: TitlePattern, in graph: CauseEffectGraph, bounds: ListBounds)
        throws(Diagnostic) -> (shown: [CauseEffectGraph.Node], omitted: Int)
    {
        bounds.cut(try views(matching: pattern, in: graph).sorted { bounds.ranks($0, before: $1) })
    }

    /// The update nodes (view bodies, representables such as `UIScrollView`,
    /// other updates) whose title matches, or an error listing the closest titles.
    public static func views(matching pattern: TitlePattern, in graph: CauseEffectGraph) throws(Diagnostic)
        -> [CauseEffectGraph
        .Node]
    {
        let updates = graph.nodes.filter { $0.kind.isUpdate }
        let matched = updates.filter { pattern.matches($0.title) }
        guard matched.isEmpty else { return matched }
        var message = "no update matches '\(VisibleText.excerpt(pattern.text))'"
        // A state or property named where a view was meant: the views it led to are what can be asked about.
        if let cause = graph.nodes.filter({ $0.kind.isRecorded && !$0.kind.isUpdate && pattern.matches($0.title) })
            .max(by: { ($0.count, $1.id) < ($1.count, $0.id) })
        {
            let effects = Suggestions.unique(
                graph.edges.filter { $0.from == cause.id }.sorted { ($1.count, $0.to) < ($0.count, $1.to) }
                    .compactMap { graph.node($0.to)?.title })
            message += "; it names a cause, \(VisibleText.excerpt(cause.title)) (\(cause.kind.rawValue))"
            if !effects.isEmpty {
                message += ", which led to " + effects.prefix(3).map { VisibleText.excerpt($0) }.joined(separator: ", ")
                if effects.count > 3 { message += " and \(effects.count - 3) more" }
            }
            throw .error(message)
        }
        let closest = Suggestions.closest(toPartOf: pattern.text, among: updates.map(\.title))
        message +=
            closest.isEmpty
            ? "; the trace has no updates"
            : "; closest: " + closest.map { VisibleText.excerpt($0) }.joined(separator: ", ")
        throw .error(message)
    }
}
