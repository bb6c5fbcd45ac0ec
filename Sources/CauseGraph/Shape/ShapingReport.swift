/// What shaping showed out of what, and what each filter left out: the
/// content of the legend.
public struct ShapingReport: Sendable, Equatable {
    /// Nodes, edges and events of a graph.
    public struct Totals: Sendable, Equatable {
        /// Nodes.
        public var nodes: Int
        /// Edges.
        public var edges: Int
        /// Events.
        public var events: Int

        /// Totals with every count given.
        package init(nodes: Int, edges: Int, events: Int) {
            self.nodes = nodes
            self.edges = edges
            self.events = events
        }
    }

    /// A filter that was given, and what it left out.
    public struct Step: Sendable, Equatable {
        /// Which filter, without its parameters: the name exports use.
        package enum Filter: String, Sendable, CaseIterable {
            case window, interaction, focus, ignore, hideSystem, minCount, nodeFraction, maxNodes, edgeFraction,
                maxEdges, foldFanOuts
        }

        /// A filter with the parameters it was given.
        public enum Given: Sendable, Equatable {
            case window(TimeWindow)
            case interaction(Interaction)
            case focus([TitlePattern], depth: Int?)
            case ignore([TitlePattern])
            case hideSystem
            case minCount(Int)
            case nodeFraction(ShapingShare)
            case maxNodes(Int)
            case edgeFraction(ShapingShare)
            case maxEdges(Int)
            /// Fan-out folds, applied when the node limit had to cut.
            case foldFanOuts

            /// The setting that gave the filter; fan-out folds are what ``Setting/unfold`` turns off.
            public var setting: Setting {
                switch self {
                case .window: .window
                case .interaction(.group): .group
                case .interaction(.gesture): .gesture
                case .focus: .focus
                case .ignore: .ignore
                case .hideSystem: .hideSystem
                case .minCount: .minCount
                case .nodeFraction: .nodeFraction
                case .maxNodes: .maxNodes
                case .edgeFraction: .edgeFraction
                case .maxEdges: .maxEdges
                case .foldFanOuts: .unfold
                }
            }

            /// The filter, without its parameters. Spelled out case by case,
            /// so a new step cannot compile without naming its filter.
            package var filter: Filter {
                switch self {
                case .window: .window
                case .interaction: .interaction
                case .focus: .focus
                case .ignore: .ignore
                case .hideSystem: .hideSystem
                case .minCount: .minCount
                case .nodeFraction: .nodeFraction
                case .maxNodes: .maxNodes
                case .edgeFraction: .edgeFraction
                case .maxEdges: .maxEdges
                case .foldFanOuts: .foldFanOuts
                }
            }
        }

        /// The filter and its parameters.
        package var given: Given
        /// The filter, without its parameters.
        package var filter: Filter { given.filter }
        /// Nodes it removed.
        package var removedNodes: Int
        /// Events it left out: those outside the window, or those of the nodes it removed.
        package var removedEvents: Int
        /// Cause links it left out (the window and the interaction only).
        package var removedLinks: Int
        /// Events kept because they had no time to compare (the window only).
        package var keptUntimedEvents: Int
        /// Update groups left out, and hitches and hangs (the window only).
        package var removedGroups: Int, removedHitches: Int
        /// Edges between shown nodes left undrawn (the edge limit and fraction),
        /// or drawn fewer because folds' edges stand for them (fan-out folds).
        package var removedEdges: Int
        /// Root causes among the removed nodes (the node limit only).
        package var removedRootCauses: Int
        /// The updates a share was taken of (the fractions only).
        package var shareOf: Int
        /// The nodes that stand for the removed ones (fan-out folds only).
        package var folds: Int

        /// Whether it left out any node, event, link or edge.
        package var removedAnything: Bool {
            removedNodes > 0 || removedEvents > 0 || removedLinks > 0 || removedEdges > 0 || removedGroups > 0
                || removedHitches > 0
        }

        /// A step of `given` with what it left out; counts default to none.
        package init(
            _ given: Given, removedNodes: Int = 0, removedEvents: Int = 0, removedLinks: Int = 0,
            keptUntimedEvents: Int = 0, removedGroups: Int = 0, removedHitches: Int = 0, removedEdges: Int = 0,
            removedRootCauses: Int = 0, shareOf: Int = 0, folds: Int = 0
        ) {
            self.given = given
            self.removedNodes = removedNodes
            self.removedEvents = removedEvents
            self.removedLinks = removedLinks
            self.keptUntimedEvents = keptUntimedEvents
            self.removedGroups = removedGroups
            self.removedHitches = removedHitches
            self.removedEdges = removedEdges
            self.removedRootCauses = removedRootCauses
            self.shareOf = shareOf
            self.folds = folds
        }
    }

    /// The reconstructed graph: its nodes and edges, and every event read
    /// (including those outside the window, which never became nodes).
    public var total: Totals
    /// What the shaped graph shows; `edges` counts direct edges only.
    public var shown: Totals
    /// Dotted edges standing for links through removed nodes.
    public var residualEdges: Int
    /// Connections through removed nodes left undrawn because the picture
    /// already shows a path between their ends.
    public var impliedResidualPaths: Int
    /// Each filter given, in the order applied.
    package var steps: [Step]

    /// Whether anything was left out, so the picture needs a legend.
    public var isFiltered: Bool {
        shown != total || steps.contains(where: \.removedAnything)
    }

    /// The filters that left something out, in the order applied.
    package var removingSteps: [Step] { steps.filter(\.removedAnything) }
}
