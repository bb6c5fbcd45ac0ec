/// Redacts a `_printChanges()` / `_logChanges()` log in its own format,
/// line by line: captured text, `log` text, or `log --style json/ndjson`.
/// A line of JSON has only its string values rewritten, never its keys or
/// numbers, so every record reads as it did; any other line has its app
/// names rewritten wherever they stand. Line endings are kept.
///
/// What is not a change line is the app's own output (`Loaded 12 items for
/// anna@example.com`) or another process's, which causegraph never reads
/// and app names alone do not cover: a line of text that is none becomes a
/// blank line, and a `log` JSON entry that is none keeps its fields but an
/// empty `eventMessage` and `formatString`. Line numbers stay as they were.
enum ChangeLogRedaction {
    /// The first pass's part that the importer cannot do: the paths a log
    /// names (`processImagePath`), whose folders can name the user and app.
    static func learnNames(path: String, into collector: inout NameCollector) throws(Diagnostic) {
        var seen: Set<String> = []
        try forEachLine(path: path) { line in
            for candidate in Pseudonyms.paths(in: line) where seen.insert(candidate).inserted {
                collector.claimPath(candidate)
            }
        }
    }

    /// Writes the redacted copy of `path` to `output`.
    static func rewrite(path: String, pseudonyms: Pseudonyms, to output: OutputFile) throws(Diagnostic) {
        var pending: [UInt8] = []
        var redactor = LineRedactor(pseudonyms: pseudonyms)
        try forEachLine(path: path) { (line) throws(Diagnostic) in
            pending.append(contentsOf: redactor.rewrite(line).utf8)
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

    /// Rewrites a log a line at a time, remembering across the lines of a
    /// `log --style json` entry whether its message is a change line.
    struct LineRedactor {
        let pseudonyms: Pseudonyms
        /// Whether the entry being rewritten carries a change line: its
        /// `formatString` (which `log` writes after its `eventMessage`) is
        /// kept only then. An entry starts at its `traceID`.
        private var entryIsChange = false

        init(pseudonyms: Pseudonyms) {
            self.pseudonyms = pseudonyms
        }

        /// `line` with the app's names replaced, or emptied when it is no change line.
        mutating func rewrite(_ line: String) -> String {
            guard let first = line.first(where: { $0 != " " && $0 != "\t" }), "{[\"]}".contains(first) else {
                return Self.carriesChange(line) ? pseudonyms.replacingAppNames(in: line) : Self.ending(of: line)
            }
            var result = ""
            var rest = Substring(line)
            var key: String?
            while let quote = rest.firstIndex(of: "\"") {
                result += rest[...quote]
                let content = rest.index(after: quote)
                let end = closingQuote(in: rest[content...]) ?? rest.endIndex
                let string = String(rest[content..<end])
                let afterString = end < rest.endIndex ? rest.index(after: end) : end
                if rest[afterString...].first(where: { $0 != " " && $0 != "\t" }) == ":" {
                    result += string
                    key = string
                    if string == "traceID" { entryIsChange = false }
                } else {
                    result += redacted(string, as: key)
                    key = nil
                }
                rest = rest[end...]
                guard !rest.isEmpty else { break }
                result.append(rest.removeFirst())
            }
            return result + rest
        }

        /// A JSON string value of `key`, redacted.
        private mutating func redacted(_ string: String, as key: String?) -> String {
            switch key {
            case "eventMessage":
                entryIsChange = Self.isChange(ChangeLine.parse(string))
                return entryIsChange ? pseudonyms.replacingAppNamesInJSONString(string) : ""
            case "formatString":
                return entryIsChange ? string : ""
            default:
                return pseudonyms.replacingAppNamesInJSONString(string)
            }
        }

        /// Whether a line of text, bare or as `log` prints it, holds a change line, whole or cut short.
        private static func carriesChange(_ line: String) -> Bool {
            var line = line
            return line.withUTF8 { bytes in
                var end = bytes.count
                while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
                let text = UnsafeBufferPointer(rebasing: bytes[..<end])
                let offset = (try? LogTextLine.parse(text))?.messageOffset ?? 0
                return isChange(ChangeLine.parse(UnsafeBufferPointer(rebasing: text[offset...])))
            }
        }

        private static func isChange(_ match: ChangeLine.Match) -> Bool {
            if case .none = match { return false }
            return true
        }

        /// The line's ending (`\n`, `\r\n` or none): all a line that is no change line keeps.
        private static func ending(of line: String) -> String {
            line.hasSuffix("\r\n") ? "\r\n" : line.hasSuffix("\n") ? "\n" : ""
        }
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
}
