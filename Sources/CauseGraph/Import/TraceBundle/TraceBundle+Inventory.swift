/// What a `.trace` bundle holds, for `doctor`: its table of contents and
/// every table's row count, each table exported by xctrace and counted as
/// it streams (``TableRowCounter``), never kept.
extension TraceBundle {
    /// One table of a run and its rows.
    struct TableRows: Equatable {
        var schema: String
        /// `nil` when the export held no table (a non-matching xpath).
        var rows: Int?
    }

    /// The message of a machine without xctrace, which alone reads a bundle.
    static let needsXctrace =
        "reading a .trace bundle needs Xcode's xctrace, found on macOS only (or name one with \(Xctrace.environmentVariable))"

    /// The bundle's table of contents, read through xctrace.
    static func tableOfContents(of path: String) throws(Diagnostic) -> TableOfContents {
        guard var xctrace = Xctrace.locate() else { throw .error(needsXctrace, at: SourceLocation(file: path)) }
        xctrace.stallLimit = try Xctrace.stallLimit()
        return try TableOfContents.parse(xctrace.output(["export", "--input", path, "--toc"], name: path), name: path)
    }

    /// Every table of `run`, in table-of-contents order, with its rows.
    static func tableRows(of path: String, run: TableOfContents.Run) throws(Diagnostic) -> [TableRows] {
        guard var xctrace = Xctrace.locate() else { throw .error(needsXctrace, at: SourceLocation(file: path)) }
        // A table's export that stops making progress is an error, as when reading the bundle.
        xctrace.stallLimit = try Xctrace.stallLimit()
        var counts: [TableRows] = []
        for (index, schema) in run.tables.enumerated() {
            let repeated = run.tables.filter { $0 == schema }.count > 1
            let xpath =
                "/trace-toc/run[@number=\"\(run.number)\"]/data/table"
                + (repeated ? "[\(index + 1)]" : "[@schema=\"\(schema)\"]")
            let name = "\(path) (\(schema))"
            let export = try xctrace.start(["export", "--input", path, "--xpath", xpath], name: name)
            var counter = TableRowCounter()
            while let chunk = try export.stream.nextChunk() { try counter.count(chunk, name: name) }
            try counter.finish(name: name)
            try export.finish()
            let rows = counter.tables.isEmpty ? nil : counter.tables.map(\.rows).reduce(0, +)
            counts.append(TableRows(schema: schema, rows: rows))
        }
        return counts
    }
}
