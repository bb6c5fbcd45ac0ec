#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// causegraph-export-gen ROWS [SEED] [swiftui-causes|swiftui-updates]
//
// Writes a deterministic, realistic `xctrace export` of the `swiftui-causes`
// table (or the `swiftui-updates` rows of the same recording, which join it
// by event id) to standard output, for tests and benchmarks: the same
// arguments always give the same bytes. Values are interned as xctrace does (the
// first use carries id= and fmt=, later uses are ref=), node cells are
// typed-arrays whose strings are interned too, events chain (a body update
// later causes child updates), and rows are about 290 bytes.

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

    /// `<tag id="N" fmt="…">content</tag>` the first time, `<tag ref="N"/>` after.
    mutating func element(_ tag: String, key: String, fmt: String, content: () -> String) -> String {
        if let id = ids[key] { return "<\(tag) ref=\"\(id)\"/>" }
        let id = next
        next += 1
        ids[key] = id
        return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt))\">\(content())</\(tag)>"
    }

    /// A value used once (a timestamp, a new event id).
    mutating func fresh(_ tag: String, fmt: String, content: String) -> String {
        let id = next
        next += 1
        return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt))\">\(content)</\(tag)>"
    }

    mutating func string(_ text: String) -> String {
        element("string", key: "s:" + text, fmt: text) { escape(text) }
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

struct Node {
    var title: String
    var colour: String
    var icon: String
    var isCause: Bool
}

let allNodes: [Node] = {
    var nodes = [
        Node(title: "Creation of App", colour: "gray", icon: "app", isCause: true),
        Node(title: "TapGesture", colour: "blue", icon: "hand.tap", isCause: true),
        Node(title: "@State: counter", colour: "blue", icon: "square.and.pencil", isCause: true),
        Node(title: "@State: isExpanded", colour: "blue", icon: "square.and.pencil", isCause: true),
        Node(title: "@AppStorage TextStyleModifier.fontOption", colour: "blue", icon: "square.and.pencil", isCause: true),
        Node(title: "@Observable Landmark.isFavorite", colour: "blue", icon: "eye", isCause: true),
        Node(title: "@Observable ModelData.landmarks", colour: "blue", icon: "eye", isCause: true),
        Node(title: "External Environment", colour: "gray", icon: "globe", isCause: true),
        Node(title: "External: EnvironmentValues", colour: "gray", icon: "globe", isCause: true),
        Node(title: "EnvironmentWriter: ForegroundStyle", colour: "gray", icon: "pencil", isCause: true),
        Node(title: "closure #1 in UserDefaultObserver.Target.GraphAttribute.send()", colour: "gray", icon: "curlybraces", isCause: true),
        Node(title: "<graph>", colour: "gray", icon: "circle.grid.3x3", isCause: false),
    ]
    let views = ["ContentView", "LandmarkList", "LandmarkListItemView", "LandmarkDetail", "CircleImage", "MapView",
                 "FavoriteButton", "CategoryHome", "CategoryRow", "CategoryItem", "ProfileHost", "ProfileSummary",
                 "HikeView", "HikeGraph", "Badge", "BadgeBackground", "Row<Landmark>", "PageView<Page>"]
    for view in views { nodes.append(Node(title: view, colour: "blue", icon: "square.stack.3d.up", isCause: false)) }
    for view in ["Text", "Image", "VStack<TupleView<(Text, Text)>>", "List<Never, ForEach<Array<Landmark>, Int, LandmarkListItemView>>"] {
        nodes.append(Node(title: view, colour: "gray", icon: "square.stack.3d.up", isCause: false))
    }
    return nodes
}()

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

/// Writes the export, one row at a time.
struct Generator {
    let nodes = allNodes
    let causeNodes = allNodes.indices.filter { allNodes[$0].isCause }
    let updateNodes = allNodes.indices.filter { !allNodes[$0].isCause }
    var random: Random
    var out = Output()
    var interner = Interner()

    mutating func nodeCell(_ index: Int) -> String {
        let node = nodes[index]
        let fmt = "\(node.title), \(node.colour), \(node.icon), , "
        if let id = interner.ids["n:\(index)"] { return "<typed-array ref=\"\(id)\"/>" }
        let id = interner.next
        interner.next += 1
        interner.ids["n:\(index)"] = id
        let fields = interner.string(node.title) + interner.string(node.colour) + interner.string(node.icon) + "<sentinel/><sentinel/>"
        return "<typed-array id=\"\(id)\" fmt=\"\(escape(fmt))\">\(fields)</typed-array>"
    }

    mutating func eventCell(_ event: UInt64) -> String {
        if let id = eventIDs[event] { return "<uint64 ref=\"\(id)\"/>" }
        eventIDs[event] = interner.next
        return interner.fresh("uint64", fmt: "0x" + String(event, radix: 16), content: String(event))
    }

    /// One cause row's worth of the recording: the same for every table
    /// written, so the tables of one seed join by event id.
    struct Step {
        var time: UInt64
        var source: (event: UInt64, node: Int)
        var destination: (event: UInt64, node: Int)
        var labelRoll: Int
        var valueType: Int
        var changed: Int
    }

    var time: UInt64 = 1_250_000_000
    var nextEvent: UInt64 = 4_000_000_000
    /// Recent update events, which cause further updates down the hierarchy.
    var recent: [(event: UInt64, node: Int)] = []
    var eventIDs: [UInt64: Int] = [:]
    var processID: Int?
    /// Draws for the swiftui-updates columns, apart so both tables see the same steps.
    var detailRandom: Random

    mutating func step() -> Step {
        time += 1_000 + UInt64(random.below(40_000))
        let source: (event: UInt64, node: Int)
        if !recent.isEmpty && random.below(100) < 70 {
            source = recent[random.below(recent.count)]
        } else {
            nextEvent += 1
            source = (nextEvent, causeNodes[random.below(causeNodes.count)])
        }
        nextEvent += 1
        let destination = (event: nextEvent, node: updateNodes[random.below(updateNodes.count)])
        let step = Step(time: time, source: source, destination: destination, labelRoll: random.below(100), valueType: random.below(4), changed: random.below(4))
        recent.append(destination)
        if recent.count > 64 { recent.removeFirst(recent.count - 64) }
        // Event ids are only referred to while recent; forget the rest so the
        // generator's own memory stays flat.
        if eventIDs.count > 4096 {
            let live = Set(recent.map(\.event))
            eventIDs = eventIDs.filter { live.contains($0.key) }
        }
        return step
    }

    mutating func processCell() -> String {
        if let processID { return "<process ref=\"\(processID)\"/>" }
        let id = interner.next
        interner.next += 2
        processID = id
        return "<process id=\"\(id)\" fmt=\"Landmarks (4242)\"><pid id=\"\(id + 1)\" fmt=\"4242\">4242</pid></process>"
    }

    mutating func header(_ schema: String, _ columns: [(String, String, String)]) {
        out.append("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[7]'><schema name=\"\(schema)\">")
        for (mnemonic, name, type) in columns {
            out.append("<col><mnemonic>\(mnemonic)</mnemonic><name>\(name)</name><engineering-type>\(type)</engineering-type></col>")
        }
        out.append("</schema>\n")
    }

    mutating func causeRow(_ step: Step) -> String {
        var line = "<row>" + interner.fresh("event-time", fmt: timeFormat(step.time), content: String(step.time))
        line += eventCell(step.source.event) + nodeCell(step.source.node)
        line += eventCell(step.destination.event) + nodeCell(step.destination.node)
        line += interner.string(step.labelRoll < 8 ? "Creation" : step.labelRoll < 20 ? "Invalidation" : "Update")
        if nodes[step.source.node].title.hasPrefix("@") {
            line += interner.string(["Int", "Bool", "String", "Landmark"][step.valueType])
            line += interner.string(["counter", "isExpanded", "isFavorite", "landmarks, isFavorite"][step.changed])
        } else {
            line += "<sentinel/><sentinel/>"
        }
        return line + "<sentinel/>" + processCell() + "</row>\n"
    }

    /// The destination's update: most take tens of microseconds, a few
    /// milliseconds, and one in a thousand was still running (near UINT64_MAX).
    mutating func updateRow(_ step: Step) -> String {
        let node = nodes[step.destination.node]
        let start = step.time + 200
        let roll = detailRandom.below(1000)
        let duration: UInt64 = roll == 0 ? UInt64.max - UInt64(detailRandom.below(1000)) : roll < 20 ? 1_000_000 + UInt64(detailRandom.below(20_000_000)) : 5_000 + UInt64(detailRandom.below(200_000))
        let type = node.title == "<graph>" ? "Layout" : "View Body"
        let severity = duration > 16_000_000 ? "High" : duration > 1_000_000 ? "Medium" : duration > 100_000 ? "Low" : "Very Low"
        var line = "<row>" + interner.fresh("start-time", fmt: timeFormat(start), content: String(start))
        line += interner.fresh("duration", fmt: "\(duration / 1000) µs", content: String(duration))
        line += eventCell(step.destination.event)
        line += interner.string(type) + "<sentinel/>"
        line += interner.string(node.title + (detailRandom.below(10) == 0 ? " skipped" : ""))
        line += interner.string("Update") + "<sentinel/>"
        line += interner.string(node.colour == "blue" ? "Landmarks" : "SwiftUI") + interner.string(node.title)
        line += processCell() + "<sentinel/><sentinel/>" + interner.string(severity) + "<sentinel/><sentinel/><sentinel/><sentinel/>"
        return line + "</row>\n"
    }

    mutating func run(rows: Int, table: String) {
        if table == "swiftui-updates" {
            header(table, [
                ("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("id", "ID", "uint64"),
                ("update-type", "Update Type", "string"), ("allocations", "Allocations", "size-in-bytes"),
                ("description", "Description", "string"), ("category", "Category", "string"),
                ("view-hierarchy", "View Hierarchy", "string"), ("module", "Module", "string"), ("view-name", "View Name", "string"),
                ("process", "Process", "process"), ("thread", "Thread", "thread"), ("root-causes", "Root Causes", "string"),
                ("severity", "Severity", "string"), ("downstream-cost", "Downstream Cost", "duration"),
                ("downstream-events", "Downstream Events", "uint64"), ("cause-graph-node", "Cause Graph Node", "swiftui-cause-graph-node"),
                ("full-cause-graph-node", "Full Cause Graph Node", "swiftui-cause-graph-node"),
            ])
        } else {
            header(table, [
                ("timestamp", "Timestamp", "event-time"), ("source-node-event-id", "Source Node Event ID", "uint64"),
                ("source-node", "Source Node", "swiftui-cause-graph-node"), ("destination-node-event-id", "Destination Node Event ID", "uint64"),
                ("destination-node", "Destination Node", "swiftui-cause-graph-node"), ("label", "Label", "string"),
                ("value-type", "Value Type", "string"), ("changed-properties", "Changed Properties", "string"),
                ("layout-info", "Layout Info", "string"), ("process", "Process", "process"),
            ])
        }
        for _ in 0..<rows {
            let step = step()
            out.append(table == "swiftui-updates" ? updateRow(step) : causeRow(step))
        }
        out.append("</node></trace-query-result>\n")
        out.flush()
    }
}

let arguments = CommandLine.arguments
let tables = ["swiftui-causes", "swiftui-updates"]
guard (2...4).contains(arguments.count), let rows = Int(arguments[1]), rows >= 0,
      let seed = arguments.count >= 3 ? UInt64(arguments[2]) : 1,
      arguments.count < 4 || tables.contains(arguments[3]) else {
    let usage = "usage: causegraph-export-gen ROWS [SEED] [swiftui-causes|swiftui-updates]\n"
    _ = usage.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
var generator = Generator(random: Random(state: seed), detailRandom: Random(state: seed ^ 0x5EED_0F_DE7A11))
generator.run(rows: rows, table: arguments.count == 4 ? arguments[3] : "swiftui-causes")
