/// Keeps a trace as it is read, to pass on only the part one
/// ``Interaction`` took part in, which is known only once every link is read.
///
/// Memory grows with the rows read, as ``EventLog``'s does: each event and
/// link is kept packed (``PackedTraceEvents``, ``PackedTraceCauses``), with
/// one shared copy of each distinct title, module and backtrace, so
/// `--group` and `--gesture` cost memory plain `render` does not; only the
/// events passed on are made ``TraceEvent``s again.
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
        var events = PackedTraceEvents()
        var causes = PackedTraceCauses()
        var groups: [UpdateGroup] = []
        var positions = EventIDMap<Int32>()
    }

    private var documents: [Document] = []

    package init() {}

    package mutating func begin(_ header: TraceHeader) throws {
        documents.append(Document(header: header))
    }

    package mutating func add(_ event: TraceEvent) throws {
        if documents.isEmpty { try begin(TraceHeader()) }
        let last = documents.count - 1
        guard documents[last].positions.updateValue(Int32(documents[last].events.count), forKey: event.id) == nil
        else { throw TraceConsistencyError.duplicateEvent(event.id) }
        documents[last].events.append(event)
    }

    package mutating func add(_ cause: TraceCause) throws {
        guard let last = documents.indices.last else { throw TraceConsistencyError.undefinedEvent(cause.from) }
        guard let from = documents[last].positions[cause.from] else {
            throw TraceConsistencyError.undefinedEvent(cause.from)
        }
        guard let to = documents[last].positions[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        documents[last].causes.append(cause, from: Int(from), to: Int(to))
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
    package func replay<Sink: TraceSink & ~Copyable>(_ interaction: Interaction, into sink: inout Sink) throws
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
            for position in 0..<document.events.count where chosen[position] {
                var event = document.events[position]
                event.group = event.group.map { shownID[GroupNumbering.Key(document: index, id: $0)]! }
                try sink.add(event)
                statistics.eventsKept += 1
            }
            for link in 0..<document.causes.count {
                let (from, to) = document.causes.ends(at: link)
                guard chosen[from] && chosen[to] else { continue }
                try sink.add(document.causes.cause(at: link, in: document.events))
                statistics.linksKept += 1
            }
            let groups = Set(
                (0..<document.events.count).compactMap { chosen[$0] ? document.events.group(at: $0) : nil })
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
            for position in 0..<document.events.count {
                if let group = document.events.group(at: position) { _ = numbering.intern(group, document: index) }
            }
            for group in document.groups { _ = numbering.intern(group.id, document: index) }
        }
        return Dictionary(uniqueKeysWithValues: zip(numbering.keys, numbering.finalIDs()))
    }

    private static func gesturePosition(_ id: EventID, in document: Document) -> Int? {
        guard let position = document.positions[id].map(Int.init), document.events.kind(at: position) == .gesture
        else { return nil }
        return position
    }

    /// Which events of `document` the interaction took part in, by position;
    /// `shown` gives the id a group of the document is shown under.
    private static func choose(
        _ interaction: Interaction, in document: Document, shown: (GroupID) -> GroupID
    ) -> [Bool] {
        switch interaction {
        case .group(let id):
            let members = (0..<document.events.count).filter { document.events.group(at: $0).map(shown) == id }
            // Back along the links to the causes, except those of another group.
            return reach(from: members, in: document, backwards: true) { cause in
                let group = document.events.group(at: cause)
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
        let count = document.events.count
        // Each event's neighbours in two flat arrays, `neighbours[first[e]..<first[e + 1]]`,
        // rather than an array an event: a recording has millions.
        var first = [Int32](repeating: 0, count: count + 1)
        for link in 0..<document.causes.count {
            let ends = document.causes.ends(at: link)
            first[(backwards ? ends.to : ends.from) + 1] += 1
        }
        for event in 0..<count { first[event + 1] += first[event] }
        var neighbours = [Int32](repeating: 0, count: document.causes.count)
        var filled = first
        for link in 0..<document.causes.count {
            let ends = document.causes.ends(at: link)
            let (event, neighbour) = backwards ? (ends.to, ends.from) : (ends.from, ends.to)
            neighbours[Int(filled[event])] = Int32(neighbour)
            filled[event] += 1
        }
        var chosen = [Bool](repeating: false, count: count)
        var pending = starts
        for start in starts { chosen[start] = true }
        while let event = pending.popLast() {
            for slot in Int(first[event])..<Int(first[event + 1]) {
                let neighbour = Int(neighbours[slot])
                guard !chosen[neighbour] && admits(neighbour) else { continue }
                chosen[neighbour] = true
                pending.append(neighbour)
            }
        }
        return chosen
    }
}
