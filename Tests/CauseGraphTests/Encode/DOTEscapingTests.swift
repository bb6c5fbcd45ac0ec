import CauseGraphTestSupport
import Testing

@testable import CauseGraph

@Suite("DOT escaping")
struct DOTEscapingTests {
    @Test("a blank title shows as (untitled); a long one is cut")
    func titles() {
        #expect(DOTEscaping.htmlTitle("") == "(untitled)")
        #expect(DOTEscaping.htmlTitle(" \t") == "(untitled)")
        #expect(DOTEscaping.htmlTitle("A & B") == "A &amp; B")
        let long = String(repeating: "é", count: 500)
        #expect(DOTEscaping.htmlTitle(long) == String(repeating: "é", count: DOTEscaping.labelCharacters - 1) + "…")
        #expect(DOTEscaping.cut("short") == "short")
    }

    @Test("a title is cut by its bytes too: one character can hold thousands of scalars")
    func heavyCharacters() {
        // One character of 9,001 scalars none of which combines: the first
        // ones that fit, then "…".
        let selectors = "a" + String(repeating: "\u{FE0F}", count: 9_000)
        #expect(selectors.count == 1)
        let cut = DOTEscaping.cut(selectors)
        #expect(cut.utf8.count <= DOTEscaping.labelBytes)
        let kept = Array(cut.unicodeScalars.dropLast())
        #expect(cut.unicodeScalars.last == "…" && kept.count > 100)
        #expect(kept == Array(selectors.unicodeScalars.prefix(kept.count)))
        // Whole characters are kept while they fit, and the rest is cut at one.
        let families = String(repeating: "👨‍👩‍👧‍👦", count: 200)
        let cutFamilies = DOTEscaping.cut(families)
        #expect(cutFamilies.utf8.count <= DOTEscaping.labelBytes)
        #expect(cutFamilies == String(repeating: "👨‍👩‍👧‍👦", count: cutFamilies.count - 1) + "…")
        let jamo = String(repeating: "\u{1100}", count: 9_000)
        #expect(DOTEscaping.cut(jamo).utf8.count <= DOTEscaping.labelBytes)
        // Short enough in both measures: kept whole.
        let fewHeavy = String(repeating: "e\u{0301}", count: 100)
        #expect(DOTEscaping.cut(fewHeavy) == fewHeavy)
    }

    @Test("a label keeps at most labelMarks combining marks in a row, of any class")
    func stackedMarks() {
        let marks = DOTEscaping.labelMarks
        let zalgo = "a" + String(repeating: "\u{0301}", count: 9_000) + "b\u{0316}\u{0301}"
        #expect(DOTEscaping.cut(zalgo) == "a" + String(repeating: "\u{0301}", count: marks) + "b\u{0316}\u{0301}")
        // Below and above marks count alike; a starter ends the run.
        let mixed = String(repeating: "\u{0316}\u{0301}", count: marks)
        let keptMarks = String(String.UnicodeScalarView(mixed.unicodeScalars.prefix(marks)))
        #expect(DOTEscaping.cut("x" + mixed + "y" + mixed) == "x" + keptMarks + "y" + keptMarks)
        // Marks a script needs, and joiners and selectors that do not combine, are kept.
        for kept in ["Việt Nam", "שָׁלוֹם", "👩🏽‍💻", "a\u{FE0F}\u{FE0F}"] {
            #expect(DOTEscaping.cut(kept) == kept)
        }
        // The tooltip keeps every mark that fits in its bytes, though they make one character.
        #expect(DOTEscaping.bounded(zalgo, bytes: 100) == "a" + String(repeating: "\u{0301}", count: 48) + "…")
        #expect(
            DOTEscaping.quoted(zalgo).unicodeScalars.filter { $0 == "\u{0301}" }.count
                == (DOTEscaping.tooltipBytes - 1 - "…".utf8.count) / 2)
    }

    @Test("a label or class the trace spelled is cut like a title")
    func labels() {
        let long = CauseLabel(rawValue: String(repeating: "L", count: 20_000))
        let attribute = DOTEscaping.edgeLabelAttribute(long, figures: "×1")
        #expect(attribute == "label=<\(String(repeating: "L", count: DOTEscaping.labelCharacters - 1))… ×1>")
        #expect(DOTEscaping.classToken(long.rawValue).count == DOTEscaping.labelCharacters)
        #expect(DOTEscaping.classToken("a b\"c") == "a-b-c")
    }

    @Test("noncharacters and BiDi controls never reach Graphviz")
    func invisible() {
        #expect(
            DOTEscaping.htmlText("a\(nonCharacter(0xFFFE))b\(nonCharacter(0xFFFF))c\(nonCharacter(0xFDD0))")
                == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(DOTEscaping.escString("\u{202E}x\u{2069}") == "\u{FFFD}x\u{FFFD}")
    }

    @Test("a title of nothing but ] reaches Graphviz as character references, which its HTML lexer reads")
    func closingBrackets() {
        #expect(DOTEscaping.htmlTitle("]") == "&#93;")
        #expect(DOTEscaping.htmlText("a]]b") == "a&#93;&#93;b")
    }

    @Test("a long quoted string is cut into pieces joined by +, never inside an escape")
    func pieces() {
        #expect(DOTEscaping.quoted("short \"x\"") == #""short \"x\"""#)
        let text = String(repeating: "a\\\"&\n", count: 3_000)
        let quoted = DOTEscaping.quoted(text)
        let lines = quoted.split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= DOTEscaping.pieceBytes + 8 })
        let pieces = quoted.components(separatedBy: "\" +\n    \"")
        #expect(pieces.count == lines.count)
        #expect(String(pieces.joined().dropFirst().dropLast()) == DOTEscaping.escString(text))
        // Each piece ends after a whole escape.
        #expect(pieces.dropLast().allSatisfy { !$0.hasSuffix("\\") || $0.hasSuffix("\\\\\\\\") })
    }

    @Test(
        "a tooltip holds at most tooltipBytes of its text, cut between characters: Graphviz joins pieces in quadratic time"
    )
    func tooltipBound() {
        let bytes = DOTEscaping.tooltipBytes
        let exact = String(repeating: "é", count: bytes / 2)
        #expect(DOTEscaping.quoted(exact).contains("…") == false)
        let long = exact + "x"
        let kept = DOTEscaping.bounded(long, bytes: bytes)
        #expect(kept == String(repeating: "é", count: (bytes - 3) / 2) + "…" && kept.utf8.count <= bytes)
        let quoted = DOTEscaping.quoted(String(repeating: "V", count: 20_000_000))
        #expect(quoted.split(separator: "\n").count == (bytes + DOTEscaping.pieceBytes - 1) / DOTEscaping.pieceBytes)
        #expect(quoted.hasSuffix("…\""))
    }
}
