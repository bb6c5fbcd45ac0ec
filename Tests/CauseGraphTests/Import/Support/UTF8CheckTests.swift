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

    /// The first offset where the standard library's decoder fails or, with
    /// `xml`, decodes a scalar outside XML 1.0's Char production.
    static func referenceFault(_ bytes: [UInt8], xml: Bool) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                switch scalar.value {
                case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: break
                default: if xml { return consumed }
                }
                consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
        }
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
        #expect(disagreements.count == 0, "\(disagreements.prefix(5))")
    }

    @Test("offsets of faults, with and without XML's characters, where the sequences that hold them start")
    func offsetsAgree() {
        var disagreements: [[UInt8]] = []
        func compare(_ sequence: [UInt8]) {
            for candidate in [sequence, Array("padding!".utf8) + sequence, sequence + Array("padding!".utf8)] {
                let offsets = candidate.withUnsafeBufferPointer {
                    (UTF8Check.firstInvalidByte(in: $0), UTF8Check.firstXMLFault(in: $0)?.offset)
                }
                if offsets.0 != Self.referenceFault(candidate, xml: false)
                    || offsets.1 != Self.referenceFault(candidate, xml: true)
                {
                    disagreements.append(candidate)
                }
            }
        }
        // Every pair of bytes, which holds every control character; and the
        // three-byte sequences around surrogates and U+FFFE/U+FFFF.
        for a in 0...255 {
            for b in 0...255 { compare([UInt8(a), UInt8(b)]) }
        }
        for a in [0xE0, 0xED, 0xEF] {
            for b in 0...255 {
                for c in [0x00, 0x0B, 0x41, 0x7F, 0x80, 0xBD, 0xBE, 0xBF, 0xC0, 0xFF] {
                    compare([UInt8(a), UInt8(b), UInt8(c)])
                }
            }
        }
        #expect(disagreements.count == 0, "\(disagreements.prefix(5))")
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

    @Test("characters XML refuses are found at their offset, with the code point named, past eight-byte runs")
    func findsCharactersXMLRefuses() {
        let text = Array("<string>Up\tand\r\ndown ✓</string>\n".utf8)
        #expect(text.withUnsafeBufferPointer { UTF8Check.firstXMLFault(in: $0) } == nil)
        let cases: [([UInt8], String)] = [
            ([0x00], "control character U+0000 is not allowed in XML"),
            ([0x1B], "control character U+001B is not allowed in XML"),
            ([0x0C], "control character U+000C is not allowed in XML"),
            ([0xEF, 0xBF, 0xBE], "U+FFFE is not a character XML allows"),
            ([0xEF, 0xBF, 0xBF], "U+FFFF is not a character XML allows"),
            ([0xC0, 0x80], "invalid UTF-8"),
            // Broken UTF-8 that starts as U+FFFF would is broken UTF-8, not a character.
            ([0xEF, 0xBF, 0xC0], "invalid UTF-8"),
            ([0xEF, 0xBF, 0xFF], "invalid UTF-8"),
        ]
        for (inserted, message) in cases {
            let broken = text + inserted + text
            let fault = broken.withUnsafeBufferPointer { UTF8Check.firstXMLFault(in: $0) }
            #expect(fault?.offset == text.count, "\(inserted)")
            #expect(fault?.message == message)
            // Plain UTF-8 allows every one of them but the broken sequence.
            #expect(broken.withUnsafeBufferPointer { UTF8Check.isValid($0) } == (message != "invalid UTF-8"))
        }
    }
}
