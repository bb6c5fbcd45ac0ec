/// Makes untrusted text safe to show on a terminal or inside one line.
///
/// Control characters (which could move the cursor, recolour the terminal
/// or forge extra lines) become their visible Unicode "control picture"
/// (`\u{1B}` becomes `␛`); everything else is kept as it is.
public enum VisibleText {
    /// The text with every control character made visible, newlines included.
    public static func singleLine(_ text: String) -> String {
        replacingControls(in: text) { _ in false }
    }

    /// The text with control characters made visible, except newlines and tabs.
    public static func lines(_ text: String) -> String {
        replacingControls(in: text) { $0 == "\n" || $0 == "\t" }
    }

    private static func replacingControls(in text: String, keeping: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !keeping($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isControl(scalar) && !keeping(scalar) ? picture(of: scalar) : scalar)
        }
        return String(result)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// U+2400…U+241F picture the C0 controls and U+2421 pictures DEL; the C1
    /// controls have no pictures and show as the replacement character.
    static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
