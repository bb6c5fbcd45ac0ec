/// A file people give causegraph by mistake, named from its first bytes so
/// the error (or a folder's note) says what it is and what to give
/// instead: an `xctrace export --toc` table of contents, causegraph's own
/// outputs (the graph as JSON or DOT, the timeline JSON, the HTML report)
/// and images.
///
/// It is looked for before the trace formats: causegraph's timeline JSON
/// names causegraph on its first line, as a native trace's header does.
enum NotATrace: Equatable {
    /// `xctrace export --input X.trace --toc`: the tables a recording holds, not their rows.
    case tableOfContents
    /// `causegraph render --format json`.
    case graphJSON
    /// `causegraph render --format dot`, or any Graphviz graph.
    case dot
    /// A trace-event JSON timeline; `causegraph timeline` when `byCausegraph`.
    case timelineJSON(byCausegraph: Bool)
    /// An HTML page; `causegraph report` when `byCausegraph`.
    case html(byCausegraph: Bool)
    /// An image or a PDF, by its format's name ("PNG", "SVG").
    case image(String)

    /// What the first bytes of a file show it is, or `nil` when they show none of these.
    static func identify(_ prefix: [UInt8]) -> NotATrace? {
        for (magic, name) in imageSignatures where prefix.starts(with: magic) { return .image(name) }
        if prefix.count >= 12, prefix.starts(with: Array("RIFF".utf8)), prefix[8..<12].elementsEqual("WEBP".utf8) {
            return .image("WebP")
        }
        let text = String(decoding: prefix.prefix(InputFormat.detectionPrefixLength), as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") { return json(start.dropFirst()) }
        if start.hasPrefix("digraph") || start.hasPrefix("strict digraph") { return .dot }
        guard start.hasPrefix("<") else { return nil }
        switch InstrumentsImporter.firstElementName(prefix)?.lowercased() {
        case "trace-toc": return .tableOfContents
        case "svg": return .image("SVG")
        case "html": return .html(byCausegraph: text.contains("causegraph"))
        default:
            return start.lowercased().hasPrefix("<!doctype html")
                ? .html(byCausegraph: text.contains("causegraph")) : nil
        }
    }

    /// The graph JSON opens with its `"causegraph"` key on a line of its
    /// own, where a native trace's header is one line; a timeline holds
    /// `traceEvents`.
    private static func json(_ afterBrace: Substring) -> NotATrace? {
        let firstLine = afterBrace.prefix { $0 != "\n" }
        let rest = afterBrace.drop { $0.isWhitespace }
        if firstLine.allSatisfy(\.isWhitespace), rest.hasPrefix("\"causegraph\"") { return .graphJSON }
        if rest.hasPrefix("\"displayTimeUnit\"") || rest.hasPrefix("\"traceEvents\"") {
            return .timelineJSON(byCausegraph: afterBrace.contains("\"generator\": \"causegraph\""))
        }
        return nil
    }

    private static let imageSignatures: [([UInt8], String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG"),
        ([0xFF, 0xD8, 0xFF], "JPEG"),
        (Array("GIF87a".utf8), "GIF"),
        (Array("GIF89a".utf8), "GIF"),
        (Array("%PDF-".utf8), "PDF"),
    ]

    /// What the file is, for a note listing files a folder set aside.
    var name: String {
        switch self {
        case .tableOfContents: "an xctrace table of contents"
        case .graphJSON: "causegraph's graph JSON"
        case .dot: "a Graphviz DOT graph"
        case .timelineJSON(let ours): ours ? "causegraph's timeline JSON" : "a trace-event JSON timeline"
        case .html(let ours): ours ? "causegraph's HTML report" : "an HTML page"
        case .image("PDF"): "a PDF document"
        case .image("SVG"): "an SVG image"
        case .image(let format): "a \(format) image"
        }
    }

    /// The error for a file named as a trace: what it is and what to give
    /// instead. For a table of contents read whole, `contents` chooses the
    /// export commands it suggests.
    func message(contents: TableOfContents? = nil) -> String {
        switch self {
        case .tableOfContents:
            return
                "an xctrace table of contents (xctrace export --toc), which lists tables but holds none of their rows: "
                + "pass the .trace, or export its tables with: " + Self.exportAdvice(contents)
        case .graphJSON:
            return "causegraph's graph JSON (render --format json), not a trace: pass the trace it was made from"
        case .dot:
            return "a Graphviz DOT graph (render --format dot), not a trace: pass the trace it was made from"
        case .timelineJSON(let ours):
            return ours
                ? "causegraph's timeline JSON (causegraph timeline), not a trace: pass the trace it was made from"
                : "a trace-event JSON timeline, not a SwiftUI trace: pass the recording it was made from"
        case .html(let ours):
            return ours
                ? "causegraph's HTML report (causegraph report), not a trace: pass the trace it was made from"
                : "an HTML page, not a trace"
        case .image:
            return "\(name), not a trace: pass the recording it shows (a .trace, an xctrace export, a change log)"
        }
    }

    /// The command that exports the most telling table causegraph reads
    /// that the first run listing one holds (causes, else updates), with the
    /// very xpath a `.trace` is read by; the others are named after it.
    private static func exportAdvice(_ contents: TableOfContents?) -> String {
        let runs = contents?.runs ?? []
        let run = runs.first { !TraceBundle.tablesToExport($0).isEmpty } ?? runs.first
        let tables = run.map(TraceBundle.tablesToExport) ?? []
        let rank = { (table: TraceBundle.Table) -> Int in
            if InstrumentsTable.causeSchemas.contains(table.schema) { return 0 }
            return InstrumentsTable.updateSchemas.contains(table.schema) ? 1 : 2
        }
        let first =
            tables.min { rank($0) < rank($1) }
            ?? TraceBundle.Table(
                schema: "swiftui-causes",
                xpath: "/trace-toc/run[@number=\"\(run?.number ?? 1)\"]/data/table[@schema=\"swiftui-causes\"]")
        let schema = VisibleText.singleLine(first.schema)
        let command =
            "xcrun xctrace export --input App.trace --xpath '\(VisibleText.singleLine(first.xpath))' --output \(schema).xml"
        var others: [String] = []
        for table in tables where table.schema != first.schema && !others.contains(table.schema) {
            others.append(table.schema)
        }
        let more =
            others.isEmpty ? "" : " (and the same for \(others.map(VisibleText.singleLine).joined(separator: ", ")))"
        let swiftUI = tables.contains { rank($0) < 2 }
        let record =
            contents == nil || swiftUI
            ? ""
            : "; it lists no SwiftUI table: record with the SwiftUI template (xcrun xctrace record --template SwiftUI)"
        return command + more + record
    }
}
