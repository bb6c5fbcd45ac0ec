/// Escapes untrusted text for the two kinds of DOT string causegraph writes,
/// so that it comes out of Graphviz as the same text and can never end the
/// string, add attributes or inject markup.
///
/// Graphviz reads `&name;` as an entity in every string, so `&` is always
/// written as `&amp;`. It also expands `\N`, `\G` and friends, in HTML
/// labels after one level of backslash escaping and in tooltips after two,
/// hence the different backslash escapes. Control characters other than
/// newline become visible pictures: SVG cannot carry them.
public enum DOTEscaping {
    /// The inside of a double-quoted escString attribute such as `tooltip`,
    /// without the quotes. Newlines become Graphviz's `\n`.
    public static func escString(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\\\\\"
            case "\"": result += "\\\""
            case "&": result += "&amp;"
            case "\n": result += "\\n"
            default: append(scalar, to: &result)
            }
        }
        return result
    }

    /// Text inside an HTML-like label (`label=<…>`). Newlines become `<BR/>`.
    public static func htmlText(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "<BR/>"
            default: append(scalar, to: &result)
            }
        }
        return result
    }

    /// The `label` attribute of an edge: its cause label, then `figures`
    /// (`×12`, `72 → 3 (−69)`). A label the trace spelled its own way is
    /// untrusted text, so it goes into an HTML label.
    static func edgeLabelAttribute(_ label: CauseLabel, figures: String) -> String {
        if CauseLabel.known.contains(label) { return "label=\"\(label.rawValue) \(figures)\"" }
        return "label=<\(htmlText(label.rawValue)) \(htmlText(figures))>"
    }

    /// A word for an SVG `class` list: letters, digits, `-` and `_` kept,
    /// anything else made `-`, so untrusted text cannot add or end classes.
    static func classToken(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": scalar
            default: "-"
            }
        }))
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        result.unicodeScalars.append(VisibleText.isControl(scalar) ? VisibleText.picture(of: scalar) : scalar)
    }
}
