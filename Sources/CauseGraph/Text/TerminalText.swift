/// Trace text made safe for the terminal and cut to a width.
package enum TerminalText {
    /// Control characters made visible, and at most `width` columns, ending
    /// in "…" when cut; a cut never ends inside a number.
    static func fit(_ text: String, width: Int) -> String {
        // Printable ASCII is its own visible form and a character a byte, so
        // it needs no scan of scalars nor walk of graphemes: a listing fits
        // a column on every line.
        let isPlain = isPrintableASCII(text)
        let visible = isPlain ? text : VisibleText.singleLine(text)
        if isPlain {
            guard visible.utf8.count > width else { return visible }
            guard width > 1 else { return wholeNumbers(String(visible.prefix(max(width, 0))), of: visible) }
            return wholeNumbers(String(visible.prefix(width - 1)), of: visible) + "…"
        }
        let room = width > 1 ? width - 1 : max(width, 0)
        if let wide = oneColumnScalars(visible) {
            guard wide > width else { return visible }
            let kept = wholeNumbers(String(String.UnicodeScalarView(visible.unicodeScalars.prefix(room))), of: visible)
            return width > 1 ? kept + "…" : kept
        }
        guard columns(visible) > width else { return visible }
        var kept = ""
        var used = 0
        for character in visible {
            let wide = columns(character)
            guard used + wide <= room else { break }
            kept.append(character)
            used += wide
        }
        kept = wholeNumbers(kept, of: visible)
        return width > 1 ? kept + "…" : kept
    }

    /// `kept`, the start of `text` a cut keeps, without the digits of a
    /// number the cut goes through: `group 326…` reads as group 326 when
    /// the text said group 32620, where `group …` shows a number was cut.
    /// A comma or point between digits is part of the number (`32,620`, `1.5`).
    private static func wholeNumbers(_ kept: String, of text: String) -> String {
        let isDigit = { (scalar: Unicode.Scalar) in scalar.value >= 0x30 && scalar.value <= 0x39 }
        let isSeparator = { (scalar: Unicode.Scalar) in scalar == "," || scalar == "." }
        // Most cuts end in a letter: known before the scalars are copied.
        guard let last = kept.unicodeScalars.last, isDigit(last) || isSeparator(last) else { return kept }
        let scalars = Array(kept.unicodeScalars)
        let rest = text.unicodeScalars.dropFirst(scalars.count)
        guard let next = rest.first else { return kept }
        let nextContinues =
            isDigit(next) || (isSeparator(next) && rest.dropFirst().first.map(isDigit) == true)
        let lastIsInNumber =
            isDigit(last) || (isSeparator(last) && scalars.count > 1 && isDigit(scalars[scalars.count - 2]))
        guard nextContinues && lastIsInNumber && (isDigit(last) || isDigit(next)) else { return kept }
        var end = scalars.count
        while end > 0 {
            let scalar = scalars[end - 1]
            guard isDigit(scalar) || (isSeparator(scalar) && end > 1 && isDigit(scalars[end - 2])) else { break }
            end -= 1
        }
        return String(String.UnicodeScalarView(scalars[..<end]))
    }

    /// `parts` one after another, each in its ink, within `width` columns
    /// together: the part that does not fit in the room the ones before it
    /// left is cut with "…", and the parts after it are left out.
    static func fit(_ parts: [(text: String, ink: TextStyle.Ink?)], width: Int, style: TextStyle) -> String {
        var line = ""
        var room = width
        for (text, ink) in parts where !text.isEmpty {
            let fitted = fit(text, width: room)
            line += ink.map { style.paint(fitted, $0) } ?? fitted
            guard columns(text) <= room else { break }
            room -= columns(fitted)
        }
        return line
    }

    /// A title or name as ``fit(_:width:)`` shows it, and a blank one as
    /// `(untitled)`, so a row never names nothing.
    static func fitTitle(_ text: String, width: Int) -> String {
        fit(TitleText.shown(text), width: width)
    }

    /// Breaks plain `text` at spaces so no line is wider than `width`
    /// columns, unless one word is; the first line starts with `first`, the
    /// others with `rest`.
    package static func wrap(_ text: String, first: String, rest: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = first
        var used = columns(first)
        var isEmpty = true
        for word in text.split(separator: " ") {
            let wide = columns(String(word))
            if !isEmpty && used + 1 + wide > width {
                lines.append(current)
                current = rest
                used = columns(rest)
                isEmpty = true
            }
            current += (isEmpty ? "" : " ") + word
            used += (isEmpty ? 0 : 1) + wide
            isEmpty = false
        }
        lines.append(current)
        return lines
    }

    /// `text` padded with spaces to `width` columns, on the left for numbers.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let length = isPrintableASCII(text) ? text.utf8.count : columns(text)
        let gap = String(repeating: " ", count: max(width - length, 0))
        return right ? gap + text : text + gap
    }

    /// Whether every byte of `text` is a printable ASCII character, so its
    /// length in characters is its length in bytes.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The columns a terminal gives `text`: see ``columns(_:)-(Character)``.
    package static func columns(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return oneColumnScalars(text) ?? text.reduce(0) { $0 + columns($1) }
    }

    /// How many scalars `text` has when each is a character of one column
    /// by itself (see ``isOneColumn(_:)``), else nil. Counting scalars is
    /// what a report's lines need: walking graphemes to fit the tree's
    /// `└─` and `·` took a fifth of `why --list --all`.
    private static func oneColumnScalars(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isOneColumn(scalar) else { return nil }
            count += 1
        }
        return count
    }

    /// Whether `scalar` is a visible character of one column that no
    /// scalar after it can join: printable Latin (a combining mark after it
    /// is no such scalar), general punctuation and box drawing.
    private static func isOneColumn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010...0x2027, 0x2500...0x257F: true
        default: false
        }
    }

    /// The columns a terminal gives one character: two for East Asian wide
    /// and fullwidth characters (漢, 한, Ａ) and emoji shown as emoji (👩‍👩‍👧,
    /// ❤️), none for zero-width spaces and joiners and a mark with no base,
    /// else one; combining marks ride on their base.
    static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // What reports print most (Latin letters, `µ`, `·`, `—`, `…`, the tree's
        // `└─`) is one column alone: known without looking up Unicode
        // properties, which took a quarter of `why --list --all`.
        if scalars.index(after: scalars.startIndex) == scalars.endIndex, first.value < 0x300 || isOneColumn(first) {
            return 1
        }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        switch first.value {
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
