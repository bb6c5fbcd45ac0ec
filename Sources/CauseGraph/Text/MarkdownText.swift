/// Trace text made safe for Markdown: it shows as typed and cannot start
/// markup, links, HTML or table cells.
package enum MarkdownText {
    /// The most bytes of Markdown a report (`diff`'s table, `check`'s)
    /// writes by default: half of the 65,536 characters a GitHub comment or
    /// job summary shows, leaving room for the other report beside it.
    package static let commentLimit = 32_768

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
