/// Reading through the cache.
extension TraceCache {
    /// Reads the input `key` names into `sink`: from its entry when there
    /// is a sound one, else with `direct` (teed to a new entry, which keeps
    /// what it reads).
    ///
    /// A damaged entry is noted in one line, read afresh and replaced. The
    /// diagnostics of the first read are given again with the entry's records.
    func read<Sink: TraceSink & ~Copyable>(
        _ key: CacheKey, into sink: inout Sink, diagnostics: inout Diagnostics,
        direct: (inout TeeSink<Sink, CacheEntryWriter>, inout Diagnostics) throws(Diagnostic) -> Void,
        uncached: (inout Sink, inout Diagnostics) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        switch CacheEntry.open(at: entriesDirectory + "/" + key.digest, key: key) {
        case .found(let metadata, let records):
            for diagnostic in metadata.diagnostics { diagnostics.append(diagnostic) }
            diagnostics.recordUnclassified(metadata.unclassifiedTitles)
            try records.replay(into: &sink)
            return
        case .damaged(let problem):
            noteDamage(problem, of: key, diagnostics: &diagnostics)
        case .missing:
            break
        }
        var readDiagnostics = Diagnostics()
        guard let entry = CacheEntryWriter(cache: self, key: key, diagnostics: &diagnostics) else {
            try uncached(&sink, &diagnostics)
            return
        }
        var recording = TeeSink(sink, entry)
        do {
            try direct(&recording, &readDiagnostics)
        } catch {
            sink = recording.first
            for diagnostic in readDiagnostics.all { diagnostics.append(diagnostic) }
            diagnostics.recordUnclassified(readDiagnostics.unclassifiedTitles)
            throw error
        }
        sink = recording.first
        for diagnostic in readDiagnostics.all { diagnostics.append(diagnostic) }
        diagnostics.recordUnclassified(readDiagnostics.unclassifiedTitles)
        entry.commit(
            diagnostics: readDiagnostics.all, unclassifiedTitles: readDiagnostics.unclassifiedTitles,
            diagnostics: &diagnostics)
    }

    /// Says in one line that the entry of `key` is damaged, and so is read afresh.
    func noteDamage(_ problem: String, of key: CacheKey, diagnostics: inout Diagnostics) {
        diagnostics.note(
            "the cache entry of this input is damaged (\(problem)); reading it afresh",
            at: SourceLocation(file: key.inputs.first ?? directory))
    }
}
