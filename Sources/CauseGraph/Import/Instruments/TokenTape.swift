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
    private(set) var words: [Int32] = []
    /// The last token was a self-closing start tag, whose end the replay
    /// makes without a word of its own.
    private var endsWithSelfClosing = false

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

    /// Empties the tape, keeping its storage for the next buffer.
    mutating func removeAll() {
        words.removeAll(keepingCapacity: true)
        endsWithSelfClosing = false
    }

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        var header = Header.start
        if tag.id != nil { header |= Header.hasID }
        if tag.ref != nil { header |= Header.hasRef }
        if tag.fmt != nil { header |= Header.hasFmt }
        if tag.nameAttribute != nil { header |= Header.hasName }
        if tag.isSelfClosing { header |= Header.isSelfClosing }
        if tag.idNumber != nil { header |= Header.hasIDNumber }
        if tag.refNumber != nil { header |= Header.hasRefNumber }
        endsWithSelfClosing = tag.isSelfClosing
        words.append(header)
        append(tag.name)
        if let id = tag.id { append(id) }
        if let ref = tag.ref { append(ref) }
        if let fmt = tag.fmt { append(fmt) }
        if let name = tag.nameAttribute { append(name) }
        if let number = tag.idNumber { append(number) }
        if let number = tag.refNumber { append(number) }
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        // The tokenizer ends a self-closing element right after starting it.
        if endsWithSelfClosing {
            endsWithSelfClosing = false
            return
        }
        words.append(Header.end)
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) {
        endsWithSelfClosing = false
        words.append(
            Header.text | (hasReferences ? Header.hasReferences : 0) | (number != nil ? Header.hasNumber : 0))
        append(range)
        if let number { append(number) }
    }

    @inline(__always)
    private mutating func append(_ number: UInt64) {
        words.append(Int32(truncatingIfNeeded: number))
        words.append(Int32(truncatingIfNeeded: number >> 32))
    }

    @inline(__always)
    private mutating func append(_ range: Range<Int>) {
        words.append(Int32(truncatingIfNeeded: range.lowerBound))
        words.append(Int32(truncatingIfNeeded: range.upperBound))
    }

    /// Hands every recorded token, in order, to `handler`, with `bytes` and
    /// `base` the buffer the tokens were recorded from.
    func replay<Handler: XMLTokenHandler>(
        into handler: inout Handler, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        try words.withUnsafeBufferPointer { words throws(XMLReadFailure) in
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
