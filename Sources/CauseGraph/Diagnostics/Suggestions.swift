/// Finds what the user probably meant, for "did you mean" messages.
package enum Suggestions {
    /// Up to `limit` of `candidates` closest to `text` by edit distance
    /// (ignoring case), closest first, ties in the candidates' order.
    package static func closest(to text: String, among candidates: [String], limit: Int = 5) -> [String] {
        let target = Array(text.lowercased())
        let ranked = candidates.enumerated().map { index, candidate in
            (distance: editDistance(target, Array(candidate.lowercased())), index: index, candidate: candidate)
        }
        return ranked.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(limit).map(\.candidate)
    }

    /// The Levenshtein distance between two texts, ignoring case.
    package static func distance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.lowercased()), Array(b.lowercased()))
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
