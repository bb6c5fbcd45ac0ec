/// The formats `why` and `summary` write.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// For a terminal: fits 80 columns, colour only when asked.
    case text
    /// The same figures as data.
    case json
    /// For a pull request or an issue.
    case markdown
}

/// Colours for text reports, or none.
package struct TextStyle: Sendable {
    /// Whether to colour the text with terminal escapes.
    package var colour: Bool

    /// A style with colour or without.
    package init(colour: Bool) {
        self.colour = colour
    }

    /// The terminal escapes a report uses.
    package enum Ink: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }

    /// `text` in `ink` on a colour terminal; as it is otherwise.
    package func paint(_ text: String, _ ink: Ink) -> String {
        colour ? "\u{1B}[\(ink.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// The ink of a severity: red for high and worse, yellow for medium.
    package func ink(for severity: Severity?) -> Ink? {
        switch severity {
        case .high?, .veryHigh?: .red
        case .medium?: .yellow
        default: nil
        }
    }
}
