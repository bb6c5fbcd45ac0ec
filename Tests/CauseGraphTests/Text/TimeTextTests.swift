import Testing

@testable import CauseGraph

@Suite("points in time for people")
struct TimeTextTests {
    @Test("milliseconds with microsecond digits under a minute, rounded half up")
    func underAMinute() {
        #expect(TimeText.string(0) == "0.000 ms")
        #expect(TimeText.string(2_043_666_667) == "2043.667 ms")
        #expect(TimeText.string(499) == "0.000 ms" && TimeText.string(500) == "0.001 ms")
        #expect(TimeText.string(59_999_999_499) == "59999.999 ms")
        #expect(TimeText.string(nil) == "—")
    }

    @Test("from a minute on, minutes and seconds, then milliseconds and microseconds, as Instruments writes them")
    func clock() {
        #expect(TimeText.string(59_999_999_500) == "1:00.000.000", "rounds up into the minute")
        #expect(TimeText.string(60_161_078_000) == "1:00.161.078")
        #expect(TimeText.string(2_820_315_123_400) == "47:00.315.123")
        #expect(TimeText.string(3_723_456_789_000) == "1:02:03.456.789")
    }

    @Test("the extremes of a trace's clock, negative ones too, never overflow")
    func extremes() {
        #expect(TimeText.string(-1_500_000) == "-1.500 ms")
        #expect(TimeText.string(.max) == "2562047:47:16.854.776")
        #expect(TimeText.string(.min) == "-2562047:47:16.854.776")
    }
}
