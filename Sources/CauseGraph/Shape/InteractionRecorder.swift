/// Keeps a trace as it is read, to pass on only the part one
/// ``Interaction`` took part in, which is known only once every link is read.
///
/// Memory grows with the rows read, as ``EventLog``'s does: each event and
/// link is kept, with one shared copy of each distinct title, module and
/// backtrace, so `--group` and `--gesture` cost memory plain `render` does not.
///
/// Choosing is one walk over each document's links, visiting every event
/// at most once:
/// - ``Interaction/group(_:)``: the events that name the group, and upstream
///   of them every cause that names no group or the same one, so the gesture
///   or state change that started a transaction is drawn with it;
/// - ``Interaction/gesture(_:)``: the gesture event and everything
///   downstream of it.
///
/// Groups are chosen by the ids the graph and `summary` show
/// (``GroupNumbering``), and passed on under them; a gesture id that
/// several documents define is refused, as their event ids are each their own.
package struct InteractionRecorder: TraceSink {
    private struct Document {
        var header: TraceHeader
        var events: [TraceEvent] = []
        var causes: [(from: Int, to: Int, cause: TraceCause)] = []
        var groups: [UpdateGroup] = []
        var positions: [EventID: Int] = [:]
    }

    private var documents: [Document] = []
    private var texts: Set<String> = []
    private var backtraces: Set<[String]> = []

    package init() {}

    package mutating func begin(_ header: TraceHeader) throws {
        documents.append(Document(header: header))
    }

    package mutating func add(_ event: TraceEvent) throws {
        if documents.isEmpty { try begin(TraceHeader()) }
        var kept = event
        kept.title = texts.insert(event.title).memberAfterInsert
        if let module = event.module { kept.module = texts.insert(module).memberAfterInsert }
        if !event.backtrace.isEmpty { kept.backtrace = backtraces.insert(event.backtrace).memberAfterInsert }
        let last = documents.count - 1
        guard documents[last].positions.updateValue(documents[last].events.count, forKey: event.id) == nil else {
            throw TraceConsistencyError.duplicateEvent(event.id)
        }
        documents[last].events.append(kept)
    }

    package mutating func add(_ cause: TraceCause) throws {
        guard let last = documents.indices.last else { throw TraceConsistencyError.undefinedEvent(cause.from) }
        guard let from = documents[last].positions[cause.from] else {
            throw TraceConsistencyError.undefinedEvent(cause.from)
        }
        guard let to = documents[last].positions[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        documents[last].causes.append((from, to, cause))
    }

    package mutating func add(_ group: UpdateGroup) throws {
        if documents.isEmpty { try begin(TraceHeader()) }
        documents[documents.count - 1].groups.append(group)
    }

    /// Hitches are not kept: one interaction is drawn from its events, and a
    /// hitch is tied to them again only through the whole recording's groups.
    package mutating func add(_ hitch: Hitch) throws {}

    /// Passes the interaction's events, the links between them and its
    /// update groups on to `sink`, document by document.
    /// - Throws: ``ShapingError/removedEverything(_:reason:)`` when no
    ///   event took part in it; what `sink` throws.
    package func replay<Sink: TraceSink>(_ interaction: Interaction, into sink: inout Sink) throws
        -> InteractionStatistics
    {
        var statistics = InteractionStatistics()
        let shownID = groupIDs()
        if case .gesture(let id) = interaction {
            let defining = documents.filter { Self.gesturePosition(id, in: $0) != nil }.count
            if defining > 1 { throw ShapingError.ambiguousGesture(.interaction(interaction), traces: defining) }
        }
        var found = false
        for (index, document) in documents.enumerated() {
            statistics.eventsRead += document.events.count
            statistics.linksRead += document.causes.count
            let chosen = Self.choose(interaction, in: document) {
                shownID[GroupNumbering.Key(document: index, id: $0)]!
            }
            guard chosen.contains(true) else { continue }
            found = true
            try sink.begin(document.header)
            for (position, var event) in document.events.enumerated() where chosen[position] {
                event.group = event.group.map { shownID[GroupNumbering.Key(document: index, id: $0)]! }
                try sink.add(event)
                statistics.eventsKept += 1
            }
            for link in document.causes where chosen[link.from] && chosen[link.to] {
                try sink.add(link.cause)
                statistics.linksKept += 1
            }
            let groups = Set(document.events.indices.compactMap { chosen[$0] ? document.events[$0].group : nil })
            for var group in document.groups where groups.contains(group.id) {
                group.id = shownID[GroupNumbering.Key(document: index, id: group.id)]!
                try sink.add(group)
            }
        }
        guard found else {
            switch interaction {
            case .group: throw ShapingError.removedEverything(.interaction(interaction), reason: .noEventInGroup)
            case .gesture: throw ShapingError.removedEverything(.interaction(interaction), reason: .noSuchGesture)
            }
        }
        return statistics
    }

    /// The id each group of each document is shown under.
    private func groupIDs() -> [GroupNumbering.Key: GroupID] {
        var numbering = GroupNumbering()
        for (index, document) in documents.enumerated() {
            for event in document.events { if let group = event.group { _ = numbering.intern(group, document: index) } }
            for group in document.groups { _ = numbering.intern(group.id, document: index) }
        }
        return Dictionary(uniqueKeysWithValues: zip(numbering.keys, numbering.finalIDs()))
    }

    private static func gesturePosition(_ id: EventID, in document: Document) -> Int? {
        guard let position = document.positions[id], document.events[position].kind == .gesture else { return nil }
        return position
    }

    /// Which events of `document` the interaction took part in, by position;
    /// `shown` gives the id a group of the document is shown under.
    private static func choose(
        _ interaction: Interaction, in document: Document, shown: (GroupID) -> GroupID
    ) -> [Bool] {
        switch interaction {
        case .group(let id):
            let members = document.events.indices.filter { document.events[$0].group.map(shown) == id }
            // Back along the links to the causes, except those of another group.
            return reach(from: members, in: document, backwards: true) { cause in
                let group = document.events[cause].group
                return group == nil || group.map(shown) == id
            }
        case .gesture(let id):
            guard let start = gesturePosition(id, in: document) else {
                return [Bool](repeating: false, count: document.events.count)
            }
            return reach(from: [start], in: document, backwards: false) { _ in true }
        }
    }

    /// The events reached from `starts` (which are included) along the
    /// links, forwards to effects or backwards to causes, entering only
    /// events `admits` allows: each event is entered at most once.
    private static func reach(
        from starts: [Int], in document: Document, backwards: Bool, admitting admits: (Int) -> Bool
    ) -> [Bool] {
        var chosen = [Bool](repeating: false, count: document.events.count)
        var next = [[Int]](repeating: [], count: document.events.count)
        for link in document.causes {
            if backwards { next[link.to].append(link.from) } else { next[link.from].append(link.to) }
        }
        var pending = starts
        for start in starts { chosen[start] = true }
        while let event = pending.popLast() {
            for neighbour in next[event] where !chosen[neighbour] && admits(neighbour) {
                chosen[neighbour] = true
                pending.append(neighbour)
            }
        }
        return chosen
    }
}
