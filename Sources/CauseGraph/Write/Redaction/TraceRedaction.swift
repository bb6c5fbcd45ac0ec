/// Writes a copy of traces that is safe to share, in causegraph's native
/// format (see ``RedactingSink``).
public enum TraceRedaction {
    /// Reads `paths` twice (to learn the app's names, then to rewrite) and
    /// writes the redacted trace to `output`; returns the pseudonyms, for a
    /// map its owner keeps. Standard input cannot be read twice.
    public static func redact(
        paths: [String], settings: ImportSettings = ImportSettings(), salt: String? = nil, to output: OutputFile,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> Pseudonyms {
        if paths.contains("-") {
            throw .error("redact reads its input twice: give a file, not standard input")
        }
        var collector = NameCollector(salt: salt)
        var ignored = Diagnostics()
        try TraceInput.read(paths: paths, settings: settings, into: &collector, diagnostics: &ignored)
        let pseudonyms = collector.finish()
        var sink = RedactingSink(NativeTraceWriter(output: output), pseudonyms: pseudonyms)
        try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
        return pseudonyms
    }

    /// The map from each app name to its pseudonym, as JSON, in the order met.
    public static func mapJSON(_ pseudonyms: Pseudonyms) -> String {
        "{\n"
            + pseudonyms.order.map { "  \(JSONText.quoted($0)): \(JSONText.quoted(pseudonyms.mapping[$0]!))" }
            .joined(separator: ",\n") + "\n}\n"
    }
}
