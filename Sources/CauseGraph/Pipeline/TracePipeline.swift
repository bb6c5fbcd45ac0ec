/// The pipeline's front half in one call: reads traces through a time window
/// and one interaction, when given, and reconstructs their cause graph.
///
/// Every command starts here; what differs between them is what they do with
/// the ``Reading``: shape and draw it, ask why, summarise, compare.
public struct TracePipeline {
    /// How to read the traces: format, frame rate, classification rules, run.
    public var settings: ImportSettings
    /// Only events in this time range (see `TimeWindowFilter`).
    public var window: TimeWindow?
    /// Only the events one interaction took part in (see `InteractionRecorder`).
    public var interaction: Interaction?
    /// The span within which a node's events count towards its densest burst.
    public var burstWindow: Nanoseconds

    /// A pipeline reading every event, unless a window or an interaction is given.
    public init(
        settings: ImportSettings = ImportSettings(), window: TimeWindow? = nil, interaction: Interaction? = nil,
        burstWindow: Nanoseconds = GraphBuilder.defaultBurstWindow
    ) {
        self.settings = settings
        self.window = window
        self.interaction = interaction
        self.burstWindow = burstWindow
    }

    /// A pipeline reading what `shaping` keeps while importing: its window and its interaction.
    public init(settings: ImportSettings = ImportSettings(), shaping: ShapingSettings) {
        self.init(settings: settings, window: shaping.window, interaction: shaping.interaction)
    }

    /// A graph builder of this pipeline's settings.
    private func graphBuilder() -> GraphBuilder {
        var builder = GraphBuilder(frameRate: settings.frameRate, burstWindow: burstWindow)
        builder.unlinkedRunsTitle = unlinkedRunsTitle
        return builder
    }

    /// The title of the node of runs no cause link explains: under a window,
    /// a run's cause may lie outside it, its link left out with it.
    private var unlinkedRunsTitle: String {
        window == nil ? GraphBuilder.unrecordedTitle : GraphBuilder.unrecordedInWindowTitle
    }

    /// What was read: the graph, the events when kept, and what the window
    /// and the interaction left out.
    public struct Reading {
        /// The cause graph of the events read.
        public var graph: CauseEffectGraph
        /// Every event read, for questions about single updates; `nil` unless asked for.
        package var events: EventLog?
        /// What the window left out; `nil` without a window.
        package var window: WindowStatistics?
        /// What choosing the interaction left out; `nil` without one.
        package var interaction: InteractionStatistics?
    }

    /// Reads `paths` and reconstructs their graph, keeping every event in an
    /// `EventLog` too when `keepingEvents` is set, their groups named as the
    /// graph names them; warns on `diagnostics`
    /// when the traces disagree on the frame rate. Without events, a graph
    /// the cache holds for the same inputs and settings is loaded instead.
    public func reconstruct(_ paths: [String], keepingEvents: Bool = false, diagnostics: inout Diagnostics)
        throws(Diagnostic) -> Reading
    {
        guard keepingEvents else {
            if let cached = try reconstructThroughGraphCache(paths, diagnostics: &diagnostics) {
                return cached.reading
            }
            var builder = graphBuilder()
            let filtered = try read(paths, into: &builder, diagnostics: &diagnostics)
            return Reading(
                graph: (consume builder).finish().notingFrameRates(in: &diagnostics, spelling: settings.spelling),
                events: nil,
                window: filtered.window, interaction: filtered.interaction)
        }
        var events = EventLog(frameRate: settings.frameRate)
        var reading = try reconstruct(paths, alongside: &events, diagnostics: &diagnostics)
        events.numberGroups()
        reading.events = events
        return reading
    }

    /// Reads `paths` and reconstructs their graph while `companion` is handed
    /// the same records (a tally, a meter), so the traces are read once.
    public func reconstruct<Companion: TraceSink>(
        _ paths: [String], alongside companion: inout Companion, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> Reading {
        var sink = TeeSink(graphBuilder(), companion)
        let filtered = try read(paths, into: &sink, diagnostics: &diagnostics)
        let (builder, read) = (consume sink).split()
        companion = read
        return Reading(
            graph: (consume builder).finish().notingFrameRates(in: &diagnostics, spelling: settings.spelling),
            events: nil,
            window: filtered.window, interaction: filtered.interaction)
    }

    /// Reads `paths` and reconstructs their graph, with the interactions
    /// that cost the most body time (``InteractionTally``), from the cache
    /// when it holds them.
    package func reconstructRankingInteractions(_ paths: [String], diagnostics: inout Diagnostics)
        throws(Diagnostic) -> (reading: Reading, interactions: [RankedInteraction])
    {
        if let cached = try reconstructThroughGraphCache(paths, diagnostics: &diagnostics) { return cached }
        let (builder, interactions, filtered) = try readRankingInteractions(paths, diagnostics: &diagnostics)
        let reading = Reading(
            graph: (consume builder).finish().notingFrameRates(in: &diagnostics, spelling: settings.spelling),
            events: nil,
            window: filtered.window, interaction: filtered.interaction)
        return (reading, interactions)
    }

    /// Reads `paths` into a graph builder and an ``InteractionTally`` at
    /// once, and ranks the interactions as soon as reading ends: the tally,
    /// which holds an entry per event, is gone before the graph is built.
    func readRankingInteractions(_ paths: [String], diagnostics: inout Diagnostics) throws(Diagnostic) -> (
        builder: GraphBuilder, interactions: [RankedInteraction],
        filtered: (window: WindowStatistics?, interaction: InteractionStatistics?)
    ) {
        var sink = TeeSink(graphBuilder(), InteractionTally())
        let filtered = try read(paths, into: &sink, diagnostics: &diagnostics)
        let (builder, tally) = (consume sink).split()
        return (builder, tally.ranked, filtered)
    }

    /// Reads `paths` for a report page in one pass: the graph, and of the
    /// events only what the page shows (each node's first updates, the long
    /// ones for the timeline), so that memory grows with nodes, not rows.
    package func reconstructForReport(_ paths: [String], diagnostics: inout Diagnostics) throws(Diagnostic) -> (
        reading: Reading, events: ReportEvents
    ) {
        var recorder = ReportRecorder(
            frameRate: settings.frameRate, burstWindow: burstWindow, unlinkedRunsTitle: unlinkedRunsTitle)
        let filtered = try read(paths, into: &recorder, diagnostics: &diagnostics)
        let (builder, events) = (consume recorder).split()
        let reading = Reading(
            graph: (consume builder).finish().notingFrameRates(in: &diagnostics, spelling: settings.spelling),
            events: nil,
            window: filtered.window, interaction: filtered.interaction)
        return (reading, events)
    }

    /// Reads `paths` into `sink` through the window and the interaction, if
    /// any; returns what each left out.
    ///
    /// - Throws: a ``Diagnostic`` for bad input, or when no event took part in the interaction.
    public func read<Sink: TraceSink & ~Copyable>(
        _ paths: [String], into sink: inout Sink, diagnostics: inout Diagnostics
    )
        throws(Diagnostic) -> (window: WindowStatistics?, interaction: InteractionStatistics?)
    {
        guard let interaction else {
            return (try readWindowed(paths, into: &sink, diagnostics: &diagnostics), nil)
        }
        var recorder = InteractionRecorder()
        let windowStatistics = try readWindowed(paths, into: &recorder, diagnostics: &diagnostics)
        do {
            return (windowStatistics, try recorder.replay(interaction, into: &sink))
        } catch let error as ShapingError {
            throw .error(ShapingFormatter.message(error, spelling: settings.spelling))
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw .error("\(error)")
        }
    }

    /// Reads `paths` into `sink` through the window, if any.
    private func readWindowed<Sink: TraceSink & ~Copyable>(
        _ paths: [String], into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> WindowStatistics? {
        guard let window else {
            try TraceInput.read(paths: paths, settings: settings, into: &sink, diagnostics: &diagnostics)
            return nil
        }
        var filter = TimeWindowFilter(window: window, downstream: sink)
        do {
            try TraceInput.read(paths: paths, settings: settings, into: &filter, diagnostics: &diagnostics)
        } catch {
            sink = filter.releasingDownstream()
            throw error
        }
        let statistics = filter.statistics
        sink = filter.releasingDownstream()
        return statistics
    }
}

extension TracePipeline.Reading {
    /// The graph read, shaped by `settings` (whose window and interaction are
    /// the pipeline's); notes on `diagnostics` what the picture leaves out,
    /// naming each filter as `spelling` does.
    ///
    /// - Throws: a ``Diagnostic`` naming the filter that removed every node.
    public func shaped(
        by settings: ShapingSettings, spelling: SettingSpelling = .neutral, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> ShapedGraph {
        let shaped: ShapedGraph
        do {
            shaped = try GraphShaper(settings: settings).shape(graph, window: window, interaction: interaction)
        } catch {
            throw .error(ShapingFormatter.message(error, spelling: spelling))
        }
        for note in ShapingFormatter.notes(shaped.report, spelling: spelling) { diagnostics.note(note) }
        return shaped
    }
}
