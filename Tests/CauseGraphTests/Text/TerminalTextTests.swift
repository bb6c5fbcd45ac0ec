import Testing

@testable import CauseGraph

@Suite("Terminal text")
struct TerminalTextTests {
    /// Printable ASCII, text with controls (a CR LF is one character of two
    /// bytes), combining marks, wide characters, emoji and BiDi controls.
    static let samples = [
        "", "a", "ContentView", "Row 12", "tab\tinside", "cr\r\nlf", "\u{1B}[31mred", "e\u{301}tude",
        "漢字の行", "👩‍👩‍👧 family", "\u{202E}evil", "   ", "x\u{7F}y",
    ]

    @Test("a fitted text is its visible form, cut to the width with an ellipsis", arguments: samples)
    func fit(_ text: String) {
        let visible = VisibleText.singleLine(text)
        for width in 0...14 {
            let fitted = TerminalText.fit(text, width: width)
            if visible.count <= width {
                #expect(fitted == visible)
            } else if width > 1 {
                #expect(fitted == String(visible.prefix(width - 1)) + "…")
            } else {
                #expect(fitted == String(visible.prefix(width)))
            }
            #expect(!fitted.unicodeScalars.contains(where: VisibleText.isUnsafe))
        }
    }

    @Test("padding counts characters, not bytes", arguments: samples)
    func pad(_ text: String) {
        let visibleWidth = text.count
        for width in 0...14 {
            let left = TerminalText.pad(text, width)
            let right = TerminalText.pad(text, width, right: true)
            #expect(left.count == max(width, visibleWidth))
            #expect(left.hasPrefix(text) && right.hasSuffix(text))
            #expect(left.dropFirst(text.count).allSatisfy { $0 == " " })
        }
    }

    @Test("examples")
    func examples() {
        #expect(TerminalText.fit("ContentView", width: 7) == "Conten…")
        #expect(TerminalText.fit("ContentView", width: 11) == "ContentView")
        #expect(TerminalText.fit("cr\r\nlf", width: 5) == "cr␍␊…")
        #expect(TerminalText.fit("e\u{301}tude", width: 4) == "e\u{301}tu…")
        #expect(TerminalText.pad("42", 5, right: true) == "   42")
        #expect(TerminalText.pad("漢字", 4) == "漢字  ")
        #expect(TerminalText.fitTitle("  ", width: 20) == "(untitled)")
    }
}
