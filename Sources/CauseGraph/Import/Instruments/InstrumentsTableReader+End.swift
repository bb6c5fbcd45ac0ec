/// What the reader emits once every document was read, and the notes on
/// what was unusual.
extension InstrumentsTableReader {
    /// Emits the events only update tables named, with their root causes
    /// when no cause table was read, then reports what was unusual.
    mutating func finish() throws(XMLReadFailure) -> [Diagnostic] {
        if !began { try begin(app: nil) }
        let rootCauses = causeSchemas.isEmpty ? join.rootCauses : ChunkedArray()
        var nextRootCause = rootCauses.startIndex
        for (position, id) in join.updateOrder.enumerated() {
            if join.markEmitted(id), let details = join.details(of: id) {
                try emitUpdate(id, details, offset: nil)
            }
            // Root causes are kept in the order of their updates.
            while nextRootCause < rootCauses.endIndex, rootCauses[nextRootCause].update == position {
                let link = rootCauses[nextRootCause]
                nextRootCause += 1
                try emitRootCause(
                    link.cause, title: join.rootCauseTitle(link.title), of: id, at: join.details(of: id)?.time,
                    offset: nil)
            }
        }
        return summary()
    }

    /// Emits an update row's event at once, with its root causes: for
    /// ``emitsUpdatesAsRead``. A second row for an event already emitted
    /// adds nothing, and is counted.
    mutating func emitAsRead(
        _ id: EventID, _ details: EventJoin.UpdateDetails, rootCauses: [(id: EventID, title: String)], offset: Int
    ) throws(XMLReadFailure) {
        guard join.markEmitted(id) else {
            repeatedUpdates += 1
            return
        }
        try emitUpdate(id, details, offset: offset)
        for cause in rootCauses where cause.id != id {
            try emitRootCause(cause.id, title: cause.title, of: id, at: details.time, offset: offset)
        }
    }

    /// A root cause of update `update`: its event, the first time, then the link.
    private mutating func emitRootCause(
        _ cause: EventID, title: String, of update: EventID, at time: Nanoseconds?, offset: Int?
    ) throws(XMLReadFailure) {
        if join.markEmitted(cause) {
            let classification = classifier.classify(title: title, colour: nil, icon: nil)
            if !classification.isClassified { unclassifiedTitles[classification.title, default: 0] += 1 }
            try add(
                TraceEvent(
                    id: cause, kind: classification.kind, title: classification.title, owner: classification.owner),
                offset: offset)
        }
        try deliver(at: offset) { try $0.add(TraceCause(from: cause, to: update, label: .update, time: time)) }
    }

    private mutating func emitUpdate(_ id: EventID, _ details: EventJoin.UpdateDetails, offset: Int?)
        throws(XMLReadFailure)
    {
        let title = details.title ?? ""
        let classification = updateClassifications[title] ?? classifier.classify(title: title, colour: nil, icon: nil)
        updateClassifications[title] = classification
        var event = TraceEvent(
            id: id, kind: classification.kind, title: classification.title, owner: classification.owner)
        Self.complete(&event, with: details)
        event.backtrace = join.backtrace(event: id, time: nil)
        try add(event, offset: offset)
    }

    /// An event completed with its update row: the row's update type
    /// refines a title that classified as an update, its module may make
    /// the event the system's, and an update takes its timing and outcome.
    static func complete(_ event: inout TraceEvent, with details: EventJoin.UpdateDetails) {
        if let kind = details.kind, event.kind.isUpdate { event.kind = kind }
        event.module = details.module
        event.owner = TitleClassifier.owner(event.owner, module: details.module)
        event.time = details.time ?? event.time
        if event.kind.isUpdate {
            event.duration = details.duration
            event.severity = details.severity
            event.ran = details.ran
        }
    }

    private func summary() -> [Diagnostic] {
        var notes: [Diagnostic] = []
        if !unclassifiedTitles.isEmpty {
            let total = unclassifiedTitles.values.reduce(0, +)
            let events = total == 1 ? "1 event has a title" : "\(CountText.format(total)) events have titles"
            notes.append(
                Diagnostic(
                    .note,
                    "\(events) no classification rule matches, kept as \"other\" nodes (add rules with \(spelling(.classify)) FILE): \(Self.listing(unclassifiedTitles))"
                ))
        }
        if !unknownLabels.isEmpty {
            notes.append(
                Diagnostic(
                    .note, "cause labels causegraph does not know, kept as written: \(Self.listing(unknownLabels))"))
        }
        if !unknownSeverities.isEmpty {
            notes.append(Diagnostic(.note, "unknown severities ignored: \(Self.listing(unknownSeverities))"))
        }
        if rowsWithoutEvent > 0 {
            notes.append(Diagnostic(.warning, "\(rowsWithoutEvent) rows name no event id and were skipped"))
        }
        if repeatedUpdates > 0 {
            notes.append(
                Diagnostic(
                    .warning,
                    "\(repeatedUpdates) update rows name an event an earlier row described; the first row is kept"))
        }
        if untimedHitches > 0 {
            notes.append(
                Diagnostic(.warning, "\(untimedHitches) hitch or hang rows have no start or duration and were skipped"))
        }
        if causeSchemas.count > 1 {
            notes.append(
                Diagnostic(
                    .warning,
                    "both swiftui-causes and swiftui-full-causes were read: they hold the same causes, so every edge counts twice; give one of them"
                ))
        }
        if join.lateDetails > 0 {
            notes.append(
                Diagnostic(
                    .warning,
                    "\(join.lateDetails) update or swiftui-changes rows came, in a stream that cannot be read twice, after a cause had named their event, so the graph lacks their details; save the export to a file first"
                ))
        }
        if lateGroups > 0 {
            notes.append(
                Diagnostic(
                    .warning,
                    "\(lateGroups) update groups came, in a stream that cannot be read twice, after events were read, so earlier events are not placed in them; save the export to a file first"
                ))
        }
        return notes
    }

    /// `"title" (count)` items, most frequent first, at most 20.
    private static func listing(_ counts: [String: Int]) -> String {
        let sorted = counts.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
        // A blank title is named as the graph draws it, not as an empty pair of quotes.
        var items = sorted.prefix(20).map {
            ($0.key.allSatisfy(\.isWhitespace) ? TitleText.untitled : "\"\($0.key)\"") + " (\($0.value))"
        }
        if sorted.count > 20 { items.append("and \(sorted.count - 20) more") }
        return items.joined(separator: ", ")
    }
}
