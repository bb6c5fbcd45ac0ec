/// Why a graph could not be shaped as asked.
public enum ShapingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No node title matches any `--focus` pattern.
    case focusMatchesNothing(String)
    /// A filter left no node to draw; names the filter as it was given.
    case removedEverything(filter: String, reason: String)

    public var description: String {
        switch self {
        case .focusMatchesNothing(let filter):
            "\(filter) matches no node title; nothing is left to draw"
        case .removedEverything(let filter, let reason):
            "\(filter) removed every node (\(reason)); nothing is left to draw"
        }
    }
}
