/// How a file of change lines is laid out, judged from its first bytes.
enum ChangeLogLayout: Equatable {
    /// Lines of text: captured standard output, or `log` text styles.
    case text
    /// `log show --style json`: one JSON array of entries.
    case jsonArray
    /// `log stream --style ndjson`: one JSON entry a line.
    case jsonLines

    /// Keys every `log` JSON entry has; one in the first bytes tells a log
    /// from other JSON.
    private static let entryKeys = ["\"eventMessage\"", "\"eventType\"", "\"messageType\"", "\"traceID\""].map {
        Array($0.utf8)
    }
    private static let preambleStart = Array("Filtering the log data".utf8)

    /// What comes before the log proper: a byte-order mark, blank lines and
    /// the `Filtering the log data using …` line `log stream` prints.
    struct Preamble: Equatable {
        var bytes = 0
        var lines = 0
    }

    /// The layout of a file that starts with `prefix`, or `nil` when it is
    /// not text at all (binary data), or is markup or JSON objects without
    /// log keys: other formats own those, and "unrecognised format" says
    /// more about them than "no change lines" would.
    static func detect(_ prefix: [UInt8]) -> (layout: ChangeLogLayout, preamble: Preamble)? {
        let preamble = self.preamble(of: prefix)
        let rest = prefix[preamble.bytes...]
        let first = rest.first { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{"), entryKeys.contains(where: { contains(rest, $0) }) {
            return (first == UInt8(ascii: "[") ? .jsonArray : .jsonLines, preamble)
        }
        guard first != UInt8(ascii: "<"), first != UInt8(ascii: "{") else { return nil }
        // A log with a damaged line (a stray byte, a NUL) is still a log when
        // another line is a change line: the reader skips the damaged line
        // with a warning that names it, as `top` does.
        guard isText(prefix) || holdsChangeLine(prefix) else { return nil }
        return (.text, Preamble())
    }

    /// Whether a whole line of `prefix` is a change line, bare or in a log
    /// line (`log stream`, Xcode's console).
    static func holdsChangeLine(_ prefix: [UInt8]) -> Bool {
        prefix.withUnsafeBufferPointer { bytes in
            var start = 0
            while let newline = bytes[start...].firstIndex(of: 0x0A) {
                let line = UnsafeBufferPointer(rebasing: bytes[start..<newline])
                start = newline + 1
                let messageOffset = (try? LogTextLine.parse(line))?.messageOffset ?? 0
                if case .line = ChangeLine.parse(UnsafeBufferPointer(rebasing: line[messageOffset...])) { return true }
            }
            return false
        }
    }

    /// Whether `prefix` holds a whole line after the preamble: enough to
    /// judge the layout of a log that arrives a line at a time.
    static func isDecided(_ prefix: [UInt8]) -> Bool {
        prefix[preamble(of: prefix).bytes...].contains(0x0A)
    }

    private static func preamble(of prefix: [UInt8]) -> Preamble {
        var preamble = Preamble()
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { preamble.bytes = 3 }
        while let newline = prefix[preamble.bytes...].firstIndex(of: 0x0A) {
            let line = prefix[preamble.bytes..<newline]
            let isBlank = line.allSatisfy { [0x20, 0x09, 0x0D].contains($0) }
            guard isBlank || line.starts(with: preambleStart) else { break }
            preamble.bytes = newline + 1
            preamble.lines += 1
        }
        return preamble
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// Whether the bytes are UTF-8 text without NUL bytes; the last
    /// character may be cut by the end of the prefix.
    private static func isText(_ prefix: [UInt8]) -> Bool {
        guard !prefix.contains(0) else { return false }
        return (0...3).contains { cut in
            cut <= prefix.count && String(validating: prefix.dropLast(cut), as: UTF8.self) != nil
        }
    }
}
