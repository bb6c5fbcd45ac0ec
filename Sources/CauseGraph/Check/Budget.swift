/// What `causegraph check` holds a recording to: limits on how often views
/// update, how many updates are long, how many environment checks are
/// wasted, how many findings there are, and edges that must never appear.
///
/// Read from a YAML or JSON file by `BudgetFile`; every limit remembers
/// where the file set it, so a report can point at the line to change.
public struct Budget {
    /// One number not to exceed, and where the budget file set it.
    public struct Limit: Equatable, Sendable {
        /// The most allowed.
        package var max: Int
        /// Where the budget file set it.
        package var location: SourceLocation

        /// A limit and where it was set.
        public init(max: Int, location: SourceLocation) {
            self.max = max
            self.location = location
        }
    }

    /// Limits on updates at or above each severity.
    public struct SeverityLimits {
        /// In severity order; each counts the updates at that severity or worse.
        package var limits: [(severity: Severity, limit: Limit)]

        /// Limits in severity order.
        public init(limits: [(severity: Severity, limit: Limit)] = []) {
            self.limits = limits
        }
    }

    /// Limits on the body updates of every view whose type name matches.
    public struct ViewLimits {
        /// Which view types the limits apply to, by title.
        package var pattern: TitlePattern
        /// Where the entry starts in the budget file.
        package var location: SourceLocation
        /// Body runs in the whole recording.
        package var total: Limit?
        /// Body runs within one update group.
        package var perGroup: Limit?
        /// Body runs that one gesture event led to, through any chain of causes.
        package var perGesture: Limit?
        /// The view's long updates by severity.
        package var longUpdates: SeverityLimits

        /// Limits on views matching `pattern`; each limit left out does not apply.
        public init(
            pattern: TitlePattern, location: SourceLocation, total: Limit? = nil, perGroup: Limit? = nil,
            perGesture: Limit? = nil, longUpdates: SeverityLimits = SeverityLimits()
        ) {
            self.pattern = pattern
            self.location = location
            self.total = total
            self.perGroup = perGroup
            self.perGesture = perGesture
            self.longUpdates = longUpdates
        }
    }

    /// Cause links that must never appear.
    public struct ForbiddenEdge {
        /// The cause's title.
        package var from: TitlePattern
        /// The effect's title.
        package var to: TitlePattern
        /// The edge kind, when only one kind is forbidden.
        package var kind: EdgeKind?
        /// Where the entry starts in the budget file.
        package var location: SourceLocation

        /// A forbidden edge from `from` to `to`, of `kind` or of any kind.
        public init(from: TitlePattern, to: TitlePattern, kind: EdgeKind? = nil, location: SourceLocation) {
            self.from = from
            self.to = to
            self.kind = kind
            self.location = location
        }

        /// `ModelData.favoritesCollection → LandmarkListItemView (observable)`.
        package var description: String {
            "\(from.text) → \(to.text)" + (kind.map { " (\($0.rawValue))" } ?? "")
        }
    }

    /// Limits on the hitches, or on the hangs, a recording may hold.
    public struct HitchLimits {
        /// Hitches or hangs.
        package var kind: Hitch.Kind
        /// Those starting within one interaction: from one gesture to the next.
        package var perInteraction: Limit?
        /// Those in the whole recording.
        package var total: Limit?

        /// Limits on hitches or hangs; each limit left out does not apply.
        public init(kind: Hitch.Kind, perInteraction: Limit? = nil, total: Limit? = nil) {
            self.kind = kind
            self.perInteraction = perInteraction
            self.total = total
        }
    }

    /// The file the budget was read from, as the user named it.
    package var file: String
    /// Limits on views, in budget order.
    package var views: [ViewLimits]
    /// Long updates of every update kind (body, representable, other), by severity.
    package var longUpdates: SeverityLimits
    /// Body checks that one environment change (one environment node within
    /// one update group) caused and that skipped the body.
    package var skippedChecksPerEnvironmentChange: Limit?
    /// How many findings of each kind may be reported, in ``Finding/Kind`` order.
    package var findings: [(kind: Finding.Kind, limit: Limit)]
    /// The thresholds findings are judged by.
    package var findingThresholds: FindingThresholds
    /// Cause links that must never appear.
    package var forbiddenEdges: [ForbiddenEdge]
    /// Limits on hitches and on hangs, in ``Hitch/Kind`` order.
    package var hitches: [HitchLimits] = []

    /// A budget with every part given; each part left out sets no limit.
    public init(
        file: String, views: [ViewLimits] = [], longUpdates: SeverityLimits = SeverityLimits(),
        skippedChecksPerEnvironmentChange: Limit? = nil, findings: [(kind: Finding.Kind, limit: Limit)] = [],
        findingThresholds: FindingThresholds = FindingThresholds(), forbiddenEdges: [ForbiddenEdge] = []
    ) {
        self.file = file
        self.views = views
        self.longUpdates = longUpdates
        self.skippedChecksPerEnvironmentChange = skippedChecksPerEnvironmentChange
        self.findings = findings
        self.findingThresholds = findingThresholds
        self.forbiddenEdges = forbiddenEdges
    }

    /// Whether the budget sets no limit at all (which is most likely a mistake).
    package var isEmpty: Bool {
        views.allSatisfy {
            $0.total == nil && $0.perGroup == nil && $0.perGesture == nil && $0.longUpdates.limits.isEmpty
        }
            && longUpdates.limits.isEmpty && skippedChecksPerEnvironmentChange == nil && findings.isEmpty
            && forbiddenEdges.isEmpty
            && hitches.allSatisfy { $0.perInteraction == nil && $0.total == nil }
    }
}
