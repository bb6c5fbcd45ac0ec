/// Reads one input format into a ``TraceSink``.
///
/// Each format has one importer. ``TraceInput`` picks it by content (or by
/// the user's `--input-format`) and hands it every file of that format at
/// once, so formats that join several files (Instruments tables) can.
package protocol TraceImporter {
    /// Whether the first bytes of a file look like this format.
    static func looksLikeFormat(_ prefix: [UInt8]) -> Bool

    /// Reads the files into the sink; warnings and notes go to `diagnostics`.
    static func read<Sink: TraceSink & ~Copyable>(
        _ streams: [ByteStream], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic)
}
