import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite("Suggestions")
struct SuggestionsTests {
    @Test("the bit-parallel distance equals the Levenshtein distance, up to 64 scalars")
    func bitParallelDistance() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", "é", "\u{1F600}"]
        func text(_ lengths: ClosedRange<Int>) -> [Unicode.Scalar] {
            (0..<Int.random(in: lengths, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        }
        for _ in 0..<3_000 {
            let (a, b) = (text(0...9), text(0...9))
            #expect(DistanceMeter(a).distance(to: b) == Self.levenshtein(a, b), "\(a) \(b)")
        }
        for length in [63, 64] {
            let (a, b) = (text(length...length), text(0...80))
            #expect(DistanceMeter(a).distance(to: b) == Self.levenshtein(a, b), "\(a) \(b)")
        }
    }

    @Test("the closest come first, ties in the candidates' order, each once")
    func ranking() {
        let candidates = ["RowView", "ListView", "RowVie", "RowView", "Row", "ContentView", "rowview"]
        #expect(
            Suggestions.closest(to: "RowView", among: candidates, limit: 4) == [
                "RowView", "rowview", "RowVie", "ListView",
            ])
        #expect(Suggestions.closest(to: "x", among: candidates, limit: 0).isEmpty)
        #expect(Suggestions.closest(to: "x", among: [], limit: 3).isEmpty)
        #expect(Suggestions.distance("kitten", "SITTING") == 3)
    }

    @Test("a long value among many titles is answered at once: the search is bounded")
    func boundedSearch() {
        let titles = (0..<20_000).map { "View\($0)ContentRowCell" }
        let typed = String(repeating: "View1", count: 4_000)
        let start = ContinuousClock.now
        let closest = Suggestions.closest(to: typed, among: titles, limit: 3)
        #expect(closest.count == 3)
        // The unbounded search took minutes on these (20,000 × 20 cells per title).
        #expect(ContinuousClock.now - start < .seconds(3 * Sanitizer.slowdown))
    }

    private static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
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
