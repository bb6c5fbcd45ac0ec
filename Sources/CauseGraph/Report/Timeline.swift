/// The lanes of the Instruments SwiftUI instrument over the time of a
/// trace: update groups (when SwiftUI was busy), long view body updates,
/// long representable updates and other long updates, each coloured by
/// severity.
///
/// Time is cut into a fixed number of columns and each lane becomes runs of
/// columns of one severity (the worst that covers them) and one density (how
/// much of their time that severity covers, in quarters), so the strip has
/// at most a bar per column and lane however many events the trace holds,
/// and a long recording's few slow frames do not paint a lane solid.
package struct Timeline: Sendable, Equatable {
    /// One update or update group drawn in a lane.
    package struct Item: Sendable, Equatable {
        package var time: Nanoseconds
        /// `nil` when the trace gives none (an update still running when the
        /// recording stopped); it is then drawn as long as 0.
        package var duration: Nanoseconds?
        package var severity: Severity
        /// The graph node of an update; `nil` for an update group.
        package var node: String?
        /// The update's title, or the group's label.
        package var title: String
        package var group: GroupID?
    }

    /// Adjacent columns of a lane covered at the same worst severity, for
    /// the same share of their time in quarters.
    package struct Bar: Sendable, Equatable {
        /// The first and last column, both included.
        package var columns: ClosedRange<Int>
        package var severity: Severity
        /// The share of the bar's time that items of its severity cover,
        /// from 0 to 1 (items that overlap count once per column at most).
        package var share: Double
        /// The share of each of its columns, rounded up to a quarter: 1 to 4.
        package var quarters: Int
        /// How many items start within the bar.
        package var count: Int
        /// The longest item of the bar's severity that starts within it or,
        /// for a bar that only continues an earlier item, that item.
        package var worst: Item

        /// The update group the bar opens: its worst item's, when that item
        /// is a group rather than an update.
        package var group: GroupID? { worst.node == nil ? worst.group : nil }
    }

    package struct Lane: Sendable, Equatable {
        package var name: String
        /// How many items the lane holds in all.
        package var count: Int
        package var bars: [Bar]
    }

    /// The first and last point in time drawn.
    package var start: Nanoseconds
    package var end: Nanoseconds
    package var columns: Int
    /// Update groups, long view body, long representable and other long
    /// updates, in that order; then hitches and hangs, when the trace records any.
    package var lanes: [Lane]

    /// The update groups its bars open, lane by lane.
    package var openedGroups: [GroupID] { lanes.flatMap { $0.bars.compactMap(\.group) } }

    /// The names of the lanes, as Instruments calls them.
    package static let laneNames = [
        "Update Groups", "Long View Body Updates", "Long Representable Updates", "Other Long Updates",
    ]
    /// The name of the lane of hitches and hangs.
    package static let hitchesLaneName = "Hitches"

    /// The timeline of the long updates of `events` (at least medium
    /// severity) and the update groups of `graph`; items without a time are
    /// left out.
    package init(graph: CauseEffectGraph, events: ReportEvents, columns: Int = 1000) {
        self.columns = max(columns, 1)
        let budget = FrameBudget(frameRate: graph.frameRate)
        let nodeIDs = Dictionary(graph.nodes.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        let groups = graph.groups.compactMap { group -> Item? in
            guard let time = group.start else { return nil }
            // A group is work SwiftUI does for one frame: it is a problem only when it misses the frame.
            let severity: Severity = budget.exceedsFrame(group.duration ?? 0) ? .veryHigh : .low
            return Item(
                time: time, duration: group.duration, severity: severity, node: nil, title: group.label,
                group: group.id)
        }
        let hitches = Self.hitchItems(graph)
        // Long updates stay compact: only the bars' worst become items.
        let updateLanes = events.longUpdates.map { updates in
            LaneItems(
                count: updates.count,
                span: { Span(time: updates[$0].time, duration: updates[$0].duration, rank: Int(updates[$0].severity)) },
                item: {
                    let update = updates[$0]
                    let key = events.keys[Int(update.node)]
                    return Item(
                        time: update.time, duration: update.isTimed ? update.duration : nil,
                        severity: Severity.byRank[Int(update.severity)],
                        node: nodeIDs[key], title: key.title, group: update.hasGroup ? update.group : nil)
                })
        }
        let itemsByLane =
            [LaneItems(groups)] + updateLanes + (hitches.isEmpty ? [] : [LaneItems(hitches)])

        var first = Nanoseconds.max
        var lastStart = Nanoseconds.min
        for lane in itemsByLane {
            for index in 0..<lane.count {
                let time = lane.span(index).time
                first = min(first, time)
                lastStart = max(lastStart, time)
            }
        }
        if first > lastStart { (first, lastStart) = (0, 0) }
        // A duration that would more than double the recording is drawn to
        // its end, so one absurd figure cannot squeeze every other bar.
        let limit = Self.adding(lastStart, max(lastStart - first, budget.frameDuration))
        var last = Nanoseconds.min
        for lane in itemsByLane {
            for index in 0..<lane.count {
                let span = lane.span(index)
                last = max(last, min(Self.adding(span.time, span.duration), limit))
            }
        }
        if last == .min { last = 0 }
        let (start, end, columns) = (first, max(last, first), self.columns)
        self.start = start
        self.end = end
        lanes = zip(Self.laneNames + [Self.hitchesLaneName], itemsByLane).map { name, items in
            Lane(
                name: name, count: items.count,
                bars: Self.bars(of: items, start: start, end: end, limit: limit, columns: columns))
        }
    }

    /// Where an item lies and how bad it is: all that binning needs.
    private struct Span {
        var time: Nanoseconds
        var duration: Nanoseconds
        var rank: Int
    }

    /// The items of one lane, by index: spans for binning, an item for a bar's worst.
    private struct LaneItems {
        var count: Int
        var span: (Int) -> Span
        var item: (Int) -> Item

        init(count: Int, span: @escaping (Int) -> Span, item: @escaping (Int) -> Item) {
            self.count = count
            self.span = span
            self.item = item
        }

        init(_ items: [Item]) {
            self.init(
                count: items.count,
                span: { Span(time: items[$0].time, duration: items[$0].duration ?? 0, rank: items[$0].severity.rank) },
                item: { items[$0] })
        }
    }

    /// A hitch (high) or hang (very high) each, titled with its chain of
    /// causes and pointing at the update it waited on most.
    private static func hitchItems(_ graph: CauseEffectGraph) -> [Item] {
        HitchCause.all(in: graph).map { cause in
            Item(
                time: cause.hitch.start, duration: cause.hitch.duration,
                severity: cause.hitch.kind == .hang ? .veryHigh : .high,
                node: cause.chain.first?.id, title: HitchFormatter.chainLine(cause) { $0 },
                group: cause.overlap.groups.first)
        }
    }

    /// The column a point in time falls in.
    static func column(of time: Nanoseconds, start: Nanoseconds, end: Nanoseconds, columns: Int) -> Int {
        guard end > start else { return 0 }
        // Doubles cannot overflow here; IEEE arithmetic gives the same result on every machine.
        let share = (Double(time) - Double(start)) / (Double(end) - Double(start))
        return min(max(Int((share * Double(columns)).rounded(.down)), 0), columns - 1)
    }

    private static func adding(_ time: Nanoseconds, _ duration: Nanoseconds) -> Nanoseconds {
        let (sum, overflow) = time.addingReportingOverflow(duration)
        return overflow ? .max : sum
    }

    private static func bars(
        of items: LaneItems, start: Nanoseconds, end: Nanoseconds, limit: Nanoseconds, columns: Int
    )
        -> [Bar]
    {
        let levels = Severity.allCases
        // Per severity: a difference array of how many items cover each
        // column, and of how many cover it whole; the time items cover in
        // the columns they cover in part; and the longest item starting in
        // each column. Doubles: a column's time need not be whole
        // nanoseconds, and IEEE arithmetic gives the same on every machine.
        let width = (Double(end) - Double(start)) / Double(columns)
        let boundary = { (column: Int) in Double(start) + Double(column) * width }
        var coverage = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: levels.count)
        var wholly = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: levels.count)
        var partly = [[Double]](repeating: [Double](repeating: 0, count: columns), count: levels.count)
        var longest = [[Int?]](repeating: [Int?](repeating: nil, count: columns), count: levels.count)
        var starts = [Int](repeating: 0, count: columns)
        for index in 0..<items.count {
            let item = items.span(index)
            let level = item.rank
            let itemEnd = max(min(adding(item.time, item.duration), limit), item.time)
            let first = column(of: item.time, start: start, end: end, columns: columns)
            var last = max(column(of: itemEnd, start: start, end: end, columns: columns), first)
            // An item ending where a column starts does not reach into it.
            if last > first, boundary(last) >= Double(itemEnd) { last -= 1 }
            coverage[level][first] += 1
            coverage[level][last + 1] -= 1
            if first == last {
                partly[level][first] += Double(itemEnd) - Double(item.time)
            } else {
                partly[level][first] += max(boundary(first + 1) - Double(item.time), 0)
                partly[level][last] += max(Double(itemEnd) - boundary(last), 0)
                wholly[level][first + 1] += 1
                wholly[level][last] -= 1
            }
            starts[first] += 1
            if longest[level][first].map({ Self.isLonger(item, than: items.span($0)) }) ?? true {
                longest[level][first] = index
            }
        }
        // The worst severity covering each column, and the share of the column's time it covers.
        var running = [Int](repeating: 0, count: levels.count)
        var runningWholly = [Int](repeating: 0, count: levels.count)
        var worst = [Int?](repeating: nil, count: columns)
        var share = [Double](repeating: 0, count: columns)
        for column in 0..<columns {
            for level in levels.indices {
                running[level] += coverage[level][column]
                runningWholly[level] += wholly[level][column]
                if running[level] > 0 { worst[column] = level }
            }
            if let level = worst[column] {
                share[column] =
                    width > 0 && runningWholly[level] == 0 ? min(partly[level][column] / width, 1) : 1
            }
        }
        let quarters = share.map { min(max(Int(($0 * 4).rounded(.up)), 1), 4) }
        var bars: [Bar] = []
        var column = 0
        while column < columns {
            guard let level = worst[column] else {
                column += 1
                continue
            }
            var last = column
            while last + 1 < columns, worst[last + 1] == level, quarters[last + 1] == quarters[column] { last += 1 }
            let inside = (column...last).compactMap { longest[level][$0] }
            // A bar no item of its severity starts in continues one that started earlier.
            var example = inside.max { isLonger(items.span($1), than: items.span($0)) }
            var back = column - 1
            while example == nil, back >= 0, worst[back] != nil {
                example = longest[level][back]
                back -= 1
            }
            if let example {
                bars.append(
                    Bar(
                        columns: column...last, severity: levels[level],
                        share: share[column...last].reduce(0, +) / Double(last - column + 1),
                        quarters: quarters[column], count: starts[column...last].reduce(0, +),
                        worst: items.item(example)))
            }
            column = last + 1
        }
        return bars
    }

    /// Longer first; of two as long, the earlier.
    private static func isLonger(_ a: Span, than b: Span) -> Bool {
        a.duration != b.duration ? a.duration > b.duration : a.time < b.time
    }
}
