/// Why a graph could not be shaped as asked; its ``description`` says it in words.
public enum ShapingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why a filter left no node to draw.
    public enum Reason: Sendable, Equatable {
        /// No event of the trace is inside the window.
        case noEventInWindow
        /// The window holds hitches or hangs, this many, but no event: a
        /// graph does not draw them.
        case onlyHitchesInWindow(count: Int)
        /// Every node matches an ignore pattern or is caused only by matches.
        case everyNodeIgnored
        /// Hiding system nodes left none: the graph has no app nodes.
        case noAppNodes
        /// No node has this many events.
        case fewerEvents(minimum: Int)
        /// No node explains the node fraction's share of the updates.
        case noNodeExplainsShare
        /// No event names the update group chosen.
        case noEventInGroup
        /// No gesture event has the id chosen.
        case noSuchGesture
    }

    /// No node title matches any focus pattern.
    case focusMatchesNothing(ShapingReport.Step.Given)
    /// A filter left no node to draw.
    case removedEverything(ShapingReport.Step.Given, reason: Reason)
    /// The gesture id names a gesture in more than one of the traces read
    /// together, whose event ids are each their own.
    case ambiguousGesture(ShapingReport.Step.Given, traces: Int)

    /// The error in words, naming each setting by its neutral name; an edge
    /// that knows how the filter was given words it with ``ShapingFormatter/message(_:spelling:)``.
    public var description: String { ShapingFormatter.message(self, spelling: .neutral) }
}
