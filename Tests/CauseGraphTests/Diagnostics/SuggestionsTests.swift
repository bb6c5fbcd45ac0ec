import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite("Suggestions")
struct SuggestionsTests {
    @Test("the bit-parallel distance equals the Levenshtein distance, up to 64 scalars")
    func bitParallelDistance() {
        for _ in 0..<3_000 {
            let (a, b) = (Self.text(0...9), Self.text(0...9))
            #expect(DistanceMeter(a).distance(to: b) == Self.levenshtein(a, b), "\(a) \(b)")
        }
        for length in [63, 64] {
            let (a, b) = (Self.text(length...length), Self.text(0...80))
            #expect(DistanceMeter(a).distance(to: b) == Self.levenshtein(a, b), "\(a) \(b)")
        }
    }

    @Test("the distance within a text is the least distance to any stretch of it")
    func distanceWithin() {
        for lengths in [0...8, 60...64] {
            for _ in 0..<(lengths.lowerBound == 0 ? 1_500 : 20) {
                let (part, whole) = (Self.text(lengths), Self.text(0...20))
                let stretches = (0...whole.count).flatMap { start in
                    (start...whole.count).map { Array(whole[start..<$0]) }
                }
                let least = stretches.map { Self.levenshtein(part, $0) }.min()!
                #expect(DistanceMeter(part).distance(within: whole) == least, "\(part) \(whole)")
            }
        }
    }

    @Test("a typed part of a title finds the titles that hold something like it, whatever their length")
    func partOfTitle() {
        let titles = [
            "EpisodeList", "LibraryView", "RowView", "LibraryItemEpisodeRow", "EpisodeRowCell",
            "PlayerSheetEpisodeRowContent",
        ]
        // As a whole word, EpisodRowz is closest to the short titles.
        #expect(Suggestions.closest(to: "EpisodRowz", among: titles, limit: 1) != ["LibraryItemEpisodeRow"])
        // As a part, every title holding EpisodeRow (two edits) comes first, the
        // closest as a whole before the others; then EpisodeList (four edits).
        #expect(
            Suggestions.closest(toPartOf: "EpisodRowz", among: titles, limit: 4) == [
                "EpisodeRowCell", "LibraryItemEpisodeRow", "PlayerSheetEpisodeRowContent", "EpisodeList",
            ])
        // The end of a long generic title is searched too, up to its 256th scalar.
        let generic = "ModifiedContent<" + String(repeating: "A", count: 150) + ", LibraryItemEpisodeRow>"
        #expect(Suggestions.closest(toPartOf: "EpisodeRoww", among: ["EpisodeList", generic], limit: 1) == [generic])
        #expect(Suggestions.closest(toPartOf: "x", among: titles, limit: 0).isEmpty)
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
        let start = threadCPUSeconds()
        #expect(Suggestions.closest(to: typed, among: titles, limit: 3).count == 3)
        let longTitles = titles.map { String(repeating: $0, count: 500) }
        #expect(Suggestions.closest(toPartOf: typed, among: longTitles, limit: 3).count == 3)
        // The unbounded search took minutes on these (20,000 × 20 cells per title). In CPU
        // seconds of this thread, which waiting for a core does not count.
        #expect(threadCPUSeconds() - start < 3 * Sanitizer.slowdown)
    }

    /// A random text of a length in `lengths`, of a few scalars: ASCII, one
    /// that lowercasing keeps, and one outside the Basic Multilingual Plane.
    private static func text(_ lengths: ClosedRange<Int>) -> [Unicode.Scalar] {
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", "é", "\u{1F600}"]
        return (0..<Int.random(in: lengths)).map { _ in alphabet.randomElement()! }
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
