extension TraceInput {
    /// Converts the traces at `paths` to a native JSON Lines trace in
    /// `output`, reading on this thread while a `PipelinedTraceWriter`
    /// writes on another; the caller commits `output` afterwards. With a
    /// `window`, only what `TimeWindowFilter` keeps of it is written, and
    /// what it left out is returned.
    ///
    /// - Throws: the write failure when writing failed, even when it surfaced
    ///   as an import error: a failed write stops the import at whichever
    ///   record was being read at the time, and only the writer's diagnostic
    ///   names the output.
    package static func convert(
        paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow? = nil,
        to output: OutputFile, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> WindowStatistics? {
        var writer = PipelinedTraceWriter(output: output)
        let statistics: WindowStatistics?
        do {
            statistics = try TracePipeline(settings: settings, window: window).read(
                paths, into: &writer, diagnostics: &diagnostics
            ).window
        } catch {
            if let failure = writer.failure { throw failure }
            throw error
        }
        try writer.finish()
        return statistics
    }
}
