/// The built graph kept in the cache, beside the records it was built from.
///
/// Replaying a large recording's records still costs a second or more, all
/// of it building the same graph again. So a read of inputs the records
/// cache covers keeps what it built too (``GraphDocument``), keyed by those
/// records entries and by every setting the builder and the filters before
/// it take (``CacheKey/graph(records:frameRate:burstWindow:window:interaction:executable:)``);
/// a later command with the same settings loads it and replays nothing.
/// Shaping, thresholds and formats apply afterwards, so they share it.
extension TracePipeline {
    /// The graph of `paths` and the interactions `summary` ranks in it: from
    /// the cache, or read and then kept there. `nil` when the cache does not
    /// cover every input, for the caller to read them its own way.
    ///
    /// A hit gives the diagnostics of the first read again, from the records
    /// entries' metadata, exactly as replaying those entries would; a graph
    /// entry whose records entries are gone is not used, since it could not.
    func reconstructThroughGraphCache(_ paths: [String], diagnostics: inout Diagnostics) throws(Diagnostic) -> (
        reading: Reading, interactions: [RankedInteraction]
    )? {
        guard let cache = settings.cache, let records = TraceInput.recordKeys(paths: paths, settings: settings),
            let key = CacheKey.graph(
                records: records, frameRate: settings.frameRate, burstWindow: burstWindow, window: window,
                interaction: interaction)
        else { return nil }
        if let bytes = cache.document(key, contents: .graph, diagnostics: &diagnostics) {
            do {
                let document = try GraphDocument(decoding: bytes)
                let metadata = records.compactMap(cache.metadata)
                if metadata.count == records.count {
                    for entry in metadata {
                        for diagnostic in entry.diagnostics { diagnostics.append(diagnostic) }
                        diagnostics.recordUnclassified(entry.unclassifiedTitles)
                    }
                    return (reading(document, diagnostics: &diagnostics), document.interactions)
                }
            } catch {
                cache.noteDamage(error.problem, of: key, diagnostics: &diagnostics)
            }
        }
        let (builder, interactions, filtered) = try readRankingInteractions(paths, diagnostics: &diagnostics)
        let document = GraphDocument(
            graph: (consume builder).finish(), window: filtered.window, interaction: filtered.interaction,
            interactions: interactions)
        // Kept only when every records entry was: a hit gives their diagnostics.
        if records.allSatisfy({ cache.metadata($0) != nil }), let bytes = document.encoded() {
            cache.keep(bytes, for: key, contents: .graph, diagnostics: &diagnostics)
        }
        return (reading(document, diagnostics: &diagnostics), interactions)
    }

    private func reading(_ document: GraphDocument, diagnostics: inout Diagnostics) -> Reading {
        Reading(
            graph: document.graph.notingFrameRates(in: &diagnostics, spelling: settings.spelling), events: nil,
            window: document.window, interaction: document.interaction)
    }
}
