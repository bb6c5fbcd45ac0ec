/// Trace text made safe for Markdown: it shows as typed and cannot start
/// markup, links, HTML, table cells, or GitHub's mentions and issue links.
package enum MarkdownText {
    /// The most bytes of Markdown a report (`diff`'s table, `check`'s)
    /// writes by default: half of the 65,536 characters a GitHub comment or
    /// job summary shows, leaving room for the other report beside it.
    package static let commentLimit = 32_768

    /// An empty HTML comment: GitHub finds mentions (`@State` notifies the
    /// account `State`) and issue links (`#12`) in the rendered text, after
    /// backslash escapes are gone, so only a comment between the sign and
    /// the name keeps them text. Every renderer hides it.
    private static let linkBreak = "<!-- -->"

    static func escape(_ text: String) -> String {
        var result = ""
        for character in VisibleText.singleLine(text) {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "@", "#": result += String(character) + linkBreak
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }
}
