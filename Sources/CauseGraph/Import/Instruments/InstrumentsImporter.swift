/// Reads the SwiftUI tables of Instruments recordings, as written by
/// `xctrace export --xpath '…/table[@schema="swiftui-causes"]'` (and
/// `swiftui-full-causes`, `swiftui-updates`, `swiftui-changes`,
/// `swiftui-update-groups`).
///
/// Every file given together is one recording: its files form one trace
/// document, joined by event id (see ``EventJoin``). Files are read in
/// the order of ``InstrumentsTable/readOrder`` by the first table each
/// holds (then in the order given), so details are known before the causes
/// that emit events. Each file streams through a hand-written tokenizer in
/// 1 MiB chunks; memory grows with the values the export interns, never
/// with its rows.
public enum InstrumentsImporter: TraceImporter {
    /// The longest single token (tag, text run) accepted, in bytes.
    static let maximumTokenLength = 64 << 20

    public static func looksLikeFormat(_ prefix: [UInt8]) -> Bool {
        guard let root = firstElementName(prefix) else { return false }
        return root == "trace-query-result"
    }

    public static func read<Sink: TraceSink>(
        _ streams: [ByteStream], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        var sources: [ChunkSource] = []
        for stream in streams {
            sources.append(ChunkSource(name: stream.name, prefix: try stream.prefix(InputFormat.detectionPrefixLength)) { () throws(Diagnostic) in
                try stream.nextChunk()
            })
        }
        try read(sources, settings: settings, into: &sink, diagnostics: &diagnostics)
    }

    /// A file's bytes in chunks of any size, and its first bytes.
    struct ChunkSource {
        var name: String
        var prefix: [UInt8]
        var next: () throws(Diagnostic) -> [UInt8]?
    }

    static func read<Sink: TraceSink>(
        _ sources: [ChunkSource], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        let rules = try ClassificationRuleFile.read(paths: settings.classificationFiles)
        let box = SinkBox(sink)
        defer { sink = box.sink }
        var reader = ExportDocumentReader(consumer: InstrumentsTableReader(classifier: TitleClassifier(userRules: rules), receiver: box))
        for source in ordered(sources) {
            try read(source, with: &reader, diagnostics: &diagnostics)
        }
        do throws(XMLReadFailure) {
            for diagnostic in try reader.consumer.finish() { diagnostics.append(diagnostic) }
            diagnostics.recordUnclassified(reader.consumer.unclassifiedTitles)
        } catch {
            switch error {
            case .diagnostic(let diagnostic): throw diagnostic
            case .at(_, let message): throw .error(message)
            }
        }
    }

    /// Streams one file through the tokenizer into `reader`.
    static func read(_ source: ChunkSource, with reader: inout ExportDocumentReader, diagnostics: inout Diagnostics) throws(Diagnostic) {
        reader.startDocument()
        var tokenizer = XMLTokenizer()
        var positions = StreamPositions()
        var work: [UInt8] = []
        var validated = 0
        var sawBytes = false
        // Lines and columns of the open row's cells, worked out before the
        // bytes holding them are discarded.
        var kept: [Int: TextPosition] = [:]
        while true {
            let chunk = try source.next()
            let isFinal = chunk == nil
            if let chunk {
                sawBytes = true
                if work.isEmpty { work = chunk } else { work.append(contentsOf: chunk) }
            }
            guard sawBytes else {
                throw .error("empty file: expected an xctrace export (<trace-query-result>)", at: SourceLocation(file: source.name, line: 1, column: 1))
            }
            let consumed = try work.withUnsafeBufferPointer { bytes throws(Diagnostic) -> Int in
                func location(_ offset: Int) -> SourceLocation {
                    (kept[offset] ?? positions.position(ofOffset: offset, in: bytes)).location(in: source.name)
                }
                // A chunk may end inside a multi-byte sequence: check it with the next one.
                let end = isFinal ? bytes.count : completeSequencesEnd(bytes)
                if end > validated, let invalid = UTF8Check.firstInvalidByte(in: UnsafeBufferPointer(rebasing: bytes[validated..<end])) {
                    throw .error("invalid UTF-8", at: location(positions.base + validated + invalid))
                }
                validated = max(validated, end)
                let consumed: Int
                do throws(XMLReadFailure) {
                    consumed = try tokenizer.parse(UnsafeBufferPointer(rebasing: bytes[0..<end]), base: positions.base, isFinal: isFinal, handler: &reader)
                } catch {
                    switch error {
                    case .at(let offset, let message): throw .error(message, at: location(offset))
                    case .diagnostic(let diagnostic): throw diagnostic
                    }
                }
                if !isFinal {
                    do throws(XMLReadFailure) {
                        try reader.materializePending(bytes: UnsafeBufferPointer(rebasing: bytes[0..<end]), base: positions.base)
                    } catch {
                        switch error {
                        case .at(let offset, let message): throw .error(message, at: location(offset))
                        case .diagnostic(let diagnostic): throw diagnostic
                        }
                    }
                }
                for note in reader.consumer.takeNotes() {
                    diagnostics.append(Diagnostic(.note, note.message, at: location(note.offset)))
                }
                let discardedEnd = positions.base + consumed
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
                positions.discard(consumed, of: bytes, after: last)
                return consumed
            }
            work.removeFirst(consumed)
            validated -= consumed
            if isFinal { return }
            if work.count > maximumTokenLength {
                throw .error("a single tag or text run is longer than \(maximumTokenLength >> 20) MiB", at: SourceLocation(file: source.name))
            }
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

    /// The streams in table read order, by the first `<schema name=…>` each
    /// holds; ties and files whose first schema is not among the first bytes
    /// keep the order given.
    static func ordered(_ sources: [ChunkSource]) -> [ChunkSource] {
        let ranks = sources.map { source in
            firstSchemaName(source.prefix).flatMap { InstrumentsTable.readOrder.firstIndex(of: $0) } ?? -1
        }
        return sources.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { sources[$0] }
    }

    /// The name of the first element after the prolog (declaration,
    /// comments, whitespace).
    static func firstElementName(_ prefix: [UInt8]) -> String? {
        var i = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < prefix.count {
            if Byte.isWhitespace(prefix[i]) {
                i += 1
                continue
            }
            guard prefix[i] == Byte.lessThan, i + 1 < prefix.count else { return nil }
            if prefix[i + 1] == Byte.question || prefix[i + 1] == Byte.exclamation {
                guard let close = prefix[i...].firstIndex(of: Byte.greaterThan) else { return nil }
                i = close + 1
                continue
            }
            let name = prefix[(i + 1)...].prefix(while: Byte.isNameByte)
            return String(decoding: name, as: UTF8.self)
        }
        return nil
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
                guard j < prefix.count, prefix[j] == Byte.doubleQuote || prefix[j] == Byte.singleQuote else { return nil }
                let quote = prefix[j]
                guard let close = prefix[(j + 1)...].firstIndex(of: quote) else { return nil }
                return String(decoding: prefix[(j + 1)..<close], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }
}
