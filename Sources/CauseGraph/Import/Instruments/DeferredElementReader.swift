/// Reads a list left in the file (see ``ValueBuilder``) again, from its
/// start tag to its end tag, into the values it would have been had it
/// been kept.
struct DeferredElementReader: XMLTokenHandler {
    private var builder: ValueBuilder
    private let id: UInt64
    private let offset: Int
    /// The element's value, once its end tag is read.
    private(set) var value: ValueRef?

    /// The longest element read again; a real one is a few hundred bytes.
    static var maximumLength: Int { InstrumentsImporter.maximumTokenLength }

    private init(values: consuming InternedValues, id: UInt64, offset: Int) {
        builder = ValueBuilder(values: values, rereads: true)
        self.id = id
        self.offset = offset
    }

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    {
        if !builder.isOpen {
            guard let range = tag.id,
                try ValueBuilder.identifier(tag.idNumber, range, bytes: bytes, base: base, attribute: "id") == id
            else { throw changed() }
        }
        try builder.start(tag, bytes: bytes, base: base)
    }

    mutating func emptyElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure)
    {
        guard builder.isOpen, ValueBuilder.isPlainReference(tag, bytes: bytes) else {
            try startElement(tag, bytes: bytes, base: base)
            try endElement(bytes: bytes, base: base)
            return
        }
        _ = try builder.reference(tag, bytes: bytes, base: base)
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        if let made = try builder.end(bytes: bytes, base: base) { value = made }
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        try builder.text(range, hasReferences: hasReferences, number: number, bytes: bytes, base: base)
    }

    private func changed() -> XMLReadFailure {
        .at(offset: offset, message: "it is no longer there")
    }

    /// Reads the list `id` names from `file` at `offset` into `values`,
    /// which then keep it; returns its value. A failure is reported at
    /// `asker`, the ref that named it (the element itself was read long
    /// ago, and its line is no longer known).
    static func read(
        id: UInt64, at offset: Int, from file: RandomAccessBytes, into values: inout InternedValues, for asker: Int
    ) throws(XMLReadFailure) -> ValueRef {
        do {
            return try read(id: id, at: offset, from: file, into: &values)
        } catch {
            guard case .at(_, let reason) = error else { throw error }
            throw .at(
                offset: asker,
                message:
                    "the file changed while it was read: the element with id=\"\(id)\" this names, at byte \(offset), was read again and \(reason)"
            )
        }
    }

    private static func read(
        id: UInt64, at offset: Int, from file: RandomAccessBytes, into values: inout InternedValues
    ) throws(XMLReadFailure) -> ValueRef {
        // Moved, not copied: a copy would make the values' storage shared,
        // and the next change to it copy all of it.
        let moved = values
        values = InternedValues()
        var reader = DeferredElementReader(values: consume moved, id: id, offset: offset)
        defer { values = reader.takeValues() }
        var tokenizer = XMLTokenizer()
        tokenizer.stopsAfterRoot = true
        var buffer: [UInt8] = []
        var base = offset
        var readSize = 4096
        while true {
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: readSize))
            let read: Int
            do throws(Diagnostic) {
                read = try buffer.withUnsafeMutableBufferPointer { bytes throws(Diagnostic) in
                    try file.read(
                        at: base + start,
                        into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[start...])))
                }
            } catch {
                throw .diagnostic(error)
            }
            buffer.removeLast(readSize - read)
            let isFinal = read < readSize
            let consumed = try buffer.withUnsafeBufferPointer { bytes throws(XMLReadFailure) in
                let consumed = try tokenizer.parse(bytes, base: base, isFinal: isFinal, handler: &reader)
                if reader.value == nil, !isFinal { try reader.builder.copyPending(bytes: bytes, base: base) }
                return consumed
            }
            if let value = reader.value { return value }
            guard !isFinal, buffer.count - consumed < maximumLength else { throw reader.changed() }
            buffer.removeFirst(consumed)
            base += consumed
            readSize = min(readSize * 2, ByteStream.chunkSize)
        }
    }

    private mutating func takeValues() -> InternedValues {
        let values = builder.values
        builder.values = InternedValues()
        return values
    }
}

extension InternedValues {
    /// The value itself; for a list left in the file (``Kind/deferred``),
    /// the list read again, kept from now on, and named by its id, so it is
    /// read at most once. Refs inside it to other such lists are read too.
    /// A failure is reported at `offset`, where the ref to it is.
    mutating func materialize(_ value: ValueRef, at offset: Int) throws(XMLReadFailure) -> ValueRef {
        guard let id = deferredID(value) else { return value }
        let made = try materialize(id: id, at: offset)
        // Iteratively, not recursively: a chain of such refs cannot exhaust the stack.
        while let placeholder = placeholders.popLast() {
            patch(placeholder, to: try materialize(id: deferredID(placeholder)!, at: offset))
        }
        return made
    }

    private mutating func materialize(id: UInt64, at asker: Int) throws(XMLReadFailure) -> ValueRef {
        if let offset = deferredOffset(of: id), let file {
            return try DeferredElementReader.read(id: id, at: offset, from: file, into: &self, for: asker)
        }
        switch resolve(id: id, keep: true) {
        case .value(let value): return value
        case .undefined: throw .at(offset: asker, message: "ref=\"\(id)\" names an id that is not defined")
        case .full: throw .at(offset: asker, message: "more than \(Self.maximumCount) values in one document")
        }
    }
}
