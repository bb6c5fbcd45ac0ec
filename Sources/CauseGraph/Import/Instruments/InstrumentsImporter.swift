/// Reads the SwiftUI tables of Instruments recordings, as written by
/// `xctrace export --xpath '…/table[@schema="swiftui-causes"]'` (and
/// `swiftui-full-causes`, `swiftui-updates`, `SwiftUIFilteredUpdates`,
/// `swiftui-layout-updates`, `swiftui-changes`, `swiftui-update-groups`,
/// and the `hitches`, `hitches-summary` and `potential-hangs` tables).
///
/// Every file given together is one recording: its files form one trace
/// document, joined by event id (see ``EventJoin``). The tables may come in
/// any order, as separate files or together in one document: detail tables
/// are read first, then cause tables, so every event is complete when a
/// cause first names it. A file that holds both is read twice (once for
/// each); a file whose first table is a cause table is scanned for `<schema`
/// first, so one that holds causes alone is read once. Standard input and
/// pipes are kept in a temporary file to be read twice. Each file streams
/// through a hand-written tokenizer in 1 MiB chunks; memory grows with the
/// values the export interns, never with its rows.
package enum InstrumentsImporter: TraceImporter {
    /// The longest single token (tag, text run) accepted, in bytes.
    static let maximumTokenLength = 64 << 20

    package static func looksLikeFormat(_ prefix: [UInt8]) -> Bool {
        // A prolog longer than the bytes detection reads is still an export's.
        switch XMLDocumentStart(prefix) {
        case .root(let name): name == "trace-query-result"
        case .prolog: true
        case nil: false
        }
    }

    package static func read<Sink: TraceSink & ~Copyable>(
        _ streams: [ByteStream], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        var sources: [ChunkSource] = []
        for stream in streams {
            try stream.spoolToTemporaryFile()
            sources.append(try ChunkSource(stream))
        }
        try read(sources, settings: settings, into: &sink, diagnostics: &diagnostics)
    }

    /// A file's bytes in chunks of any size, and the table it starts with.
    struct ChunkSource {
        var name: String
        /// The schema of its first table, when known before reading it.
        var firstSchema: String?
        var next: () throws(Diagnostic) -> [UInt8]?
        /// Starts the bytes again from the first; `nil` for a stream that
        /// can be read once only, which must then hold one table.
        var restart: (() throws(Diagnostic) -> Void)?
        /// The bytes by offset, for a file. A source is read again only
        /// when it has them: its tables and refs are found through them.
        var file: RandomAccessBytes?
        /// Makes the source a file when the import reaches it, for a table
        /// worth a census that arrives through a pipe (see ``TraceBundle``).
        var openAsFile: (() throws(Diagnostic) -> ChunkSource)?

        init(
            name: String, prefix: [UInt8], restart: (() throws(Diagnostic) -> Void)? = nil,
            next: @escaping () throws(Diagnostic) -> [UInt8]?
        ) {
            self.init(name: name, firstSchema: firstSchemaName(prefix), restart: restart, next: next)
        }

        init(
            name: String, firstSchema: String?, restart: (() throws(Diagnostic) -> Void)? = nil,
            next: @escaping () throws(Diagnostic) -> [UInt8]?
        ) {
            self.name = name
            self.firstSchema = firstSchema
            self.next = next
            self.restart = restart
        }

        init(_ stream: ByteStream) throws(Diagnostic) {
            let file = stream.randomAccess()
            self.init(
                name: stream.name, prefix: try stream.prefix(InputFormat.detectionPrefixLength),
                restart: file == nil ? nil : { () throws(Diagnostic) in try stream.rewind() },
                next: { () throws(Diagnostic) in try stream.nextChunk() })
            self.file = file
        }

        /// The census of the file's refs, when it starts with a table worth
        /// one (``InstrumentsTable/censusSchemas``).
        func census() throws(Diagnostic) -> IDCensus? {
            guard let file, let firstSchema, InstrumentsTable.censusSchemas.contains(firstSchema) else { return nil }
            return try IDCensus.take(of: file)
        }
    }

    /// Reads `sources` as one recording; `recording` names it in the error
    /// for a recording that holds nothing to read, and in the warning for
    /// one that holds no update. When `nil`, the name is its only source's,
    /// or the folder all its sources are in (the folder given), or its first.
    static func read<Sink: TraceSink & ~Copyable>(
        _ sources: [ChunkSource], recording: String? = nil, settings: ImportSettings, into sink: inout Sink,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        let rules = try ClassificationRuleFile.read(paths: settings.classificationFiles)
        let box = SinkBox(consume sink)
        do {
            try read(
                sources, recording: recording ?? name(of: sources),
                classifier: TitleClassifier(userRules: rules), spelling: settings.spelling, into: box,
                diagnostics: &diagnostics)
        } catch {
            sink = box.take()
            throw error
        }
        sink = box.take()
    }

    private static func name(of sources: [ChunkSource]) -> String? {
        func folder(of path: String) -> Substring { path.lastIndex(of: "/").map { path[..<$0] } ?? "" }
        guard let first = sources.first?.name, sources.count > 1 else { return sources.first?.name }
        let shared = folder(of: first)
        guard !shared.isEmpty, sources.allSatisfy({ folder(of: $0.name) == shared }) else { return first }
        return String(shared)
    }

    private static func read(
        _ sources: [ChunkSource], recording: String?, classifier: TitleClassifier, spelling: SettingSpelling,
        into receiver: any TraceRecordReceiver, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        let notesBefore = diagnostics
        var reader = ExportDocumentReader(
            consumer: InstrumentsTableReader(classifier: classifier, spelling: spelling, receiver: receiver))
        let sources = ordered(sources)
        reader.consumer.emitsUpdatesAsRead = try updatesCanStream(sources)
        // Details first, from every source that has them; then causes.
        var causesPass: [(source: ChunkSource, pass: InstrumentsTableReader.Pass, census: IDCensus?)] = []
        var causeSchemas: Set<String> = []
        for var source in sources {
            if let open = source.openAsFile { source = try open() }
            let firstSchema = source.firstSchema
            let startsWithCauses = firstSchema.map(InstrumentsTable.causeSchemas.contains) ?? false
            guard let restart = source.restart, let file = source.file else {
                // Read once: a lone cause table waits for every detail table.
                if startsWithCauses {
                    causesPass.append((source, .all, nil))
                } else {
                    try read(source, pass: .all, with: &reader, diagnostics: &diagnostics)
                }
                causeSchemas.formUnion(firstSchema.map { [$0] } ?? [])
                continue
            }
            let census = try source.census()
            if startsWithCauses {
                let schemas = Set(try schemaNames(of: file))
                causeSchemas.formUnion(schemas.intersection(InstrumentsTable.causeSchemas))
                guard
                    schemas.contains(where: {
                        InstrumentsTable.readOrder.contains($0) && !InstrumentsTable.causeSchemas.contains($0)
                    })
                else {
                    causesPass.append((source, .causes, census))
                    continue
                }
            }
            try read(source, pass: .details, census: census, with: &reader, diagnostics: &diagnostics)
            if !reader.consumer.documentCauseSchemas.isEmpty {
                causeSchemas.formUnion(reader.consumer.documentCauseSchemas)
                try restart()
                causesPass.append((source, .causes, census))
            }
        }
        // Both cause tables hold the same causes: the full one adds only
        // times, which the update tables give too.
        if causeSchemas.isSuperset(of: InstrumentsTable.causeSchemas) {
            reader.consumer.skippedCauseSchema = "swiftui-full-causes"
            diagnostics.append(
                Diagnostic(.note, "swiftui-full-causes is not read: swiftui-causes holds the same causes"))
        }
        for (source, pass, census) in causesPass {
            try read(source, pass: pass, census: census, with: &reader, diagnostics: &diagnostics)
        }
        do {
            try requireRows(schemas: reader.consumer.schemasMet, rows: reader.consumer.rowsOfReadTables, of: recording)
        } catch {
            // The error names every table: the notes of skipped ones would only repeat it.
            diagnostics = notesBefore
            throw error
        }
        do throws(XMLReadFailure) {
            for diagnostic in try reader.consumer.finish() { diagnostics.append(diagnostic) }
            // Updates no cause named are emitted by `finish`: only then is none known to be missing.
            if reader.consumer.updateEvents == 0 {
                diagnostics.append(
                    MissingUpdates.warning(
                        tables: reader.consumer.schemasMet, at: recording.map { SourceLocation(file: $0) }))
            }
            diagnostics.recordUnclassified(reader.consumer.unclassifiedTitles)
        } catch {
            switch error {
            case .diagnostic(let diagnostic): throw diagnostic
            case .at(_, let message): throw .error(message)
            }
        }
    }

    private static func read(
        _ source: ChunkSource, pass: InstrumentsTableReader.Pass, census: IDCensus? = nil,
        with reader: inout ExportDocumentReader, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        reader.consumer.pass = pass
        try read(source, census: census, with: &reader, diagnostics: &diagnostics)
    }

    /// Whether the update rows of `sources` (in reading order) can become
    /// events as they are read (``InstrumentsTableReader/emitsUpdatesAsRead``):
    /// they hold no cause table, and one update table, the last table read,
    /// so nothing read after it could add to its events (no second update
    /// table, no `swiftui-changes`, no groups) nor come between its events
    /// in the output. The tables of each file are found by a scan, only
    /// when the first tables of the files leave this open.
    static func updatesCanStream(_ sources: [ChunkSource]) throws(Diagnostic) -> Bool {
        let firstSchemas = sources.map(\.firstSchema)
        guard firstSchemas.allSatisfy({ $0.map(InstrumentsTable.readOrder.contains) ?? false }),
            !firstSchemas.contains(where: { InstrumentsTable.causeSchemas.contains($0!) }),
            firstSchemas.filter({ InstrumentsTable.updateSchemas.contains($0!) }).count == 1
        else { return false }
        var tables: [String] = []
        for source in sources {
            guard source.restart != nil, let file = source.file else {
                // Read once: it holds one table.
                tables.append(source.firstSchema!)
                continue
            }
            tables += try schemaNames(of: file).filter(InstrumentsTable.readOrder.contains)
        }
        return tables.filter(InstrumentsTable.updateSchemas.contains).count == 1
            && tables.last.map(InstrumentsTable.updateSchemas.contains) == true
    }

    /// Streams one file through the tokenizer into `reader`: a
    /// ``TokenizingThread`` reads and tokenizes the next buffer while this
    /// one interns the tokens of the buffer before.
    static func read(
        _ source: ChunkSource, census: IDCensus? = nil, with reader: inout ExportDocumentReader,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        reader.startDocument(census: census, file: source.file)
        let tokens = TokenizingThread(source)
        do {
            try replay(tokens, name: source.name, into: &reader, diagnostics: &diagnostics)
        } catch {
            tokens.finish(after: error)
            throw error
        }
        tokens.finish()
    }

    private static func replay(
        _ tokens: TokenizingThread, name: String, into reader: inout ExportDocumentReader,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        var positions = StreamPositions()
        // Lines and columns of the open row's cells, worked out before the
        // bytes holding them are discarded.
        var kept: [Int: TextPosition] = [:]
        while let buffer = tokens.next() {
            try buffer.bytes.withUnsafeBufferPointer { bytes throws(Diagnostic) in
                func location(_ offset: Int) -> SourceLocation {
                    (kept[offset] ?? positions.position(ofOffset: offset, in: bytes)).location(in: name)
                }
                func diagnostic(_ failure: XMLReadFailure) -> Diagnostic {
                    switch failure {
                    case .at(let offset, let message): .error(message, at: location(offset))
                    case .diagnostic(let diagnostic): diagnostic
                    }
                }
                let tokenized = UnsafeBufferPointer(rebasing: bytes[0..<buffer.end])
                do throws(XMLReadFailure) {
                    try buffer.tape.replay(into: &reader, bytes: tokenized, base: buffer.base)
                    if let failure = buffer.failure { throw failure }
                    if !buffer.isFinal { try reader.materializePending(bytes: tokenized, base: buffer.base) }
                } catch {
                    throw diagnostic(error)
                }
                for note in reader.consumer.takeNotes() {
                    diagnostics.append(Diagnostic(.note, note.message, at: location(note.offset)))
                }
                let discardedEnd = buffer.base + buffer.consumed
                // The open row's offsets ascend: each is counted from the one before.
                var last: (offset: Int, position: TextPosition)?
                if reader.isInRow {
                    var stillOpen: [Int: TextPosition] = [:]
                    for offset in [reader.row.offset] + reader.row.cellOffsets where offset < discardedEnd {
                        let position = kept[offset] ?? positions.position(ofOffset: offset, in: bytes, after: last)
                        stillOpen[offset] = position
                        last = (offset, position)
                    }
                    kept = stillOpen
                } else if !kept.isEmpty {
                    kept = [:]
                }
                positions.discard(buffer.consumed, of: bytes, after: last)
            }
            tokens.recycle(buffer)
        }
    }

    /// Where the last complete UTF-8 sequence of `bytes` ends: the lead
    /// byte of a sequence cut short by the end of the buffer, or the end.
    static func completeSequencesEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = bytes.count
        while index > 0, bytes.count - index < 4 {
            index -= 1
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else {
                let width = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                return index + width > bytes.count ? index : bytes.count
            }
        }
        return bytes.count
    }

    /// The sources in table read order, by the first `<schema name=…>` each
    /// holds; ties and files whose first schema is not among the first bytes
    /// keep the order given.
    static func ordered(_ sources: [ChunkSource]) -> [ChunkSource] {
        let ranks = sources.map { source in
            source.firstSchema.flatMap { InstrumentsTable.readOrder.firstIndex(of: $0) } ?? -1
        }
        return sources.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { sources[$0] }
    }

    /// The name of the first element after the prolog, when the bytes reach it.
    static func firstElementName(_ prefix: [UInt8]) -> String? {
        guard case .root(let name) = XMLDocumentStart(prefix) else { return nil }
        return name
    }

    static func firstSchemaName(_ prefix: [UInt8]) -> String? {
        let marker = Array("<schema".utf8)
        guard let start = prefix.indices.first(where: { prefix[$0...].starts(with: marker) }) else { return nil }
        var i = start + marker.count
        let name = Array("name".utf8)
        while i < prefix.count, prefix[i] != Byte.greaterThan {
            if prefix[i...].starts(with: name) {
                var j = i + name.count
                while j < prefix.count, Byte.isWhitespace(prefix[j]) || prefix[j] == Byte.equals { j += 1 }
                guard j < prefix.count, prefix[j] == Byte.doubleQuote || prefix[j] == Byte.singleQuote else {
                    return nil
                }
                let quote = prefix[j]
                guard let close = prefix[(j + 1)...].firstIndex(of: quote) else { return nil }
                return String(decoding: prefix[(j + 1)..<close], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }
}
