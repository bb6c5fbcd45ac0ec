/// Counts, as a change log is read, each view's body evaluations: in
/// total, in the current interval, how many ran with no recorded change,
/// and what drove the others. A sink for ``ChangeLogImporter``, which adds
/// each line's cause events, then its body event, then the links between.
package struct LiveTally: TraceSink {
    /// One view's counts.
    package struct ViewCount: Equatable, Sendable {
        /// The view's type, as the log names it.
        package var view: String
        /// Body evaluations since the log began.
        package var total = 0
        /// Body evaluations in the current interval.
        package var recent = 0
        /// Of `total`, those with no recorded change (`unchanged.`).
        package var unchanged = 0
        /// What drove the body, by name (a property such as `_count`,
        /// `parent input`, `observed dependencies`), with how many
        /// evaluations each drove.
        package var causes: [String: Int] = [:]

        /// The cause that drove the most evaluations (by name on a tie), and how many.
        package var mainCause: (name: String, count: Int)? {
            causes.min { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    private var views: [String: ViewCount] = [:]
    /// The cause events of the line being read, by id.
    private var causeTitles: [EventID: String] = [:]
    /// The body event of the line being read, and the causes counted for it.
    private var body: (id: EventID, view: String, causes: Set<String>)?
    /// Body evaluations since the log began, and in the current interval.
    package private(set) var bodies = 0
    package private(set) var recentBodies = 0

    package init() {}

    /// Every view, busiest in the current interval first, then in total, then by name.
    package var ranking: [ViewCount] {
        views.values.sorted { first, second in
            if first.recent != second.recent { return first.recent > second.recent }
            if first.total != second.total { return first.total > second.total }
            return first.view < second.view
        }
    }

    /// Starts a new interval: the recent counts start again from zero.
    package mutating func startInterval() {
        recentBodies = 0
        for view in views.keys { views[view]?.recent = 0 }
    }

    package mutating func begin(_ header: TraceHeader) {}

    package mutating func add(_ event: TraceEvent) {
        guard event.kind == .body else {
            // The first cause event after a body starts the next line.
            if body != nil {
                body = nil
                causeTitles = [:]
            }
            causeTitles[event.id] = event.title
            return
        }
        body = (event.id, event.title, [])
        bodies += 1
        recentBodies += 1
        var count = views[event.title] ?? ViewCount(view: event.title)
        count.total += 1
        count.recent += 1
        count.unchanged += 1
        views[event.title] = count
    }

    package mutating func add(_ cause: TraceCause) {
        guard var body, cause.to == body.id, let title = causeTitles[cause.from] else { return }
        let name = cause.label == .creation ? "new identity" : Self.causeName(title, of: body.view)
        guard body.causes.insert(name).inserted else { return }
        if body.causes.count == 1 { views[body.view]?.unchanged -= 1 }
        views[body.view]?.causes[name, default: 0] += 1
        self.body = body
    }

    package mutating func add(_ group: UpdateGroup) {}

    /// Change logs record no hitches.
    package mutating func add(_ hitch: Hitch) {}

    /// A cause as the view's reader would name it: `View._count` is
    /// `_count`, `View (parent input)` is `parent input`.
    static func causeName(_ title: String, of view: String) -> String {
        if title.hasPrefix(view + "."), title.count > view.count + 1 {
            return String(title.dropFirst(view.count + 1))
        }
        if title.hasPrefix(view + " ("), title.hasSuffix(")") {
            return String(title.dropFirst(view.count + 2).dropLast())
        }
        return title
    }
}
