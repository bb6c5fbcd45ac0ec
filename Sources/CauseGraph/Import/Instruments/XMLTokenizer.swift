#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why reading an export stopped: a message at an absolute byte offset of
/// the file (resolved to a line and column by whoever knows the bytes), or
/// a diagnostic already positioned.
enum XMLReadFailure: Error {
    case at(offset: Int, message: String)
    case diagnostic(Diagnostic)
}

/// The parts of a start tag an Instruments export uses; attribute values
/// are raw (entities not yet decoded) ranges of the current buffer.
struct XMLStartTag {
    var name: Range<Int>
    /// Where `<` is, relative to the buffer.
    var offset: Int
    var id: Range<Int>?
    var ref: Range<Int>?
    var fmt: Range<Int>?
    var nameAttribute: Range<Int>?
    /// `path`, on a backtrace's `<binary>`.
    var pathAttribute: Range<Int>?
    var isSelfClosing = false
    /// `id` and `ref` as ``CanonicalNumber``s, when they are: read with the
    /// tag, on the tokenizing thread.
    var idNumber: UInt64?
    var refNumber: UInt64?
}

/// Receives the tokens of a document in order. Ranges are relative to
/// `bytes`, whose first byte is at absolute offset `base` of the file.
protocol XMLTokenHandler {
    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    /// A self-closing element, in place of its start and its end: by default
    /// it calls the two.
    mutating func emptyElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    /// Character data inside the root element; `hasReferences` when it holds
    /// `&…;` references still to decode (never for CDATA); `number`, the run
    /// as a ``CanonicalNumber`` when it is one.
    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure)
    /// A comment, `<!--` to `-->`: by default passed over.
    mutating func comment(_ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>)
}

extension XMLTokenHandler {
    mutating func emptyElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    {
        try startElement(tag, bytes: bytes, base: base)
        try endElement(bytes: bytes, base: base)
    }

    mutating func comment(_ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) {}
}

/// A streaming, non-validating XML tokenizer over UTF-8 bytes, written for
/// the shape `xctrace export` produces and for untrusted input.
///
/// It is restartable: ``parse(_:base:isFinal:handler:)`` consumes every
/// complete token of a buffer and returns where the first incomplete one
/// starts, so the caller can carry that tail into the next chunk. It checks
/// well-formedness (matching end tags, one root, attribute syntax, each
/// attribute named once) and refuses DOCTYPE and other markup declarations,
/// so nothing can expand entities or fetch anything. Whoever reads the file
/// checks its characters (``UTF8Check/firstXMLFault(in:)``).
struct XMLTokenizer {
    /// The names of the open elements, for end-tag matching.
    private var openNames: [OpenName] = []
    /// Names longer than ``OpenName`` holds, back to back.
    private var longNames: [UInt8] = []
    private var rootClosed = false
    /// Stop as soon as the first element ends, leaving what follows it
    /// unread: for one element read again out of the middle of a file.
    var stopsAfterRoot = false

    /// An open element's name: its length and, packed in two words, its
    /// bytes (names up to 16 bytes) or, for longer names, where the whole
    /// name is in `longNames`. Element names in exports are short, so
    /// pushing and matching one costs two words, not an allocation.
    private struct OpenName {
        var count: Int
        var head: (UInt64, UInt64)
        var longStart: Int
    }

    /// How many elements are open.
    var depth: Int { openNames.count }

    /// The name of the innermost open element, for messages.
    var innermostName: String? {
        guard let name = openNames.last else { return nil }
        if name.count > 16 { return String(decoding: longNames[name.longStart...], as: UTF8.self) }
        // Bytes 0..<8 are in the first word; the second holds the last eight.
        let bytes = (0..<name.count).map { index in
            index < 8
                ? UInt8(truncatingIfNeeded: name.head.0 >> UInt64(8 * index))
                : UInt8(truncatingIfNeeded: name.head.1 >> UInt64(8 * (index - (name.count - 8))))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Two words that, with the length, identify a name of at most 16 bytes:
    /// its first eight bytes and its last eight (overlapping when shorter).
    @inline(__always)
    private static func head(of name: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let count = name.count
        guard count >= 8 else {
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(name[index]) << UInt64(8 * index) }
            return (word, 0)
        }
        let raw = UnsafeRawPointer(name.baseAddress!)
        return (
            raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: min(count, 16) - 8, as: UInt64.self)
        )
    }

    /// Consumes the complete tokens of `bytes` and returns the offset of the
    /// first byte not consumed. With `isFinal`, the buffer is the end of the
    /// file and an incomplete token is an error.
    mutating func parse<Handler: XMLTokenHandler>(
        _ bytes: UnsafeBufferPointer<UInt8>, base: Int, isFinal: Bool, handler: inout Handler
    ) throws(XMLReadFailure) -> Int {
        guard let p = bytes.baseAddress else { return 0 }
        let n = bytes.count
        var i = 0
        while i < n {
            if p[i] != Byte.lessThan {
                let end: Int
                if let found = memchr(p + i, Int32(Byte.lessThan), n - i) {
                    end = p.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else if isFinal {
                    end = n
                } else {
                    return i
                }
                try characterData(i..<end, bytes: bytes, base: base, handler: &handler)
                i = end
                continue
            }
            guard i + 1 < n else { return try incomplete(at: i, base: base, isFinal: isFinal, what: "a tag") }
            switch p[i + 1] {
            case Byte.slash:
                guard let next = try endTag(at: i, bytes: bytes, base: base, handler: &handler) else {
                    return try incomplete(at: i, base: base, isFinal: isFinal, what: "an end tag")
                }
                i = next
                if stopsAfterRoot && rootClosed { return i }
            case Byte.question:
                guard let close = find(Byte.question, Byte.greaterThan, in: bytes, from: i + 2) else {
                    return try incomplete(at: i, base: base, isFinal: isFinal, what: "a processing instruction")
                }
                let atStart = base + i == 0 || (base == 0 && i == 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
                try XMLProcessingInstruction.check(
                    UnsafeBufferPointer(rebasing: bytes[(i + 2)..<close]), offset: base + i, atStart: atStart)
                i = close + 2
            case Byte.exclamation:
                guard let next = try markup(at: i, bytes: bytes, base: base, isFinal: isFinal, handler: &handler) else {
                    return try incomplete(at: i, base: base, isFinal: isFinal, what: "a comment or CDATA section")
                }
                i = next
            default:
                guard let next = try startTag(at: i, bytes: bytes, base: base, handler: &handler) else {
                    return try incomplete(at: i, base: base, isFinal: isFinal, what: "a start tag")
                }
                i = next
                if stopsAfterRoot && rootClosed { return i }
            }
        }
        if isFinal {
            if let name = innermostName {
                throw .at(
                    offset: base + n,
                    message: "file ends inside <\(name)>: the export is truncated or an element is not closed")
            }
            if !rootClosed { throw .at(offset: base + n, message: "no root element: the file holds no XML elements") }
        }
        return n
    }

    private func incomplete(at offset: Int, base: Int, isFinal: Bool, what: String) throws(XMLReadFailure) -> Int {
        if isFinal { throw .at(offset: base + offset, message: "file ends inside \(what): the export is truncated") }
        return offset
    }

    private mutating func characterData<Handler: XMLTokenHandler>(
        _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, base: Int, handler: inout Handler
    ) throws(XMLReadFailure) {
        if depth == 0 {
            for index in range where !Byte.isWhitespace(bytes[index]) {
                // A byte-order mark may start the file.
                if base + index == 0, range.count >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB,
                    bytes[index + 2] == 0xBF
                {
                    for rest in (index + 3)..<range.upperBound where !Byte.isWhitespace(bytes[rest]) {
                        throw .at(offset: base + rest, message: "text outside the root element")
                    }
                    return
                }
                throw .at(offset: base + index, message: "text outside the root element")
            }
            return
        }
        let hasReferences = memchr(bytes.baseAddress! + range.lowerBound, Int32(Byte.ampersand), range.count) != nil
        // Checked here, whether or not a reader decodes the text.
        if hasReferences { try XMLReferences.check(range, of: bytes, base: base) }
        let number = hasReferences ? nil : CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: bytes[range]))
        try handler.text(range, hasReferences: hasReferences, number: number, bytes: bytes, base: base)
    }

    /// Comments, CDATA sections, and the declarations that are refused.
    private mutating func markup<Handler: XMLTokenHandler>(
        at start: Int, bytes: UnsafeBufferPointer<UInt8>, base: Int, isFinal: Bool, handler: inout Handler
    ) throws(XMLReadFailure) -> Int? {
        let available = bytes.count - start
        if hasPrefix("<!--", bytes, at: start) {
            guard let close = find(Byte.minus, Byte.minus, in: bytes, from: start + 4) else { return nil }
            guard close + 2 < bytes.count else { return nil }
            guard bytes[close + 2] == Byte.greaterThan else {
                throw .at(offset: base + close, message: "\"--\" is not allowed inside a comment")
            }
            handler.comment(start..<(close + 3), bytes: bytes)
            return close + 3
        }
        if hasPrefix("<![CDATA[", bytes, at: start) {
            guard depth > 0 else { throw .at(offset: base + start, message: "CDATA section outside the root element") }
            var search = start + 9
            while true {
                guard let close = find(Byte.closeBracket, Byte.closeBracket, in: bytes, from: search),
                    close + 2 < bytes.count
                else { return nil }
                if bytes[close + 2] == Byte.greaterThan {
                    let range = (start + 9)..<close
                    try handler.text(
                        range, hasReferences: false,
                        number: CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: bytes[range])),
                        bytes: bytes, base: base)
                    return close + 3
                }
                search = close + 1
            }
        }
        // Too few bytes to tell which declaration this is.
        if available < 9 && !isFinal
            && ("<!--".utf8.starts(with: bytes[start...]) || "<![CDATA[".utf8.starts(with: bytes[start...]))
        {
            return nil
        }
        if hasPrefix("<!DOCTYPE", bytes, at: start) {
            throw .at(
                offset: base + start,
                message: "DOCTYPE declarations are refused: an export has none, and they can expand or fetch entities")
        }
        throw .at(
            offset: base + start,
            message: "markup declarations (<!…>) are refused: an export has none, and they can expand or fetch entities"
        )
    }

    private mutating func startTag<Handler: XMLTokenHandler>(
        at start: Int, bytes: UnsafeBufferPointer<UInt8>, base: Int, handler: inout Handler
    ) throws(XMLReadFailure) -> Int? {
        guard depth > 0 || !rootClosed else {
            throw .at(offset: base + start, message: "a second root element: an export has one <trace-query-result>")
        }
        let n = bytes.count
        var i = start + 1
        while i < n, Byte.isNameByte(bytes[i]) { i += 1 }
        guard i < n else { return nil }
        guard i > start + 1, !Byte.isDigitOrNameStop(bytes[start + 1]) else {
            throw .at(offset: base + start + 1, message: "expected an element name after \"<\"")
        }
        var tag = XMLStartTag(name: (start + 1)..<i, offset: start)
        // Most tags of an export are cells that refer to a value defined
        // earlier; they are read at once, as the loop below would read them.
        if let cell = Self.referenceCell(in: bytes, at: i) {
            tag.ref = cell.value
            tag.refNumber = cell.number
            tag.isSelfClosing = true
            i = cell.end
        } else {
            var names = AttributeNames()
            while true {
                let beforeSpace = i
                while i < n, Byte.isWhitespace(bytes[i]) { i += 1 }
                guard i < n else { return nil }
                let byte = bytes[i]
                if byte == Byte.greaterThan {
                    i += 1
                    break
                }
                if byte == Byte.slash {
                    guard i + 1 < n else { return nil }
                    guard bytes[i + 1] == Byte.greaterThan else {
                        throw .at(offset: base + i, message: "expected \"/>\" to close the tag")
                    }
                    tag.isSelfClosing = true
                    i += 2
                    break
                }
                guard i > beforeSpace else {
                    throw .at(
                        offset: base + i,
                        message: "expected whitespace, \">\" or \"/>\" after the element name or attribute")
                }
                let nameStart = i
                while i < n, Byte.isNameByte(bytes[i]) { i += 1 }
                guard i < n else { return nil }
                guard i > nameStart else {
                    throw .at(offset: base + i, message: "expected an attribute name, \">\" or \"/>\"")
                }
                let nameEnd = i
                let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
                guard names.insert(name, after: tag.name.upperBound..<nameStart, in: bytes) else {
                    throw .at(
                        offset: base + nameStart,
                        message: "attribute \"\(String(decoding: name, as: UTF8.self))\" appears twice in "
                            + "<\(String(decoding: UnsafeBufferPointer(rebasing: bytes[tag.name]), as: UTF8.self))>: "
                            + "which one to read is not defined")
                }
                while i < n, Byte.isWhitespace(bytes[i]) { i += 1 }
                guard i < n else { return nil }
                guard bytes[i] == Byte.equals else {
                    throw .at(offset: base + i, message: "expected \"=\" after the attribute name")
                }
                i += 1
                while i < n, Byte.isWhitespace(bytes[i]) { i += 1 }
                guard i < n else { return nil }
                let quote = bytes[i]
                guard quote == Byte.doubleQuote || quote == Byte.singleQuote else {
                    throw .at(offset: base + i, message: "expected a quoted attribute value")
                }
                let valueStart = i + 1
                // One pass finds the closing quote, refuses "<" and notes references.
                var valueEnd = Self.quoteLessThanOrAmpersand(quote, in: bytes, from: valueStart)
                var hasReferences = false
                while valueEnd < n, bytes[valueEnd] == Byte.ampersand {
                    hasReferences = true
                    valueEnd = Self.quoteLessThanOrAmpersand(quote, in: bytes, from: valueEnd + 1)
                }
                guard valueEnd < n else { return nil }
                guard bytes[valueEnd] == quote else {
                    throw .at(offset: base + valueEnd, message: "\"<\" is not allowed in an attribute value")
                }
                i = valueEnd + 1
                let value = valueStart..<valueEnd
                // Checked here, whether or not a reader decodes the value.
                if hasReferences { try XMLReferences.check(value, of: bytes, base: base) }
                switch nameEnd - nameStart {
                case 2 where bytes[nameStart] == UInt8(ascii: "i") && bytes[nameStart + 1] == UInt8(ascii: "d"):
                    tag.id = value
                case 3
                where bytes[nameStart] == UInt8(ascii: "r") && bytes[nameStart + 1] == UInt8(ascii: "e")
                    && bytes[nameStart + 2] == UInt8(ascii: "f"):
                    tag.ref = value
                case 3
                where bytes[nameStart] == UInt8(ascii: "f") && bytes[nameStart + 1] == UInt8(ascii: "m")
                    && bytes[nameStart + 2] == UInt8(ascii: "t"):
                    tag.fmt = value
                case 4
                where bytes[nameStart] == UInt8(ascii: "n") && bytes[nameStart + 1] == UInt8(ascii: "a")
                    && bytes[nameStart + 2] == UInt8(ascii: "m") && bytes[nameStart + 3] == UInt8(ascii: "e"):
                    tag.nameAttribute = value
                case 4
                where bytes[nameStart] == UInt8(ascii: "p") && bytes[nameStart + 1] == UInt8(ascii: "a")
                    && bytes[nameStart + 2] == UInt8(ascii: "t") && bytes[nameStart + 3] == UInt8(ascii: "h"):
                    tag.pathAttribute = value
                default:
                    break
                }
            }
            tag.idNumber = tag.id.flatMap { CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: bytes[$0])) }
            tag.refNumber = tag.ref.flatMap { CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: bytes[$0])) }
        }
        // A self-closing element is never open, so its name is not kept.
        if tag.isSelfClosing {
            try handler.emptyElement(tag, bytes: bytes, base: base)
            if openNames.isEmpty { rootClosed = true }
            return i
        }
        let name = UnsafeBufferPointer(rebasing: bytes[tag.name])
        openNames.append(OpenName(count: name.count, head: Self.head(of: name), longStart: longNames.count))
        if name.count > 16 { longNames.append(contentsOf: name) }
        try handler.startElement(tag, bytes: bytes, base: base)
        return i
    }

    /// ` ref="DIGITS"/>` at `i`, the whole rest of a `<tag ref="N"/>` cell:
    /// the digits, their ``CanonicalNumber`` and the offset just past `>`;
    /// `nil` when the tag goes on any other way (or the buffer ends first).
    @inline(__always)
    private static func referenceCell(
        in bytes: UnsafeBufferPointer<UInt8>, at i: Int
    ) -> (value: Range<Int>, number: UInt64?, end: Int)? {
        let n = bytes.count
        guard i + 9 <= n, bytes[i] == UInt8(ascii: " "), bytes[i + 1] == UInt8(ascii: "r"),
            bytes[i + 2] == UInt8(ascii: "e"),
            bytes[i + 3] == UInt8(ascii: "f"), bytes[i + 4] == Byte.equals, bytes[i + 5] == Byte.doubleQuote
        else { return nil }
        var j = i + 6
        // The digits' value, read as they are found; it cannot wrap before
        // the twentieth, and longer runs are left to CanonicalNumber.
        var value: UInt64 = 0
        while j < n {
            let digit = bytes[j] &- Byte.zero
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            j += 1
        }
        guard j > i + 6, j + 3 <= n, bytes[j] == Byte.doubleQuote, bytes[j + 1] == Byte.slash,
            bytes[j + 2] == Byte.greaterThan
        else { return nil }
        let digits = i + 6..<j
        let number: UInt64?
        if digits.count < 20 {
            number = bytes[i + 6] != Byte.zero || digits.count == 1 ? value : nil
        } else {
            number = CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: bytes[digits]))
        }
        return (digits, number, j + 3)
    }

    /// The offset of the first `quote`, `<` or `&` at or after `start`, or
    /// the buffer's count when there is none. Eight bytes at a time: a byte
    /// equal to one sought is zero after XOR, and the classic test for a
    /// zero byte in a word flags it (and, never below it, possibly others).
    @inline(__always)
    static func quoteLessThanOrAmpersand(_ quote: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = bytes.count
        var i = start
        if n >= 8 {
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quotes = ones &* UInt64(quote)
            let lessThans = ones &* UInt64(Byte.lessThan)
            let ampersands = ones &* UInt64(Byte.ampersand)
            while i <= n - 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let q = word ^ quotes
                let l = word ^ lessThans
                let a = word ^ ampersands
                let found = ((q &- ones) & ~q | (l &- ones) & ~l | (a &- ones) & ~a) & highs
                if found != 0 { return i + found.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < n, bytes[i] != quote, bytes[i] != Byte.lessThan, bytes[i] != Byte.ampersand { i += 1 }
        return i
    }

    private mutating func endTag<Handler: XMLTokenHandler>(
        at start: Int, bytes: UnsafeBufferPointer<UInt8>, base: Int, handler: inout Handler
    ) throws(XMLReadFailure) -> Int? {
        let n = bytes.count
        var i = start + 2
        while i < n, Byte.isNameByte(bytes[i]) { i += 1 }
        let nameEnd = i
        while i < n, Byte.isWhitespace(bytes[i]) { i += 1 }
        guard i < n else { return nil }
        guard bytes[i] == Byte.greaterThan, nameEnd > start + 2 else {
            // The end tag that would be right, spelled out: a placeholder such
            // as `</name>` reads as a tag the file should hold.
            let expected = innermostName.map { "expected </\($0)>" } ?? "no element is open"
            throw .at(offset: base + i, message: "malformed end tag: " + expected)
        }
        let name = UnsafeBufferPointer(rebasing: bytes[(start + 2)..<nameEnd])
        guard let open = openNames.last else {
            throw .at(
                offset: base + start, message: "end tag </\(String(decoding: name, as: UTF8.self))> without a start tag"
            )
        }
        let head = Self.head(of: name)
        var matches = open.count == name.count && open.head == head
        if matches && name.count > 16 {
            matches = longNames[open.longStart...].elementsEqual(name)
        }
        guard matches else {
            throw .at(
                offset: base + start,
                message: "end tag </\(String(decoding: name, as: UTF8.self))> does not match <\(innermostName ?? "")>")
        }
        try close(bytes: bytes, base: base, handler: &handler)
        return i + 1
    }

    private mutating func close<Handler: XMLTokenHandler>(
        bytes: UnsafeBufferPointer<UInt8>, base: Int, handler: inout Handler
    ) throws(XMLReadFailure) {
        try handler.endElement(bytes: bytes, base: base)
        let closed = openNames.removeLast()
        if closed.count > 16 { longNames.removeLast(longNames.count - closed.longStart) }
        if openNames.isEmpty { rootClosed = true }
    }

    private func hasPrefix(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        return memcmp(bytes.baseAddress! + offset, literal.utf8Start, count) == 0
    }

    /// The offset of the first `first` immediately followed by `second`.
    private func find(_ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        let p = bytes.baseAddress!
        while i + 1 < bytes.count {
            guard let found = memchr(p + i, Int32(first), bytes.count - i - 1) else { return nil }
            let at = p.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if p[at + 1] == second { return at }
            i = at + 1
        }
        return nil
    }
}

/// The bytes XML syntax is made of.
enum Byte {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")
    static let exclamation = UInt8(ascii: "!")
    static let minus = UInt8(ascii: "-")
    static let equals = UInt8(ascii: "=")
    static let ampersand = UInt8(ascii: "&")
    static let semicolon = UInt8(ascii: ";")
    static let hash = UInt8(ascii: "#")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let closeBracket = UInt8(ascii: "]")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let newline = UInt8(ascii: "\n")

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Letters, digits, `-`, `_`, `.`, `:` and any non-ASCII byte.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let mask = byte < 64 ? lowNameBytes : highNameBytes
        return mask >> UInt64(byte & 63) & 1 != 0
    }

    /// Bit `b` set when byte `b` (0–63) may be in a name: `-`, `.`, digits, `:`.
    private static let lowNameBytes: UInt64 = (1 << 0x2D) | (1 << 0x2E) | (0x3FF << 0x30) | (1 << 0x3A)
    /// Bit `b - 64` set when byte `b` (64–127) may be in a name: letters, `_`.
    private static let highNameBytes: UInt64 = (0x3FF_FFFF << 1) | (1 << 0x1F) | (0x3FF_FFFF << 0x21)

    /// Bytes that may be inside a name but not start it.
    static func isDigitOrNameStop(_ byte: UInt8) -> Bool {
        (zero...nine).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
