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
