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
/// document); each `<row>` holds one element per column, made a value by a
/// ``ValueBuilder``. `id`/`ref` interning is resolved across rows and
/// tables, including refs to elements nested inside earlier rows' cells.
///
/// Tables and rows go to an ``InstrumentsTableReader``: a concrete type, so
/// the whole tokenizing path is specialised inside this module whatever
/// sink the caller reads into.
struct ExportDocumentReader: XMLTokenHandler {
    var consumer: InstrumentsTableReader
    private var cells = ValueBuilder(values: InternedValues())

    /// How deep elements may nest; exports need 7 or 8 levels.
    static var maximumDepth: Int { ValueBuilder.maximumDepth }

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

    init(consumer: InstrumentsTableReader) {
        self.consumer = consumer
    }

    /// Starts a new document: ids name nothing yet, no table is open.
    /// - Parameters:
    ///   - census: the ids the document's refs name, when they were counted.
    ///   - file: its bytes, so that with a census, lists no row reads again
    ///     need not be kept (``ValueBuilder``).
    mutating func startDocument(census: IDCensus? = nil, file: RandomAccessBytes? = nil) {
        cells = ValueBuilder(values: InternedValues(census: census, file: file))
        depth = 0
        schemaDepth = 0
        mnemonicDepth = 0
        columnCount = nil
        rowDepth = 0
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
            if depth == rowDepth + 1 { try noteCell(at: base + tag.offset) }
            try cells.start(tag, bytes: bytes, base: base)
            return
        }
        let name = UnsafeBufferPointer(rebasing: bytes[tag.name])
        if ValueBuilder.equals(name, "row") {
            guard columnCount != nil else {
                throw .at(
                    offset: base + tag.offset,
                    message: "<row> before any <schema>: cannot tell which table it belongs to")
            }
            rowDepth = depth
            row.offset = base + tag.offset
            row.cells.removeAll(keepingCapacity: true)
            row.cellOffsets.removeAll(keepingCapacity: true)
        } else if ValueBuilder.equals(name, "schema") {
            guard let nameAttribute = tag.nameAttribute else {
                throw .at(offset: base + tag.offset, message: "<schema> without a name attribute")
            }
            var decoded: [UInt8] = []
            try XMLReferences.decode(nameAttribute, of: bytes, base: base, into: &decoded)
            schemaName = String(decoding: decoded, as: UTF8.self)
            schemaDepth = depth
            schemaOffset = base + tag.offset
            mnemonics = []
        } else if schemaDepth > 0, ValueBuilder.equals(name, "mnemonic") {
            mnemonicDepth = depth
            mnemonicText.removeAll(keepingCapacity: true)
        }
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        defer { depth -= 1 }
        if rowDepth > 0 {
            if depth > rowDepth {
                if let value = try cells.end(bytes: bytes, base: base) { row.cells.append(value) }
                return
            }
            guard let columnCount, row.cells.count == columnCount else {
                throw .at(
                    offset: row.offset,
                    message:
                        "<row> holds \(row.cells.count) cells, but table \"\(schemaName)\" has \(columnCount ?? 0) columns"
                )
            }
            if cells.values.defersElements { try consumer.readDeferredCells(of: &row, values: &cells.values) }
            try consumer.row(row, values: cells.values)
            cells.values.endRow()
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
            guard depth > rowDepth else { return }
            try cells.text(range, hasReferences: hasReferences, number: number, bytes: bytes, base: base)
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
        guard rowDepth > 0, depth < Self.maximumDepth, ValueBuilder.isPlainReference(tag, bytes: bytes) else {
            try startElement(tag, bytes: bytes, base: base)
            try endElement(bytes: bytes, base: base)
            return
        }
        if depth == rowDepth { try noteCell(at: base + tag.offset) }
        if let value = try cells.reference(tag, bytes: bytes, base: base) { row.cells.append(value) }
    }

    /// Copies what open elements only point at in `bytes`, which the caller
    /// is about to replace with the next chunk.
    mutating func materializePending(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        try cells.copyPending(bytes: bytes, base: base)
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
