import Foundation

/// An Instruments recording as users get it: an `App.trace` bundle, read
/// by exporting its SwiftUI tables with ``Xctrace`` straight into the
/// Instruments importer.
///
/// `xctrace export --toc` lists the runs and their tables; each table the
/// importer reads is exported once, when the importer reaches it, details
/// first and causes last. Most stream straight from xctrace's pipe. An
/// update table (or `swiftui-full-causes`) is first kept in an unlinked
/// temporary file, as standard input is: its census of refs then drops
/// the ids nothing names, so memory grows with what the rows share rather
/// than with the rows. Of the two cause tables `swiftui-causes` is exported
/// (the full variant holds the same causes); `swiftui-updates`, else every
/// listed `SwiftUIFilteredUpdates`, supplies update details.
enum TraceBundle {
    /// One table to export: its schema and the xpath that selects it.
    struct Table: Equatable {
        var schema: String
        var xpath: String
    }

    /// Reads the bundle's SwiftUI tables of one run into `sink`: from
    /// `settings.cache` when it holds what an earlier read of the same
    /// bundle gave, else through xctrace (keeping the result there).
    static func read<Sink: TraceSink & ~Copyable>(
        _ path: String, settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        guard let cache = settings.cache, let key = cacheKey(path, settings: settings) else {
            try readExporting(path, settings: settings, into: &sink, diagnostics: &diagnostics)
            return
        }
        try cache.read(
            key, into: &sink, diagnostics: &diagnostics,
            direct: { (sink, diagnostics) throws(Diagnostic) in
                try readExporting(path, settings: settings, into: &sink, diagnostics: &diagnostics)
            },
            uncached: { (sink, diagnostics) throws(Diagnostic) in
                try readExporting(path, settings: settings, into: &sink, diagnostics: &diagnostics)
            })
    }

    /// The key of the records entry reading the bundle at `path` with
    /// `settings` keeps, or `nil` when it cannot be known.
    static func cacheKey(_ path: String, settings: ImportSettings) -> CacheKey? {
        CacheKey.bundle(path, exporter: Xctrace.locate()?.command[0], settings: settings)
    }

    /// Reads the bundle's SwiftUI tables of one run into `sink`, exporting each with xctrace.
    private static func readExporting<Sink: TraceSink & ~Copyable>(
        _ path: String, settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        guard var xctrace = Xctrace.locate() else {
            let xpath = "'/trace-toc/run[@number=\"\(settings.run ?? 1)\"]/data/table[@schema=\"swiftui-causes\"]'"
            throw .error(
                "reading a .trace bundle needs Xcode's xctrace, found on macOS only (or name one with \(Xctrace.environmentVariable)); "
                    + "on the Mac run: xctrace export --input \(shellQuoted(path)) --xpath \(xpath) --output swiftui-causes.xml "
                    + "(likewise swiftui-updates, swiftui-changes, swiftui-update-groups), then give causegraph the .xml files",
                at: SourceLocation(file: path))
        }
        xctrace.stallLimit = try Xctrace.stallLimit()
        let contents = try TableOfContents.parse(
            xctrace.output(["export", "--input", path, "--toc"], name: path), name: path)
        let run = try chooseRun(contents, requested: settings.run, path: path, spelling: settings.spelling)
        let tables = tablesToExport(run)
        guard !tables.isEmpty else {
            throw .error(
                "run \(run.number) holds no SwiftUI tables; record with the SwiftUI template (xctrace record --template SwiftUI)",
                at: SourceLocation(file: path))
        }
        let sources = tables.map { table in
            exportSource(table, of: path, with: xctrace)
        }
        try InstrumentsImporter.read(
            sources, recording: path, settings: settings, into: &sink, diagnostics: &diagnostics)
    }

    /// The requested run, or the only one.
    static func chooseRun(
        _ contents: TableOfContents, requested: Int?, path: String, spelling: SettingSpelling
    ) throws(Diagnostic)
        -> TableOfContents.Run
    {
        let numbers = contents.runs.map { "\($0.number)" }.joined(separator: ", ")
        if let requested {
            guard let run = contents.runs.first(where: { $0.number == requested }) else {
                throw .error(
                    "no run \(requested) in this recording; its runs: \(numbers.isEmpty ? "none" : numbers)",
                    at: SourceLocation(file: path))
            }
            return run
        }
        guard contents.runs.count == 1 else {
            if contents.runs.isEmpty { throw .error("the recording holds no runs", at: SourceLocation(file: path)) }
            throw .error(
                "the recording holds \(contents.runs.count) runs (\(numbers)); pick one with \(spelling(.run)) N",
                at: SourceLocation(file: path))
        }
        return contents.runs[0]
    }

    /// The tables of a run causegraph reads, in the order to read them.
    static func tablesToExport(_ run: TableOfContents.Run) -> [Table] {
        func positions(_ schema: String) -> [Int] {
            run.tables.indices.filter { run.tables[$0] == schema }
        }
        func tables(_ schema: String) -> [Table] {
            let found = positions(schema)
            // A schema listed once is named; one listed several times, by position.
            return found.map { index in
                Table(
                    schema: schema,
                    xpath: "/trace-toc/run[@number=\"\(run.number)\"]/data/table"
                        + (found.count == 1 ? "[@schema=\"\(schema)\"]" : "[\(index + 1)]"))
            }
        }
        // iOS 26 devices write `hitches`, iOS 18 ones `hitches-summary`: should a run list both, one is enough.
        let hitches = tables("hitches")
        var chosen =
            (hitches.isEmpty ? tables("hitches-summary") : hitches) + tables("potential-hangs")
            + tables("swiftui-update-groups")
        let updates = tables("swiftui-updates")
        chosen += updates.isEmpty ? tables("SwiftUIFilteredUpdates") : updates
        // Xcode 27's layout table is the older one plus a column: one of them is enough.
        let layout = tables("SwiftUILayoutUpdates2")
        chosen += (layout.isEmpty ? tables("swiftui-layout-updates") : layout) + tables("swiftui-changes")
        let causes = tables("swiftui-causes")
        chosen += causes.isEmpty ? tables("swiftui-full-causes") : causes
        return chosen
    }

    /// A table's export, started when the importer first reads it; for a
    /// table worth a census, kept whole in a temporary file first.
    private static func exportSource(_ table: Table, of path: String, with xctrace: Xctrace)
        -> InstrumentsImporter.ChunkSource
    {
        let name = "\(path) (\(table.schema))"
        let arguments = ["export", "--input", path, "--xpath", table.xpath]
        var running: Xctrace.Running?
        var source = InstrumentsImporter.ChunkSource(name: name, firstSchema: table.schema) {
            () throws(Diagnostic) -> [UInt8]? in
            if running == nil { running = try xctrace.start(arguments, name: name) }
            guard let export = running else { return nil }
            if let chunk = try export.stream.nextChunk() { return chunk }
            try export.finish()
            return nil
        }
        if InstrumentsTable.censusSchemas.contains(table.schema) {
            source.openAsFile = { () throws(Diagnostic) in
                let export = try xctrace.start(arguments, name: name)
                try export.stream.spoolToTemporaryFile()
                try export.finish()
                var file = try InstrumentsImporter.ChunkSource(export.stream)
                file.firstSchema = file.firstSchema ?? table.schema
                return file
            }
        }
        return source
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
