/// The spans of a message between quotes, single as its errors quote a
/// path, a name or a value, or double as the library's quote what was
/// given (`"--top:2s" is not a time`): a quote opens where no letter or
/// digit comes before it and closes where none comes after, so the
/// apostrophe of `can't`, `users'` or `-o's` is no quote.
enum QuotedSpans {
    /// The index of each span's opening `quote`, and of its closing one, in
    /// order. Read once: no later quote can close where one found none, so
    /// the rest of the message is no span.
    static func of(_ characters: [Character], quote: Character = "'") -> [Int: Int] {
        func isWord(_ index: Int) -> Bool {
            characters.indices.contains(index) && (characters[index].isLetter || characters[index].isNumber)
        }
        var spans: [Int: Int] = [:]
        var index = 0
        while index < characters.count {
            guard characters[index] == quote, !isWord(index - 1) else {
                index += 1
                continue
            }
            guard
                let close = characters[(index + 1)...].indices.first(where: {
                    characters[$0] == quote && !isWord($0 + 1)
                })
            else { break }
            spans[index] = close
            index = close + 1
        }
        return spans
    }
}
