/// What `--focus` and `--ignore` match against a node's title: a substring,
/// ignoring case, or a regular expression (`--regex`) found anywhere in it.
///
/// Matching is ``TitlePattern``'s, so shaping picks the same nodes as `why
/// --view`; this type adds what settings need: it is `Sendable` and
/// `Equatable`, and rejects an invalid expression when it is made.
public struct NodePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    public let text: String
    public let isRegex: Bool

    /// A pattern that matches titles containing `text`, ignoring case.
    public init(substring text: String) {
        self.text = text
        isRegex = false
    }

    /// A pattern that matches titles in which the regular expression finds a match.
    /// - Throws: ``ShapingError/invalidPattern(_:reason:)``.
    public init(regex text: String) throws(ShapingError) {
        do {
            _ = try Regex(text)
        } catch {
            throw .invalidPattern(text, reason: "\(error)")
        }
        self.text = text
        isRegex = true
    }

    /// The pattern compiled once, for matching many titles; `nil` never
    /// happens, as an invalid expression was refused on creation.
    public func matcher() -> TitlePattern? {
        try? TitlePattern(text, isRegex: isRegex)
    }

    /// The pattern quoted as it would be typed: `"Row"`.
    public var description: String { "\"\(text)\"" }
}
