/// One interaction as `summary` ranks it: an update group, with the body
/// time it cost and the gestures that started it.
public struct RankedInteraction: Sendable, Equatable {
    /// The update group; `render --group` draws it.
    package var group: GroupID
    /// The group's label (`Transaction for Gesture`), when the trace gave one.
    package var label: String?
    /// When the group started, if the trace timed it.
    package var start: Nanoseconds?
    /// Body updates that ran in the group.
    package var bodies: Int
    /// The sum of their known durations; `nil` when none was known (a change log's).
    package var bodyTime: Nanoseconds?
    /// The ids of the gesture events whose links led into the group, in
    /// trace order, at most `InteractionTally.gesturesKept`; `render --gesture` draws one.
    package var gestures: [EventID]
    /// The title of the first of them.
    package var gestureTitle: String?
}

/// Tallies, as a trace is read, the body time of each update group and the
/// gestures that started it, for `summary`'s ranking of interactions.
///
/// Memory grows with the update groups, plus one small entry per event id
/// of the document being read, as ``GraphBuilder``'s does. Groups are
/// named as the graph names them (``GroupNumbering``): when several traces
/// are read, each one's group 4 is counted apart.
package struct InteractionTally: TraceSink {
    /// How many gestures each interaction names at most.
    package static let gesturesKept = 3

    /// One per event, so packed: 16 bytes, not 56 with a title and three
    /// optionals. The 8-byte id comes first: after the group it would be
    /// padded to 8 bytes, and the flag byte to 8 more.
    struct Event {
        private var storedGesture: EventID
        /// The group's ``GroupNumbering`` position.
        private var storedGroup: Int32
        private var flags: UInt8

        private static let isGestureFlag: UInt8 = 1
        private static let hasGroupFlag: UInt8 = 2
        private static let hasGestureFlag: UInt8 = 4

        init(isGesture: Bool, group: Int32?) {
            storedGroup = group ?? 0
            storedGesture = 0
            flags = (isGesture ? Self.isGestureFlag : 0) | (group == nil ? 0 : Self.hasGroupFlag)
        }

        var isGesture: Bool { flags & Self.isGestureFlag != 0 }
        var group: Int32? { flags & Self.hasGroupFlag != 0 ? storedGroup : nil }

        /// The gesture the event was reached from, through links read so far.
        var gesture: EventID? {
            get { flags & Self.hasGestureFlag != 0 ? storedGesture : nil }
            set {
                storedGesture = newValue ?? 0
                flags = newValue == nil ? flags & ~Self.hasGestureFlag : flags | Self.hasGestureFlag
            }
        }
    }

    /// The events that can take part in an interaction: gestures, grouped
    /// events, and those a gesture reached. The rest (every event of a
    /// recording without gestures or groups) are never kept.
    private var events = EventIDMap<Event>()
    /// Gestures' titles: gestures are few, so their titles are kept apart.
    private var gestureTitles: [EventID: String] = [:]
    private var groups = GroupNumbering()
    private var document = -1
    /// By ``GroupNumbering`` position; `group` is set to the final id when ranked.
    private var tallies: [Int32: RankedInteraction] = [:]
    private var order: [Int32] = []

    package init() {}

    package mutating func begin(_ header: TraceHeader) throws {
        document += 1
        events.removeAll()
        gestureTitles.removeAll()
    }

    package mutating func add(_ event: TraceEvent) throws {
        if document < 0 { try begin(TraceHeader()) }
        let isGesture = event.kind == .gesture
        // Every group is numbered, as the graph numbers it, whether or not it is tallied.
        let group = event.group.map { groups.intern($0, document: document) }
        if isGesture || group != nil {
            _ = events.updateValue(Event(isGesture: isGesture, group: group), forKey: event.id)
        }
        // No id comes twice in a document (the graph builder ahead of this
        // tally refuses it), so a title is never left for another event.
        if isGesture { gestureTitles[event.id] = event.title }
        guard event.kind == .body, event.ran, let group else { return }
        tally(group) { interaction in
            interaction.bodies = interaction.bodies.saturatingAdding(1)
            if let duration = event.duration {
                interaction.bodyTime = (interaction.bodyTime ?? 0).saturatingAdding(max(duration, 0))
            }
        }
    }

    /// A gesture starts the groups its effects name, directly or through
    /// ungrouped causes (`Tap → @State → body`), as links arrive in trace order.
    package mutating func add(_ cause: TraceCause) throws {
        guard let source = events[cause.from], let gesture = source.isGesture ? cause.from : source.gesture else {
            return
        }
        var effect = events[cause.to] ?? Event(isGesture: false, group: nil)
        guard !effect.isGesture else { return }
        if effect.gesture == nil {
            effect.gesture = gesture
            _ = events.updateValue(effect, forKey: cause.to)
        }
        guard let group = effect.group else { return }
        let title = gestureTitles[gesture]
        tally(group) { interaction in
            guard !interaction.gestures.contains(gesture), interaction.gestures.count < Self.gesturesKept else {
                return
            }
            interaction.gestures.append(gesture)
            if interaction.gestureTitle == nil { interaction.gestureTitle = title }
        }
    }

    package mutating func add(_ group: UpdateGroup) throws {
        if document < 0 { try begin(TraceHeader()) }
        tally(groups.intern(group.id, document: document)) { interaction in
            interaction.label = interaction.label ?? group.label
            interaction.start = interaction.start ?? group.start
        }
    }

    /// Interactions are ranked by body time; hitches have their own section.
    package mutating func add(_ hitch: Hitch) throws {}

    private mutating func tally(_ group: Int32, _ change: (inout RankedInteraction) -> Void) {
        if tallies[group] == nil {
            tallies[group] = RankedInteraction(group: 0, bodies: 0, bodyTime: nil, gestures: [])
            order.append(group)
        }
        change(&tallies[group]!)
    }

    /// The interactions that ran bodies, most body time first (then most
    /// bodies, then trace order): all of them, for `summary`'s bounds to cut.
    package var ranked: [RankedInteraction] {
        let ids = groups.finalIDs()
        let busy = order.enumerated().compactMap { position, group in
            tallies[group].flatMap { tally -> (Int, RankedInteraction)? in
                guard tally.bodies > 0 else { return nil }
                var named = tally
                named.group = ids[Int(group)]
                return (position, named)
            }
        }
        return busy.sorted { a, b in
            let (left, right) = (a.1.bodyTime ?? 0, b.1.bodyTime ?? 0)
            if left != right { return left > right }
            if a.1.bodies != b.1.bodies { return a.1.bodies > b.1.bodies }
            return a.0 < b.0
        }.map(\.1)
    }
}
