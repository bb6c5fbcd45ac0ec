extension TraceInput {
    /// Converts the traces at `paths` to a native JSON Lines trace in
    /// `output`, reading on this thread while a `PipelinedTraceWriter`
    /// writes on another; the caller commits `output` afterwards.
    ///
    /// - Throws: the write failure when writing failed, even when it surfaced
    ///   as an import error: a failed write stops the import at whichever
    ///   record was being read at the time, and only the writer's diagnostic
    ///   names the output.
    package static func convert(
        paths: [String], settings: ImportSettings = ImportSettings(), to output: OutputFile,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        var writer = PipelinedTraceWriter(output: output)
        do {
            try read(paths: paths, settings: settings, into: &writer, diagnostics: &diagnostics)
        } catch {
            if let failure = writer.failure { throw failure }
            throw error
        }
        try writer.finish()
    }
}
