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

    @Test("noncharacters and BiDi controls never reach Graphviz")
    func invisible() {
        #expect(
            DOTEscaping.htmlText("a\(nonCharacter(0xFFFE))b\(nonCharacter(0xFFFF))c\(nonCharacter(0xFDD0))")
                == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(DOTEscaping.escString("\u{202E}x\u{2069}") == "\u{FFFD}x\u{FFFD}")
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
}
