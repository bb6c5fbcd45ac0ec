/// The spans of a message between quotes, single as its errors quote a
/// path, a name or a value, or double as the library's quote what was
/// given (`"--top:2s" is not a time`): a quote opens where no letter or
/// digit comes before it and closes where none comes after, so the
/// apostrophe of `can't`, `users'` or `-o's` is no quote.
enum QuotedSpans {
    /// The index of each span's opening `quote`, and of its closing one, in
    /// order. Read once: no later quote can close where one found none, so
    /// the rest of the message is no span.
    /// A quote inside one of the spans `outside` (another quote's) neither
    /// opens nor closes a span.
    static func of(_ characters: [Character], quote: Character = "'", outside: [Int: Int] = [:]) -> [Int: Int] {
        func isWord(_ index: Int) -> Bool {
            characters.indices.contains(index) && (characters[index].isLetter || characters[index].isNumber)
        }
        var spans: [Int: Int] = [:]
        var open: Int?
        var index = 0
        while index < characters.count {
            if let skipped = outside[index] {
                index = skipped + 1
                continue
            }
            if characters[index] == quote {
                if let start = open {
                    if !isWord(index + 1) {
                        spans[start] = index
                        open = nil
                    }
                } else if !isWord(index - 1) {
                    open = index
                }
            }
            index += 1
        }
        return spans
    }
}
