extension CauseGraph {
    /// Reads the traces at `paths` and reconstructs their cause graph: the
    /// import and reconstruct stages of the pipeline in one call.
    ///
    /// - Parameter burstWindow: the span within which a node's events count
    ///   towards its ``Node/densestBurst``.
    public static func reconstruct(
        from paths: [String], settings: ImportSettings = ImportSettings(),
        burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> CauseGraph {
        var builder = GraphBuilder(frameRate: settings.frameRate, burstWindow: burstWindow)
        try TraceInput.read(paths: paths, settings: settings, into: &builder, diagnostics: &diagnostics)
        return builder.finish().notingFrameRates(in: &diagnostics)
    }

    /// Like ``reconstruct(from:settings:burstWindow:diagnostics:)``, and also
    /// keeps every event in an ``EventLog`` for questions about single updates.
    public static func reconstructWithEvents(
        from paths: [String], settings: ImportSettings = ImportSettings(), diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (graph: CauseGraph, events: EventLog) {
        var sink = TeeSink(GraphBuilder(frameRate: settings.frameRate), EventLog(frameRate: settings.frameRate))
        try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
        return (sink.first.finish().notingFrameRates(in: &diagnostics), sink.second)
    }

    /// Like ``reconstruct(from:settings:burstWindow:diagnostics:)``, and also
    /// keeps what a report page shows of the events (``ReportEvents``).
    public static func reconstructForReport(
        from paths: [String], settings: ImportSettings = ImportSettings(), diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> (graph: CauseGraph, events: ReportEvents) {
        var recorder = ReportRecorder(frameRate: settings.frameRate)
        try TraceInput.read(paths: paths, settings: settings, into: &recorder, diagnostics: &diagnostics)
        return (recorder.builder.finish().notingFrameRates(in: &diagnostics), recorder.events)
    }

    /// Warns when the traces read disagree on the frame rate, saying which
    /// rates apply; returns the graph unchanged.
    public func notingFrameRates(in diagnostics: inout Diagnostics) -> CauseGraph {
        if frameRates.count > 1 {
            let rates = frameRates.map { JSONText.number($0) + " Hz" }.joined(separator: ", ")
            diagnostics.warn(
                "the traces were recorded at different frame rates (\(rates)): each update is judged at its own trace's rate; --frame-rate judges them all at one"
            )
        }
        return self
    }
}
