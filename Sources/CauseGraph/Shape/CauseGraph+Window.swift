extension CauseGraph {
    /// Reads the traces at `paths` and reconstructs the graph of only the
    /// events inside `window` (see ``TimeWindowFilter``).
    public static func reconstruct(
        from paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (graph: CauseGraph, window: WindowStatistics) {
        var filter = TimeWindowFilter(window: window, downstream: GraphBuilder(frameRate: settings.frameRate))
        try TraceInput.read(paths: paths, settings: settings, into: &filter, diagnostics: &diagnostics)
        return (filter.downstream.finish(), filter.statistics)
    }
}
