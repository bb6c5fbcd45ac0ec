/// What the user typed to pick nodes by title (`why --view`, `--focus`,
/// `--ignore`): a substring, ignoring case, or a regular expression found
/// anywhere in the title.
public struct TitlePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    public let text: String
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

    public func matches(_ title: String) -> Bool {
        if let regex { return (try? regex.firstMatch(in: title)) != nil }
        return !text.isEmpty && title.lowercased().contains(text.lowercased())
    }

    /// The pattern quoted as it would be typed: `"Row"`.
    public var description: String { "\"\(text)\"" }

    public static func == (lhs: TitlePattern, rhs: TitlePattern) -> Bool {
        lhs.text == rhs.text && lhs.isRegex == rhs.isRegex
    }

    /// Up to `limit` of `candidates` closest to the pattern by edit distance
    /// (ignoring case), closest first, ties in the candidates' order.
    public func closest(among candidates: [String], limit: Int = 5) -> [String] {
        let target = Array(text.lowercased())
        let ranked = candidates.enumerated().map { index, candidate in
            (distance: Self.editDistance(target, Array(candidate.lowercased())), index: index, candidate: candidate)
        }
        return ranked.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(limit).map(\.candidate)
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
