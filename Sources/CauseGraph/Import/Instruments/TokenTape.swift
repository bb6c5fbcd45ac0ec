/// The tokens of one buffer, recorded as the tokenizer finds them and
/// replayed later, on another thread, into the handler that reads them.
///
/// Tokenizing and interning are the two halves of reading an export, and
/// each is some half of its cost: recorded here, the first half runs on one
/// core while the second runs on the other (see ``TokenizingThread``).
///
/// A token is a few 32-bit words back to back: a header (the token's kind
/// and which attributes follow), then offsets into the buffer. Offsets fit
/// in 32 bits because a buffer is at most a chunk plus the longest token
/// accepted (``InstrumentsImporter/maximumTokenLength``).
struct TokenTape: XMLTokenHandler {
    /// The tokens' words, then spare room: only the first `count` are tokens.
    private var words: [Int32] = []
    private var count = 0

    private enum Header {
        static let start: Int32 = 0
        static let end: Int32 = 1
        static let text: Int32 = 2
        static let kindMask: Int32 = 3
        static let hasID: Int32 = 1 << 2
        static let hasRef: Int32 = 1 << 3
        static let hasFmt: Int32 = 1 << 4
        static let hasName: Int32 = 1 << 5
        static let isSelfClosing: Int32 = 1 << 6
        static let hasIDNumber: Int32 = 1 << 7
        static let hasRefNumber: Int32 = 1 << 8
        /// For text: it holds `&…;` references.
        static let hasReferences: Int32 = 1 << 2
        /// For text: it is a number.
        static let hasNumber: Int32 = 1 << 3
    }

    /// The most words one token takes: a header, a start tag's name and four
    /// attribute ranges (two words each), and two numbers (two words each).
    private static let longestToken = 15

    /// Empties the tape, keeping its storage for the next buffer.
    mutating func removeAll() {
        count = 0
    }

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        record(tag, header: Header.start)
    }

    mutating func emptyElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        record(tag, header: Header.start | Header.isSelfClosing)
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        appendToken { $0.add(Header.end) }
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) {
        appendToken { token in
            token.add(
                Header.text | (hasReferences ? Header.hasReferences : 0) | (number != nil ? Header.hasNumber : 0))
            token.add(range)
            if let number { token.add(number) }
        }
    }

    private mutating func record(_ tag: XMLStartTag, header start: Int32) {
        appendToken { token in
            var header = start
            if tag.id != nil { header |= Header.hasID }
            if tag.ref != nil { header |= Header.hasRef }
            if tag.fmt != nil { header |= Header.hasFmt }
            if tag.nameAttribute != nil { header |= Header.hasName }
            if tag.idNumber != nil { header |= Header.hasIDNumber }
            if tag.refNumber != nil { header |= Header.hasRefNumber }
            token.add(header)
            token.add(tag.name)
            if let id = tag.id { token.add(id) }
            if let ref = tag.ref { token.add(ref) }
            if let fmt = tag.fmt { token.add(fmt) }
            if let name = tag.nameAttribute { token.add(name) }
            if let number = tag.idNumber { token.add(number) }
            if let number = tag.refNumber { token.add(number) }
        }
    }

    /// Writes one token's words into the spare room, grown first when it
    /// may be too small: one check of the array's storage a token, not one
    /// a word, and no call to copy a few words.
    @inline(__always)
    private mutating func appendToken(_ build: (inout TokenWords) -> Void) {
        if words.count - count < Self.longestToken {
            words.append(contentsOf: repeatElement(0, count: max(words.count, 1 << 12)))
        }
        let start = count
        count = words.withUnsafeMutableBufferPointer { storage in
            var token = TokenWords(storage: storage, count: start)
            build(&token)
            return token.count
        }
    }

    /// The words of one token as they are written.
    private struct TokenWords {
        let storage: UnsafeMutableBufferPointer<Int32>
        var count: Int

        @inline(__always)
        mutating func add(_ word: Int32) {
            storage[count] = word
            count += 1
        }

        @inline(__always)
        mutating func add(_ number: UInt64) {
            add(Int32(truncatingIfNeeded: number))
            add(Int32(truncatingIfNeeded: number >> 32))
        }

        @inline(__always)
        mutating func add(_ range: Range<Int>) {
            add(Int32(truncatingIfNeeded: range.lowerBound))
            add(Int32(truncatingIfNeeded: range.upperBound))
        }
    }

    /// Hands every recorded token, in order, to `handler`, with `bytes` and
    /// `base` the buffer the tokens were recorded from.
    func replay<Handler: XMLTokenHandler>(
        into handler: inout Handler, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        try words.withUnsafeBufferPointer { storage throws(XMLReadFailure) in
            let words = UnsafeBufferPointer(rebasing: storage[..<count])
            var i = 0
            @inline(__always) func range() -> Range<Int> {
                defer { i += 2 }
                return Int(words[i])..<Int(words[i + 1])
            }
            @inline(__always) func number() -> UInt64 {
                defer { i += 2 }
                return UInt64(UInt32(bitPattern: words[i])) | UInt64(UInt32(bitPattern: words[i + 1])) << 32
            }
            while i < words.count {
                let header = words[i]
                i += 1
                switch header & Header.kindMask {
                case Header.start:
                    let name = range()
                    var tag = XMLStartTag(name: name, offset: name.lowerBound - 1)
                    if header & Header.hasID != 0 { tag.id = range() }
                    if header & Header.hasRef != 0 { tag.ref = range() }
                    if header & Header.hasFmt != 0 { tag.fmt = range() }
                    if header & Header.hasName != 0 { tag.nameAttribute = range() }
                    tag.isSelfClosing = header & Header.isSelfClosing != 0
                    if header & Header.hasIDNumber != 0 { tag.idNumber = number() }
                    if header & Header.hasRefNumber != 0 { tag.refNumber = number() }
                    if tag.isSelfClosing {
                        try handler.emptyElement(tag, bytes: bytes, base: base)
                    } else {
                        try handler.startElement(tag, bytes: bytes, base: base)
                    }
                case Header.end:
                    try handler.endElement(bytes: bytes, base: base)
                default:
                    let text = range()
                    try handler.text(
                        text, hasReferences: header & Header.hasReferences != 0,
                        number: header & Header.hasNumber != 0 ? number() : nil, bytes: bytes, base: base)
                }
            }
        }
    }
}
