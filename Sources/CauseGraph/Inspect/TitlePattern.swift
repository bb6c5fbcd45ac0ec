/// What the user typed to pick nodes by title: a substring (ignoring case)
/// or a regular expression.
public struct TitlePattern: CustomStringConvertible {
    public let text: String
    private let regex: Regex<AnyRegexOutput>?

    /// - Throws: a ``Diagnostic`` when `isRegex` and `text` is not a valid regular expression.
    public init(_ text: String, isRegex: Bool = false) throws(Diagnostic) {
        self.text = text
        guard isRegex else {
            regex = nil
            return
        }
        do {
            regex = try Regex(text)
        } catch {
            throw Diagnostic.error("invalid regular expression '\(text)': \(error)")
        }
    }

    public func matches(_ title: String) -> Bool {
        if let regex { return (try? regex.firstMatch(in: title)) != nil }
        return title.lowercased().contains(text.lowercased())
    }

    public var description: String { regex == nil ? text : "/\(text)/" }

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
