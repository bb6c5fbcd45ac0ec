/// A failure inside libgraphviz, with the stage it happened in and the
/// diagnostics Graphviz reported.
public struct GraphvizError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step of a render that failed.
    public enum Stage: String, Sendable {
        /// Reading the DOT text (`agmemread`).
        case parse
        /// Computing positions (`gvLayout`).
        case layout
        /// Producing the output format (`gvRenderData`).
        case render
    }

    /// The step that failed.
    public var stage: Stage
    /// What Graphviz said, one message a line, without its "Error: " prefixes.
    public var message: String

    /// A failure at `stage`, with what Graphviz said.
    package init(stage: Stage, message: String) {
        self.stage = stage
        self.message = message
    }

    /// `stage: message`, as a one-line error.
    public var description: String {
        "graphviz \(stage.rawValue) failed: \(message)"
    }
}
