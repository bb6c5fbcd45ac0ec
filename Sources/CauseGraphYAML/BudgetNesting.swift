import CauseGraph

/// A bound on how deeply budget text nests, found before Yams reads it.
///
/// Yams (libyaml's composer) recurses once per level and overflows the stack
/// at about 5,000 levels, which a 10 KB file reaches (`views: [[[[…`, or
/// JSON nested the same way). The XML and JSON trace readers refuse past a
/// fixed depth; this is the budget's twin, for text Yams has not seen yet.
///
/// The estimate errs high, never low: each line counts its flow brackets
/// (`[`, `{`) still open, the indentation levels above it, and its block
/// indicators (`- `, `? `, `: `), quoted scalars and comments aside (a
/// quote opens a scalar only where YAML's does, so text cannot hide in one). A budget's
/// schema nests six levels at most, so a limit far above that refuses no
/// budget that means anything.
enum BudgetNesting {
    /// The deepest nesting read, as for the JSON trace reader.
    static let limit = 64

    /// Where the text first nests deeper than `limit`, if it does: its
    /// 1-based line and column.
    static func firstTooDeep(in bytes: [UInt8], limit: Int = limit) -> (line: Int, column: Int)? {
        var scanner = Scanner(limit: limit)
        return bytes.withUnsafeBufferPointer { scanner.scan($0) }
    }

    private struct Scanner {
        let limit: Int
        /// The indentation of each enclosing block line.
        var indents: [Int] = []
        /// Flow collections open across lines.
        var flow = 0
        /// Inside a quoted scalar, which may span lines: its quote.
        var quote: UInt8?

        init(limit: Int) { self.limit = limit }

        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int)? {
            var line = 1
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                if let column = scanLine(bytes, from: start, to: end) { return (line, column) }
                line += 1
                start = end + 1
            }
            return nil
        }

        /// The 1-based column where this line passes the limit, if it does.
        mutating func scanLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
            var index = start
            if quote == nil && flow == 0 {
                while index < end && bytes[index] == 0x20 { index += 1 }
                let indent = index - start
                // Blank and comment-only lines do not change the indentation.
                if index < end && bytes[index] != 0x23 && bytes[index] != 0x0D {
                    while let last = indents.last, last > indent { indents.removeLast() }
                    if indents.last != indent { indents.append(indent) }
                }
            }
            var indicators = 0
            var previous: UInt8 = 0x20
            while index < end {
                let byte = bytes[index]
                if let open = quote {
                    if byte == 0x5C && open == 0x22 {
                        index += 2
                        continue
                    }
                    if byte == open { quote = nil }
                } else {
                    switch byte {
                    case 0x22, 0x27:  // " ' opening a scalar; inside a plain one, as in don't, a quote is text
                        if [0x20, 0x09, 0x2C, 0x5B, 0x7B, 0x3A, 0x2D, 0x3F].contains(previous) { quote = byte }
                    case 0x23 where previous == 0x20 || previous == 0x09:  // a comment
                        return nil
                    case 0x5B, 0x7B:  // [ {
                        flow += 1
                    case 0x5D, 0x7D:  // ] }
                        flow = max(0, flow - 1)
                    case 0x2D, 0x3F, 0x3A:  // - ? : open a level in block context only
                        let next = index + 1 < end ? bytes[index + 1] : 0x20
                        if flow == 0 && (next == 0x20 || next == 0x09 || next == 0x0D) { indicators += 1 }
                    default:
                        break
                    }
                }
                if indents.count + flow + indicators > limit { return index - start + 1 }
                previous = byte
                index += 1
            }
            return nil
        }
    }
}
