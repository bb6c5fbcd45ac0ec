import CauseGraph
import Testing

@Suite("LogTimestamp")
struct LogTimestampTests {
    /// 2024-03-05 22:07:21 UTC, as seconds since 1970.
    private let base: Nanoseconds = 1_709_676_441 * 1_000_000_000

    @Test func epochAndKnownDates() throws {
        #expect(try LogTimestamp.parse("1970-01-01 00:00:00Z") == 0)
        #expect(try LogTimestamp.parse("2000-03-01 00:00:00Z") == 951_868_800 * 1_000_000_000)
        #expect(try LogTimestamp.parse("2024-02-29 12:00:00+0000") == 1_709_208_000 * 1_000_000_000)
    }

    @Test func zonesAndFractions() throws {
        #expect(try LogTimestamp.parse("2024-03-05 14:07:21.480215-0800") == base + 480_215_000)
        #expect(try LogTimestamp.parse("2024-03-05 22:07:21.480215+0000") == base + 480_215_000)
        #expect(try LogTimestamp.parse("2024-03-05T23:07:21.480215+01:00") == base + 480_215_000)
        #expect(try LogTimestamp.parse("2024-03-05 23:37:21.5+0130") == base + 500_000_000)
        #expect(try LogTimestamp.parse("2024-03-05 22:07:21.123456789123Z") == base + 123_456_789)
        // The compact style prints no zone: read as UTC.
        #expect(try LogTimestamp.parse("2024-03-05 22:07:21.480") == base + 480_000_000)
    }

    @Test func lengthStopsAtTheField() throws {
        var text = "2024-03-05 14:07:21.480215-0800 0x2f1c3    Info"
        let parsed = try text.withUTF8 { bytes in try LogTimestamp.parse(bytes) }
        #expect(parsed?.length == 31)
    }

    @Test(arguments: [
        "", "Timestamp", "2024-03-05", "2024-03-05 14:07", "2024-3-5 14:07:21", "2024-03-05 14:07:21.",
        "2024-03-05 14:07:21x", "2024-03-05 14:07:21+08:",
    ])
    func notTimestamps(_ text: String) throws {
        #expect(try LogTimestamp.parse(text) == nil)
    }

    @Test(arguments: [
        "2024-13-05 14:07:21", "2023-02-29 14:07:21", "2024-03-05 24:00:00", "2024-03-05 14:60:00",
        "1969-12-31 23:59:59Z", "2263-01-01 00:00:00Z", "2024-03-05 14:07:21+2400",
    ])
    func invalidValues(_ text: String) {
        #expect(throws: LogTimestamp.InvalidValue.self) { try LogTimestamp.parse(text) }
    }
}
