/// The formats `why` and `summary` write.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// For a terminal: fits 80 columns, colour only when asked.
    case text
    /// The same figures as data.
    case json
    /// For a pull request or an issue.
    case markdown
}

/// Colours for text reports, or none.
public struct TextStyle: Sendable {
    /// Whether to colour the text with terminal escapes.
    public var colour: Bool

    /// A style with colour or without.
    public init(colour: Bool) {
        self.colour = colour
    }

    /// The terminal escapes a report uses.
    public enum Ink: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }

    /// `text` in `ink` on a colour terminal; as it is otherwise.
    public func paint(_ text: String, _ ink: Ink) -> String {
        colour ? "\u{1B}[\(ink.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// The ink of a severity: red for high and worse, yellow for medium.
    public func ink(for severity: Severity?) -> Ink? {
        switch severity {
        case .high?, .veryHigh?: .red
        case .medium?: .yellow
        default: nil
        }
    }
}

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

/// Trace text made safe for Markdown: it shows as typed and cannot start
/// markup, links, HTML or table cells.
enum MarkdownText {
    static func escape(_ text: String) -> String {
        var result = ""
        for character in VisibleText.singleLine(text) {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "#", "|", "~":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }
}

extension Double {
    /// A share (0…1) as a whole percentage, `"37%"`.
    var percentText: String { "\(Int((self * 100).rounded()))%" }
}
