/// Redacts a `_printChanges()` / `_logChanges()` log in its own format,
/// line by line: captured text, `log` text, or `log --style json/ndjson`.
/// A line of JSON has only its string values rewritten, never its keys or
/// numbers, so every record reads as it did; any other line has its app
/// names rewritten wherever they stand. Line endings are kept.
enum ChangeLogRedaction {
    /// The first pass's part that the importer cannot do: the paths a log
    /// names (`processImagePath`), whose folders can name the user and app.
    static func learnNames(path: String, into collector: inout NameCollector) throws(Diagnostic) {
        var seen: Set<String> = []
        try forEachLine(path: path) { line in
            for candidate in paths(in: line) where seen.insert(candidate).inserted {
                collector.claimPath(candidate)
            }
        }
    }

    /// Writes the redacted copy of `path` to `output`.
    static func rewrite(path: String, pseudonyms: Pseudonyms, to output: OutputFile) throws(Diagnostic) {
        var pending: [UInt8] = []
        try forEachLine(path: path) { (line) throws(Diagnostic) in
            pending.append(contentsOf: rewrite(line, pseudonyms: pseudonyms).utf8)
            if pending.count >= 1 << 20 {
                try output.write(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        try output.write(pending)
    }

    /// Each line of the file with its `\n`, if it has one.
    private static func forEachLine(path: String, _ body: (String) throws(Diagnostic) -> Void) throws(Diagnostic) {
        let input = try ByteStream(path: path)
        var carry: [UInt8] = []
        while let chunk = try input.nextChunk() {
            carry += chunk
            var start = 0
            while let newline = carry[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try body(String(decoding: carry[start...newline], as: UTF8.self))
                start = newline + 1
            }
            carry.removeFirst(start)
            if carry.count > LineReader.maximumLineLength {
                throw Diagnostic.error(
                    "line longer than \(LineReader.maximumLineLength) bytes", at: SourceLocation(file: path))
            }
        }
        if !carry.isEmpty { try body(String(decoding: carry, as: UTF8.self)) }
    }

    /// `line` with the app's names replaced.
    static func rewrite(_ line: String, pseudonyms: Pseudonyms) -> String {
        guard let first = line.first(where: { $0 != " " && $0 != "\t" }), "{[\"]}".contains(first) else {
            return pseudonyms.replacingAppNames(in: line)
        }
        var result = ""
        var rest = Substring(line)
        while let quote = rest.firstIndex(of: "\"") {
            result += rest[...quote]
            let content = rest.index(after: quote)
            let end = closingQuote(in: rest[content...]) ?? rest.endIndex
            let string = String(rest[content..<end])
            let afterString = end < rest.endIndex ? rest.index(after: end) : end
            let isKey = rest[afterString...].first { $0 != " " && $0 != "\t" } == ":"
            result += isKey ? string : pseudonyms.replacingAppNamesInJSONString(string)
            rest = rest[end...]
            guard !rest.isEmpty else { break }
            result.append(rest.removeFirst())
        }
        return result + rest
    }

    /// Where the JSON string starting at `text` ends (its unescaped `"`).
    private static func closingQuote(in text: Substring) -> String.Index? {
        var escaped = false
        for index in text.indices {
            if escaped {
                escaped = false
            } else if text[index] == "\\" {
                escaped = true
            } else if text[index] == "\"" {
                return index
            }
        }
        return nil
    }

    /// The paths a line holds: runs from a `/` or `~/` that starts the line,
    /// a word or a string, to the next space or quote.
    static func paths(in line: String) -> [String] {
        var found: [String] = []
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if (character == "/" || character == "~") && (previous == " " || previous == "\"" || previous == "\t") {
                let end =
                    line[index...].firstIndex { $0 == " " || $0 == "\"" || $0 == "\t" || $0 == "\n" }
                    ?? line.endIndex
                let candidate = String(line[index..<end])
                if Pseudonyms.isAppPath(candidate) { found.append(candidate) }
                index = end
                continue
            }
            previous = character
            index = line.index(after: index)
        }
        return found
    }
}
