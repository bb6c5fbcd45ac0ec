import Testing

@testable import CauseGraph

@Suite("span index")
struct SpanIndexTests {
    /// The answer by comparing the query with every span, in start order.
    private static func meeting(
        _ spans: [(member: Int32, start: Nanoseconds, end: Nanoseconds)], _ from: Nanoseconds, _ to: Nanoseconds
    ) -> [Int32] {
        spans.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element).filter { $0.start <= to && $0.end >= from }.map(\.member)
    }

    @Test("finds exactly the spans meeting a query, ends included, in start order")
    func agreesWithComparingEach() {
        // A fixed linear congruential sequence: the same spans on every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(bound))
        }
        for count in [0, 1, 2, 3, 7, 8, 9, 100] {
            let spans: [(member: Int32, start: Nanoseconds, end: Nanoseconds)] = (0..<count).map { member in
                let start = next(1_000)
                // Empty spans, short ones, long ones, and groups still open at the end.
                let end = [start, start + next(10), start + next(500), Nanoseconds.max][Int(next(4))]
                return (Int32(member), start, end)
            }
            let index = SpanIndex(spans)
            for _ in 0..<200 {
                let from = next(1_100) - 50
                let to = from + [0, next(5), next(300)][Int(next(3))]
                #expect(
                    index.members(meeting: from, to) == Self.meeting(spans, from, to), "\(count) spans, \(from)…\(to)")
            }
        }
    }

    @Test("extreme instants: the ends of the number line")
    func extremes() {
        let spans: [(member: Int32, start: Nanoseconds, end: Nanoseconds)] = [
            (0, .min, .min), (1, 0, .max), (2, .max, .max), (3, 5, 5),
        ]
        let index = SpanIndex(spans)
        #expect(index.members(meeting: .min, .max) == [0, 1, 3, 2])
        #expect(index.members(meeting: .max, .max) == [1, 2])
        #expect(index.members(meeting: 5, 5) == [1, 3])
        #expect(index.members(meeting: 6, 10) == [1])
    }
}
