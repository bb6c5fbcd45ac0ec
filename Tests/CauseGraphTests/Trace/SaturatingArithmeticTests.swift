import Testing

@testable import CauseGraph

@Suite("saturating arithmetic on trace values")
struct SaturatingArithmeticTests {
    @Test("sums, differences and products stop at the bound they pass, with the sign they would have had")
    func bounds() {
        #expect(Int64.max.saturatingAdding(1) == .max)
        #expect(Int64.min.saturatingAdding(-1) == .min)
        #expect(Int64(5).saturatingAdding(-7) == -2)
        #expect(Int64.min.saturatingSubtracting(1) == .min)
        #expect(Int64.max.saturatingSubtracting(-1) == .max)
        #expect(Int64(1_764_000_000).saturatingMultiplying(1_000_000_000) == 1_764_000_000_000_000_000)
        #expect(Int64(10_000_000_000).saturatingMultiplying(1_000_000_000) == .max)
        #expect(Int64(-10_000_000_000).saturatingMultiplying(1_000_000_000) == .min)
        #expect(Int64(-10_000_000_000).saturatingMultiplying(-1_000_000_000) == .max)
        #expect(Int64.min.saturatingMultiplying(-1) == .max)
    }
}
