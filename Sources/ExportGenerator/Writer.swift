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
            // The setter of the property the title names: `@State: query`, `@Observable LibraryModel.(…)`.
            let property = node.title.split(separator: " ", maxSplits: 1).last ?? ""
            line += interner.nested("backtrace", key: "bt\(index)", fmt: "") { interner in
                [
                    "\(property).setter", "closure #1 in LibrarySection.body.getter",
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
