/// The outcome of `causegraph check`: every limit of the budget against
/// what the recording measured, and, with a baseline, against what the
/// baseline measured.
public struct CheckReport: Sendable {
    /// One limit applied to one subject (a view, an environment node, an edge…).
    public struct Result: Sendable, Equatable {
        /// How the measurement compares with the limit and the baseline.
        public enum Status: String, CaseIterable, Sendable {
            /// Within the limit.
            case held
            /// Over the limit (no baseline was given).
            case exceeded
            /// Over the limit, but no worse than the baseline allows.
            case tolerated
            /// Over the limit and over what the baseline allows.
            case regressed

            /// Whether the result fails the check.
            public var fails: Bool { self == .exceeded || self == .regressed }
        }

        /// Where the limit is in the budget, `views[0].updates.perGroup`.
        public var rule: String
        /// Where the budget file set it.
        public var location: SourceLocation
        /// What was measured: a view's title, `cause → effect`, `all updates`…
        public var subject: String
        /// Identifies the subject across recordings, to find it in the baseline.
        package var subjectKey: String
        /// What it is a count of, in the singular: `body run`.
        package var unit: String
        /// What the recording measured.
        public var measured: Int
        /// The limit the budget sets.
        public var limit: Int
        /// What the baseline measured for the same rule and subject, when a baseline was given.
        public var baseline: Int?
        /// The most that passes: the limit, or more when the baseline allows it.
        public var allowed: Int
        /// Figures that show where the measurement came from.
        package var evidence: [String]
        /// How the measurement compares with the limit and the baseline.
        public var status: Status
    }

    /// A pattern of the budget that names nothing the recording shows (a
    /// view entry, either end of a forbidden edge): most likely a renamed
    /// view or a typo, so the limits it sets measure nothing.
    package struct UnmatchedPattern: Sendable, Equatable {
        /// The pattern's place in the budget, `views[0]`, `forbiddenEdges[1].from`.
        package var rule: String
        /// The pattern.
        package var pattern: TitlePattern
        /// What it names: `view`, or `node` for either end of an edge.
        package var noun: String
        /// Where the entry starts in the budget file.
        package var location: SourceLocation
        /// The recording's titles closest to the pattern, at most three.
        package var closest: [String]

        /// `views[1]: no view matches "LandmarkRow"; closest: LandmarkRowView`, as the report's notes say it.
        package var note: String {
            "\(rule): no \(noun) matches \(pattern)"
                + (closest.isEmpty
                    ? "" : "; closest: " + closest.map { VisibleText.excerpt($0) }.joined(separator: ", "))
        }
    }

    /// The budget file.
    public var budget: String
    /// The traces checked.
    package var traces: [String]
    /// The time range of them (and of the baseline) checked; `nil` for all of it.
    package var window: TimeWindow?
    /// The baseline traces, when given.
    package var baseline: [String]?
    /// How much worse than the baseline a recording may be.
    package var tolerance: Tolerance
    /// Every result, failures first, then in budget order.
    public var results: [Result]
    /// Things worth knowing that fail nothing: a pattern that matched no view, a trace without gestures.
    package var notes: [String]
    /// The patterns of the budget that matched nothing in the recording, in budget order.
    package var unmatchedPatterns: [UnmatchedPattern] = []

    /// Whether a budget pattern that matches nothing fails the check
    /// (`check --strict`): a typo in the budget would otherwise hold every
    /// one of its limits.
    package var strict = false

    /// Whether every limit held (or was tolerated against the baseline) and,
    /// when `strict`, every budget pattern matched.
    public var passed: Bool { !results.contains { $0.status.fails } && !failsStrictly }

    /// Whether the check fails for its unmatched patterns alone.
    package var failsStrictly: Bool { strict && !unmatchedPatterns.isEmpty }

    /// How many results have each status.
    public func count(_ status: Result.Status) -> Int {
        results.count { $0.status == status }
    }
}
