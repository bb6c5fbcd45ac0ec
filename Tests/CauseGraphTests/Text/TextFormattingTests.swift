import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("Text formatting")
struct TextFormattingTests {
    @Test(
        "durations read in the largest unit, three significant digits",
        arguments: [
            (Int64(0), "0 ns"), (999, "999 ns"), (1_000, "1 µs"), (350_000, "350 µs"), (4_250, "4.25 µs"),
            (8_424_999, "8.42 ms"), (8_425_000, "8.43 ms"), (16_666_667, "16.7 ms"), (1_250_000_000, "1.25 s"),
            (999_999_999, "1000 ms"), (3_600_000_000_000, "3600 s"),
        ])
    func durations(_ nanoseconds: Int64, _ expected: String) {
        #expect(DurationText.string(nanoseconds) == expected)
    }

    @Test(
        "JSON strings escape what JSON and inline HTML need",
        arguments: [
            ("plain", #""plain""#),
            (#"q"b\s"#, #""q\"b\\s""#),
            ("</script>", #""\u003c/script\u003e""#),
            ("a&b", #""a\u0026b""#),
            ("nl\n\u{01}", #""nl\n\u0001""#),
            ("\u{2028}", #""\u2028""#),
            ("漢😀", "\"漢😀\""),
            // What a terminal or an agent would obey without showing it: C1 CSI, BiDi overrides and
            // isolates, a tag character (surrogate pair), a zero width space, noncharacters.
            ("Safe\u{202E}\u{2066}txt.exe\u{9B}31m", #""Safe\u202e\u2066txt.exe\u009b31m""#),
            ("a\u{E0041}\u{200B}\u{FEFF}b", #""a\udb40\udc41\u200b\ufeffb""#),
            (nonCharacter(0xFFFE) + nonCharacter(0xFDD0) + nonCharacter(0x10FFFF), #""\ufffe\ufdd0\udbff\udfff""#),
            // Kept: text that shows, emoji joined by U+200D, Latin-1 and Arabic letters beside the escapes' leads.
            ("© µ é 👩\u{200D}💻 عربي", "\"© µ é 👩\u{200D}💻 عربي\""),
        ])
    func jsonStrings(_ text: String, _ expected: String) throws {
        #expect(JSONText.quoted(text) == expected)
        guard case .string(let parsed) = try JSONParser.parse(expected).content else {
            Issue.record("not a string")
            return
        }
        #expect(parsed == text)
    }

    @Test("JSON escapes exactly the scalars that are not shown as they are")
    func jsonEscapesWhatVisibleTextHides() {
        var leads: UInt64 = 0
        for value in UInt32(0x80)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let unsafe = VisibleText.isUnsafe(scalar)
            if unsafe { leads |= 1 << UInt64(String(scalar).utf8.first! - 0xC0) }
            let escaped = JSONText.quoted(String(scalar)).hasPrefix(#""\u"#)
            if escaped != unsafe { Issue.record("U+\(String(value, radix: 16)): escaped \(escaped), unsafe \(unsafe)") }
        }
        #expect(leads == JSONText.unsafeLeadBytes)
    }

    @Test("diagnostics are one line, whatever the input holds")
    func diagnosticsStayOnOneLine() {
        let diagnostic = Diagnostic.error(
            "unknown kind \"a\nb\u{1B}[31m\"", at: SourceLocation(file: "t.jsonl", line: 3, column: 9))
        #expect(diagnostic.description == "t.jsonl:3:9: error: unknown kind \"a\u{240A}b\u{241B}[31m\"")
    }
}

@Suite("Duration parsing")
struct DurationParsingTests {
    @Test(
        "reads units and plain nanoseconds",
        arguments: [
            ("1.2s", Int64(1_200_000_000)), ("350ms", 350_000_000), ("20us", 20_000), ("20µs", 20_000), ("800ns", 800),
            ("1500", 1_500), ("0.5ms", 500_000), ("1.0000000009s", 1_000_000_000), (" 5ms ", 5_000_000),
        ])
    func valid(_ text: String, _ expected: Int64) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test(
        "refuses the rest",
        arguments: ["", "ms", "-5ms", "1.s", ".5s", "5 m", "1e3", "1,5ms", "99999999999999999999s", "١ms"])
    func invalid(_ text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}

@Suite("counts for people")
struct CountTextTests {
    @Test(
        "digits are grouped by thousands, whatever the locale",
        arguments: [
            (0, "0"), (999, "999"), (1_000, "1,000"), (21_516, "21,516"), (1_234_567, "1,234,567"),
            (-12_345, "-12,345"),
        ])
    func grouped(_ count: Int, _ text: String) {
        #expect(CountText.format(count) == text)
    }

    @Test("the largest counts a trace can hold are grouped too")
    func extremes() {
        #expect(CountText.format(UInt64.max) == "18,446,744,073,709,551,615")
        #expect(CountText.format(Int64.min) == "-9,223,372,036,854,775,808")
    }
}

@Suite("Share text")
struct ShareTextTests {
    @Test(
        "percentages: whole from a tenth up, one decimal below, never rounded to nothing",
        arguments: [
            (0.0, "0%"), (0.0004, "<0.1%"), (0.042, "4.2%"), (0.0999, "10%"), (0.1, "10%"), (0.4249, "42%"),
            (0.999, "100%"), (1.0, "100%"), (-1.0, "0%"), (2.0, "100%"), (Double.nan, "0%"),
        ])
    func percent(_ share: Double, _ text: String) {
        #expect(ShareText.percent(share) == text)
    }
}
