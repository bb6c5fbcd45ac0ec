import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("Visible text")
struct VisibleTextTests {
    @Test("control characters show as their pictures")
    func controls() {
        #expect(VisibleText.singleLine("a\u{1B}[31mb\n") == "a\u{241B}[31mb\u{240A}")
        #expect(VisibleText.lines("a\nb\tc\u{7F}") == "a\nb\tc\u{2421}")
    }

    @Test(
        "BiDi controls and line separators cannot reorder or break a line",
        arguments: [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029,
            // The BiDi marks: left-to-right, right-to-left, Arabic letter.
            0x200E, 0x200F, 0x061C,
        ])
    func bidi(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "user" + String(Character(scalar)) + "txt.exe"
        #expect(VisibleText.singleLine(text) == "user\u{FFFD}txt.exe")
        #expect(VisibleText.lines(text) == "user\u{FFFD}txt.exe")
    }

    @Test(
        "invisible format characters show as the replacement character",
        arguments: [
            // Tag characters (which can spell a hidden sentence), zero width space, word joiner,
            // byte order mark, soft hyphen, Mongolian vowel separator, interlinear annotation.
            0xE0041, 0xE007F, 0xE0001, 0x200B, 0x2060, 0xFEFF, 0x00AD, 0x180E, 0xFFF9,
        ])
    func invisibleFormatCharacters(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(VisibleText.singleLine("a" + String(Character(scalar)) + "b") == "a\u{FFFD}b")
    }

    @Test("noncharacters show as the replacement character; other text is kept")
    func noncharacters() {
        #expect(
            VisibleText.singleLine(
                "\(nonCharacter(0xFFFE))\(nonCharacter(0xFFFF))\(nonCharacter(0xFDD0))\(nonCharacter(0x10FFFF))")
                == String(repeating: "\u{FFFD}", count: 4))
        #expect(VisibleText.singleLine("Café ☕️ \u{200D} עברית") == "Café ☕️ \u{200D} עברית")
        #expect(VisibleText.singleLine("می\u{200C}خواهم 👩\u{200D}💻") == "می\u{200C}خواهم 👩\u{200D}💻")
    }
}
