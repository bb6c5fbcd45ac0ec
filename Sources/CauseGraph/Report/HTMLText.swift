/// Escapes untrusted text for an HTML page, so it shows as typed and can
/// never open or close an element, end an attribute or start a comment.
///
/// Both quote characters are escaped too, so the same text is safe in
/// element content and in quoted attribute values. Control characters other
/// than newline and tab, which HTML forbids or drops, become visible
/// pictures, as in every other output of causegraph.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in VisibleText.lines(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
