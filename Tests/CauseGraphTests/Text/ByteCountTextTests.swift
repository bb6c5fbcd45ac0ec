import Testing

@testable import CauseGraph

@Suite("sizes for people")
struct ByteCountTextTests {
    @Test("bytes below a KiB, then one decimal of the unit that keeps the figure below 1,024")
    func sizes() {
        #expect(ByteCountText.string(0) == "0 bytes")
        #expect(ByteCountText.string(1) == "1 byte")
        #expect(ByteCountText.string(1023) == "1,023 bytes")
        #expect(ByteCountText.string(1024) == "1.0 KiB")
        #expect(ByteCountText.string(1536) == "1.5 KiB")
        #expect(ByteCountText.string(7_864_320) == "7.5 MiB")
        #expect(ByteCountText.string(4 << 30) == "4.0 GiB")
        #expect(ByteCountText.string(Int64.max) == "8388608.0 TiB")
    }
}
