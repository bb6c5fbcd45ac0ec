/// What the user typed to pick nodes by title (`why --view`, `--focus`,
/// `--ignore`): a substring, ignoring case, or a regular expression found
/// anywhere in the title.
public struct TitlePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    public let text: String
    /// Whether ``text`` is a regular expression rather than a substring.
    public let isRegex: Bool
    /// Compiled once; searched in time linear in the title, so no pattern backtracks catastrophically.
    private let regex: LinearRegex?

    /// A pattern that matches titles containing `text`, ignoring case.
    public init(substring text: String) {
        self.text = text
        isRegex = false
        regex = nil
    }

    /// A pattern that matches titles in which the regular expression finds a
    /// match, in Swift `Regex` syntax less what needs backtracking (see
    /// `docs/shaping.md`).
    /// - Throws: a ``Diagnostic`` when `text` is not a valid regular expression,
    ///   or needs backtracking (a back-reference, lookaround), or is too large.
    public init(regex text: String) throws(Diagnostic) {
        self.text = text
        isRegex = true
        do {
            regex = try LinearRegex(text)
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
        if let regex { return regex.firstMatch(in: title) }
        return !text.isEmpty && title.lowercased().contains(text.lowercased())
    }

    /// The pattern quoted as it would be typed: `"Row"`.
    public var description: String { "\"\(text)\"" }

    /// Equal when the text and the kind of pattern are.
    public static func == (lhs: TitlePattern, rhs: TitlePattern) -> Bool {
        lhs.text == rhs.text && lhs.isRegex == rhs.isRegex
    }
}
