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
    /// The lowercased substring, searched for in linear time too.
    private let literal: LiteralSearch?

    /// A pattern that matches titles containing `text`, ignoring case.
    public init(substring text: String) {
        self.text = text
        isRegex = false
        regex = nil
        literal = text.isEmpty ? nil : LiteralSearch(Array(text.lowercased().utf8))
    }

    /// A pattern that matches titles in which the regular expression finds a
    /// match, in Swift `Regex` syntax less what needs backtracking (see
    /// `docs/shaping.md`).
    /// - Throws: a ``Diagnostic`` when `text` is not a valid regular expression,
    ///   or needs backtracking (a back-reference, lookaround), or is too large.
    public init(regex text: String) throws(Diagnostic) {
        self.text = text
        isRegex = true
        literal = nil
        do {
            regex = try LinearRegex(text)
        } catch {
            throw Diagnostic.error("invalid regular expression '\(VisibleText.excerpt(text))': \(error)")
        }
    }

    /// A substring pattern, or a regular expression when `isRegex`.
    package init(_ text: String, isRegex: Bool = false) throws(Diagnostic) {
        if isRegex {
            try self.init(regex: text)
        } else {
            self.init(substring: text)
        }
    }

    /// Whether the pattern finds `title`; an empty substring matches nothing.
    /// A substring is compared by Unicode scalar once both are lowercased.
    public func matches(_ title: String) -> Bool {
        if let regex { return regex.firstMatch(in: title) }
        return literal?.occurs(in: title.lowercased().utf8) ?? false
    }

    /// The pattern quoted as it would be typed, `"Row"`, cut short when long.
    public var description: String { "\"\(VisibleText.excerpt(text))\"" }

    /// Equal when the text and the kind of pattern are.
    public static func == (lhs: TitlePattern, rhs: TitlePattern) -> Bool {
        lhs.text == rhs.text && lhs.isRegex == rhs.isRegex
    }
}
