/// A problem the trace shows, with its evidence and the fix a SwiftUI
/// expert would suggest.
public struct Finding: Sendable, Equatable {
    /// The known problems.
    public enum Kind: String, CaseIterable, Sendable {
        /// One cause event drives many body updates of the same view type (one
        /// finding a cause, naming every view it drives so).
        case fanOut
        /// An environment change checks many views whose bodies are then skipped.
        case environmentChurn
        /// The same view type is created again and again while on screen:
        /// creations that scrolling or prefetch explain do not count, and a
        /// recording without update groups cannot tell.
        case unstableIdentity
        /// Body updates Instruments rates high or very high (one finding for
        /// every view that has them).
        case longBodies
        /// A view re-run many times within a few milliseconds.
        case rebuildStorm

        /// A short name for headings.
        package var name: String {
            switch self {
            case .fanOut: "fan-out"
            case .environmentChurn: "environment churn"
            case .unstableIdentity: "unstable identity"
            case .longBodies: "long bodies"
            case .rebuildStorm: "rebuild storm"
            }
        }
    }

    /// The figures that prove it, by kind of finding. Where one cause (or
    /// one creator) shows the same pattern in several views, the strongest
    /// view carries the figures and `others` names the rest, strongest first.
    package enum Figures: Sendable, Equatable {
        /// One cause event drove up to `maxPerCause` body updates of `view` through `edge`.
        case fanOut(
            cause: String, view: String, edge: EdgeKind, links: Int, causeEvents: Int, maxPerCause: Int, ran: Int,
            updates: Int, totalDuration: Nanoseconds?, others: [ViewCount])
        /// `cause` made `checks` view checks, `skipped` of which ran no body; the views that skipped most first.
        case environmentChurn(cause: String, checks: Int, skipped: Int, views: [CheckedView])
        /// `view` was re-created `creations` times in `groups` update groups no scrolling explains, by these
        /// parents; `others` counts the same of the other views its first creator re-created.
        case unstableIdentity(view: String, creations: Int, groups: Int, creators: [Creator], others: [ViewCount])
        /// `view` had `long` updates rated high or very high, the longest `worst`, against `red` (1/8 of a frame
        /// at `frameRate`); `longerThanFrame` of them very high; `others` counts the other views' long updates.
        case longBodies(
            view: String, long: Int, red: Nanoseconds, frameRate: Double, worst: Nanoseconds?, longerThanFrame: Int,
            others: [ViewCount])
        /// `view` ran `burst` times within `window`.
        case rebuildStorm(view: String, burst: Int, window: Nanoseconds, updates: Int, ran: Int, skipped: Int)
    }

    /// A view an environment node checked: how often, and how often it skipped the body.
    package struct CheckedView: Sendable, Equatable {
        /// The view's title.
        package var title: String
        /// Checks that skipped the body.
        package var skipped: Int
        /// Checks in all.
        package var checks: Int
    }

    /// Another view showing the same pattern, and its figure (updates driven
    /// at once, re-creations, long updates).
    package struct ViewCount: Sendable, Equatable {
        /// The view's title.
        package var title: String
        /// Its figure.
        package var count: Int
    }

    /// A parent that created a view, and how often.
    package struct Creator: Sendable, Equatable {
        /// The parent's title.
        package var title: String
        /// How many times it created the view.
        package var creations: Int
    }

    /// Which problem it is.
    public var kind: Kind
    /// The figures that prove it; ``summary``, ``evidence`` and ``fix`` say them in words.
    package var figures: Figures
    /// The nodes involved, the view first.
    public var nodes: [String]
    /// The edge involved, if one.
    public var edge: String?
    /// An update group where it happened.
    public var exampleGroup: GroupID?
    /// How strong it is (a count), to order findings of one kind.
    public var magnitude: Int
}

/// When a pattern counts as a finding. Every threshold is a `summary` option.
public struct FindingThresholds: Sendable, Equatable {
    /// Body updates of one view type driven by one cause event.
    public var fanOut = 10
    /// Skipped body checks caused by one environment node.
    public var churn = 10
    /// Re-creations of one view type (in two update groups or more that no scrolling explains).
    public var recreations = 10
    /// Body updates rated high or very high, per view type.
    public var longBodies = 1
    /// Runs of one view within the storm window.
    public var storm = 8
    /// The window a view's densest burst is counted in, for the graph these
    /// thresholds judge to be built with (the graph keeps it as its burst window).
    public var stormWindow: Nanoseconds = GraphBuilder.defaultBurstWindow

    /// The default thresholds.
    public init() {}
}
