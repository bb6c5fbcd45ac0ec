extension TraceTimeline {
    /// Reads the traces at `paths`, only the events inside `window` when one
    /// is given (see `TimeWindowFilter`), and lays out their timeline.
    ///
    /// - Throws: a ``Diagnostic`` for bad input, or naming the window when
    ///   it keeps no event of the traces: an empty timeline would look like a
    ///   trace with nothing in it.
    package static func read(
        from paths: [String], settings: ImportSettings = ImportSettings(), window: TimeWindow? = nil,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (timeline: TraceTimeline, window: WindowStatistics?) {
        var recorder = TimelineRecorder(frameRate: settings.frameRate)
        let filtered = try TracePipeline(settings: settings, window: window)
            .read(paths, into: &recorder, diagnostics: &diagnostics)
        if let window, filtered.window?.heldNothing == true {
            throw .error(
                ShapingFormatter.message(
                    .removedEverything(.window(window), reason: .noEventInWindow), spelling: settings.spelling))
        }
        return (TraceTimeline(recorder), filtered.window)
    }
}
