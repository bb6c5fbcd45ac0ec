extension TraceTimeline {
    /// Reads the traces at `paths`, only the events inside `window` when one
    /// is given (see `TimeWindowFilter`), and lays out their timeline.
    package static func read(
        from paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow? = nil,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (timeline: TraceTimeline, window: WindowStatistics?) {
        var recorder = TimelineRecorder(frameRate: settings.frameRate)
        let filtered = try TracePipeline(settings: settings, window: window)
            .read(paths, into: &recorder, diagnostics: &diagnostics)
        return (TraceTimeline(recorder), filtered.window)
    }
}
