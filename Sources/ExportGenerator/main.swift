#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// causegraph-export-gen ROWS [SEED] [TABLE]
//
// Writes one table of a deterministic recording of a realistic app, for
// tests and benchmarks: the same arguments always give the same bytes, and
// every table of one ROWS and SEED describes the same recording (they join
// by event id). ROWS is the number of cause links; TABLE is one of
// swiftui-causes (the default), swiftui-full-causes (the same links, each
// node cell also holding its event's id and times), swiftui-updates,
// swiftui-update-groups, swiftui-changes (Instruments exports with the real
// column types, values interned as xctrace does) or native (causegraph's
// JSON Lines).
//
// The app (``AppModel``) is a view tree several levels deep, with system
// views under app views and a list of rows. Its root causes are taps that
// change @State, scrolls that create rows, an @Observable model that fans out
// to the visible rows, a timer (External: Time), dark mode (External
// Environment) and the environment a section writes for its subtree. A body
// that runs updates some of its children; an environment change checks the
// views that read it, and most of those checks skip the body. Work is framed
// at 120 Hz, one update group per frame with work.

/// SplitMix64: small, fast, and the same on every platform.
struct Random {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Buffered standard output.
struct Output {
    var buffer: [UInt8] = []

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                perror("causegraph-export-gen: write")
                exit(1)
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Hands out xctrace ids: a value's first use defines it, later uses refer to it.
struct Interner {
    var next = 1
    var ids: [String: Int] = [:]

    /// `<tag id="N" fmt="…">text</tag>` the first time, `<tag ref="N"/>` after.
    mutating func leaf(_ tag: String, _ text: String, fmt: String? = nil) -> String {
        nested(tag, key: text, fmt: fmt ?? text) { _ in escape(text) }
    }

    /// An element interned as a whole under `key`.
    mutating func nested(_ tag: String, key: String, fmt: String, content: (inout Interner) -> String) -> String {
        let fullKey = tag + "\u{1}" + key
        if let id = ids[fullKey] { return "<\(tag) ref=\"\(id)\"/>" }
        let id = next
        next += 1
        ids[fullKey] = id
        return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt))\">\(content(&self))</\(tag)>"
    }

    /// A value used once (a timestamp, a duration).
    mutating func fresh(_ tag: String, fmt: String, content: String) -> String {
        let id = next
        next += 1
        return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt))\">\(content)</\(tag)>"
    }

    /// Forgets interned values whose key starts with `prefix`, so event ids no longer referred to cost no memory.
    mutating func forget(prefix: String) {
        ids = ids.filter { !$0.key.hasPrefix(prefix) }
    }

    mutating func process() -> String {
        nested("process", key: "app", fmt: "Library (4242)") { $0.leaf("pid", "4242") }
    }

    mutating func thread() -> String {
        nested("thread", key: "main", fmt: "Main Thread (0x1e9000) (Library, pid: 4242)") {
            $0.leaf("tid", "2003968", fmt: "0x1e9000") + $0.process()
        }
    }
}

func escape(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "&": result += "&amp;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}

func timeFormat(_ nanoseconds: UInt64) -> String {
    let milliseconds = nanoseconds / 1_000_000
    let minutes = milliseconds / 60_000
    let seconds = milliseconds / 1000 % 60
    func pad(_ value: UInt64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(milliseconds % 1000, 3)).\(pad(nanoseconds / 1000 % 1000, 3))"
}

func durationFormat(_ nanoseconds: UInt64) -> String {
    nanoseconds >= 1_000_000
        ? "\(nanoseconds / 1_000_000).\(nanoseconds / 10_000 % 100) ms" : "\(nanoseconds / 1000) µs"
}

/// What a node of the recording is, in causegraph's native kind names.
enum Kind: String {
    case gesture, state, observable, externalEnvironment, environmentWriter, body, representable, other

    var isCause: Bool { [.gesture, .state, .observable, .externalEnvironment, .environmentWriter].contains(self) }

    /// The `update-type` of an update row.
    var updateType: String {
        switch self {
        case .representable: "Representable Update"
        case .other: "Other Updates"
        default: "View Body"
        }
    }
}

/// One node of the cause graph: what a node cell shows.
struct NodeType {
    var title: String
    var kind: Kind
    var isApp: Bool
    var icon: String
    /// The view's type name, for body updates.
    var view: String?

    var colour: String { isApp ? "blue" : "gray" }
    var module: String { isApp ? "Library" : "SwiftUI" }
}

/// A view of the app's tree.
struct ViewType {
    var node: Int
    var children: [Int] = []
    /// Whether its body reads the environment, so environment changes check it.
    var readsEnvironment: Bool
    var isApp: Bool
}

/// The app: its nodes, its view tree and the causes that drive it.
struct AppModel {
    var nodes: [NodeType] = []
    var views: [ViewType] = []
    /// Section views, each with @State and an environment value it writes for its subtree.
    var sections: [Int] = []
    /// Row views of the library list, created as it scrolls.
    var rows: [Int] = []
    var environmentReaders: [Int] = []
    var clock = 0
    var tap = 0, scroll = 0, prefetch = 0, reuse = 0, model = 0, timer = 0, darkMode = 0, writer = 0
    var states: [Int] = []

    static let systemViews = [
        "Text", "Image", "HStack<TupleView<(Image, Text)>>", "VStack<TupleView<(Text, Text)>>", "Button<Text>",
        "_ViewModifier_Content<_PaddingLayout>", "ScrollView<LazyVStack<ForEach<Array<Item>, Int, Row>>>",
        "List<Never, ForEach<Array<Item>, Int, Row>>", "Spacer", "Divider", "Label<Text, Image>",
        "ZStack<TupleView<(Color, Text)>>",
        "NavigationLink<Text, Never>", "ForEach<Array<Card>, Int, CardView>", "AsyncImage<Image>", "Toggle<Text>",
    ]
    static let features = [
        "Library", "Browse", "Search", "Radio", "Profile", "Settings", "Downloads", "Charts", "Podcasts", "Videos",
        "Friends", "Store",
    ]
    static let rowKinds = [
        "Album", "Song", "Artist", "Playlist", "Genre", "Podcast", "Episode", "Video", "Station", "Composer",
    ]
    static let rowStyles = ["", "Compact", "Grid", "Featured"]

    mutating func node(_ title: String, _ kind: Kind, app: Bool, icon: String, view: String? = nil) -> Int {
        nodes.append(NodeType(title: title, kind: kind, isApp: app, icon: icon, view: view))
        return nodes.count - 1
    }

    mutating func view(_ name: String, app: Bool, readsEnvironment: Bool, parent: Int?) -> Int {
        let node = node(app ? name + ".body" : name, .body, app: app, icon: "square.stack.3d.up", view: name)
        views.append(ViewType(node: node, readsEnvironment: readsEnvironment, isApp: app))
        let index = views.count - 1
        if let parent { views[parent].children.append(index) }
        if readsEnvironment { environmentReaders.append(index) }
        return index
    }

    /// Two to three system views under an app view, chosen by its position.
    mutating func systemChildren(of parent: Int, _ position: Int) {
        for offset in 0..<(2 + position % 2) {
            let name = Self.systemViews[(position * 7 + offset * 3) % Self.systemViews.count]
            let child = view(name, app: false, readsEnvironment: offset == 0, parent: parent)
            if offset == 0 && position % 3 == 0 {
                _ = view("Text", app: false, readsEnvironment: true, parent: child)
            }
        }
    }

    init() {
        tap = node("TapGesture", .gesture, app: true, icon: "hand.tap")
        scroll = node("Gesture: Scroll", .gesture, app: true, icon: "hand.draw")
        model = node("@Observable LibraryModel.(Array<Item>)", .observable, app: true, icon: "eye")
        timer = node("External: Time", .externalEnvironment, app: false, icon: "clock")
        darkMode = node("External Environment", .externalEnvironment, app: false, icon: "globe")
        writer = node("EnvironmentWriter: ForegroundStyle", .environmentWriter, app: false, icon: "pencil")
        for name in ["isExpanded", "selection", "query", "isPresented"] {
            states.append(node("@State: \(name)", .state, app: true, icon: "a.square"))
        }
        prefetch = node("ScrollPrefetch", .other, app: false, icon: "scroll")
        reuse = node("View Creation / Reuse", .other, app: false, icon: "square.on.square")

        let root = view("LibraryApp", app: true, readsEnvironment: false, parent: nil)
        let tabs = view("TabView<Int, TupleView<…>>", app: false, readsEnvironment: true, parent: root)
        clock = view("ClockView", app: true, readsEnvironment: false, parent: root)
        _ = view("Text", app: false, readsEnvironment: true, parent: clock)
        var position = 0
        for feature in Self.features {
            let featureView = view("\(feature)View", app: true, readsEnvironment: true, parent: tabs)
            for section in 0..<8 {
                let sectionView = view(
                    "\(feature)Section\(section)", app: true, readsEnvironment: true, parent: featureView)
                sections.append(sectionView)
                for card in 0..<10 {
                    position += 1
                    let cardView = view(
                        "\(feature)Section\(section)Card\(card)", app: true, readsEnvironment: position % 2 == 0,
                        parent: sectionView)
                    systemChildren(of: cardView, position)
                    for detail in 0..<2 {
                        let detailView = view(
                            "\(feature)Card\(section)x\(card)Detail\(detail)", app: true, readsEnvironment: detail == 0,
                            parent: cardView)
                        systemChildren(of: detailView, position + detail)
                    }
                }
            }
        }
        let list = views.firstIndex { nodes[$0.node].title == "LibraryView.body" }!
        for kind in Self.rowKinds {
            for style in Self.rowStyles {
                let row = view("LibraryItem\(kind)\(style)Row", app: true, readsEnvironment: true, parent: list)
                rows.append(row)
                systemChildren(of: row, rows.count)
            }
        }
    }
}

/// One thing the recording holds, in the order it happened.
enum Record {
    case cause(event: UInt32, node: Int, time: UInt64, changed: String?)
    case update(event: UInt32, node: Int, time: UInt64, duration: UInt64, ran: Bool, group: Int, rootCause: Int)
    case link(
        time: UInt64, from: (event: UInt32, node: Int), to: (event: UInt32, node: Int), label: String, changed: String?)
    case group(id: Int, start: UInt64, duration: UInt64, label: String)
}

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
/// Writes the tables of one recording.
struct Writer {
    var simulation: Simulation
    var out = Output()
    var interner = Interner()
    /// Event ids interned since they were last forgotten.
    var internedEvents = 0
    /// The times of recent events, for the node cells of swiftui-full-causes.
    var eventTimes: [UInt32: EventTimes] = [:]

    /// When an event happened: a cause its time; an update its end and duration.
    enum EventTimes {
        case cause(time: UInt64)
        case update(end: UInt64?, duration: UInt64)
    }

    mutating func header(_ schema: String, _ columns: [(String, String, String)]) {
        out.append(
            "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[7]'><schema name=\"\(schema)\">"
        )
        for (mnemonic, name, type) in columns {
            out.append(
                "<col><mnemonic>\(mnemonic)</mnemonic><name>\(name)</name><engineering-type>\(type)</engineering-type></col>"
            )
        }
        out.append("</schema>\n")
    }

    /// An event id, interned while recent: later links to the same event refer to it.
    mutating func eventCell(_ event: UInt32) -> String {
        internedEvents += 1
        if internedEvents > 8192 {
            interner.forget(prefix: "uint32\u{1}e")
            interner.forget(prefix: "typed-array\u{1}f")
            internedEvents = 0
        }
        return interner.nested("uint32", key: "e\(event)", fmt: String(event)) { _ in String(event) }
    }

    mutating func nodeCell(_ index: Int) -> String {
        let node = simulation.app.nodes[index]
        return interner.nested("typed-array", key: "n\(index)", fmt: "\(node.title), \(node.colour), \(node.icon), , ")
        {
            $0.leaf("string", node.title) + $0.leaf("string", node.colour) + $0.leaf("string", node.icon)
                + "<sentinel/><sentinel/>"
        }
    }

    /// A swiftui-full-causes node cell: the five fields of ``nodeCell(_:)``, then the event's id and times.
    mutating func fullNodeCell(_ index: Int, event: UInt32) -> String {
        let node = simulation.app.nodes[index]
        let times = eventTimes[event]
        var timesFormat = "n/a, n/a, n/a"
        switch times {
        case .cause(let time)?: timesFormat = "\(timeFormat(time)), n/a, n/a"
        case .update(let end, let duration)?:
            timesFormat = "n/a, \(end.map(timeFormat) ?? "n/a"), \(durationFormat(duration))"
        case nil: break
        }
        let fmt = "\(node.title), \(node.colour), \(node.icon), n/a, n/a, \(event), \(timesFormat)"
        return interner.nested("typed-array", key: "f\(event)", fmt: fmt) { interner in
            var cell =
                interner.leaf("string", node.title) + interner.leaf("string", node.colour)
                + interner.leaf("string", node.icon)
            cell +=
                "<sentinel/><sentinel/>"
                + interner.nested("uint32", key: "e\(event)", fmt: String(event)) { _ in String(event) }
            switch times {
            case .cause(let time)?:
                cell +=
                    interner.fresh("event-time", fmt: timeFormat(time), content: String(time))
                    + "<sentinel/><sentinel/>"
            case .update(let end, let duration)?:
                cell +=
                    "<sentinel/>"
                    + (end.map { interner.fresh("event-time", fmt: timeFormat($0), content: String($0)) }
                        ?? "<sentinel/>")
                cell += interner.fresh("duration", fmt: durationFormat(duration), content: String(duration))
            case nil:
                cell += "<sentinel/><sentinel/><sentinel/>"
            }
            return cell
        }
    }

    /// Keeps the times of the events the next links may name: those of the last few frames.
    mutating func remember(_ event: UInt32, _ times: EventTimes) {
        eventTimes[event] = times
        if eventTimes.count > 16384 { eventTimes = eventTimes.filter { event &- $0.key < 8192 } }
    }

    mutating func optionalString(_ text: String?) -> String {
        text.map { interner.leaf("string", $0) } ?? "<sentinel/>"
    }

    static func severity(_ duration: UInt64) -> String {
        duration > 33_000_000
            ? "Very High"
            : duration > 16_000_000
                ? "High"
                : duration > 8_000_000
                    ? "Medium"
                    : duration > 100_000 ? "Low" : "Very Low"
    }

    mutating func row(_ record: Record, table: String) -> String? {
        switch (table, record) {
        case ("swiftui-full-causes", .cause(let event, _, let time, _)):
            remember(event, .cause(time: time))
            return nil
        case ("swiftui-full-causes", .update(let event, _, let time, let duration, _, _, _)):
            let (end, overflow) = time.addingReportingOverflow(duration)
            remember(event, .update(end: overflow || end > UInt64(Int64.max) ? nil : end, duration: duration))
            return nil
        case ("swiftui-causes", .link(let time, let from, let to, let label, let changed)),
            ("swiftui-full-causes", .link(let time, let from, let to, let label, let changed)):
            let full = table == "swiftui-full-causes"
            var line = "<row>" + interner.fresh("event-time", fmt: timeFormat(time), content: String(time))
            line += eventCell(from.event) + (full ? fullNodeCell(from.node, event: from.event) : nodeCell(from.node))
            line += eventCell(to.event) + (full ? fullNodeCell(to.node, event: to.event) : nodeCell(to.node))
            line += interner.leaf("string", label)
            let isStorage = [.state, .observable].contains(simulation.app.nodes[from.node].kind)
            line += isStorage ? interner.leaf("string", "Array<Item>") : "<sentinel/>"
            line += optionalString(changed) + "<sentinel/>" + interner.process()
            return line + "</row>\n"
        case ("swiftui-updates", .update(let event, let index, let time, let duration, let ran, _, let rootCause)):
            let node = simulation.app.nodes[index]
            let isBody = node.kind == .body
            var line = "<row>" + interner.fresh("start-time", fmt: timeFormat(time), content: String(time))
            line += interner.fresh("duration", fmt: durationFormat(duration), content: String(duration))
            line += eventCell(event) + interner.leaf("swiftui-update", node.kind.updateType)
            line += interner.fresh("event-count", fmt: "\(event % 7)", content: String(event % 7))
            // Body rows name the view in the description, and say when the body was skipped.
            line +=
                isBody
                ? interner.leaf("string", (node.view ?? node.title) + (ran ? "" : " (skipped)"))
                : interner.leaf("string", node.title)
            line += interner.leaf("string", "Update") + "<sentinel/>" + interner.leaf("string", node.module)
            line += isBody ? "<sentinel/>" : interner.leaf("string", node.title)
            line += interner.process() + interner.thread()
            let cause = simulation.app.nodes[rootCause]
            line += interner.nested("description-set", key: "root\(rootCause)", fmt: cause.title) {
                $0.leaf("string", cause.title)
            }
            line += interner.leaf("event-concept", Self.severity(duration))
            line += interner.fresh("duration", fmt: durationFormat(duration), content: String(duration))
            line += "<sentinel/>" + nodeCell(index) + "<sentinel/>"
            return line + "</row>\n"
        case ("swiftui-update-groups", .group(_, let start, let duration, let label)):
            var line = "<row>" + interner.fresh("start-time", fmt: timeFormat(start), content: String(start))
            line += interner.fresh("duration", fmt: durationFormat(duration), content: String(duration))
            line += interner.leaf("string", label) + "<sentinel/><sentinel/>" + interner.process() + interner.thread()
            return line + "</row>\n"
        case ("swiftui-changes", .cause(let event, let index, let time, let changed)) where changed != nil:
            let node = simulation.app.nodes[index]
            var line = "<row>" + interner.fresh("event-time", fmt: timeFormat(time), content: String(time))
            line += eventCell(event) + interner.leaf("string", "Storage write")
            line += interner.nested("backtrace", key: "bt\(index)", fmt: "") { interner in
                [
                    "\(node.title.dropFirst(8)).setter", "closure #1 in LibrarySection.body.getter",
                    "ButtonAction.callAsFunction()",
                ]
                .map { frame in
                    let id = interner.next
                    interner.next += 1
                    return
                        "<frame id=\"\(id)\" name=\"\(escape(frame))\" addr=\"0x\(String(0x100000 + index * 64, radix: 16))\"/>"
                }.joined()
            }
            return line + interner.process() + interner.thread() + "</row>\n"
        case ("native", _):
            return nativeLine(record)
        default:
            return nil
        }
    }

    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    func nativeLine(_ record: Record) -> String {
        let nodes = simulation.app.nodes
        switch record {
        case .cause(let event, let index, let time, _):
            let node = nodes[index]
            return
                "{\"node\": \(event), \"kind\": \"\(node.kind.rawValue)\", \"title\": \(Self.json(node.title)), \"owner\": \"\(node.isApp ? "app" : "system")\", \"time\": \(time)}\n"
        case .update(let event, let index, let time, let duration, let ran, let group, _):
            let node = nodes[index]
            let title = node.kind == .body ? node.view ?? node.title : node.title
            // An update still running when the recording stopped has no duration the native format can hold.
            let durationField = duration <= UInt64(Int64.max) ? ", \"duration\": \(duration)" : ""
            return
                "{\"node\": \(event), \"kind\": \"\(node.kind.rawValue)\", \"title\": \(Self.json(title)), \"module\": \(Self.json(node.module)), "
                + "\"owner\": \"\(node.isApp ? "app" : "system")\", \"time\": \(time)\(durationField), \"ran\": \(ran), \"group\": \(group)}\n"
        case .link(let time, let from, let to, let label, let changed):
            let changedField = changed.map { ", \"changed\": [\(Self.json($0))]" } ?? ""
            return
                "{\"edge\": [\(from.event), \(to.event)], \"label\": \"\(label.lowercased())\", \"time\": \(time)\(changedField)}\n"
        case .group(let id, let start, let duration, let label):
            return
                "{\"group\": \(id), \"label\": \(Self.json(label)), \"start\": \(start), \"duration\": \(duration)}\n"
        }
    }

    mutating func run(rows: Int, table: String) {
        switch table {
        case "native":
            out.append("{\"causegraph\": 1, \"app\": \"Library\", \"frameRate\": 120}\n")
        case "swiftui-updates":
            header(
                table,
                [
                    ("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("id", "ID", "uint32"),
                    ("update-type", "Update Type", "swiftui-update"), ("allocations", "Allocations", "event-count"),
                    ("description", "Description", "string"), ("category", "Category", "string"),
                    ("view-hierarchy", "View Hierarchy", "view-hierarchy"), ("module", "Module", "string"),
                    ("view-name", "View Name", "string"),
                    ("process", "Process", "process"), ("thread", "Thread", "thread"),
                    ("root-causes", "Root Causes", "description-set"),
                    ("severity", "Severity", "event-concept"), ("downstream-cost", "Downstream Cost", "duration"),
                    ("downstream-events", "Downstream Events", "cause-set"),
                    ("cause-graph-node", "Cause Graph Node", "typed-array"),
                    ("full-cause-graph-node", "Full Cause Graph Node", "typed-array"),
                ])
        case "swiftui-update-groups":
            header(
                table,
                [
                    ("start", "Start", "start-time"), ("duration", "Duration", "duration"),
                    ("label", "Label", "string"),
                    ("cause-backtrace", "Cause Backtrace", "backtrace"), ("backtrace", "Backtrace", "backtrace"),
                    ("process", "Process", "process"), ("thread", "Thread", "thread"),
                ])
        case "swiftui-changes":
            header(
                table,
                [
                    ("timestamp", "Timestamp", "event-time"), ("id", "ID", "uint32"),
                    ("description", "Description", "string"),
                    ("backtrace", "Backtrace", "backtrace"), ("process", "Process", "process"),
                    ("thread", "Thread", "thread"),
                ])
        default:
            header(
                table,
                [
                    ("timestamp", "Timestamp", "event-time"),
                    ("source-node-event-id", "Source Node Event ID", "uint32"),
                    ("source-node", "Source Node", "typed-array"),
                    ("destination-node-event-id", "Destination Node Event ID", "uint32"),
                    ("destination-node", "Destination Node", "typed-array"), ("label", "Label", "string"),
                    ("value-type", "Value Type", "string"), ("changed-properties", "Changed Properties", "string"),
                    ("layout-info", "Layout Info", "string"), ("process", "Process", "process"),
                ])
        }
        var links = 0
        while links < rows {
            for record in simulation.nextFrame() {
                // The recording ends at its ROWS-th link: later records of that frame are left out.
                guard links < rows else { break }
                if case .link = record { links += 1 }
                if let line = row(record, table: table) { out.append(line) }
            }
        }
        if table != "native" { out.append("</node></trace-query-result>\n") }
        out.flush()
    }
}

let arguments = CommandLine.arguments
let tables = [
    "swiftui-causes", "swiftui-full-causes", "swiftui-updates", "swiftui-update-groups", "swiftui-changes", "native",
]
guard (2...4).contains(arguments.count), let rows = Int(arguments[1]), rows >= 0,
    let seed = arguments.count >= 3 ? UInt64(arguments[2]) : 1,
    arguments.count < 4 || tables.contains(arguments[3])
else {
    let usage = "usage: causegraph-export-gen ROWS [SEED] [\(tables.joined(separator: "|"))]\n"
    _ = usage.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
var writer = Writer(simulation: Simulation(random: Random(state: seed)))
writer.run(rows: rows, table: arguments.count == 4 ? arguments[3] : "swiftui-causes")
