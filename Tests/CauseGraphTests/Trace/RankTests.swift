import Testing

@testable import CauseGraph

/// The ranks are written out for speed; they must still be the cases' own order.
@Suite("ranks of kinds and severities")
struct RankTests {
    @Test("a node kind's rank is its place among the cases, and byRank inverts it")
    func nodeKinds() {
        #expect(NodeKind.allCases.map(\.rank) == Array(NodeKind.allCases.indices))
        #expect(NodeKind.allCases.allSatisfy { NodeKind.byRank[$0.rank] == $0 })
        #expect(NodeKind.allCases.sorted() == NodeKind.allCases)
    }

    @Test("a severity's rank is its place among the cases, lowest first, and byRank inverts it")
    func severities() {
        #expect(Severity.allCases.map(\.rank) == Array(Severity.allCases.indices))
        #expect(Severity.allCases.allSatisfy { Severity.byRank[$0.rank] == $0 })
        #expect(Severity.allCases.sorted() == Severity.allCases)
        #expect(Severity.veryLow < .low && Severity.high < .veryHigh)
    }

    @Test("an edge kind's rank is its place among the cases")
    func edgeKinds() {
        #expect(EdgeKind.allCases.map(\.rank) == Array(EdgeKind.allCases.indices))
        #expect(EdgeKind.allCases.sorted() == EdgeKind.allCases)
    }
}
