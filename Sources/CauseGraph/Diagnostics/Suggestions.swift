/// Finds what the user probably meant, for "did you mean" messages.
///
/// A recording can hold a million titles and a typed value can be long, so
/// the search is bounded: the typed text is compared by its first
/// ``comparedLength`` Unicode scalars, a candidate by at most
/// ``searchedLength``, ignoring case, and each candidate costs one pass.
package enum Suggestions {
    /// How many scalars of the typed text are compared: one machine word of
    /// ``DistanceMeter`` state. Whole words are compared by as many.
    static let comparedLength = 64

    /// How many scalars of a title a typed part of a title is looked for in:
    /// titles are told apart by their ends as often as by their starts
    /// (`LibraryItemEpisodeRow`), and generic titles run long.
    static let searchedLength = 256

    /// Up to `limit` of `candidates` closest to `text` by edit distance
    /// (ignoring case), closest first, ties in the candidates' order, each once.
    package static func closest(to text: String, among candidates: [String], limit: Int = 5) -> [String] {
        let meter = DistanceMeter(comparable(text))
        return closest(among: candidates, limit: limit) { (meter.distance(to: comparable($0)), 0) }
    }

    /// Up to `limit` of the `titles` that hold something closest to `part`, a
    /// typed part of a title (as `why --view` and a budget's patterns take
    /// one), closest first: by the fewest edits that make `part` a part of the
    /// title, then by the edits that make it the whole title, then in the
    /// titles' order; each once, ignoring case. `EpisodRowz` finds
    /// `LibraryItemEpisodeRow` (two edits from `EpisodeRow`), which a whole
    /// comparison ranks behind every short title.
    package static func closest(toPartOf part: String, among titles: [String], limit: Int = 5) -> [String] {
        let meter = DistanceMeter(comparable(part))
        return closest(among: titles, limit: limit) { title in
            let scalars = comparable(title, length: searchedLength)
            return (meter.distance(within: scalars), meter.distance(to: Array(scalars.prefix(comparedLength))))
        }
    }

    /// Up to `limit` of `candidates` with the least `distance`, least first,
    /// ties in the candidates' order, each once.
    private static func closest(
        among candidates: [String], limit: Int, by distance: (String) -> (Int, Int)
    ) -> [String] {
        guard limit > 0 else { return [] }
        var ranked: [(distance: (Int, Int), candidate: String)] = []
        var seen: Set<String> = []
        for candidate in candidates where seen.insert(candidate).inserted {
            let distance = distance(candidate)
            // A later candidate ranks only when strictly closer than the last kept.
            if ranked.count == limit, distance >= ranked[limit - 1].distance { continue }
            let position = ranked.firstIndex { $0.distance > distance } ?? ranked.endIndex
            ranked.insert((distance, candidate), at: position)
            if ranked.count > limit { ranked.removeLast() }
        }
        return ranked.map(\.candidate)
    }

    /// `texts` in their order, each once.
    package static func unique(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        return texts.filter { seen.insert($0).inserted }
    }

    /// The Levenshtein distance between two texts, ignoring case.
    package static func distance(_ a: String, _ b: String) -> Int {
        DistanceMeter(comparable(a)).distance(to: comparable(b))
    }

    /// The first `length` scalars of `text`, in lower case: only those are
    /// lowered, however long the text.
    private static func comparable(_ text: String, length: Int = comparedLength) -> [Unicode.Scalar] {
        Array(String(text.unicodeScalars.prefix(length)).lowercased().unicodeScalars.prefix(length))
    }
}

/// Levenshtein distances from one text of at most 64 scalars, computed
/// bit-parallel (Myers' algorithm in Hyyrö's form for whole texts): a column
/// of the distance table is a machine word, so a candidate costs a few word
/// operations per scalar instead of a row of the table.
struct DistanceMeter {
    private let length: Int
    /// Bit `i` set where the text's scalar `i` is the key.
    private let ascii: [UInt64]
    private let others: [Unicode.Scalar: UInt64]

    init(_ text: [Unicode.Scalar]) {
        precondition(text.count <= 64, "a DistanceMeter text is one word long")
        length = text.count
        var ascii = [UInt64](repeating: 0, count: 128)
        var others: [Unicode.Scalar: UInt64] = [:]
        for (index, scalar) in text.enumerated() {
            let bit: UInt64 = 1 << UInt64(index)
            if scalar.isASCII { ascii[Int(scalar.value)] |= bit } else { others[scalar, default: 0] |= bit }
        }
        self.ascii = ascii
        self.others = others
    }

    /// The edit distance from the text to `candidate`.
    func distance(to candidate: [Unicode.Scalar]) -> Int {
        columns(of: candidate, within: false).last
    }

    /// The fewest edits that make the text a part of `candidate`: the edit
    /// distance to the closest stretch of it (the empty one at most).
    func distance(within candidate: [Unicode.Scalar]) -> Int {
        columns(of: candidate, within: true).least
    }

    /// The last row of the distance table across `candidate`: its last cell,
    /// and its least. `within` lets a match start anywhere in `candidate`: the
    /// first row is then all zeros, not the count of scalars passed.
    private func columns(of candidate: [Unicode.Scalar], within: Bool) -> (last: Int, least: Int) {
        guard length > 0 else { return (candidate.count, 0) }
        let mask: UInt64 = length == 64 ? .max : (1 << UInt64(length)) - 1
        let last: UInt64 = 1 << UInt64(length - 1)
        // Which cells of the current column are one more (up) or one less
        // (down) than the cell above them.
        var up = mask
        var down: UInt64 = 0
        var score = length
        var least = length
        let firstRow: UInt64 = within ? 0 : 1
        for scalar in candidate {
            let equal = scalar.isASCII ? ascii[Int(scalar.value)] : others[scalar] ?? 0
            let vertical = equal | down
            let horizontal = (((equal & up) &+ up) ^ up) | equal
            var rightUp = down | ~(horizontal | up)
            var rightDown = up & horizontal
            if rightUp & last != 0 {
                score += 1
            } else if rightDown & last != 0 {
                score -= 1
            }
            // The first row counts the candidate's scalars (each one more),
            // or is all zeros.
            rightUp = (rightUp << 1) | firstRow
            rightDown <<= 1
            up = (rightDown | ~(vertical | rightUp)) & mask
            down = rightUp & vertical & mask
            least = min(least, score)
        }
        return (score, least)
    }
}
