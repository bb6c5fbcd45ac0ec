/// Writes a copy of traces that is safe to share: in causegraph's native
/// format (see ``RedactingSink``), or, for an `xctrace export` document or
/// a change log, in the input's own format. Either way the names are
/// learned from every input first, so one name has one pseudonym in all.
package enum TraceRedaction {
    /// Reads `paths` twice (to learn the app's names, then to rewrite) and
    /// writes the redacted trace to `output`; returns the pseudonyms, for a
    /// map its owner keeps. Standard input cannot be read twice.
    package static func redact(
        paths: [String], settings: ImportSettings = ImportSettings(), salt: String? = nil, to output: OutputFile,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> Pseudonyms {
        let pseudonyms = try learnNames(paths: paths, settings: settings, salt: salt)
        try redact(paths: paths, settings: settings, pseudonyms: pseudonyms, to: output, diagnostics: &diagnostics)
        return pseudonyms
    }

    /// Reads `paths` into one redacted native trace written to `output`, with
    /// names learned by ``learnNames(paths:settings:salt:)``.
    package static func redact(
        paths: [String], settings: ImportSettings = ImportSettings(), pseudonyms: Pseudonyms, to output: OutputFile,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        var sink = RedactingSink(NativeTraceWriter(output: output), pseudonyms: pseudonyms)
        try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
    }

    /// The first pass: the app's names in every input, through the importer
    /// (titles, modules, properties, backtraces) and, for exports and change
    /// logs, in what the importer leaves (processes, binaries, paths, tables
    /// it does not read).
    package static func learnNames(
        paths: [String], settings: ImportSettings = ImportSettings(), salt: String? = nil
    ) throws(Diagnostic) -> Pseudonyms {
        try TraceInput.refuseOneShot(paths, command: "redact")
        var collector = NameCollector(salt: salt)
        var scans: [ExportNameScanner] = []
        var imported: [String] = []
        for path in paths {
            guard try copyFormat(of: path, settings: settings) == .instruments else {
                imported.append(path)
                continue
            }
            // Every table is redacted, but only a document with rows of a
            // table causegraph reads can be imported (its other tables, a
            // table of contents, hold names the scan finds).
            let scan = try ExportRedaction.scan(path: path)
            if scan.hasRowsToImport { imported.append(path) }
            scans.append(scan)
        }
        if !imported.isEmpty {
            var ignored = Diagnostics()
            try TraceInput.read(paths: imported, settings: settings, into: &collector, diagnostics: &ignored)
        }
        for scan in scans { scan.finish(into: &collector) }
        for path in paths where try copyFormat(of: path, settings: settings) == .changes {
            try ChangeLogRedaction.learnNames(path: path, into: &collector)
        }
        return collector.finish()
    }

    /// The format a redacted copy of `path` keeps: an export's or a change
    /// log's; `nil` for a native trace, a folder or a `.trace` bundle, which
    /// are redacted into the native format.
    package static func copyFormat(of path: String, settings: ImportSettings = ImportSettings()) throws(Diagnostic)
        -> InputFormat?
    {
        guard path != "-", FileKind(path: path) != .directory else { return nil }
        let stream = try ByteStream(path: path)
        let prefix = try stream.prefix(InputFormat.detectionPrefixLength)
        let format = settings.format ?? InputFormat.detect(prefix)
        return format == .native ? nil : format
    }

    /// Writes the redacted copy of one export or change log to `output`, in
    /// its own format, with names learned by ``learnNames(paths:settings:salt:)``.
    package static func redactCopy(
        of path: String, format: InputFormat, pseudonyms: Pseudonyms, to output: OutputFile
    ) throws(Diagnostic) {
        switch format {
        case .instruments: try ExportRedaction.rewrite(path: path, pseudonyms: pseudonyms, to: output)
        case .changes: try ChangeLogRedaction.rewrite(path: path, pseudonyms: pseudonyms, to: output)
        case .native: throw .error("a native trace is redacted by redact(paths:)", at: SourceLocation(file: path))
        }
    }

    /// The map from each app name to its pseudonym, as JSON, in the order met.
    package static func mapJSON(_ pseudonyms: Pseudonyms) -> String {
        "{\n"
            + pseudonyms.order.map { "  \(JSONText.quoted($0)): \(JSONText.quoted(pseudonyms.mapping[$0]!))" }
            .joined(separator: ",\n") + "\n}\n"
    }
}
