/// Escapes untrusted text for an XML 1.0 document, so it reads back as
/// typed and can never end an element, an attribute or a CDATA section.
///
/// XML 1.0 cannot carry most control characters or the noncharacters
/// U+FFFE and U+FFFF at all, not even as character references, so those
/// (and the other characters ``VisibleText`` treats as unsafe) become
/// visible pictures, as in every other output of causegraph.
enum XMLText {
    /// `text` escaped for element content: newlines and tabs kept.
    static func content(_ text: String) -> String {
        ScalarEscaping.escape(text, keeping: ["\n", "\t"]) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            default: nil
            }
        }
    }

    /// `text` escaped for a double-quoted attribute value. Newlines and tabs
    /// are character references, which attribute-value normalization keeps
    /// (a literal one would be read back as a space).
    static func attribute(_ text: String) -> String {
        ScalarEscaping.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\n": "&#10;"
            case "\t": "&#9;"
            default: nil
            }
        }
    }
}
