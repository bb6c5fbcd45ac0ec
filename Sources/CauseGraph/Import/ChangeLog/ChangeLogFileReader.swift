/// Reads one file of change lines, in whichever layout it has, as one
/// trace document, and keeps the tallies its diagnostics report.
struct ChangeLogFileReader {
    private let stream: ByteStream
    private let header: TraceHeader
    private var mapper: ChangeLineMapper
    private var began = false
    /// Non-blank lines (text) or entries (JSON) read.
    private var records = 0
    private var skipped = 0
    private var binaryLines = 0
    private var firstBinary: SourceLocation?
    /// Messages of the change category that are not change lines.
    private var strayMessages = 0
    private var firstStrayMessage: SourceLocation?
    /// The distinct `@word` markers this version does not know, the first few of them.
    private var unknownMarkers: [String] = []
    private var firstUnknownMarker: SourceLocation?

    private static let listedMarkers = 5
    /// How many lines of binary data, before any change line and with little text among them,
    /// make the input no log.
    private static let binaryLinesBeforeRefusal = 100
    private static let binaryRefusal = "binary data, not a text log of `_printChanges()` or `_logChanges()` output"
    private static let example = "`ContentView: @self, _count changed.` or `ContentView: unchanged.`"

    init(stream: ByteStream, frameRate: Double, header: TraceHeader) {
        self.stream = stream
        self.header = header
        mapper = ChangeLineMapper(frameRate: frameRate)
    }

    mutating func read<Sink: TraceSink & ~Copyable>(into sink: inout Sink, diagnostics: inout Diagnostics)
        throws(Diagnostic)
    {
        let prefix = try stream.prefix(InputFormat.detectionPrefixLength, isEnough: ChangeLogLayout.isDecided)
        let (layout, preamble) = ChangeLogLayout.detect(prefix) ?? (.text, ChangeLogLayout.Preamble())
        do {
            switch layout {
            case .text: try readText(into: &sink)
            case .jsonLines: try readJSONLines(skippingLines: preamble.lines, into: &sink)
            case .jsonArray: try readJSONArray(preamble: preamble, into: &sink)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw .error("\(error)", at: SourceLocation(file: stream.name))
        }
        try finish(
            counting: layout == .text ? ("line", "lines") : ("log entry", "log entries"), into: &sink,
            diagnostics: &diagnostics)
    }

    // MARK: Layouts

    private mutating func readText<Sink: TraceSink & ~Copyable>(into sink: inout Sink) throws {
        let file = stream.name
        try LineReader(stream).forEachLine { line, number in
            guard !Self.isBlank(line) else { return }
            records += 1
            if let offset = UTF8Check.firstInvalidByte(in: line, rejectingNUL: true) {
                skipped += 1
                binaryLines += 1
                if firstBinary == nil {
                    firstBinary = SourceLocation(
                        file: file, line: number, column: Column.of(byteOffset: offset, in: line))
                }
                // Binary data before any change line, nine lines in ten of it: not a log. A pipe of it
                // (`/dev/urandom`) would never end, and one short line of it in 250 reads as text.
                if !began, binaryLines >= Self.binaryLinesBeforeRefusal, binaryLines * 10 >= records * 9,
                    let firstBinary
                {
                    throw Diagnostic.error(Self.binaryRefusal, at: firstBinary)
                }
                return
            }
            let parsed: LogTextLine
            do throws(LogTimestamp.InvalidValue) {
                parsed = try LogTextLine.parse(line)
            } catch {
                throw Diagnostic.error(
                    "invalid timestamp: \(error.message)",
                    at: SourceLocation(file: file, line: number, column: Column.of(byteOffset: error.offset, in: line)))
            }
            let message = UnsafeBufferPointer(rebasing: line[parsed.messageOffset...])
            try take(ChangeLine.parse(message), entry: LogEntry(parsed), into: &sink) { offset in
                SourceLocation(
                    file: file, line: number, column: Column.of(byteOffset: parsed.messageOffset + offset, in: line))
            }
        }
    }

    private mutating func readJSONLines<Sink: TraceSink & ~Copyable>(
        skippingLines preambleLines: Int, into sink: inout Sink
    ) throws {
        let file = stream.name
        try LineReader(stream).forEachLine { line, number in
            guard number > preambleLines, !Self.isBlank(line) else { return }
            let locate = { (offset: Int) in
                SourceLocation(file: file, line: number, column: Column.of(byteOffset: offset, in: line))
            }
            let value: JSONValue
            do throws(JSONParser.SyntaxError) {
                value = try JSONParser.parse(line)
            } catch {
                throw Diagnostic.error("not JSON: \(error.message)", at: locate(error.offset))
            }
            try take(try JSONLogEntry(value, locate: locate), locate: locate, into: &sink)
        }
    }

    private mutating func readJSONArray<Sink: TraceSink & ~Copyable>(
        preamble: ChangeLogLayout.Preamble, into sink: inout Sink
    ) throws(Diagnostic) {
        let file = stream.name
        try JSONArrayReader(stream: stream, preamble: preamble).forEachElement { (element, start) throws(Diagnostic) in
            let locate = { (offset: Int) in start.advanced(by: offset, in: element).location(in: file) }
            let value: JSONValue
            do throws(JSONParser.SyntaxError) {
                value = try JSONParser.parse(element)
            } catch {
                throw .error("not JSON: \(error.message)", at: locate(error.offset))
            }
            try take(try JSONLogEntry(value, locate: locate), locate: locate, into: &sink)
        }
    }

    // MARK: Messages

    private mutating func take<Sink: TraceSink & ~Copyable>(
        _ json: JSONLogEntry, locate: (Int) -> SourceLocation, into sink: inout Sink
    ) throws(Diagnostic) {
        records += 1
        guard let message = json.message else {
            skipped += 1
            return
        }
        // Offsets inside an escaped JSON string do not map to columns, so
        // problems with the message point at its start.
        try take(ChangeLine.parse(message), entry: json.entry, into: &sink) { _ in locate(json.messageOffset) }
    }

    /// A log names no app, so the graph is titled by the process of its first
    /// change line, else by the file's name (standard input stays untitled).
    private func titled(_ header: TraceHeader, by entry: LogEntry) -> TraceHeader {
        var header = header
        if header.app == nil {
            header.app =
                entry.process
                ?? (stream.name == ByteStream.standardInputName
                    ? nil : stream.name.split(separator: "/").last.map(String.init))
        }
        return header
    }

    /// Handles one message; `locate` turns a byte offset of the message into a location.
    private mutating func take<Sink: TraceSink & ~Copyable>(
        _ match: ChangeLine.Match, entry: LogEntry, into sink: inout Sink, locate: (Int) -> SourceLocation
    ) throws(Diagnostic) {
        if let category = entry.category, category != ChangeLogImporter.category {
            skipped += 1
            return
        }
        // In the change category every message should be a change line.
        let inChangeCategory = entry.category != nil
        switch match {
        case .line(let line):
            noteUnknownMarkers(of: line, at: locate(0))
            do {
                if !began {
                    try sink.begin(titled(header, by: entry))
                    began = true
                }
                try mapper.add(line, entry: entry, into: &sink)
            } catch let diagnostic as Diagnostic {
                throw diagnostic
            } catch {
                throw .error("\(error)", at: locate(0))
            }
        case .truncated(let offset, let certain) where certain || inChangeCategory:
            throw .error("change line cut short: expected it to end like \(Self.example)", at: locate(offset))
        case .truncated, .none:
            skipped += 1
            if inChangeCategory {
                strayMessages += 1
                if firstStrayMessage == nil { firstStrayMessage = locate(0) }
            }
        }
    }

    private mutating func noteUnknownMarkers(of line: ChangeLine, at location: SourceLocation) {
        for case .unknownMarker(let marker) in line.changes where !unknownMarkers.contains(marker) {
            if firstUnknownMarker == nil { firstUnknownMarker = location }
            if unknownMarkers.count < Self.listedMarkers { unknownMarkers.append(marker) }
        }
    }

    // MARK: End of file

    /// Ends the document, or reports why there is none; `units` names what was read, singular and plural.
    private mutating func finish<Sink: TraceSink & ~Copyable>(
        counting units: (one: String, many: String), into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        let file = SourceLocation(file: stream.name)
        let unit = records == 1 ? units.one : units.many
        guard began else {
            if let firstBinary {
                throw .error(Self.binaryRefusal, at: firstBinary)
            }
            if records == 0 {
                throw .error(
                    "empty file: expected `_printChanges()` or `_logChanges()` output such as \(Self.example)",
                    at: SourceLocation(file: stream.name, line: 1))
            }
            throw .error(
                "no `_printChanges()` or `_logChanges()` change lines among \(records) \(unit); expected lines such as \(Self.example)",
                at: file)
        }
        do {
            try mapper.finish(into: &sink)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw .error("\(error)", at: file)
        }
        if skipped > 0 {
            diagnostics.note(
                "skipped \(CountText.format(skipped)) of \(CountText.format(records)) \(unit) that are not change lines",
                at: file)
        }
        if mapper.unchanged > 0 {
            diagnostics.note(
                "\(CountText.format(mapper.unchanged)) of \(CountText.format(mapper.bodies)) body evaluations ran with no recorded change (`unchanged.`)",
                at: file)
        }
        if let firstBinary {
            diagnostics.warn(
                "skipped \(binaryLines) \(binaryLines == 1 ? "line" : "lines") of binary data, the first here",
                at: firstBinary)
        }
        if let firstStrayMessage {
            diagnostics.warn(
                "skipped \(strayMessages) \(strayMessages == 1 ? "message" : "messages") of category “\(ChangeLogImporter.category)” that \(strayMessages == 1 ? "is not a change line" : "are not change lines"), the first here",
                at: firstStrayMessage)
        }
        if let firstUnknownMarker {
            diagnostics.warn(
                "unknown change \(unknownMarkers.count == 1 ? "marker" : "markers") \(unknownMarkers.joined(separator: ", ")) read as unnamed fields, the first here",
                at: firstUnknownMarker)
        }
    }

    // MARK: Bytes

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
