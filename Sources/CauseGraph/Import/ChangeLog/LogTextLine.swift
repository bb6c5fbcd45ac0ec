/// One line of text as `log stream` or `log show` print it, split into the
/// prefix they add and the message it carries.
///
/// The styles read (after a timestamp such as `2024-03-05 14:07:21.480215-0800`):
/// - default: `0x1c2f  Info  0x0  4821  0  Landmarks: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] MESSAGE`
///   (thread, type, activity, process id, an optional TTL, then the process);
/// - compact: `I  Landmarks[4821:1c2f] (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] MESSAGE`
///   (the type letters are optional, as in Xcode's console);
/// - syslog: `localhost Landmarks[4821]: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] MESSAGE`.
///
/// The sender image in parentheses and the `[subsystem:category]` are
/// optional. A line with a timestamp but none of these prefixes carries its
/// message right after the timestamp; a line without a timestamp is all
/// message, as standard output is.
package struct LogTextLine: Equatable, Sendable {
    package var time: Nanoseconds?
    package var process: String?
    package var processID: Int64?
    package var subsystem: String?
    package var category: String?
    /// The byte offset where the message starts.
    package var messageOffset: Int

    package init(
        time: Nanoseconds? = nil, process: String? = nil, processID: Int64? = nil,
        subsystem: String? = nil, category: String? = nil, messageOffset: Int = 0
    ) {
        self.time = time
        self.process = process
        self.processID = processID
        self.subsystem = subsystem
        self.category = category
        self.messageOffset = messageOffset
    }

    /// The type columns of the compact style: Default, Info, Debug, Error,
    /// Fault, Activity and Signpost, as `log` abbreviates them.
    private static let compactTypes: Set<String> = ["Df", "I", "Db", "E", "F", "A", "Ac", "Sp", "Er", "Fa"]

    /// Splits a line; throws only when a timestamp is shaped right but is no real date.
    package static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(LogTimestamp.InvalidValue) -> LogTextLine {
        guard let (time, length) = try LogTimestamp.parse(line) else { return LogTextLine() }
        var cursor = Cursor(bytes: line, position: length)
        cursor.skipSpaces()
        var result = LogTextLine(time: time, messageOffset: cursor.position)
        let columnsStart = cursor.position
        if let processID = cursor.defaultStyleColumns(), let colon = cursor.find(": ") {
            result.processID = processID
            result.process = cursor.text(cursor.position..<colon)
            cursor.position = colon + 2
        } else if let (bracket, processID, after) = Cursor(bytes: line, position: columnsStart).processBracket() {
            result.processID = processID
            result.process = processName(
                Cursor(bytes: line, position: columnsStart).words(upTo: bracket), style: line[after - 1])
            cursor.position = after
        } else {
            return result
        }
        cursor.skipSpaces()
        cursor.skipSender()
        if let (subsystem, category) = cursor.subsystemAndCategory() {
            result.subsystem = subsystem
            result.category = category
        }
        result.messageOffset = cursor.position
        return result
    }

    /// The process name from the words before `name[pid…]`: in the compact
    /// style (ended by `]`) a leading type column is dropped, in the syslog
    /// style (ended by `:`) the leading host name.
    private static func processName(_ words: [String], style lastByte: UInt8) -> String? {
        var words = words
        if words.count > 1, lastByte == UInt8(ascii: ":") || compactTypes.contains(words[0]) {
            words.removeFirst()
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        mutating func skipSpaces() {
            while let byte = current, byte == 0x20 || byte == 0x09 { position += 1 }
        }

        /// Consumes a run of bytes that satisfy `accept`, followed by spaces; its range.
        mutating func field(_ accept: (UInt8) -> Bool) -> Range<Int>? {
            let start = position
            while let byte = current, accept(byte) { position += 1 }
            guard position > start, current == 0x20 || current == 0x09 else { return nil }
            let range = start..<position
            skipSpaces()
            return range
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                true
            default: false
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        /// `0x…` followed by spaces.
        mutating func hexField() -> Bool {
            guard bytes.count - position > 2, bytes[position] == UInt8(ascii: "0"),
                bytes[position + 1] == UInt8(ascii: "x")
            else { return false }
            position += 2
            return field(Self.isHexDigit) != nil
        }

        func number(_ range: Range<Int>) -> Int64? {
            Int64(text(range))
        }

        /// The thread, type, activity, process id and optional TTL columns of
        /// the default style; the process id, leaving the cursor at the process name.
        mutating func defaultStyleColumns() -> Int64? {
            let start = position
            guard hexField(), field(Self.isLetter) != nil, hexField(),
                let pid = field(Self.isDigit), let processID = number(pid)
            else {
                position = start
                return nil
            }
            let afterPID = position
            if field(Self.isDigit) == nil { position = afterPID }
            return processID
        }

        /// The first occurrence of `needle` from the cursor on.
        func find(_ needle: StaticString) -> Int? {
            let count = needle.utf8CodeUnitCount
            var index = position
            while index + count <= bytes.count {
                if (0..<count).allSatisfy({ bytes[index + $0] == needle.utf8Start[$0] }) { return index }
                index += 1
            }
            return nil
        }

        /// `[pid:tid]` (compact) or `[pid]:` (syslog) after the process name,
        /// followed by a space or the end: where the `[` is, the process id
        /// and the offset after it.
        func processBracket() -> (bracket: Int, processID: Int64, after: Int)? {
            guard let bracket = (position..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "[") }),
                bracket > position
            else { return nil }
            var cursor = Cursor(bytes: bytes, position: bracket + 1)
            let pidStart = cursor.position
            while let byte = cursor.current, Self.isDigit(byte) { cursor.position += 1 }
            guard cursor.position > pidStart, let processID = number(pidStart..<cursor.position) else { return nil }
            if cursor.current == UInt8(ascii: ":") {
                cursor.position += 1
                let threadStart = cursor.position
                while let byte = cursor.current, Self.isHexDigit(byte) { cursor.position += 1 }
                guard cursor.position > threadStart, cursor.current == UInt8(ascii: "]") else { return nil }
                cursor.position += 1
            } else {
                guard cursor.current == UInt8(ascii: "]") else { return nil }
                cursor.position += 1
                guard cursor.current == UInt8(ascii: ":") else { return nil }
                cursor.position += 1
            }
            guard cursor.current == nil || cursor.current == 0x20 else { return nil }
            return (bracket, processID, cursor.position)
        }

        /// The space-separated words from the cursor up to `end`.
        func words(upTo end: Int) -> [String] {
            text(position..<end).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }

        /// Skips `(SenderImage) `, the library that logged the message. Image
        /// names hold no spaces or parentheses, which tells them apart from
        /// a message that starts with `(unknown context at $1f00).View`.
        mutating func skipSender() {
            guard current == UInt8(ascii: "(") else { return }
            var index = position + 1
            while index < bytes.count, ![0x20, 0x09, UInt8(ascii: "("), UInt8(ascii: ")")].contains(bytes[index]) {
                index += 1
            }
            guard index > position + 1, index + 1 < bytes.count, bytes[index] == UInt8(ascii: ")"),
                bytes[index + 1] == 0x20
            else { return }
            position = index + 2
            skipSpaces()
        }

        /// Reads `[subsystem:category] `.
        mutating func subsystemAndCategory() -> (String, String)? {
            guard current == UInt8(ascii: "["),
                let close = find("] ") ?? (bytes.last == UInt8(ascii: "]") ? bytes.count - 1 : nil)
            else { return nil }
            guard let colon = (position + 1..<close).first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
                return nil
            }
            let subsystem = text(position + 1..<colon)
            let category = text(colon + 1..<close)
            guard !subsystem.isEmpty, !subsystem.contains(" ") else { return nil }
            position = min(close + 2, bytes.count)
            return (subsystem, category)
        }
    }
}
