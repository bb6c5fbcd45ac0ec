/// Trace text made safe for the terminal and cut to a width.
enum TerminalText {
    /// Control characters made visible, and at most `width` characters, ending in "…" when cut.
    static func fit(_ text: String, width: Int) -> String {
        let visible = VisibleText.singleLine(text)
        guard visible.count > width else { return visible }
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
        let gap = String(repeating: " ", count: max(width - text.count, 0))
        return right ? gap + text : text + gap
    }
}
