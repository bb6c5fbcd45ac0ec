/// Makes untrusted text safe to show on a terminal or inside one line.
///
/// Control characters (which could move the cursor, recolour the terminal
/// or forge extra lines) become their visible Unicode "control picture"
/// (`\u{1B}` becomes `␛`). So do the characters that reorder or break text
/// without showing (the BiDi embeddings, overrides and isolates, the line
/// and paragraph separators), the other invisible format characters (zero
/// width spaces, the byte order mark, the tag characters that can spell a
/// whole hidden sentence for a program that reads what a person cannot
/// see) and the noncharacters, which XML refuses: those have no picture and
/// show as `�`. Everything else is kept as it is, the zero width joiner and
/// non-joiner among it: emoji and several scripts are written with them.
package enum VisibleText {
    /// The text with every control character made visible, newlines included.
    package static func singleLine(_ text: String) -> String {
        replacingControls(in: text) { _ in false }
    }

    /// The text with control characters made visible, except newlines and tabs.
    package static func lines(_ text: String) -> String {
        replacingControls(in: text) { $0 == "\n" || $0 == "\t" }
    }

    /// How an error quotes a value that may be long or hostile: the start of
    /// its first line, made visible, cut to `length` characters with "…".
    package static func excerpt(_ text: String, length: Int = 80) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        let cut = line.count > length || line.endIndex != text.endIndex
        return singleLine(String(line.prefix(length))) + (cut ? "…" : "")
    }

    private static func replacingControls(in text: String, keeping: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !keeping($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar) && !keeping(scalar) ? picture(of: scalar) : scalar)
        }
        return String(result)
    }

    /// Whether `scalar` must not reach a terminal, a page or a picture as it is.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: true
        // Line and paragraph separators, BiDi embeddings and overrides, BiDi
        // isolates, and the BiDi marks (left-to-right, right-to-left, Arabic
        // letter): every Bidi_Control character.
        case 0x2028...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        // Noncharacters: U+FDD0…U+FDEF, and the last two code points of every plane.
        case 0xFDD0...0xFDEF: true
        case _ where scalar.value & 0xFFFE == 0xFFFE: true
        // The joiners, the only invisible format characters text needs; below U+00AD there is none.
        case 0x200C, 0x200D, ..<0xAD: false
        default: scalar.properties.generalCategory == .format
        }
    }

    /// U+2400…U+241F picture the C0 controls and U+2421 pictures DEL; the
    /// others have no pictures and show as the replacement character.
    static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
