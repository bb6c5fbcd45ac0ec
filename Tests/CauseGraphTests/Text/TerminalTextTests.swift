import Testing

@testable import CauseGraph

@Suite("Terminal text")
struct TerminalTextTests {
    /// Printable ASCII, text with controls (a CR LF is one character of two
    /// bytes), combining marks, wide characters, emoji and BiDi controls.
    static let samples = [
        "", "a", "ContentView", "Row 12", "tab\tinside", "cr\r\nlf", "\u{1B}[31mred", "e\u{301}tude",
        "漢字の行", "👩‍👩‍👧 family", "\u{202E}evil", "   ", "x\u{7F}y", "└─ Row · 3 µs", "├─ e\u{301}",
    ]

    /// The columns a terminal gives each sample, counted by hand: two for each kanji and kana
    /// and for the emoji family (one grapheme), one for every other character.
    static let sampleColumns = [0, 1, 11, 6, 10, 6, 8, 5, 8, 9, 5, 3, 3, 13, 4]

    @Test(
        "a fitted text is its visible form, cut to the width in columns with an ellipsis",
        arguments: zip(samples, sampleColumns))
    func fit(_ text: String, columns: Int) {
        let visible = VisibleText.singleLine(text)
        #expect(TerminalText.columns(visible) == columns, "\(visible)")
        for width in 0...14 {
            let fitted = TerminalText.fit(text, width: width)
            if columns <= width {
                #expect(fitted == visible)
            } else {
                #expect(visible.hasPrefix(fitted.dropLast(width > 1 ? 1 : 0)))
                #expect(width <= 1 || fitted.hasSuffix("…"))
                #expect(TerminalText.columns(fitted) <= width)
                #expect(TerminalText.columns(fitted) >= width - 2, "no more than one wide character's room is lost")
            }
            #expect(!fitted.unicodeScalars.contains(where: VisibleText.isUnsafe))
        }
    }

    @Test(
        "a cut never ends inside a number: the number, with the commas and points between its digits, gives way whole")
    func cutsBeforeNumbers() {
        // Printable ASCII, one-column scalars and wide characters: each way of cutting.
        #expect(TerminalText.fit("group 32620 · 40 ms", width: 10) == "group …")
        #expect(TerminalText.fit("drove 32,620 updates", width: 10) == "drove …")
        #expect(TerminalText.fit("drove 32,620 updates", width: 12) == "drove …")
        #expect(TerminalText.fit("worst 1.5 ms", width: 9) == "worst …")
        #expect(TerminalText.fit("└─ group 32620", width: 11) == "└─ group …")
        #expect(TerminalText.fit("gesture 139838 (Tap) · 漢字", width: 11) == "gesture …")
        // A cut after a whole number, or after a comma that ends a sentence, keeps it.
        #expect(TerminalText.fit("group 32620 · 40 ms", width: 12) == "group 32620…")
        #expect(TerminalText.fit("group 32620, 40 ms", width: 13) == "group 32620,…")
        #expect(TerminalText.fit("Card7x1Detail0", width: 6) == "Card7…")
    }

    @Test("padding counts columns, not characters or bytes", arguments: zip(samples, sampleColumns))
    func pad(_ text: String, columns: Int) {
        let visible = VisibleText.singleLine(text)
        for width in 0...14 {
            let left = TerminalText.pad(visible, width)
            let right = TerminalText.pad(visible, width, right: true)
            #expect(TerminalText.columns(left) == max(width, columns))
            #expect(left.hasPrefix(visible) && right.hasSuffix(visible))
            #expect(left.dropFirst(visible.count).allSatisfy { $0 == " " })
        }
    }

    @Test("text counted by its scalars is counted as by its characters")
    func scalarCount() {
        let texts = [
            "└─ LibraryItemSongRow · 2 µs — 41%", "Ünïcödé ‘quotes’ … ok", "├─ e\u{301}", "a\u{300}", "½ × ¾ ¿",
            "│  └─ ·", "a\u{2028}b", "\u{00A0}\u{00AD}", "–—‖‘’‚‛“”„‟†‡•‣․‥…‧",
        ]
        for text in texts {
            #expect(TerminalText.columns(text) == text.reduce(0) { $0 + TerminalText.columns($1) }, "\(text)")
            for width in 0...12 {
                let fitted = TerminalText.fit(text, width: width)
                #expect(TerminalText.columns(fitted) <= max(width, 0), "\(text) in \(width)")
            }
        }
        #expect(TerminalText.fit("└─ Row · 3 µs", width: 8) == "└─ Row …")
    }

    @Test("examples")
    func examples() {
        #expect(TerminalText.fit("ContentView", width: 7) == "Conten…")
        #expect(TerminalText.fit("ContentView", width: 11) == "ContentView")
        #expect(TerminalText.fit("cr\r\nlf", width: 5) == "cr␍␊…")
        #expect(TerminalText.fit("e\u{301}tude", width: 4) == "e\u{301}tu…")
        #expect(TerminalText.pad("42", 5, right: true) == "   42")
        #expect(TerminalText.pad("漢字", 4) == "漢字")
        #expect(TerminalText.pad("漢字", 6) == "漢字  ")
        #expect(TerminalText.fit("漢字の行", width: 5) == "漢字…")
        #expect(TerminalText.fit("漢字の行", width: 6) == "漢字…")
        #expect(TerminalText.fit("❤️ ok", width: 5) == "❤️ ok")
        #expect(TerminalText.columns("a\u{200B}\u{200B}b\u{2060}") == 2, "zero-width spaces and joiners take none")
        #expect(TerminalText.pad("a\u{200B}b", 4) == "a\u{200B}b  ")
        #expect(TerminalText.fit("👩‍👩‍👧 family", width: 4) == "👩‍👩‍👧 …")
        #expect(TerminalText.fitTitle("  ", width: 20) == "(untitled)")
    }
}
