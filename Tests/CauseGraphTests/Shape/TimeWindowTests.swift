import CauseGraph
import Testing

@Suite("Time window parsing")
struct TimeWindowTests {
    @Test(
        "ends in seconds, milliseconds, microseconds or nanoseconds; either may be open",
        arguments: [
            ("1.2s:2s", Int64(1_200_000_000), Int64(2_000_000_000)),
            ("350ms:", 350_000_000, nil),
            (":20us", nil, 20_000),
            ("20µs:21μs", 20_000, 21_000),
            ("1500:2500", 1_500, 2_500),
            ("15ns:1.50s", 15, 1_500_000_000),
            ("0:0.000000001s", 0, 1),
            ("1.000000001s:", 1_000_000_001, nil),
            ("10m:11min", 600_000_000_000, 660_000_000_000),
            (":1h", nil, 3_600_000_000_000),
            ("1.5m:", 90_000_000_000, nil),
            ("7158.309 ms:8 s", 7_158_309_000, 8_000_000_000),
        ] as [(String, Int64?, Int64?)])
    func parses(_ text: String, _ start: Int64?, _ end: Int64?) throws {
        let window = try TimeWindow(parsing: text)
        #expect(window.start == start)
        #expect(window.end == end)
    }

    /// The times `why --list`, `summary`'s hitches and Instruments print.
    @Test(
        "START..END takes clock times, with the fraction in groups of three or as a decimal, and units",
        arguments: [
            ("10:07.158.309..10:08", Int64(607_158_309_000), Int64(608_000_000_000)),
            ("46:54.643.225..", 2_814_643_225_000, nil),
            ("..1:02:03.5", nil, 3_723_500_000_000),
            ("0:00.000.000.001..0:01", 1, 1_000_000_000),
            ("1.2s..2s", 1_200_000_000, 2_000_000_000),
            ("59:59..1h", 3_599_000_000_000, 3_600_000_000_000),
        ] as [(String, Int64?, Int64?)])
    func parsesClockTimes(_ text: String, _ start: Int64?, _ end: Int64?) throws {
        let window = try TimeWindow(parsing: text)
        #expect(window.start == start)
        #expect(window.end == end)
    }

    @Test(
        "malformed, reversed, empty or overflowing windows are errors that say why",
        arguments: [
            ("", "expected START:END"),
            ("1s", "expected START:END"),
            ("1s:2s:3s", "expected START:END"),
            (":", "needs a start, an end, or both"),
            ("abc:", "\"abc\" is not a time"),
            ("-1s:", "\"-1s\" is not a time"),
            ("1.s:", "\"1.s\" is not a time"),
            (".5s:", "\".5s\" is not a time"),
            ("1x:", "\"1x\" is not a time"),
            ("1.5ns:", "finer than a nanosecond"),
            ("1.0000000001s:", "finer than a nanosecond"),
            ("9999999999s:", "too large"),
            ("99999999999999999999:", "too large"),
            ("2s:1s", "ends before it starts"),
            ("1s:1000ms", "ends before it starts"),
            ("10:07.158:10:08", "START..END (10:07.158..10:08)"),
            ("1:60..", "is not a clock time"),
            ("1:5..", "is not a clock time"),
            ("1:2:3:04..", "is not a clock time"),
            ("1:00.15.300..", "is not a clock time"),
            ("1:00.1234567890..", "finer than a nanosecond"),
            ("1:00.000.000.000.1..", "is not a clock time"),
            ("99999999999999999999:00..", "too large"),
            ("1..2..3", "expected START:END"),
        ])
    func rejects(_ text: String, _ message: String) {
        do {
            _ = try TimeWindow(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("the start is inclusive and the end exclusive")
    func bounds() throws {
        let window = try TimeWindow(parsing: "1us:2us")
        #expect(!window.contains(999))
        #expect(window.contains(1_000))
        #expect(window.contains(1_999))
        #expect(!window.contains(2_000))
        #expect(try TimeWindow(parsing: "1us:").contains(.max))
        #expect(try TimeWindow(parsing: ":1us").contains(0))
    }

    @Test("a span overlaps when any part of it is inside, without overflowing")
    func overlaps() throws {
        let window = try TimeWindow(parsing: "1us:2us")
        #expect(window.overlaps(from: 500, duration: 500))
        #expect(!window.overlaps(from: 500, duration: 499))
        #expect(window.overlaps(from: 1_999, duration: 0))
        #expect(!window.overlaps(from: 2_000, duration: 10))
        #expect(window.overlaps(from: 0, duration: .max))
        #expect(window.overlaps(from: 10, duration: .max))
    }

    @Test(
        "the description is exact, in the largest unit, and reads back the same",
        arguments: [
            ("1.2s:2s", "1.2s:2s"),
            ("1200ms:", "1.2s.."),
            (":1234567", "..1.234567ms"),
            ("0:", "0.."),
            ("2s..", "2s.."),
            ("999:1000", "999ns:1us"),
            ("0:1", "0:1ns"),
        ])
    func description(_ text: String, _ expected: String) throws {
        let window = try TimeWindow(parsing: text)
        #expect(window.description == expected)
        #expect(try TimeWindow(parsing: window.description) == window)
    }
}
