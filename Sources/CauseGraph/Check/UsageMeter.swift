/// Measures, while a trace streams by, what a budget limits but the merged
/// graph cannot tell: body runs of a view within one update group and
/// after one gesture, and the skipped checks of one environment change.
///
/// Like ``GraphBuilder`` it keeps one small entry per event id of the
/// document being read, plus counts per (view, group), (view, gesture) and
/// (environment node, group). Only views whose title matches one of the
/// patterns it is given are counted.
///
/// A body run counts towards a gesture when a chain of cause links leads
/// to it from that gesture event; links are followed in the order the trace
/// lists them, causes before effects, as recordings write them, and an
/// event reached from several gestures counts towards the first.
package struct UsageMeter: TraceSink {
    /// A gesture event, for evidence.
    package struct Gesture: Sendable, Equatable {
        package var title: String
        package var event: EventID
        package var time: Nanoseconds?
        /// The trace document it is in, from 0, when several are read.
        package var document: Int
    }

    /// The most of something within one group (or after one gesture), and where.
    package struct Peak<Place: Sendable & Equatable>: Sendable, Equatable {
        package var count: Int
        package var place: Place
    }

    /// An update group, by the id the graph shows (``GroupNumbering``).
    package struct Group: Sendable, Hashable, CustomStringConvertible {
        package var id: GroupID

        package var description: String { "update group \(id)" }
    }

    /// One environment change: an environment node's events within one update
    /// group, or a single event of it that named no group.
    package struct Change: Sendable, Equatable, CustomStringConvertible {
        package var group: Group?
        package var event: EventID?

        package var description: String { group?.description ?? "event \(event ?? 0)" }
    }

    private let patterns: [TitlePattern]
    private var document = -1
    private var events: [EventID: Entry] = [:]
    /// For each node key seen: its index among the tracked keys, or -1.
    private var tracked: [NodeKey: Int32] = [:]
    private var trackedKeys: [NodeKey] = []
    private var groups = GroupNumbering()
    private var gestures: [Gesture] = []
    private var perGroup: [Pair: Int] = [:]
    private var perGesture: [Pair: Int] = [:]
    private var perChange: [ChangeKey: Int] = [:]

    /// - Parameter views: the view patterns whose body runs are counted per group and per gesture.
    package init(views: [TitlePattern]) {
        patterns = views
    }

    package mutating func begin(_ header: TraceHeader) throws {
        document += 1
        events = [:]
    }

    package mutating func add(_ event: TraceEvent) throws {
        if document < 0 { try begin(TraceHeader()) }
        let key = NodeKey(kind: event.kind, title: event.title, module: event.module, owner: event.owner)
        let index = trackedIndex(of: key)
        var group: Int32 = -1
        if let id = event.group { group = groups.intern(id, document: document) }
        var gesture: Int32 = -1
        if event.kind == .gesture {
            gesture = Int32(gestures.count)
            gestures.append(Gesture(title: event.title, event: event.id, time: event.time, document: document))
        }
        let entry = Entry(tracked: index, group: group, gesture: gesture, kind: event.kind, ran: event.ran)
        guard events.updateValue(entry, forKey: event.id) == nil else {
            throw TraceConsistencyError.duplicateEvent(event.id)
        }
        if entry.isCountedBody && group >= 0 { perGroup[Pair(tracked: index, place: group), default: 0] += 1 }
    }

    package mutating func add(_ cause: TraceCause) throws {
        guard let source = events[cause.from] else { throw TraceConsistencyError.undefinedEvent(cause.from) }
        guard var target = events[cause.to] else { throw TraceConsistencyError.undefinedEvent(cause.to) }
        if source.gesture >= 0 && target.gesture < 0 {
            target.gesture = source.gesture
            events[cause.to] = target
            if target.isCountedBody {
                perGesture[Pair(tracked: target.tracked, place: source.gesture), default: 0] += 1
            }
        }
        if source.isEnvironment && source.tracked >= 0 && target.kind.isUpdate && !target.ran {
            let group = target.group >= 0 ? target.group : source.group
            let key = ChangeKey(
                tracked: source.tracked, group: group, document: document, event: group >= 0 ? nil : cause.from)
            perChange[key, default: 0] += 1
        }
    }

    /// Numbers the group as the graph does; its runs are counted from its events.
    package mutating func add(_ group: UpdateGroup) throws {
        if document < 0 { try begin(TraceHeader()) }
        _ = groups.intern(group.id, document: document)
    }

    package mutating func add(_ hitch: Hitch) throws {}

    private mutating func trackedIndex(of key: NodeKey) -> Int32 {
        if let index = tracked[key] { return index }
        let isTracked =
            (key.kind == .body && patterns.contains { $0.matches(key.title) })
            || key.kind == .externalEnvironment || key.kind == .environmentWriter
        let index: Int32 = isTracked ? Int32(trackedKeys.count) : -1
        if isTracked { trackedKeys.append(key) }
        tracked[key] = index
        return index
    }

    // MARK: Results

    /// The most runs of the view `key` within one update group; the earliest such group on a tie.
    package func peakPerGroup(of key: NodeKey) -> Peak<Group>? {
        guard let index = tracked[key], index >= 0 else { return nil }
        let best = perGroup.filter { $0.key.tracked == index }.max {
            ($0.value, $1.key.place) < ($1.value, $0.key.place)
        }
        return best.map { Peak(count: $0.value, place: Group(id: groups.finalIDs()[Int($0.key.place)])) }
    }

    /// The most runs of the view `key` that one gesture led to; the earliest such gesture on a tie.
    package func peakPerGesture(of key: NodeKey) -> Peak<Gesture>? {
        guard let index = tracked[key], index >= 0 else { return nil }
        let best = perGesture.filter { $0.key.tracked == index }.max {
            ($0.value, $1.key.place) < ($1.value, $0.key.place)
        }
        return best.map { Peak(count: $0.value, place: gestures[Int($0.key.place)]) }
    }

    /// How many gesture events the trace holds.
    package var gestureCount: Int { gestures.count }

    /// Every gesture event, in reading order.
    package var gestureEvents: [Gesture] { gestures }

    /// The most skipped checks one change of the environment node `key`
    /// caused; the earliest such change on a tie.
    package func peakSkippedChecks(of key: NodeKey) -> Peak<Change>? {
        guard let index = tracked[key], index >= 0 else { return nil }
        let best = perChange.filter { $0.key.tracked == index }.max { ($0.value, $1.key) < ($1.value, $0.key) }
        return best.map { entry in
            let group = entry.key.group >= 0 ? Group(id: groups.finalIDs()[Int(entry.key.group)]) : nil
            return Peak(count: entry.value, place: Change(group: group, event: entry.key.event))
        }
    }
}

private struct Entry {
    /// Index among the tracked keys, or -1.
    var tracked: Int32
    /// Interned update group, or -1.
    var group: Int32
    /// The gesture (index) the event descends from, or is; -1 for none.
    var gesture: Int32
    var kind: NodeKind
    var ran: Bool

    /// A run of a tracked view's body.
    var isCountedBody: Bool { kind == .body && tracked >= 0 && ran }
    var isEnvironment: Bool { kind == .externalEnvironment || kind == .environmentWriter }
}

private struct Pair: Hashable {
    var tracked: Int32
    /// An interned group, or a gesture index.
    var place: Int32
}

private struct ChangeKey: Hashable, Comparable {
    var tracked: Int32
    var group: Int32
    var document: Int
    /// The cause event, for a change that named no group.
    var event: EventID?

    static func < (lhs: ChangeKey, rhs: ChangeKey) -> Bool {
        // Grouped changes by group order, then ungrouped ones by document and event.
        if (lhs.group >= 0) != (rhs.group >= 0) { return lhs.group >= 0 }
        if lhs.group != rhs.group { return lhs.group < rhs.group }
        if lhs.document != rhs.document { return lhs.document < rhs.document }
        return (lhs.event ?? 0) < (rhs.event ?? 0)
    }
}
