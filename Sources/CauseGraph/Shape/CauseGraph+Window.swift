extension CauseGraph {
    /// Reads the traces at `paths` and reconstructs the graph of only the
    /// events inside `window` (see ``TimeWindowFilter``).
    public static func reconstruct(
        from paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (graph: CauseGraph, window: WindowStatistics) {
        var filter = TimeWindowFilter(window: window, downstream: GraphBuilder(frameRate: settings.frameRate))
        try TraceInput.read(paths: paths, settings: settings, into: &filter, diagnostics: &diagnostics)
        return (filter.downstream.finish().notingFrameRates(in: &diagnostics), filter.statistics)
    }

    /// Like ``reconstruct(from:settings:window:diagnostics:)``, and also keeps
    /// every event inside `window` in an ``EventLog``.
    public static func reconstructWithEvents(
        from paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (graph: CauseGraph, events: EventLog, window: WindowStatistics) {
        let both = TeeSink(GraphBuilder(frameRate: settings.frameRate), EventLog(frameRate: settings.frameRate))
        var filter = TimeWindowFilter(window: window, downstream: both)
        try TraceInput.read(paths: paths, settings: settings, into: &filter, diagnostics: &diagnostics)
        return (
            filter.downstream.first.finish().notingFrameRates(in: &diagnostics), filter.downstream.second,
            filter.statistics
        )
    }
}
