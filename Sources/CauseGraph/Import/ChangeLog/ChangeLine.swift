/// One line that `Self._printChanges()` or `Self._logChanges()` writes per
/// body evaluation: `ContentView: @self, _count changed.` or
/// `ContentView: unchanged.`
package struct ChangeLine: Equatable, Sendable {
    /// The view (or view modifier) type as SwiftUI prints it: plain, nested
    /// (`Outer.Inner`) or generic (`Row<Item, Never>`).
    package var viewType: String
    /// What changed, in printed order; empty for `unchanged.`
    package var changes: [Change]

    package init(viewType: String, changes: [Change]) {
        self.viewType = viewType
        self.changes = changes
    }

    /// One entry of the printed list.
    package enum Change: Equatable, Sendable {
        /// `@self`: the parent handed down a new value of the view.
        case viewValue
        /// `@identity`: the view is new, its persistent data recycled.
        case identity
        /// `@dependencies`: an observed dependency (Observation, environment) changed.
        case dependencies
        /// `_name` or `name`: a dynamic property such as a `@State`; the
        /// name without the property wrapper's storage underscore.
        case property(String)
        /// `@N`: a field SwiftUI could not name, by its offset, as printed (`@16`).
        case fieldOffset(String)
        /// An `@word` marker this version does not know, as printed.
        case unknownMarker(String)
    }

    /// What a message turned out to be.
    package enum Match: Equatable, Sendable {
        case line(ChangeLine)
        /// A change line cut short: it ends at byte `offset` where more was
        /// expected. `certain` when the cut list already holds an `@` or `_`
        /// entry, which ordinary output does not print.
        case truncated(atByte: Int, certain: Bool)
        /// Anything else.
        case none
    }

    /// Reads a message as a change line.
    ///
    /// Surrounding spaces and tabs are ignored. The type name ends at the
    /// first `": "` outside `<…>`, `(…)` and `[…]`, so generic arguments may
    /// hold spaces, commas and colons (`Row<[String: Int]>`).
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Match {
        var scanner = Scanner(bytes: text)
        return scanner.parse()
    }

    /// Reads a message given as a string.
    package static func parse(_ text: String) -> Match {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static let unchangedTail = Array("unchanged.".utf8)
    private static let changedTail = Array(" changed.".utf8)

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var end: Int

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            end = bytes.count
            while end > 0, Scanner.isBlank(bytes[end - 1]) { end -= 1 }
            while position < end, Scanner.isBlank(bytes[position]) { position += 1 }
        }

        static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

        /// Letters, digits, `_`, `$` and any non-ASCII byte (identifiers may be Unicode).
        static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
                true
            default: false
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// Whether the bytes from `start` to the end are exactly `tail`.
        func rest(from start: Int, equals tail: [UInt8]) -> Bool {
            end - start == tail.count && tail.indices.allSatisfy { bytes[start + $0] == tail[$0] }
        }

        /// Whether the bytes from `start` to the end are a proper prefix of `tail`.
        func rest(from start: Int, isProperPrefixOf tail: [UInt8]) -> Bool {
            end - start < tail.count && (start..<end).allSatisfy { bytes[$0] == tail[$0 - start] }
        }

        mutating func parse() -> Match {
            guard let typeEnd = scanTypeName() else { return .none }
            let viewType = text(position..<typeEnd)
            // The type is followed by ": ".
            position = typeEnd + 2
            guard position < end else { return .none }
            if rest(from: position, equals: ChangeLine.unchangedTail) {
                return .line(ChangeLine(viewType: viewType, changes: []))
            }
            let listStart = position
            var changes: [Change] = []
            while true {
                guard let change = scanChange() else {
                    // A lone `@` at the very end is an entry cut short.
                    return position == end ? truncated(listStart: listStart) : .none
                }
                changes.append(change)
                if position == end { return truncated(listStart: listStart) }
                if rest(from: position, equals: ChangeLine.changedTail) {
                    return .line(ChangeLine(viewType: viewType, changes: changes))
                }
                if bytes[position] == UInt8(ascii: ",") {
                    guard position + 1 < end else { return truncated(listStart: listStart) }
                    guard bytes[position + 1] == 0x20 else { return .none }
                    position += 2
                    continue
                }
                if rest(from: position, isProperPrefixOf: ChangeLine.changedTail) {
                    return truncated(listStart: listStart)
                }
                return .none
            }
        }

        func truncated(listStart: Int) -> Match {
            let first = bytes[listStart]
            return .truncated(atByte: end, certain: first == UInt8(ascii: "@") || first == UInt8(ascii: "_"))
        }

        /// The end of the type name, just before its `": "`, or `nil` when
        /// the text does not start with something shaped like a Swift type.
        func scanTypeName() -> Int? {
            guard position < end else { return nil }
            let first = bytes[position]
            guard (Self.isWordByte(first) && !Self.isDigit(first)) || first == UInt8(ascii: "(") else { return nil }
            var closers: [UInt8] = []
            var index = position
            while index < end {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return nil }
                switch byte {
                case UInt8(ascii: "<"): closers.append(UInt8(ascii: ">"))
                case UInt8(ascii: "("): closers.append(UInt8(ascii: ")"))
                case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
                case UInt8(ascii: ">") where index > position && bytes[index - 1] == UInt8(ascii: "-"):
                    break  // the arrow of a function type
                case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                    guard closers.last == byte else { return nil }
                    closers.removeLast()
                case UInt8(ascii: ":") where closers.isEmpty:
                    guard index > position, index + 1 < end, bytes[index + 1] == 0x20 else { return nil }
                    return index
                default:
                    // Outside brackets a type name is words joined by dots,
                    // with optional and metatype sugar.
                    if closers.isEmpty, !Self.isWordByte(byte),
                        byte != UInt8(ascii: "."), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "!")
                    {
                        return nil
                    }
                }
                index += 1
            }
            return nil
        }

        /// One list entry; `nil` when the bytes at `position` are not one,
        /// leaving `position` after the entry's valid start.
        mutating func scanChange() -> Change? {
            guard position < end else { return nil }
            if bytes[position] == UInt8(ascii: "@") {
                let start = position
                position += 1
                let wordStart = position
                while position < end, Self.isWordByte(bytes[position]) { position += 1 }
                guard position > wordStart else { return nil }
                let word = text(wordStart..<position)
                switch word {
                case "self": return .viewValue
                case "identity": return .identity
                case "dependencies": return .dependencies
                default:
                    let token = text(start..<position)
                    return word.utf8.allSatisfy(Self.isDigit) ? .fieldOffset(token) : .unknownMarker(token)
                }
            }
            let start = position
            guard !Self.isDigit(bytes[position]) else { return nil }
            while position < end, Self.isWordByte(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            // `_count` is the storage of the wrapped property `count`.
            let nameStart = bytes[start] == UInt8(ascii: "_") && position - start > 1 ? start + 1 : start
            return .property(text(nameStart..<position))
        }
    }
}
