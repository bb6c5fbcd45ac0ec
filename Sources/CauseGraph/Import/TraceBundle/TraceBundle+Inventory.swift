import Foundation

/// What a `.trace` bundle holds, for `doctor`: its table of contents and
/// every table's row count, each table exported by xctrace and counted as
/// it streams (``TableRowCounter``), never kept. The counts are kept in the
/// cache, so asking again exports nothing.
extension TraceBundle {
    /// One table of a run and its rows.
    struct TableRows: Equatable, Codable {
        var schema: String
        /// `nil` when the export held no table (a non-matching xpath), or failed.
        var rows: Int?
        /// Why the table's export failed, when it did: one table that xctrace
        /// cannot export, or exports cut short, is a finding about that table,
        /// and the others are still counted.
        var failure: String?
    }

    /// A bundle's table of contents and the rows of every table of every run.
    struct Inventory: Equatable {
        var contents: TableOfContents
        /// Each run's tables, in the order of `contents.runs`.
        var rows: [[TableRows]]
    }

    /// What the cache keeps of an inventory: xctrace's table of contents as
    /// it came, and the counts.
    private struct StoredInventory: Codable {
        var tableOfContents: Data
        var rows: [[TableRows]]
    }

    /// The bundle's inventory: from `cache` when an earlier count of the
    /// same bundle is kept there, else through xctrace (keeping it there).
    static func inventory(of path: String, cache: TraceCache?, diagnostics: inout Diagnostics) throws(Diagnostic)
        -> Inventory
    {
        let key = cache.flatMap { _ in
            CacheKey.bundle(path, exporter: Xctrace.locate()?.command[0], settings: ImportSettings(), kind: "inventory")
        }
        if let cache, let key, let bytes = cache.document(key, diagnostics: &diagnostics),
            let stored = try? JSONDecoder().decode(StoredInventory.self, from: Data(bytes)),
            let contents = try? TableOfContents.parse([UInt8](stored.tableOfContents), name: path),
            stored.rows.count == contents.runs.count
        {
            return Inventory(contents: contents, rows: stored.rows)
        }
        let listing = try tableOfContentsListing(of: path)
        let contents = try TableOfContents.parse(listing, name: path)
        var rows: [[TableRows]] = []
        for run in contents.runs { rows.append(try tableRows(of: path, run: run)) }
        // A failed export may be a passing one (a stall, a busy machine): only a whole count is kept.
        if let cache, let key, !rows.joined().contains(where: { $0.failure != nil }) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            if let document = try? encoder.encode(StoredInventory(tableOfContents: Data(listing), rows: rows)) {
                cache.keep([UInt8](document), for: key, diagnostics: &diagnostics)
            }
        }
        return Inventory(contents: contents, rows: rows)
    }

    /// The message of a machine without xctrace, which alone reads a bundle.
    static let needsXctrace =
        "reading a .trace bundle needs Xcode's xctrace, found on macOS only (or name one with \(Xctrace.environmentVariable))"

    /// xctrace's table of contents of the bundle, as it prints it.
    private static func tableOfContentsListing(of path: String) throws(Diagnostic) -> [UInt8] {
        guard var xctrace = Xctrace.locate() else { throw .error(needsXctrace, at: SourceLocation(file: path)) }
        xctrace.stallLimit = try Xctrace.stallLimit()
        return try xctrace.output(["export", "--input", path, "--toc"], name: path)
    }

    /// Every table of `run`, in table-of-contents order, with its rows.
    private static func tableRows(of path: String, run: TableOfContents.Run) throws(Diagnostic) -> [TableRows] {
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
            do {
                let export = try xctrace.start(["export", "--input", path, "--xpath", xpath], name: name)
                var counter = TableRowCounter()
                while let chunk = try export.stream.nextChunk() { try counter.count(chunk, name: name) }
                try counter.finish(name: name)
                try export.finish()
                let rows = counter.tables.isEmpty ? nil : counter.tables.map(\.rows).reduce(0, +)
                counts.append(TableRows(schema: schema, rows: rows))
            } catch {
                counts.append(TableRows(schema: schema, rows: nil, failure: error.message))
            }
        }
        return counts
    }
}
