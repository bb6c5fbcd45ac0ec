/// What `--focus` and `--ignore` match against a node's title: a substring
/// by default, or a regular expression (`--regex`) found anywhere in it.
///
/// Matching is case-sensitive, as Swift names are.
public struct NodePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    public let text: String
    public let isRegex: Bool

    /// A pattern that matches titles containing `text`.
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

    /// The pattern compiled once, for matching many titles.
    public func matcher() -> Matcher {
        Matcher(text: text, regex: isRegex ? (try? Regex(text)) : nil)
    }

    /// The pattern quoted as it would be typed: `"Row"`.
    public var description: String { "\"\(text)\"" }

    /// A compiled ``NodePattern``. Not `Sendable`, as Swift's `Regex` is not:
    /// make one per task.
    public struct Matcher {
        let text: String
        let regex: Regex<AnyRegexOutput>?

        public func matches(_ title: String) -> Bool {
            // String.contains("") is false; an empty pattern is in every title.
            guard let regex else { return text.isEmpty || title.contains(text) }
            return (try? regex.firstMatch(in: title)) != nil
        }
    }
}
