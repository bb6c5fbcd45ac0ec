#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cells of one row, in column order; offsets are absolute byte
/// offsets of the row and of each cell.
struct ExportRow {
    var cells: [ValueRef] = []
    var cellOffsets: [Int] = []
    var offset = 0
}

/// Turns the tokens of an `xctrace export` document into tables and rows of
/// interned values.
///
/// A `<schema>` starts a table (several may follow one another in one
/// document); each `<row>` holds one element per column. `id`/`ref`
/// interning is resolved here, across rows and tables, including refs to
/// elements nested inside earlier rows' cells. `<sentinel/>` is null.
/// An element with neither text nor children stands for its `name` or
/// `fmt` attribute (a backtrace `<frame name=…>`, a `<thread fmt=…>`).
///
/// Tables and rows go to an ``InstrumentsTableReader``: a concrete type, so
/// the whole tokenizing path is specialised inside this module whatever
/// sink the caller reads into.
struct ExportDocumentReader: XMLTokenHandler {
    var consumer: InstrumentsTableReader
    private(set) var values = InternedValues()

    /// How deep elements may nest; exports need 7 or 8 levels.
    static var maximumDepth: Int { 256 }

    private var depth = 0
    private var schemaDepth = 0
    private var schemaName = ""
    private var schemaOffset = 0
    private var mnemonics: [String] = []
    private var mnemonicDepth = 0
    private var mnemonicText: [UInt8] = []
    private var columnCount: Int?

    private var rowDepth = 0
    private(set) var row = ExportRow()
    /// The elements open inside the row; `frames[0..<openFrames]` are live,
    /// the rest are reused storage.
    private var frames: [Frame] = []
    private var openFrames = 0
    private var pendingChildren: [ValueRef] = []
    /// Text and labels copied out of a buffer that is about to be replaced.
    private var text: [UInt8] = []
    private var labels: [UInt8] = []
    /// The last plain text run as a ``CanonicalNumber``, when it is one. The
    /// element a single run is still pending for is the one it was read in:
    /// a child would have made its own text irrelevant.
    private var textNumber: UInt64?

    init(consumer: InstrumentsTableReader) {
        self.consumer = consumer
    }

    /// Starts a new document: ids name nothing yet, no table is open.
    mutating func startDocument() {
        values = InternedValues()
        depth = 0
        schemaDepth = 0
        mnemonicDepth = 0
        columnCount = nil
        rowDepth = 0
        openFrames = 0
        pendingChildren.removeAll()
        text.removeAll()
        labels.removeAll()
        consumer.startDocument()
    }

    /// Whether a row is open; its offsets must stay resolvable until it ends.
    var isInRow: Bool { rowDepth > 0 }

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw .at(offset: base + tag.offset, message: "elements nest deeper than \(Self.maximumDepth) levels")
        }
        if rowDepth > 0 {
            try startValue(tag, bytes: bytes, base: base)
            return
        }
        let name = UnsafeBufferPointer(rebasing: bytes[tag.name])
        if Self.equals(name, "row") {
            guard columnCount != nil else {
                throw .at(
                    offset: base + tag.offset,
                    message: "<row> before any <schema>: cannot tell which table it belongs to")
            }
            rowDepth = depth
            row.offset = base + tag.offset
            row.cells.removeAll(keepingCapacity: true)
            row.cellOffsets.removeAll(keepingCapacity: true)
        } else if Self.equals(name, "schema") {
            guard let nameAttribute = tag.nameAttribute else {
                throw .at(offset: base + tag.offset, message: "<schema> without a name attribute")
            }
            var decoded: [UInt8] = []
            try XMLReferences.decode(nameAttribute, of: bytes, base: base, into: &decoded)
            schemaName = String(decoding: decoded, as: UTF8.self)
            schemaDepth = depth
            schemaOffset = base + tag.offset
            mnemonics = []
        } else if schemaDepth > 0, Self.equals(name, "mnemonic") {
            mnemonicDepth = depth
            mnemonicText.removeAll(keepingCapacity: true)
        }
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        defer { depth -= 1 }
        if rowDepth > 0 {
            if depth > rowDepth {
                try endValue(bytes: bytes, base: base)
                return
            }
            guard let columnCount, row.cells.count == columnCount else {
                throw .at(
                    offset: row.offset,
                    message:
                        "<row> holds \(row.cells.count) cells, but table \"\(schemaName)\" has \(columnCount ?? 0) columns"
                )
            }
            try consumer.row(row, values: values)
            values.endRow()
            rowDepth = 0
        } else if depth == mnemonicDepth {
            mnemonics.append(String(decoding: mnemonicText, as: UTF8.self).trimmingXMLWhitespace())
            mnemonicDepth = 0
        } else if depth == schemaDepth {
            schemaDepth = 0
            columnCount = mnemonics.count
            try consumer.beginTable(schema: schemaName, mnemonics: mnemonics, offset: schemaOffset)
        }
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        if rowDepth > 0 {
            guard depth > rowDepth, openFrames > 0 else { return }
            let top = openFrames - 1
            // Most leaves hold one plain text run: remember where it is rather than copy it.
            if !hasReferences && frames[top].text == nil && text.count == frames[top].textStart {
                frames[top].text = (base + range.lowerBound)..<(base + range.upperBound)
                textNumber = number
                return
            }
            materializeText(of: top, bytes: bytes, base: base)
            if hasReferences {
                try XMLReferences.decode(range, of: bytes, base: base, into: &text)
            } else {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            }
        } else if mnemonicDepth > 0, depth == mnemonicDepth {
            try XMLReferences.decode(range, of: bytes, base: base, into: &mnemonicText)
        }
    }

    /// A self-closing cell that refers to a value or is null, the cells most
    /// rows are made of, read at once; any other empty element as its start
    /// and its end.
    mutating func emptyElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure)
    {
        guard rowDepth > 0, depth < Self.maximumDepth, tag.id == nil,
            tag.refNumber != nil
                || (tag.ref == nil && Self.equals(UnsafeBufferPointer(rebasing: bytes[tag.name]), "sentinel"))
        else {
            try startElement(tag, bytes: bytes, base: base)
            try endElement(bytes: bytes, base: base)
            return
        }
        let isCell = depth == rowDepth
        if isCell { try noteCell(at: base + tag.offset) }
        var value: ValueRef = 0
        if let id = tag.refNumber {
            value = try resolve(id, keep: openFrames > 0 && frames[openFrames - 1].keep, offset: base + tag.offset)
        }
        if openFrames > 0 { frames[openFrames - 1].text = nil }
        if isCell { row.cells.append(value) } else { pendingChildren.append(value) }
    }

    /// Records where the row's next cell starts; refused at once past the
    /// table's columns, so a hostile row cannot grow without bound.
    private mutating func noteCell(at offset: Int) throws(XMLReadFailure) {
        guard row.cellOffsets.count < columnCount ?? 0 else {
            throw .at(
                offset: row.offset,
                message: "<row> holds more cells than table \"\(schemaName)\" has columns (\(columnCount ?? 0))")
        }
        row.cellOffsets.append(offset)
    }

    /// The value `ref="id"` names, for an element at `offset`.
    private mutating func resolve(_ id: UInt64, keep: Bool, offset: Int) throws(XMLReadFailure) -> ValueRef {
        switch values.resolve(id: id, keep: keep) {
        case .value(let value):
            return value
        case .undefined:
            throw .at(offset: offset, message: "ref=\"\(id)\" names an id that is not defined earlier in the document")
        case .full:
            throw tooMany(at: offset)
        }
    }

    private mutating func startValue(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure)
    {
        if depth == rowDepth + 1 { try noteCell(at: base + tag.offset) }
        var frame = Frame(
            resolved: nil, id: nil, keep: false, childStart: pendingChildren.count,
            text: nil, textStart: text.count, label: nil, labelStart: -1, labelEnd: -1,
            offset: base + tag.offset,
            isTypedArray: Self.equals(UnsafeBufferPointer(rebasing: bytes[tag.name]), "typed-array"))
        if openFrames > 0 {
            frame.keep = frames[openFrames - 1].keep
            // A parent with children is a list: its own text no longer matters.
            frames[openFrames - 1].text = nil
        }
        if let ref = tag.ref {
            let id = try Self.identifier(tag.refNumber, ref, bytes: bytes, base: base, attribute: "ref")
            frame.resolved = try resolve(id, keep: frame.keep || tag.id != nil, offset: base + tag.offset)
        } else if Self.equals(UnsafeBufferPointer(rebasing: bytes[tag.name]), "sentinel") {
            frame.resolved = 0
        } else if let label = tag.nameAttribute ?? tag.fmt {
            // A frame's `name` says more than its `fmt`.
            frame.label = (base + label.lowerBound)..<(base + label.upperBound)
        }
        if let id = tag.id {
            frame.id = try Self.identifier(tag.idNumber, id, bytes: bytes, base: base, attribute: "id")
            frame.keep = true
        }
        if openFrames < frames.count {
            frames[openFrames] = frame
        } else {
            frames.append(frame)
        }
        openFrames += 1
    }

    private mutating func endValue(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        openFrames -= 1
        let frame = frames[openFrames]
        let value: ValueRef
        var definedInline = false
        if let resolved = frame.resolved {
            value = resolved
        } else if pendingChildren.count > frame.childStart {
            // A typed array's `fmt` only joins its fields' text, so it is not
            // kept: in `swiftui-full-causes` each event's node cell has one of
            // its own, which would cost more than the rest of the cell.
            let label = frame.isTypedArray ? 0 : try labelValue(frame, bytes: bytes, base: base)
            guard let label,
                let list = values.addList(pendingChildren[frame.childStart...], label: label, keep: frame.keep)
            else { throw tooMany(frame) }
            value = list
        } else {
            var made: ValueRef?
            // A number an id names outside any kept element lives in the id's
            // entry (``InternedValues/define(id:number:)``); the row gets a
            // value that lasts for the row.
            let inlineID = openFrames == 0 || !frames[openFrames - 1].keep ? frame.id : nil
            var inlineNumber: UInt64?
            if let pending = frame.text {
                let leaf = UnsafeBufferPointer(
                    rebasing: bytes[(pending.lowerBound - base)..<(pending.upperBound - base)])
                inlineNumber = inlineID == nil ? nil : textNumber.flatMap(Self.inlinable)
                if inlineNumber == nil {
                    made =
                        textNumber.map { values.add(kind: .number, payload: $0, keep: frame.keep) }
                        ?? Self.leaf(leaf, keep: frame.keep, in: &values)
                }
            } else if text.count > frame.textStart {
                inlineNumber =
                    inlineID == nil
                    ? nil
                    : text.withUnsafeBufferPointer {
                        CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: $0[frame.textStart...]))
                    }.flatMap(Self.inlinable)
                if inlineNumber == nil {
                    made = text.withUnsafeBufferPointer {
                        Self.leaf(UnsafeBufferPointer(rebasing: $0[frame.textStart...]), keep: frame.keep, in: &values)
                    }
                }
            } else {
                made = try labelValue(frame, bytes: bytes, base: base)
            }
            if let inlineID, let inlineNumber {
                guard values.define(id: inlineID, number: inlineNumber) else { throw definedTwice(frame, inlineID) }
                made = values.add(kind: .number, payload: inlineNumber, keep: false)
                definedInline = true
            }
            guard let made else { throw tooMany(frame) }
            value = made
        }
        if pendingChildren.count > frame.childStart {
            pendingChildren.removeLast(pendingChildren.count - frame.childStart)
        }
        if text.count > frame.textStart { text.removeLast(text.count - frame.textStart) }
        if frame.labelStart >= 0, labels.count > frame.labelStart { labels.removeLast(labels.count - frame.labelStart) }
        if let id = frame.id, !definedInline {
            guard values.define(id: id, as: value) else { throw definedTwice(frame, id) }
        }
        if depth == rowDepth + 1 {
            row.cells.append(value)
        } else {
            pendingChildren.append(value)
        }
    }

    /// The element's `name` or `fmt` as a string value; null when it has none.
    private mutating func labelValue(_ frame: Frame, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure) -> ValueRef?
    {
        if let pending = frame.label {
            let raw = (pending.lowerBound - base)..<(pending.upperBound - base)
            if memchr(bytes.baseAddress! + raw.lowerBound, Int32(Byte.ampersand), raw.count) == nil {
                return Self.leaf(
                    UnsafeBufferPointer(rebasing: bytes[raw]), keep: frame.keep, isLabel: true, in: &values)
            }
            let start = labels.count
            try XMLReferences.decode(raw, of: bytes, base: base, into: &labels)
            defer { labels.removeLast(labels.count - start) }
            return labels.withUnsafeBufferPointer {
                Self.leaf(UnsafeBufferPointer(rebasing: $0[start...]), keep: frame.keep, isLabel: true, in: &values)
            }
        }
        guard frame.labelStart >= 0 else { return 0 }
        return labels.withUnsafeBufferPointer {
            Self.leaf(
                UnsafeBufferPointer(rebasing: $0[frame.labelStart..<frame.labelEnd]), keep: frame.keep, isLabel: true,
                in: &values)
        }
    }

    private mutating func materializeText(of index: Int, bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        guard let pending = frames[index].text else { return }
        text.append(
            contentsOf: UnsafeBufferPointer(rebasing: bytes[(pending.lowerBound - base)..<(pending.upperBound - base)]))
        frames[index].text = nil
    }

    /// Copies what open elements only point at in `bytes`, which the caller
    /// is about to replace with the next chunk.
    mutating func materializePending(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        for index in 0..<openFrames {
            if let pending = frames[index].label {
                frames[index].labelStart = labels.count
                try XMLReferences.decode(
                    (pending.lowerBound - base)..<(pending.upperBound - base), of: bytes, base: base, into: &labels)
                frames[index].labelEnd = labels.count
                frames[index].label = nil
            }
            materializeText(of: index, bytes: bytes, base: base)
        }
    }

    private func definedTwice(_ frame: Frame, _ id: UInt64) -> XMLReadFailure {
        .at(offset: frame.offset, message: "id=\"\(id)\" is defined twice")
    }

    /// `number`, when an id's entry can hold it.
    private static func inlinable(_ number: UInt64) -> UInt64? {
        InternedValues.canInline(number) ? number : nil
    }

    private func tooMany(_ frame: Frame) -> XMLReadFailure {
        tooMany(at: frame.offset)
    }

    private func tooMany(at offset: Int) -> XMLReadFailure {
        .at(offset: offset, message: "more than \(InternedValues.maximumCount) values in one document")
    }

    /// A leaf's value; `isLabel` for a `name` or `fmt` attribute, kept as
    /// bytes since most are read seldom or never; `number`, the bytes as a
    /// ``CanonicalNumber`` when the tokenizer read them as one.
    private static func leaf(
        _ bytes: UnsafeBufferPointer<UInt8>, keep: Bool, isLabel: Bool = false, number: UInt64? = nil,
        in values: inout InternedValues
    ) -> ValueRef? {
        if bytes.isEmpty { return values.add(kind: .empty, payload: 0, keep: keep) }
        if let number = number ?? CanonicalNumber.value(of: bytes) {
            return values.add(kind: .number, payload: number, keep: keep)
        }
        // The stream was checked to be UTF-8 before tokenizing.
        if isLabel { return values.addBytes(bytes, keep: keep) }
        return values.addString(String(decoding: bytes, as: UTF8.self), keep: keep)
    }

    /// A tag's `id` or `ref`: the number the tokenizer read, or else the
    /// digits, leading zeros and all.
    private static func identifier(
        _ number: UInt64?, _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, base: Int, attribute: String
    ) throws(XMLReadFailure) -> UInt64 {
        if let number { return number }
        let digits = UnsafeBufferPointer(rebasing: bytes[range])
        guard let id = withoutLeadingZeros(digits) else {
            throw .at(
                offset: base + range.lowerBound,
                message:
                    "\(attribute)=\"\(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))\" is not a whole number"
            )
        }
        return id
    }

    /// Digits with leading zeros, which are still a valid id.
    private static func withoutLeadingZeros(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        let significant = digits.drop { $0 == Byte.zero }
        return significant.isEmpty ? 0 : CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: significant))
    }

    @inline(__always)
    private static func equals(_ name: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard name.count == literal.utf8CodeUnitCount else { return false }
        for index in 0..<name.count where name[index] != literal.utf8Start[index] { return false }
        return true
    }
}

/// An element open inside a row.
///
/// Its text and label are first only ranges (absolute offsets) of the
/// buffer being tokenized; they are copied into the reader's buffers only
/// if the buffer is replaced before the element ends, which is rare.
private struct Frame {
    /// For `ref=` and `<sentinel/>`: the value it stands for.
    var resolved: ValueRef?
    var id: UInt64?
    var keep: Bool
    var childStart: Int
    /// One plain text run not yet copied.
    var text: Range<Int>?
    var textStart: Int
    /// The raw `name` or `fmt` attribute, not yet copied.
    var label: Range<Int>?
    /// Where the copied label is in `labels`, or -1.
    var labelStart: Int
    var labelEnd: Int
    var offset: Int
    /// A `typed-array`, whose label is not kept once it has children.
    var isTypedArray: Bool
}

extension String {
    /// The string without leading and trailing XML whitespace.
    func trimmingXMLWhitespace() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !Byte.isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !Byte.isWhitespace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
