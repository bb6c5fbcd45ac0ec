/// One interaction to draw on its own: `--group N` or `--gesture N`.
public enum Interaction: Sendable, Equatable {
    /// The updates of one update group and the causes that led to them.
    case group(GroupID)
    /// The gesture event with this id and everything it led to.
    case gesture(EventID)
}

/// What choosing one interaction kept out of what was read.
public struct InteractionStatistics: Sendable, Equatable {
    /// Events and cause links read (inside the window, if any).
    package var eventsRead = 0
    /// Cause links read (inside the window, if any).
    package var linksRead = 0
    /// Events and links of the interaction, passed on to the graph.
    package var eventsKept = 0
    /// Cause links of the interaction, passed on to the graph.
    package var linksKept = 0

    /// Every count, in the order the graph cache stores them.
    package static let counts: [WritableKeyPath<InteractionStatistics, Int> & Sendable] = [
        \.eventsRead, \.linksRead, \.eventsKept, \.linksKept,
    ]

    /// Nothing read yet.
    package init() {}
}
