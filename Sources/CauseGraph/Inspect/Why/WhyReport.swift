/// The answer to `causegraph why`: for each view that matched, its figures
/// and the tree of its causes; optionally its updates one by one, or the
/// exact chain of one update.
public struct WhyReport: Sendable, Equatable {
    /// The frame rate severities were judged at (``CauseGraph/frameRate``).
    public var frameRate: Double
    /// Every rate updates were judged at (``CauseGraph/frameRates``).
    public var frameRates: [Double]
    /// The cause tree of each view that matched.
    public var views: [CauseTree]
    /// Each view's updates in time order, when asked for (`--list`), in the order of ``views``.
    public var listings: [UpdateListing]?
    /// The chain of one update, when asked for (`--update`).
    public var chain: UpdateChain?

    /// A report with every part given; listings and chain only when asked for.
    public init(
        frameRate: Double, frameRates: [Double]? = nil, views: [CauseTree], listings: [UpdateListing]? = nil,
        chain: UpdateChain? = nil
    ) {
        self.frameRate = frameRate
        self.frameRates = frameRates ?? [frameRate]
        self.views = views
        self.listings = listings
        self.chain = chain
    }

    /// The update nodes (view bodies, representables such as `UIScrollView`,
    /// other updates) whose title matches, or an error listing the closest titles.
    public static func views(matching pattern: TitlePattern, in graph: CauseGraph) throws(Diagnostic) -> [CauseGraph
        .Node]
    {
        let updates = graph.nodes.filter { $0.kind.isUpdate }
        let matched = updates.filter { pattern.matches($0.title) }
        guard matched.isEmpty else { return matched }
        var message = "no update matches '\(VisibleText.excerpt(pattern.text))'"
        let closest = Suggestions.closest(to: pattern.text, among: updates.map(\.title))
        message +=
            closest.isEmpty
            ? "; the trace has no updates"
            : "; closest: " + closest.map { VisibleText.excerpt($0) }.joined(separator: ", ")
        throw .error(message)
    }
}
