/// What the user typed to pick nodes by title (`why --view`, `--focus`,
/// `--ignore`): a substring, ignoring case, or a regular expression found
/// anywhere in the title.
public struct TitlePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    public let text: String
    /// Whether ``text`` is a regular expression rather than a substring.
    public let isRegex: Bool
    /// Compiled once; a `Regex` is immutable once made, so sharing it is safe.
    nonisolated(unsafe) private let regex: Regex<AnyRegexOutput>?

    /// A pattern that matches titles containing `text`, ignoring case.
    public init(substring text: String) {
        self.text = text
        isRegex = false
        regex = nil
    }

    /// A pattern that matches titles in which the regular expression finds a match.
    /// - Throws: a ``Diagnostic`` when `text` is not a valid regular expression.
    public init(regex text: String) throws(Diagnostic) {
        self.text = text
        isRegex = true
        do {
            regex = try Regex(text)
        } catch {
            throw Diagnostic.error("invalid regular expression '\(text)': \(error)")
        }
    }

    /// A substring pattern, or a regular expression when `isRegex`.
    public init(_ text: String, isRegex: Bool = false) throws(Diagnostic) {
        if isRegex {
            try self.init(regex: text)
        } else {
            self.init(substring: text)
        }
    }

    /// Whether the pattern finds `title`; an empty substring matches nothing.
    public func matches(_ title: String) -> Bool {
        if let regex { return (try? regex.firstMatch(in: title)) != nil }
        return !text.isEmpty && title.lowercased().contains(text.lowercased())
    }

    /// The pattern quoted as it would be typed: `"Row"`.
    public var description: String { "\"\(text)\"" }

    /// Equal when the text and the kind of pattern are.
    public static func == (lhs: TitlePattern, rhs: TitlePattern) -> Bool {
        lhs.text == rhs.text && lhs.isRegex == rhs.isRegex
    }
}
