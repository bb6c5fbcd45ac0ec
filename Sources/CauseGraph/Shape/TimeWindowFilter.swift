/// A sink that passes on only the part of a trace inside a ``TimeWindow``,
/// applied while importing so nothing outside the window is ever merged.
///
/// - An event is passed on when its time is inside the window. An event
///   without a time cannot be placed, so it is kept: dropping it would cut
///   the causes (gestures, state changes) that exporters often leave
///   untimed away from the updates they drove. ``WindowStatistics/untimedEvents``
///   counts them.
/// - A cause link is passed on when both of its events were; its own time
///   does not matter.
/// - An update group is passed on when its span overlaps the window, when
///   it has no start, or when an event passed on names it, before or after
///   the group arrives: an update still in flight when recording stopped
///   belongs to a group of unknown length, which may start before the
///   window. So what is passed on never names a group it lacks.
///
/// Memory: the ids of the events left out, per document, as runs of
/// consecutive ids (see ``EventIDRanges``), which stay few because
/// exporters number events in time order; and the update groups left out,
/// until the document ends, in case an event passed on names one. Ids of events passed on are not
/// stored: the downstream sink already knows them and reports a link to an
/// undefined event itself. So an id used inside the window and again
/// outside it is not reported as a duplicate (the second use is left out);
/// the other way round it is.
///
/// Noncopyable when its downstream sink is, as `convert`'s writer is.
package struct TimeWindowFilter<Downstream: TraceSink & ~Copyable>: TraceSink, ~Copyable {
    package let window: TimeWindow
    /// The sink that receives what is inside the window.
    package private(set) var downstream: Downstream
    /// What was kept and left out so far.
    package private(set) var statistics = WindowStatistics()

    private var droppedEvents = EventIDRanges()
    /// Groups named by events passed on in the current document.
    private var namedGroups: Set<GroupID> = []
    /// Groups of the current document left out so far, by id.
    private var leftOutGroups: [GroupID: UpdateGroup] = [:]
    /// Every group id of the current document, passed on or left out, to refuse one defined twice.
    private var definedGroups: Set<GroupID> = []

    /// How many runs of left-out ids the current document holds: the memory bound tests check.
    var droppedRuns: Int { droppedEvents.runCount }

    package init(window: TimeWindow, downstream: consuming Downstream) {
        self.window = window
        self.downstream = downstream
    }

    /// The downstream sink, with the filter gone.
    package consuming func releasingDownstream() -> Downstream {
        downstream
    }

    package mutating func begin(_ header: TraceHeader) throws {
        droppedEvents = EventIDRanges()
        namedGroups = []
        leftOutGroups = [:]
        definedGroups = []
        try downstream.begin(header)
    }

    package mutating func add(_ event: TraceEvent) throws {
        if droppedEvents.contains(event.id) { throw TraceConsistencyError.duplicateEvent(event.id) }
        if let time = event.time, !window.contains(time) {
            droppedEvents.insert(event.id)
            statistics.eventsOutside += 1
            return
        }
        if let group = event.group, namedGroups.insert(group).inserted,
            let leftOut = leftOutGroups.removeValue(forKey: group)
        {
            try downstream.add(leftOut)
            statistics.groupsOutside -= 1
        }
        try downstream.add(event)
        statistics.eventsKept += 1
        if event.time == nil { statistics.untimedEvents += 1 }
    }

    package mutating func add(_ cause: TraceCause) throws {
        if droppedEvents.contains(cause.from) || droppedEvents.contains(cause.to) {
            statistics.causesOutside += 1
            return
        }
        try downstream.add(cause)
        statistics.causesKept += 1
    }

    package mutating func add(_ group: UpdateGroup) throws {
        guard definedGroups.insert(group.id).inserted else { throw TraceConsistencyError.duplicateGroup(group.id) }
        let inside = group.start.map { window.overlaps(from: $0, duration: group.duration ?? 0) } ?? true
        guard inside || namedGroups.contains(group.id) else {
            leftOutGroups[group.id] = group
            statistics.groupsOutside += 1
            return
        }
        try downstream.add(group)
    }

    /// A hitch or hang is passed on when its span overlaps the window.
    package mutating func add(_ hitch: Hitch) throws {
        guard window.overlaps(from: hitch.start, duration: hitch.duration) else {
            statistics.hitchesOutside += 1
            return
        }
        try downstream.add(hitch)
        statistics.hitchesKept += 1
    }
}

extension TimeWindowFilter: Copyable where Downstream: Copyable {}

/// What a `TimeWindowFilter` kept and left out.
public struct WindowStatistics: Sendable, Equatable {
    /// Events passed on, timed or not.
    package var eventsKept = 0
    /// Events passed on because they had no time.
    package var untimedEvents = 0
    /// Events whose time was outside the window.
    package var eventsOutside = 0
    /// Cause links passed on.
    package var causesKept = 0
    /// Cause links left out because one of their events was.
    package var causesOutside = 0
    /// Update groups left out.
    package var groupsOutside = 0
    /// Hitches and hangs left out.
    package var hitchesOutside = 0
    /// Hitches and hangs passed on.
    package var hitchesKept = 0

    /// Whether the window held nothing of a trace with times: no timed
    /// event and no hitch. Untimed events alone are kept whatever the
    /// window, so an answer from them would read as one about its stretch.
    package var heldNothing: Bool { heldNoEvent && hitchesKept == 0 }

    /// Whether the window held no timed event of a trace with times, though
    /// it may hold hitches: a graph, made of events, has nothing to draw.
    package var heldNoEvent: Bool {
        eventsKept == untimedEvents && (eventsOutside > 0 || hitchesOutside > 0)
    }

    /// Every count, in the order the graph cache stores them.
    package static let counts: [WritableKeyPath<WindowStatistics, Int> & Sendable] = [
        \.eventsKept, \.untimedEvents, \.eventsOutside, \.causesKept, \.causesOutside, \.groupsOutside,
        \.hitchesOutside, \.hitchesKept,
    ]

    /// Nothing read yet.
    package init() {}
}

extension ShapingReport.Step {
    /// The window's step: what `statistics` says it left out and kept untimed.
    package init(window: TimeWindow, _ statistics: WindowStatistics) {
        self.init(
            .window(window), removedEvents: statistics.eventsOutside, removedLinks: statistics.causesOutside,
            keptUntimedEvents: statistics.untimedEvents, removedGroups: statistics.groupsOutside,
            removedHitches: statistics.hitchesOutside)
    }
}
