extension TraceTimeline {
    /// Reads the traces at `paths`, only the events inside `window` when one
    /// is given (see ``TimeWindowFilter``), and lays out their timeline.
    public static func read(
        from paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow? = nil,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (timeline: TraceTimeline, window: WindowStatistics?) {
        let recorder = TimelineRecorder(frameRate: settings.frameRate)
        guard let window else {
            var sink = recorder
            try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
            return (TraceTimeline(sink), nil)
        }
        var filter = TimeWindowFilter(window: window, downstream: recorder)
        try TraceInput.read(paths: paths, settings: settings, into: &filter, diagnostics: &diagnostics)
        return (TraceTimeline(filter.downstream), filter.statistics)
    }
}
