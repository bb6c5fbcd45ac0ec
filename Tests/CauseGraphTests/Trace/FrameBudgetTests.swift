import CauseGraph
import Testing

@Suite("Frame budget")
struct FrameBudgetTests {
    @Test("the thresholds are exact multiples of the frame")
    func thresholds() {
        let budget = FrameBudget(frameRate: 60)
        let frame = budget.frameDuration
        #expect(budget.severity(ofDuration: (frame + 15) / 16 - 1) == .low)
        #expect(budget.severity(ofDuration: (frame + 15) / 16) == .medium)
        #expect(budget.severity(ofDuration: (frame + 7) / 8 - 1) == .medium)
        #expect(budget.severity(ofDuration: (frame + 7) / 8) == .high)
        #expect(budget.severity(ofDuration: frame) == .high)
        #expect(budget.severity(ofDuration: frame + 1) == .veryHigh)
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
