/// The events of traces laid out as a trace viewer shows them: processes
/// holding named tracks, slices and instants on the tracks, and flows (the
/// cause links) between them. ``TraceEventEncoder`` writes it in the Chrome
/// Trace Event Format.
///
/// - The first process holds the lanes of Instruments' SwiftUI instrument:
///   Update Groups, Long View Body Updates, Long Representable Updates,
///   Other Long Updates (updates of at least medium severity, as the HTML
///   report's timeline draws them), then Causes, whose events are instants.
/// - Each module the updates name gets a process of its own, holding every
///   update of the module; updates naming none share one process, last.
///   A long update appears both there and on its long lane.
/// - Each cause link whose two events have a time is a flow from the cause
///   (its instant, or its update's slice in its module) to the effect's.
/// - Events without a time cannot be placed and are left out, with the
///   links that touch them; so are groups without a start. They are counted.
/// - When the traces record hitches or hangs, the first process also holds
///   a Hitches track, last, with a slice for each; a trace that records
///   none has no such track, so an absent track means "not recorded".
/// - A slice that would end far beyond the trace is cut at its end, and
///   marked clipped. (An update still in flight when the recording stopped
///   is not one: its duration is a marker, read as unknown.)
package struct TraceTimeline {
    /// A process: a group of tracks.
    package struct Process: Sendable, Equatable {
        /// The process id.
        package var id: Int
        /// The process name.
        package var name: String
    }

    /// A track (a thread, to the viewer) of a process.
    package struct Track: Sendable, Equatable {
        /// The track id.
        package var id: Int
        /// The id of its process.
        package var process: Int
        /// The track name.
        package var name: String
    }

    /// What a slice stands for.
    package enum SliceContent: Sendable, Equatable {
        /// An update, by its position in ``events``, on its module's track.
        case update(Int)
        /// A long update's copy on its long lane.
        case longUpdate(Int)
        /// An update group, by its position in ``groups``.
        case group(Int)
        /// A hitch or hang, by its position in ``hitches``.
        case hitch(Int)
    }

    /// Something with a duration on a track.
    package struct Slice: Sendable, Equatable {
        /// What it stands for.
        package var content: SliceContent
        /// The id of its track.
        package var track: Int
        /// When it starts.
        package var start: Nanoseconds
        /// How long it lasts.
        package var duration: Nanoseconds
        /// Whether the duration was cut at the end of the trace.
        package var clipped: Bool
    }

    /// A cause event, at a point in time on the Causes track.
    package struct Instant: Sendable, Equatable {
        /// The event's position in ``events``.
        package var event: Int
        /// The id of its track.
        package var track: Int
        /// When the event happened.
        package var time: Nanoseconds
    }

    /// A cause link drawn as an arrow from its cause to its effect; made
    /// when asked for, from the link and the tracks of its events.
    package struct Flow: Sendable, Equatable {
        /// Unique in the timeline: the link's position in ``EventLog/links``, plus 1.
        package var id: Int
        /// The link's position in ``EventLog/links``.
        package var link: Int
        /// The track of the cause.
        package var fromTrack: Int
        /// When the cause happened.
        package var fromTime: Nanoseconds
        /// The track of the effect.
        package var toTrack: Int
        /// When the effect started.
        package var toTime: Nanoseconds
    }

    /// A slice or an instant, in the order they are written.
    package enum Entry: Sendable, Equatable {
        case slice(Int)
        case instant(Int)
    }

    /// The lanes of the first process, in order.
    package static let laneNames = Timeline.laneNames + ["Causes"]
    /// The name of the first process.
    package static let lanesProcessName = "SwiftUI lanes"
    /// The name of the process of updates that name no module.
    package static let noModuleName = "(no module)"
    /// The name of the track of a module's updates.
    package static let updatesTrackName = "Updates"
    /// The name of the track of hitches and hangs.
    package static let hitchesTrackName = "Hitches"

    /// Every event and link read.
    package let events: EventLog
    /// The update groups; when several traces were read, numbered 1… in
    /// reading order, since their own ids may collide.
    package let groups: [UpdateGroup]
    /// The update group of each event position, numbered as ``groups``.
    package let eventGroups: [GroupID?]
    /// The hitches and hangs, by document, then by start.
    package let hitches: [Hitch]
    /// The processes, lanes first.
    package private(set) var processes: [Process] = []
    /// Every track, by process.
    package private(set) var tracks: [Track] = []
    /// Every slice.
    package private(set) var slices: [Slice] = []
    /// Every instant.
    package private(set) var instants: [Instant] = []
    /// The track of each event drawn, by position, 0 for none.
    private var trackOfEvent: [Int32] = []
    /// Slices and instants by start; of those starting together, causes
    /// before their effects, then longer first.
    package private(set) var entries: [Entry] = []
    /// Per event position, the links drawn out of it.
    private var flowsFrom = PositionBuckets(buckets: 0, items: 0) { $0 }
    /// Per event position, the links drawn into it.
    private var flowsInto = PositionBuckets(buckets: 0, items: 0) { $0 }
    /// Events left out for want of a time.
    package private(set) var untimedEvents = 0
    /// Update groups left out for want of a start.
    package private(set) var untimedGroups = 0
    /// Cause links left out because one of their events was.
    package private(set) var linksLeftOut = 0
    /// Updates and groups cut at the end of the trace (a long update's copy is not counted again).
    package private(set) var clippedSlices = 0
    /// Flows whose cause happened after its effect started. Viewers bind a
    /// flow's two ends in time order, so they may draw no arrow for these.
    package private(set) var backwardLinks = 0

    package init(_ recorder: TimelineRecorder) {
        events = recorder.log
        (groups, eventGroups) = Self.numberGroups(recorder)
        // Numbered as `summary` and `why --hitch` number them.
        hitches = recorder.hitches.enumerated()
            .sorted {
                ($0.element.document, $0.element.hitch.start, $0.offset) < (
                    $1.element.document, $1.element.hitch.start, $1.offset
                )
            }
            .map(\.element.hitch)
        layOut()
    }

    /// One slice before it is placed on a row.
    private struct Pending {
        var content: SliceContent
        var lane: Int
        var start: Nanoseconds
        var end: Nanoseconds
        var clipped: Bool
        /// How far down a chain of causes starting at the same time (see ``sameTimeDepths(_:)``).
        var depth: Int
    }

    private mutating func layOut() {
        let timedEvents = events.events.indices.filter { events.events[$0].time != nil }
        untimedEvents = events.events.count - timedEvents.count
        let timedGroups = groups.indices.filter { groups[$0].start != nil }
        untimedGroups = groups.count - timedGroups.count
        let log = events
        let modules = Self.modules(of: timedEvents.lazy.map { log.events[$0].key }.filter(\.kind.isUpdate))
        let depth = Self.sameTimeDepths(events)

        var pending = pendingSlices(timedEvents: timedEvents, timedGroups: timedGroups, modules: modules, depth: depth)
        pending.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.depth != b.depth { return a.depth < b.depth }
            if a.end != b.end { return a.end > b.end }
            if a.lane != b.lane { return a.lane < b.lane }
            return Self.rank(a.content) < Self.rank(b.content)
        }
        let causes = timedEvents.filter { !events.events[$0].key.kind.isUpdate }
        trackOfEvent = place(pending, causes: causes, modules: modules)
        linkFlows()
        orderEntries(slices: pending.map(\.depth), depth: depth)
    }

    /// The slices of the groups and updates with a time, cut at the trace's
    /// end (see the type's documentation), each with its lane: 0 to 3 the
    /// lanes, then one per module.
    private mutating func pendingSlices(timedEvents: [Int], timedGroups: [Int], modules: [String?], depth: [Int: Int])
        -> [Pending]
    {
        // A hitch's end is a recorded time too (never an in-flight marker), so it is not cut.
        let starts =
            timedEvents.map { events.events[$0].time! } + timedGroups.map { groups[$0].start! } + hitches.map(\.end)
        let first = starts.min() ?? 0
        let lastStart = starts.max() ?? 0
        // Far enough for any real update, near enough that the trace stays readable.
        let span = lastStart.saturatingSubtracting(first)
        let limit = lastStart.saturatingAdding(max(span, FrameBudget().frameDuration))
        func end(of start: Nanoseconds, _ duration: Nanoseconds?) -> (end: Nanoseconds, clipped: Bool) {
            // An end past the largest time is cut there at least, and is clipped as any other cut.
            let (wanted, overflow) = start.addingReportingOverflow(max(duration ?? 0, 0))
            return overflow || (wanted > limit && wanted > start) ? (max(limit, start), true) : (wanted, false)
        }

        let moduleLane = Dictionary(uniqueKeysWithValues: modules.enumerated().map { ($1, Self.laneNames.count + $0) })
        var pending: [Pending] = []
        for index in timedGroups {
            let start = groups[index].start!
            let (finish, clipped) = end(of: start, groups[index].duration)
            if clipped { clippedSlices += 1 }
            pending.append(
                Pending(content: .group(index), lane: 0, start: start, end: finish, clipped: clipped, depth: 0))
        }
        for (index, hitch) in hitches.enumerated() {
            let (finish, clipped) = end(of: hitch.start, hitch.duration)
            if clipped { clippedSlices += 1 }
            pending.append(
                Pending(
                    content: .hitch(index), lane: Self.laneNames.count + modules.count, start: hitch.start, end: finish,
                    clipped: clipped, depth: 0))
        }
        for position in timedEvents where events.events[position].key.kind.isUpdate {
            let event = events.events[position]
            let start = event.time!
            let (finish, clipped) = end(of: start, event.duration)
            if clipped { clippedSlices += 1 }
            let order = depth[position] ?? 0
            pending.append(
                Pending(
                    content: .update(position), lane: moduleLane[event.key.module]!, start: start, end: finish,
                    clipped: clipped,
                    depth: order))
            if let severity = event.severity, severity >= .medium {
                let lane = event.key.kind == .body ? 1 : event.key.kind == .representable ? 2 : 3
                pending.append(
                    Pending(
                        content: .longUpdate(position), lane: lane, start: start, end: finish, clipped: clipped,
                        depth: order))
            }
        }
        return pending
    }

    /// Names the processes and tracks, puts each slice (in order) on a track
    /// of its lane where it nests, and each cause on the Causes track; returns
    /// the track of each event drawn, by position, 0 for none.
    private mutating func place(_ pending: [Pending], causes: [Int], modules: [String?]) -> [Int32] {
        let hitchLane = Self.laneNames.count + modules.count
        let laneCount = hitchLane + (hitches.isEmpty ? 0 : 1)
        var rows = [SliceRows](repeating: SliceRows(), count: laneCount)
        let placed = pending.map { rows[$0.lane].place(start: $0.start, end: $0.end) }

        // Lane by lane, row by row; every lane has a track, so each is named even when empty.
        var firstTrack: [Int] = []
        for lane in 0..<laneCount {
            let isModule = lane >= Self.laneNames.count && lane < hitchLane
            let process = isModule ? 2 + lane - Self.laneNames.count : 1
            if lane == 0 || isModule {
                let name = isModule ? modules[lane - Self.laneNames.count] ?? Self.noModuleName : Self.lanesProcessName
                processes.append(Process(id: process, name: name))
            }
            let name =
                lane == hitchLane ? Self.hitchesTrackName : isModule ? Self.updatesTrackName : Self.laneNames[lane]
            firstTrack.append(tracks.count + 1)
            for row in 0..<max(rows[lane].count, 1) {
                tracks.append(
                    Track(id: tracks.count + 1, process: process, name: row == 0 ? name : "\(name) \(row + 1)"))
            }
        }

        var trackOfEvent = [Int32](repeating: 0, count: events.events.count)
        for (index, item) in pending.enumerated() {
            let track = firstTrack[item.lane] + placed[index]
            if case .update(let position) = item.content { trackOfEvent[position] = Int32(track) }
            slices.append(
                Slice(
                    content: item.content, track: track, start: item.start, duration: item.end - item.start,
                    clipped: item.clipped))
        }
        let causesTrack = firstTrack[Self.laneNames.count - 1]
        for position in causes {
            trackOfEvent[position] = Int32(causesTrack)
            instants.append(Instant(event: position, track: causesTrack, time: events.events[position].time!))
        }
        return trackOfEvent
    }

    /// Indexes the links whose events were both drawn, and counts those
    /// left out and those pointing back in time.
    private mutating func linkFlows() {
        let (links, tracks) = (events.links, trackOfEvent)
        let isDrawn = { (link: EventLog.Link) in tracks[link.from] > 0 && tracks[link.to] > 0 }
        for link in links {
            guard isDrawn(link) else {
                linksLeftOut += 1
                continue
            }
            if events.events[link.from].time! > events.events[link.to].time! { backwardLinks += 1 }
        }
        flowsFrom = PositionBuckets(buckets: events.events.count, items: links.count) {
            let link = links[$0]
            return isDrawn(link) ? link.from : nil
        }
        flowsInto = PositionBuckets(buckets: events.events.count, items: links.count) {
            let link = links[$0]
            return isDrawn(link) ? link.to : nil
        }
    }

    /// The flow of the link at `position` in ``EventLog/links``, one whose events were both drawn.
    package func flow(ofLink position: Int) -> Flow {
        let link = events.links[position]
        return Flow(
            id: position + 1, link: position, fromTrack: Int(trackOfEvent[link.from]),
            fromTime: events.events[link.from].time!, toTrack: Int(trackOfEvent[link.to]),
            toTime: events.events[link.to].time!)
    }

    /// The links drawn out of the event at `position`, by position in ``EventLog/links``, in order.
    package func flows(from position: Int) -> LazyMapCollection<ArraySlice<Int32>, Int> { flowsFrom[position] }

    /// The links drawn into the event at `position`, by position in ``EventLog/links``, in order.
    package func flows(into position: Int) -> LazyMapCollection<ArraySlice<Int32>, Int> { flowsInto[position] }

    /// Merges the slices, already in order, with the instants: an instant
    /// goes before the slices that start with it unless they come before it
    /// in a chain of causes.
    private mutating func orderEntries(slices sliceDepths: [Int], depth: [Int: Int]) {
        instants.sort { ($0.time, depth[$0.event] ?? 0, $0.event) < ($1.time, depth[$1.event] ?? 0, $1.event) }
        var merged: [Entry] = []
        merged.reserveCapacity(slices.count + instants.count)
        var nextInstant = 0
        for (index, slice) in slices.enumerated() {
            while nextInstant < instants.count,
                (instants[nextInstant].time, depth[instants[nextInstant].event] ?? 0) <= (
                    slice.start, sliceDepths[index]
                )
            {
                merged.append(.instant(nextInstant))
                nextInstant += 1
            }
            merged.append(.slice(index))
        }
        merged.append(contentsOf: (nextInstant..<instants.count).map(Entry.instant))
        entries = merged
    }

    /// How many passes ``sameTimeDepths(_:)`` makes at most: chains of causes
    /// at one instant are short, and a cycle must not loop.
    static let depthPasses = 32

    /// For events caused by events of the same time, how far down such a
    /// chain of causes they are. Flows are bound in file order, a viewer
    /// dropping a flow whose end comes before its start, so of events that
    /// start together the causes are written first.
    private static func sameTimeDepths(_ log: EventLog) -> [Int: Int] {
        let links = log.links.filter { link in
            guard let from = log.events[link.from].time else { return false }
            return from == log.events[link.to].time
        }
        var depth: [Int: Int] = [:]
        for _ in 0..<depthPasses {
            var changed = false
            for link in links where (depth[link.from] ?? 0) + 1 > (depth[link.to] ?? 0) {
                depth[link.to] = (depth[link.from] ?? 0) + 1
                changed = true
            }
            if !changed { break }
        }
        return depth
    }

    /// The modules of the updates: named ones by their UTF-8 bytes, then `nil` if any update names none.
    private static func modules(of updates: some Sequence<NodeKey>) -> [String?] {
        var named: Set<String> = []
        var anonymous = false
        for key in updates {
            if let module = key.module { named.insert(module) } else { anonymous = true }
        }
        return named.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(Optional.some) + (anonymous ? [nil] : [])
    }

    /// Groups first, then hitches, then updates, each in reading order.
    private static func rank(_ content: SliceContent) -> Int {
        switch content {
        case .group(let index): index
        case .hitch(let index): Int.max / 4 + index
        case .update(let position), .longUpdate(let position): Int.max / 2 + position
        }
    }

    /// The groups with their final ids, and each event's group under those ids.
    private static func numberGroups(_ recorder: TimelineRecorder) -> ([UpdateGroup], [GroupID?]) {
        let log = recorder.log
        var numbering = GroupNumbering()
        let groupPositions = recorder.groups.map { numbering.intern($0.group.id, document: $0.document) }
        let eventPositions = log.events.indices.map { position in
            log.events[position].group.map {
                numbering.intern($0, document: recorder.document(ofEventAt: position))
            }
        }
        let ids = numbering.finalIDs()
        let groups = zip(recorder.groups, groupPositions).map { recorded, position in
            var group = recorded.group
            group.id = ids[Int(position)]
            return group
        }
        return (groups, eventPositions.map { $0.map { ids[Int($0)] } })
    }
}
