/// Trace text made safe for the terminal and cut to a width.
enum TerminalText {
    /// Control characters made visible, and at most `width` characters, ending in "…" when cut.
    static func fit(_ text: String, width: Int) -> String {
        // Printable ASCII is its own visible form and a character a byte, so
        // it needs no scan of scalars nor walk of graphemes: a listing fits
        // a column on every line.
        let isPlain = isPrintableASCII(text)
        let visible = isPlain ? text : VisibleText.singleLine(text)
        guard (isPlain ? visible.utf8.count : visible.count) > width else { return visible }
        guard width > 1 else { return String(visible.prefix(max(width, 0))) }
        return String(visible.prefix(width - 1)) + "…"
    }

    /// A title or name as ``fit(_:width:)`` shows it, and a blank one as
    /// `(untitled)`, so a row never names nothing.
    static func fitTitle(_ text: String, width: Int) -> String {
        fit(text.allSatisfy(\.isWhitespace) ? DOTEscaping.untitled : text, width: width)
    }

    /// `text` padded with spaces to `width`, on the left for numbers.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let length = isPrintableASCII(text) ? text.utf8.count : text.count
        let gap = String(repeating: " ", count: max(width - length, 0))
        return right ? gap + text : text + gap
    }

    /// Whether every byte of `text` is a printable ASCII character, so its
    /// length in characters is its length in bytes.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
