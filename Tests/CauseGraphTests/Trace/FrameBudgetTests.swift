import CauseGraph
import Testing

@Suite("Frame budget")
struct FrameBudgetTests {
    @Test(
        "the thresholds are exact parts of the frame, which at 60 Hz is 16,666,666.67 ns",
        arguments: [
            // (rate, last low, first medium, last medium, first high, last high, first very high)
            (60.0, 1_041_666, 1_041_667, 2_083_333, 2_083_334, 16_666_666, 16_666_667),
            (100.0, 624_999, 625_000, 1_249_999, 1_250_000, 10_000_000, 10_000_001),
            (120.0, 520_833, 520_834, 1_041_666, 1_041_667, 8_333_333, 8_333_334),
        ] as [(Double, Int64, Int64, Int64, Int64, Int64, Int64)])
    func thresholds(
        _ bounds: (
            rate: Double, lastLow: Int64, medium: Int64, lastMedium: Int64, high: Int64, lastHigh: Int64,
            veryHigh: Int64
        )
    ) {
        let budget = FrameBudget(frameRate: bounds.rate)
        #expect(budget.severity(ofDuration: bounds.lastLow) == .low)
        #expect(budget.severity(ofDuration: bounds.medium) == .medium)
        #expect(budget.severity(ofDuration: bounds.lastMedium) == .medium)
        #expect(budget.severity(ofDuration: bounds.high) == .high)
        #expect(budget.severity(ofDuration: bounds.lastHigh) == .high)
        #expect(budget.severity(ofDuration: bounds.veryHigh) == .veryHigh)
        #expect(!budget.exceedsFrame(bounds.lastHigh) && budget.exceedsFrame(bounds.veryHigh))
    }

    @Test("durations near Int64.max are judged, not multiplied past the range")
    func hugeDurations() {
        for rate in [FrameBudget.frameRates.lowerBound, 60, FrameBudget.frameRates.upperBound] {
            let budget = FrameBudget(frameRate: rate)
            #expect(budget.severity(ofDuration: .max) == .veryHigh)
            #expect(budget.severity(ofDuration: .max / 8 + 1) == .veryHigh)
            #expect(budget.severity(ofDuration: .min) == .low)
        }
    }

    @Test("frame rates outside the range are named with the range")
    func range() {
        #expect(FrameBudget.problem(withFrameRate: 60) == nil)
        #expect(FrameBudget.problem(withFrameRate: 1) == nil)
        #expect(FrameBudget.problem(withFrameRate: 1000) == nil)
        #expect(
            FrameBudget.problem(withFrameRate: 1e-11) == "must be between 1 and 1000 frames per second, found 1e-11")
        #expect(
            FrameBudget.problem(withFrameRate: .infinity) == "must be between 1 and 1000 frames per second, found inf")
        #expect(FrameBudget.problem(withFrameRate: .nan) == "must be between 1 and 1000 frames per second, found nan")
    }
}
