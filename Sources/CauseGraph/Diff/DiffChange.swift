/// How a node or edge of a ``GraphDiff`` changed from the recording before
/// to the one after.
///
/// Frequency decides: a node's event count, an edge's link count. Durations
/// are compared alongside but never change the class, so a noisy timing
/// cannot turn an unchanged node into a changed one.
public enum DiffChange: String, CaseIterable, Sendable {
    /// Only in the recording after.
    case added
    /// Only in the recording before.
    case removed
    /// In both, more frequent after.
    case more
    /// In both, less frequent after.
    case less
    /// In both, as frequent.
    case same

    /// The class of counts `before` and `after`, where `nil` means absent.
    package init(before: Int?, after: Int?) {
        switch (before, after) {
        case (nil, _): self = .added
        case (_, nil): self = .removed
        case (let before?, let after?) where after > before: self = .more
        case (let before?, let after?) where after < before: self = .less
        default: self = .same
        }
    }

    /// The SVG/DOT class name, `diff-added` and so on.
    package var className: String { "diff-" + rawValue }
}
