/// Redacts an `xctrace export` document in place of its format: every
/// table, every value, with the app's names replaced in the first
/// occurrence of each interned value (`<string id="5" fmt="…">`) so that
/// every later `<string ref="5"/>` still points at it. Comments are left
/// out: they mean nothing to a reader, and their prose can name anything.
/// Everything else (the schema, ids, refs, numbers, times, markup) is
/// copied byte for byte.
///
/// Both passes stream: memory grows with the distinct frames, binaries
/// and paths met, never with the rows.
enum ExportRedaction {
    /// The first pass's part that the importer cannot do: names only the
    /// document shows (processes, the app's binaries and their frames,
    /// paths), from every table, read or not.
    /// The scan of the whole document, which ``ExportNameScanner/finish(into:)``
    /// turns into names once the importer has learned its own.
    static func scan(path: String) throws(Diagnostic) -> ExportNameScanner {
        var scanner = ExportNameScanner()
        try stream(path: path, handler: &scanner) { _, _, _ in }
        return scanner
    }

    /// Writes the redacted copy of `path` to `output`.
    static func rewrite(path: String, pseudonyms: Pseudonyms, to output: OutputFile) throws(Diagnostic) {
        var rewriter = ExportRewriter(pseudonyms: pseudonyms)
        try stream(path: path, handler: &rewriter) { (rewriter, bytes, consumed) throws(Diagnostic) in
            rewriter.copy(bytes, upTo: consumed)
            if rewriter.pending.count >= 1 << 20 { try rewriter.flush(to: output) }
        }
        try rewriter.flush(to: output)
    }

    /// Feeds the file to `handler` chunk by chunk; `consumed` is told how far
    /// each buffer was tokenized, before the rest is carried to the next.
    private static func stream<Handler: XMLTokenHandler>(
        path: String, handler: inout Handler,
        consumed: (inout Handler, UnsafeBufferPointer<UInt8>, Int) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        let input = try ByteStream(path: path)
        var tokenizer = XMLTokenizer()
        var positions = StreamPositions()
        var carry: [UInt8] = []
        var base = 0
        // How many bytes of `carry` were checked to be XML's characters.
        var checked = 0
        var finished = false
        while !finished {
            let chunk = try input.nextChunk()
            finished = chunk == nil
            let buffer = carry + (chunk ?? [])
            let result: Result<Int, XMLReadFailure> = buffer.withUnsafeBufferPointer { bytes in
                // As the importer reads an export: a copy to share holds no character it would refuse.
                let end = finished ? bytes.count : InstrumentsImporter.completeSequencesEnd(bytes)
                if end > checked,
                    let fault = UTF8Check.firstXMLFault(in: UnsafeBufferPointer(rebasing: bytes[checked..<end]))
                {
                    return .failure(.at(offset: base + checked + fault.offset, message: fault.message))
                }
                checked = max(checked, end)
                do throws(XMLReadFailure) {
                    return .success(
                        try tokenizer.parse(
                            UnsafeBufferPointer(rebasing: bytes[0..<end]), base: base, isFinal: finished,
                            handler: &handler))
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let count):
                try buffer.withUnsafeBufferPointer { (bytes) throws(Diagnostic) in
                    try consumed(&handler, bytes, count)
                    positions.discard(count, of: bytes)
                }
                carry = Array(buffer[count...])
                base += count
                checked -= count
            case .failure(.diagnostic(let diagnostic)):
                throw diagnostic
            case .failure(.at(let offset, let message)):
                let position = buffer.withUnsafeBufferPointer { positions.position(ofOffset: offset, in: $0) }
                throw Diagnostic.error(
                    message, at: SourceLocation(file: path, line: position.line, column: position.column))
            }
        }
    }

    /// Decodes the raw (still escaped) value `range` of `bytes`.
    static func decoded(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
        -> String
    {
        var text: [UInt8] = []
        try XMLReferences.decode(range, of: bytes, base: base, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The name of the element `tag` opens.
    static func name(of tag: XMLStartTag, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[tag.name]), as: UTF8.self)
    }
}

/// The first pass over an export: the processes of the SwiftUI tables, the
/// binaries and the frames in each, and the paths.
struct ExportNameScanner: XMLTokenHandler {
    private var depth = 0
    /// The depth of the `<schema>` being read, whose words are the table's, not the app's.
    private var schemaDepth: Int?
    private var tableIsSwiftUI = false
    private var tableIsRead = false
    /// Whether a table causegraph reads has a row: else the importer, which
    /// refuses such a document, is not asked for its names.
    private(set) var hasRowsToImport = false
    /// The element whose text is a path (`<path>`, `<file-path>`) at this depth.
    private var pathDepth: Int?
    /// The frame being read (its name, its depth) until its binary is met.
    private var openFrame: (name: String, depth: Int)?
    /// Each binary by its id: name and path.
    private var binaries: [String: (name: String, path: String?)] = [:]
    /// Each frame met with the name of its binary, distinct, in the order met.
    private var frames: [(frame: String, binary: String)] = []
    private var seenFrames: Set<String> = []
    private var binaryPaths: [String: String] = [:]
    private var swiftUIProcesses: [String] = []
    private var otherProcesses: [String] = []
    private var seenProcesses: Set<String> = []
    private var paths: [String] = []
    private var seenPaths: Set<String> = []

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    {
        depth += 1
        try element(tag, bytes: bytes, base: base)
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        if depth == schemaDepth { schemaDepth = nil }
        if depth == pathDepth { pathDepth = nil }
        if let frame = openFrame, frame.depth == depth { openFrame = nil }
        depth -= 1
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        guard pathDepth != nil, schemaDepth == nil else { return }
        note(path: try ExportRedaction.decoded(range, of: bytes, base: base))
    }

    private mutating func element(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure)
    {
        guard schemaDepth == nil, tag.ref == nil || bytes[tag.name].elementsEqual("binary".utf8) else { return }
        let name = ExportRedaction.name(of: tag, in: bytes)
        func attribute(_ range: Range<Int>?) throws(XMLReadFailure) -> String? {
            guard let range else { return nil }
            return try ExportRedaction.decoded(range, of: bytes, base: base)
        }
        if let path = try attribute(tag.pathAttribute) { note(path: path) }
        switch name {
        case "schema":
            schemaDepth = depth
            let table = try attribute(tag.nameAttribute)?.lowercased() ?? ""
            tableIsSwiftUI = table.hasPrefix("swiftui") || table == "hitches"
            tableIsRead = InstrumentsTable.readOrder.contains(try attribute(tag.nameAttribute) ?? "")
        case "row":
            if tableIsRead { hasRowsToImport = true }
        case "path", "file-path":
            pathDepth = depth
        case "process":
            guard let title = try attribute(tag.fmt) else { return }
            let process = Self.processName(title)
            guard seenProcesses.insert(process).inserted || tableIsSwiftUI else { return }
            if tableIsSwiftUI {
                if !swiftUIProcesses.contains(process) { swiftUIProcesses.append(process) }
            } else {
                otherProcesses.append(process)
            }
        case "frame":
            if let frame = try attribute(tag.nameAttribute), !tag.isSelfClosing { openFrame = (frame, depth) }
        case "binary":
            let id = try attribute(tag.id)
            if let id, let binaryName = try attribute(tag.nameAttribute) {
                binaries[id] = (binaryName, try attribute(tag.pathAttribute))
            }
            let ref = try attribute(tag.ref)
            guard let frame = openFrame, let key = id ?? ref, let binary = binaries[key] else {
                return
            }
            if let path = binary.path { binaryPaths[binary.name] = path }
            if seenFrames.insert(frame.name + "\u{0}" + binary.name).inserted {
                frames.append((frame.name, binary.name))
            }
        default:
            break
        }
    }

    private mutating func note(path: String) {
        if Pseudonyms.isAppPath(path), seenPaths.insert(path).inserted { paths.append(path) }
    }

    /// `Landmarks (4242)` names the process `Landmarks`.
    static func processName(_ title: String) -> String {
        guard title.hasSuffix(")"), let open = title.lastIndex(of: "("),
            title[title.index(after: open)..<title.index(before: title.endIndex)].allSatisfy(\.isNumber)
        else { return title }
        return String(title[..<open]).trimmingSuffixSpaces()
    }

    /// A binary's name without its suffixes: `PromptManager.debug.dylib` is `PromptManager`.
    static func baseName(_ binary: String) -> String {
        String(binary.prefix { $0 != "." })
    }

    /// Claims what was learned: the SwiftUI tables' processes are the app;
    /// a binary is the app's when it lies outside the system's folders or
    /// is named as an app process; its frames are the app's code.
    func finish(into collector: inout NameCollector) {
        for process in swiftUIProcesses { collector.claimApp(process) }
        let appProcesses = Set(swiftUIProcesses)
        var appBinaries: Set<String> = []
        for (_, binary) in frames where !appBinaries.contains(binary) {
            let isApp =
                binaryPaths[binary].map(Pseudonyms.isAppPath) == true
                || appProcesses.contains(Self.baseName(binary)) || collector.isAppName(Self.baseName(binary))
            if isApp { appBinaries.insert(binary) }
        }
        for binary in appBinaries.sorted() { collector.claimApp(Self.baseName(binary)) }
        let appBinaryNames = Set(appBinaries.map(Self.baseName))
        for process in otherProcesses where appBinaryNames.contains(process) { collector.claimApp(process) }
        // A type whose own code is in a system binary (PDFKit's `PDFDocument`)
        // is the system's, even where the app's code calls it.
        var systemOwners: Set<String> = []
        for (frame, binary) in frames where !appBinaries.contains(binary) {
            if let owner = Pseudonyms.identifiers(frame).first(where: { $0.first?.isUppercase == true }) {
                systemOwners.insert(owner)
            }
        }
        for (frame, binary) in frames where appBinaries.contains(binary) {
            collector.claimAppFrame(frame, except: systemOwners)
        }
        for path in paths { collector.claimPath(path) }
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The second pass over an export: copies every byte, but for the values
/// (text, `fmt`, `name` and `path` attributes) that hold an app name,
/// which it writes renamed. The schema is copied as it is.
struct ExportRewriter: XMLTokenHandler {
    let pseudonyms: Pseudonyms
    /// Bytes ready to write.
    private(set) var pending: [UInt8] = []
    /// How much of the current buffer is already in `pending`.
    private var copied = 0
    private var depth = 0
    private var schemaDepth: Int?

    init(pseudonyms: Pseudonyms) {
        self.pseudonyms = pseudonyms
    }

    mutating func startElement(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
    {
        depth += 1
        try element(tag, bytes: bytes, base: base)
    }

    mutating func endElement(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        if depth == schemaDepth { schemaDepth = nil }
        depth -= 1
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        guard schemaDepth == nil, number == nil else { return }
        try rewrite(range, isAttribute: false, bytes: bytes, base: base)
    }

    private mutating func element(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure)
    {
        guard schemaDepth == nil, tag.ref == nil else { return }
        if bytes[tag.name].elementsEqual("schema".utf8) {
            schemaDepth = depth
            return
        }
        // Written in the order they stand in the tag.
        let values = [tag.fmt, tag.nameAttribute, tag.pathAttribute].compactMap { $0 }.sorted {
            $0.lowerBound < $1.lowerBound
        }
        for value in values { try rewrite(value, isAttribute: true, bytes: bytes, base: base) }
    }

    private mutating func rewrite(
        _ range: Range<Int>, isAttribute: Bool, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        // Most values are times, counts and addresses: no letter, no name.
        guard bytes[range].contains(where: Self.mayStartName) else { return }
        let value = try ExportRedaction.decoded(range, of: bytes, base: base)
        let renamed = pseudonyms.replacingAppNames(in: value)
        guard renamed != value else { return }
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
        for byte in renamed.utf8 {
            switch byte {
            case UInt8(ascii: "&"): pending.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): pending.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): pending.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where isAttribute: pending.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'") where isAttribute: pending.append(contentsOf: "&apos;".utf8)
            default: pending.append(byte)
            }
        }
        copied = range.upperBound
    }

    mutating func comment(_ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
        copied = range.upperBound
    }

    /// Whether `byte` can be part of a name: a letter, `_`, or a byte of a non-ASCII character.
    private static func mayStartName(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    /// Takes the rest of the buffer's tokenized part; the next buffer starts where it ends.
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>, upTo consumed: Int) {
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<consumed]))
        copied = 0
    }

    mutating func flush(to output: OutputFile) throws(Diagnostic) {
        try output.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
