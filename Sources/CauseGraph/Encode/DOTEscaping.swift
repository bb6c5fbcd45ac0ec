/// Escapes untrusted text for the two kinds of DOT string causegraph writes,
/// so that it comes out of Graphviz as the same text and can never end the
/// string, add attributes or inject markup.
///
/// Graphviz reads `&name;` as an entity in every string, so `&` is always
/// written as `&amp;`. It also expands `\N`, `\G` and friends, in HTML
/// labels after one level of backslash escaping and in tooltips after two,
/// hence the different backslash escapes. Control characters other than
/// newline become visible pictures: SVG cannot carry them.
///
/// Any text must come out as a picture: labels never hold an empty title
/// (Graphviz refuses `<B></B>`), one so long that no line could carry it,
/// nor a stack of combining marks taller than the page, and long quoted
/// strings are cut into pieces DOT joins with `+`, as Graphviz 2.43's
/// `dot` reads no line over 16 KB.
package enum DOTEscaping {
    /// How many characters of a title or name a label shows; tooltips keep ``tooltipBytes``.
    package static let labelCharacters = 120
    /// How many bytes of UTF-8 a label shows of a title or name at most, as
    /// many as ``labelCharacters`` characters of four bytes: one character
    /// can carry any number of combining scalars.
    package static let labelBytes = labelCharacters * 4
    /// How many combining marks in a row a label keeps: more stack above the
    /// node and out of the picture, as Graphviz sizes a label by its width.
    package static let labelMarks = 4
    /// How many bytes of escaped text one piece of a quoted string holds at most.
    static let pieceBytes = 4_096
    /// How many bytes of UTF-8 a tooltip holds at most, some pages of text:
    /// Graphviz joins a string's pieces one at a time, in time that grows
    /// with the square of their count (a 20 MB title took minutes).
    package static let tooltipBytes = 16_384

    /// A title or name inside an HTML-like label: ``TitleText/untitled`` when blank,
    /// cut to ``labelCharacters``, escaped.
    package static func htmlTitle(_ text: String) -> String {
        htmlText(text.allSatisfy(\.isWhitespace) ? TitleText.untitled : cut(text))
    }

    /// `text` with at most ``labelMarks`` combining marks in a row, ending in
    /// "…" when it has more than ``labelCharacters`` characters or
    /// ``labelBytes`` bytes. The cut falls between characters, or inside the
    /// first one when that alone is longer than a label.
    package static func cut(_ text: String) -> String {
        let text = boundingMarks(text)
        let bytes = text.utf8.count
        guard bytes > labelCharacters, bytes > labelBytes || text.count > labelCharacters else { return text }
        let ellipsis = "…"
        let room = labelBytes - ellipsis.utf8.count
        var kept = ""
        var characters = 0
        for character in text {
            guard characters < labelCharacters - 1, kept.utf8.count + character.utf8.count <= room else { break }
            kept.append(character)
            characters += 1
        }
        if kept.isEmpty {
            var keptBytes = 0
            for scalar in text.unicodeScalars {
                keptBytes += UTF8.width(scalar)
                guard keptBytes <= room else { break }
                kept.unicodeScalars.append(scalar)
            }
        }
        return kept + ellipsis
    }

    /// `text`, or as many of its first characters as fit in `bytes` with
    /// the "…" that ends them; of its scalars when the first character alone
    /// is longer (it can carry any number of combining scalars).
    static func bounded(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        let ellipsis = "…"
        let room = bytes - ellipsis.utf8.count
        var kept = ""
        var keptBytes = 0
        for character in text {
            keptBytes += character.utf8.count
            guard keptBytes <= room else { break }
            kept.append(character)
        }
        if kept.isEmpty {
            keptBytes = 0
            for scalar in text.unicodeScalars {
                keptBytes += UTF8.width(scalar)
                guard keptBytes <= room else { break }
                kept.unicodeScalars.append(scalar)
            }
        }
        return kept + ellipsis
    }

    /// `text` without the combining marks (scalars of a nonzero canonical
    /// combining class) past the ``labelMarks``th in a row.
    static func boundingMarks(_ text: String) -> String {
        // A scalar from U+0300 on starts with a byte from 0xCC on: most
        // titles have none, and are returned without a copy.
        guard text.utf8.contains(where: { $0 >= 0xCC }) else { return text }
        var bounded = String.UnicodeScalarView()
        var marksInARow = 0
        var dropped = false
        for scalar in text.unicodeScalars {
            // Below U+0300 every scalar is a starter: titles are mostly ASCII.
            let isMark = scalar.value >= 0x300 && scalar.properties.canonicalCombiningClass != .notReordered
            marksInARow = isMark ? marksInARow + 1 : 0
            if marksInARow > labelMarks {
                dropped = true
                continue
            }
            bounded.append(scalar)
        }
        return dropped ? String(bounded) : text
    }

    /// A double-quoted escString attribute value such as a `tooltip`,
    /// quotes included: at most ``tooltipBytes`` of `text` (cut between
    /// characters, ending in "…"), short text as one string, long text as
    /// pieces of at most ``pieceBytes`` joined by `+` on lines of their own.
    package static func quoted(_ text: String) -> String {
        var pieces: [String] = []
        var piece = ""
        // Pieces end between the escapes of two scalars, never inside one.
        ScalarEscaping.forEachEscape(of: bounded(text, bytes: tooltipBytes), escStringEscape) { unit in
            if piece.utf8.count + unit.utf8.count > pieceBytes {
                pieces.append(piece)
                piece = ""
            }
            piece += unit
        }
        pieces.append(piece)
        return pieces.map { "\"" + $0 + "\"" }.joined(separator: " +\n    ")
    }

    /// The inside of a double-quoted escString attribute such as `tooltip`,
    /// without the quotes. Newlines become Graphviz's `\n`.
    package static func escString(_ text: String) -> String {
        ScalarEscaping.escape(text, escStringEscape)
    }

    private static func escStringEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\\": "\\\\\\\\"
        case "\"": "\\\""
        case "&": "&amp;"
        case "\n": "\\n"
        default: nil
        }
    }

    /// Text inside an HTML-like label (`label=<…>`). Newlines become `<BR/>`.
    /// `]` is written as a character reference: Graphviz's HTML lexer
    /// refuses an element whose text is nothing but `]`s (`<B>]</B>`).
    package static func htmlText(_ text: String) -> String {
        ScalarEscaping.escape(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "]": "&#93;"
            case "\n": "<BR/>"
            default: nil
            }
        }
    }

    /// The `label` attribute of an edge: its cause label, then `figures`
    /// (`×12`, `72 → 3 (−69)`). A label the trace spelled its own way is
    /// untrusted text, so it goes into an HTML label.
    static func edgeLabelAttribute(_ label: CauseLabel, figures: String) -> String {
        if CauseLabel.known.contains(label) { return "label=\"\(label.rawValue) \(figures)\"" }
        return "label=<\(htmlText(cut(label.rawValue))) \(htmlText(figures))>"
    }

    /// A word for an SVG `class` list: letters, digits, `-` and `_` kept,
    /// anything else made `-`, so untrusted text cannot add or end classes;
    /// at most ``labelCharacters`` long.
    static func classToken(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(labelCharacters).map { scalar in
                    switch scalar {
                    case "a"..."z", "A"..."Z", "0"..."9", "-", "_": scalar
                    default: "-"
                    }
                }))
    }
}
