/// Escapes untrusted text for an HTML page, so it shows as typed and can
/// never open or close an element, end an attribute or start a comment.
///
/// Both quote characters are escaped too, so the same text is safe in
/// element content and in quoted attribute values. Control characters other
/// than newline and tab, which HTML forbids or drops, become visible
/// pictures, as in every other output of causegraph.
package enum HTMLText {
    /// `text` escaped for HTML text and attribute values.
    package static func escape(_ text: String) -> String {
        ScalarEscaping.escape(text, keeping: ["\n", "\t"]) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }
}
