/// Finds what the user probably meant, for "did you mean" messages.
///
/// A recording can hold a million titles and a typed value can be long, so
/// the search is bounded: texts are compared by their first
/// ``comparedLength`` Unicode scalars, ignoring case (a person tells titles
/// apart by their start), and each candidate costs one pass over those.
package enum Suggestions {
    /// How many scalars of each text are compared: one machine word of
    /// ``DistanceMeter`` state.
    static let comparedLength = 64

    /// Up to `limit` of `candidates` closest to `text` by edit distance
    /// (ignoring case), closest first, ties in the candidates' order, each once.
    package static func closest(to text: String, among candidates: [String], limit: Int = 5) -> [String] {
        guard limit > 0 else { return [] }
        let meter = DistanceMeter(comparable(text))
        var ranked: [(distance: Int, candidate: String)] = []
        var seen: Set<String> = []
        for candidate in candidates where seen.insert(candidate).inserted {
            let distance = meter.distance(to: comparable(candidate))
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

    private static func comparable(_ text: String) -> [Unicode.Scalar] {
        Array(text.lowercased().unicodeScalars.prefix(comparedLength))
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
        guard length > 0 else { return candidate.count }
        let mask: UInt64 = length == 64 ? .max : (1 << UInt64(length)) - 1
        let last: UInt64 = 1 << UInt64(length - 1)
        // Which cells of the current column are one more (up) or one less
        // (down) than the cell above them.
        var up = mask
        var down: UInt64 = 0
        var score = length
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
            // The first row counts the candidate's scalars: each one more.
            rightUp = (rightUp << 1) | 1
            rightDown <<= 1
            up = (rightDown | ~(vertical | rightUp)) & mask
            down = rightUp & vertical & mask
        }
        return score
    }
}
