import Testing

@testable import CauseGraph

@Suite("UTF-8 check")
struct UTF8CheckTests {
    /// The standard library's validation, the reference.
    static func reference(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    static func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
    }

    @Test("every one-, two-, three- and four-byte sequence (the last two by their first bytes), alone and after ASCII")
    func agreesOnEverySequence() {
        var disagreements: [[UInt8]] = []
        func compare(_ sequence: [UInt8]) {
            for candidate in [sequence, Array("padding!".utf8) + sequence, sequence + Array("padding!".utf8)]
            where Self.check(candidate) != Self.reference(candidate) {
                disagreements.append(candidate)
            }
        }
        for a in 0...255 {
            compare([UInt8(a)])
            for b in 0...255 {
                compare([UInt8(a), UInt8(b)])
                for c in [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                    compare([UInt8(a), UInt8(b), UInt8(c)])
                    for d in [0x41, 0x80, 0xBF, 0xC0] { compare([UInt8(a), UInt8(b), UInt8(c), UInt8(d)]) }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("the first invalid byte of text with multi-byte characters is found past eight-byte runs")
    func findsFirstInvalidByte() {
        let text = Array("<duration fmt=\"12.3 µs\">12300</duration> ✓ 𝄞 ".utf8)
        #expect(text.withUnsafeBufferPointer { UTF8Check.firstInvalidByte(in: $0) } == nil)
        for cut in [0xFF, 0xC0, 0xED] {
            let broken = text + [UInt8(cut), 0xA0, 0x80] + text
            #expect(broken.withUnsafeBufferPointer { UTF8Check.firstInvalidByte(in: $0) } == text.count)
        }
        #expect(
            Array("abc\0def".utf8).withUnsafeBufferPointer { UTF8Check.firstInvalidByte(in: $0, rejectingNUL: true) }
                == 3)
    }
}
