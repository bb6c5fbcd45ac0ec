/// Plays the app frame by frame.
struct Simulation {
    let app = AppModel()
    var random: Random
    var frame: UInt64 = 0
    var nextEvent: UInt32 = 1
    var time: UInt64 = 0
    var group = 0
    var rootCause = 0
    var records: [Record] = []

    static let framePeriod: UInt64 = 8_333_333
    static let start: UInt64 = 1_250_000_000

    /// The records of the next frame with work.
    mutating func nextFrame() -> [Record] {
        records.removeAll(keepingCapacity: true)
        while records.isEmpty {
            frame += 1
            time = Self.start + frame * Self.framePeriod
            let frameStart = time
            group += 1
            var label = "Transaction"
            let roll = random.below(100)
            if frame % 120 == 0 {
                let timer = cause(app.timer, changed: nil)
                propagate(app.clock, from: timer, label: "Update")
            } else if roll < 30 {
                label = "Transaction for Gesture"
                scrolled()
            } else if roll < 38 {
                label = "Transaction for Gesture"
                tapped()
            } else if roll < 44 {
                let model = cause(app.model, changed: "items")
                let first = random.below(app.rows.count)
                for offset in 0..<(8 + random.below(16)) {
                    propagate(
                        app.rows[(first + offset) % app.rows.count], from: model, label: "Update", changed: "items")
                }
            } else if roll < 45 && random.below(10) == 0 {
                let darkMode = cause(app.darkMode, changed: nil)
                let first = random.below(app.environmentReaders.count)
                for offset in 0..<200 {
                    check(app.environmentReaders[(first + offset * 7) % app.environmentReaders.count], from: darkMode)
                }
            }
            // The group comes first: the native format defines a group before the updates that name it.
            if !records.isEmpty {
                records.insert(.group(id: group, start: frameStart, duration: time - frameStart, label: label), at: 0)
            } else {
                group -= 1
            }
        }
        return records
    }

    mutating func event() -> UInt32 {
        defer { nextEvent &+= 1 }
        return nextEvent
    }

    mutating func cause(_ node: Int, changed: String?) -> (event: UInt32, node: Int) {
        time += 1_000
        let id = event()
        if ![.state, .environmentWriter].contains(app.nodes[node].kind) { rootCause = node }
        records.append(.cause(event: id, node: node, time: time, changed: changed))
        return (id, node)
    }

    /// A tap changes one section's @State: the section runs, and so does what it hands new values to.
    mutating func tapped() {
        let tap = cause(app.tap, changed: nil)
        let state = app.states[random.below(app.states.count)]
        let stateEvent = cause(state, changed: String(app.nodes[state].title.dropFirst(8)))
        records.append(.link(time: time, from: tap, to: stateEvent, label: "Update", changed: nil))
        let section = app.sections[random.below(app.sections.count)]
        let ran = propagate(
            section, from: stateEvent, label: "Update",
            changed: app.nodes[stateEvent.node].title.dropFirst(8).description)
        // The section writes its foreground style; its subtree's readers are checked.
        let writer = cause(app.writer, changed: nil)
        records.append(.link(time: time, from: ran, to: writer, label: "Update", changed: nil))
        for child in app.views[section].children where app.views[child].readsEnvironment {
            check(child, from: writer)
        }
    }

    /// A scroll prefetches and creates the rows coming into view.
    mutating func scrolled() {
        let gesture = cause(app.scroll, changed: nil)
        let prefetch = update(app.prefetch, from: gesture, label: "Update", changed: nil, ran: true)
        let reuse = update(app.reuse, from: prefetch, label: "Update", changed: nil, ran: true)
        let first = random.below(app.rows.count)
        for offset in 0..<(1 + random.below(3)) {
            propagate(app.rows[(first + offset * 3) % app.rows.count], from: reuse, label: "Creation")
        }
    }

    /// An update of `node` caused by `cause`: the update event, after the link to it.
    mutating func update(
        _ node: Int, from cause: (event: UInt32, node: Int), label: String, changed: String?, ran: Bool
    ) -> (event: UInt32, node: Int) {
        let id = event()
        let roll = random.below(5000)
        let duration: UInt64 =
            roll == 0
            ? UInt64.max - UInt64(random.below(1000))
            : roll < 60
                ? 1_000_000 + UInt64(random.below(15_000_000))
                : ran ? 8_000 + UInt64(random.below(150_000)) : 1_000 + UInt64(random.below(4_000))
        time += 500
        records.append(
            .update(event: id, node: node, time: time, duration: duration, ran: ran, group: group, rootCause: rootCause)
        )
        records.append(.link(time: time, from: cause, to: (id, node), label: label, changed: changed))
        if duration < 50_000_000 { time += duration }
        return (id, node)
    }

    /// A body that ran, and the children it handed new values to: most system views, some app views.
    @discardableResult
    mutating func propagate(_ view: Int, from cause: (event: UInt32, node: Int), label: String, changed: String? = nil)
        -> (event: UInt32, node: Int)
    {
        let ran = update(app.views[view].node, from: cause, label: label, changed: changed, ran: true)
        for child in app.views[view].children where random.below(100) < (app.views[child].isApp ? 35 : 70) {
            propagate(child, from: ran, label: label == "Creation" ? "Creation" : "Update")
        }
        return ran
    }

    /// An environment check: one in ten reads a value that changed and runs its body.
    mutating func check(_ view: Int, from cause: (event: UInt32, node: Int)) {
        if random.below(10) == 0 {
            propagate(view, from: cause, label: "Update")
        } else {
            _ = update(app.views[view].node, from: cause, label: "Update", changed: nil, ran: false)
        }
    }
}
