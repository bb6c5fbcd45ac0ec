/// Writes a ``TraceTimeline`` in the Chrome Trace Event Format (the JSON
/// object form), which Perfetto (ui.perfetto.dev) and Chrome's trace viewer
/// open.
///
/// The object holds `displayTimeUnit`, `otherData` (what was left out) and
/// `traceEvents`, one event a line: first the metadata naming and ordering
/// processes and tracks (`ph: "M"`), then slices (`"X"`) and instants
/// (`"i"`) by time, each followed by the flow events bound to it: `"f"`
/// (with `bp: "e"`, bound to the enclosing slice) for the links into it,
/// `"s"` for the links out of it. The two events of a flow share its id,
/// category and name, which viewers match flows by.
///
/// Times are microseconds, written exactly: nanoseconds as a decimal
/// fraction (`1234.5` for 1 234 500 ns), never through floating point, so
/// the output is byte-identical for the same input. docs/timeline.md
/// documents the mapping.
package enum TraceEventEncoder {
    /// The categories of the events written, by what they stand for.
    package enum Category {
        /// Updates on their module's track.
        package static let update = "update"
        /// Long updates' copies on their lane.
        package static let longUpdate = "long-update"
        /// Update groups.
        package static let group = "update-group"
        /// Cause events.
        package static let cause = "cause"
        /// Hitches and hangs.
        package static let hitch = "hitch"
        /// Flows: a cause link.
        package static let link = "cause-link"
    }

    /// The whole document.
    package static func encode(_ timeline: TraceTimeline) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(timeline) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes the document a piece at a time, each piece whole lines, so a
    /// large timeline never sits in memory twice.
    package static func encode<Failure: Error>(
        _ timeline: TraceTimeline, into write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        let writer = Writer(timeline: timeline)
        try write(
            Array(#"{"displayTimeUnit": "ns", "otherData": "#.utf8) + writer.otherData()
                + Array(#", "traceEvents": ["#.utf8))
        var line: [UInt8] = []
        var first = true
        func emit(_ build: (inout [UInt8]) -> Void) throws(Failure) {
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: first ? [0x0A] : [0x2C, 0x0A])
            first = false
            build(&line)
            try write(line)
        }
        for process in timeline.processes {
            let firstTrack = timeline.tracks.first { $0.process == process.id }!.id
            try emit {
                writer.metadata(&$0, "process_name", process: process.id, track: firstTrack, name: process.name)
            }
            try emit {
                writer.metadata(
                    &$0, "process_sort_index", process: process.id, track: firstTrack, sortIndex: process.id)
            }
        }
        for track in timeline.tracks {
            try emit { writer.metadata(&$0, "thread_name", process: track.process, track: track.id, name: track.name) }
            try emit {
                writer.metadata(&$0, "thread_sort_index", process: track.process, track: track.id, sortIndex: track.id)
            }
        }
        for entry in timeline.entries {
            // The event whose flows are bound to what was just written.
            let event: Int
            switch entry {
            case .slice(let index):
                try emit { writer.slice(&$0, timeline.slices[index]) }
                guard case .update(let position) = timeline.slices[index].content else { continue }
                event = position
            case .instant(let index):
                try emit { writer.instant(&$0, timeline.instants[index]) }
                event = timeline.instants[index].event
            }
            for link in timeline.flows(into: event) {
                try emit { writer.flow(&$0, timeline.flow(ofLink: link), end: true) }
            }
            for link in timeline.flows(from: event) {
                try emit { writer.flow(&$0, timeline.flow(ofLink: link), end: false) }
            }
        }
        try write(Array("\n]}\n".utf8))
    }

    /// Microseconds, exactly: `nanoseconds / 1000` with up to three decimals,
    /// no trailing zeros (`1`, `1.5`, `0.001`, `-2.25`).
    package static func appendMicroseconds(_ nanoseconds: Nanoseconds, to output: inout [UInt8]) {
        if nanoseconds < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = nanoseconds.magnitude
        JSONText.appendNumber(magnitude / 1000, to: &output)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return }
        output.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }
}

/// Writes single events; words and numbers from the trace are escaped by `JSONText`.
private struct Writer {
    let timeline: TraceTimeline
    /// The process of each track.
    private var processOfTrack: [Int: Int] = [:]
    /// Per event position, the links into it, in trace order.
    private let incoming: [Int: [EventLog.Link]]

    init(timeline: TraceTimeline) {
        self.timeline = timeline
        for track in timeline.tracks { processOfTrack[track.id] = track.process }
        incoming = timeline.events.incomingLinks()
    }

    func otherData() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: #"{"generator": "causegraph", "untimedEvents": "#.utf8)
        JSONText.appendNumber(Int64(timeline.untimedEvents), to: &bytes)
        bytes.append(contentsOf: #", "untimedGroups": "#.utf8)
        JSONText.appendNumber(Int64(timeline.untimedGroups), to: &bytes)
        bytes.append(contentsOf: #", "linksLeftOut": "#.utf8)
        JSONText.appendNumber(Int64(timeline.linksLeftOut), to: &bytes)
        bytes.append(contentsOf: #", "clippedSlices": "#.utf8)
        JSONText.appendNumber(Int64(timeline.clippedSlices), to: &bytes)
        bytes.append(contentsOf: #", "backwardLinks": "#.utf8)
        JSONText.appendNumber(Int64(timeline.backwardLinks), to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// A metadata event naming a process or track (`args.name`) or ordering it (`args.sort_index`).
    func metadata(
        _ out: inout [UInt8], _ event: String, process: Int, track: Int, name: String? = nil, sortIndex: Int? = nil
    ) {
        out.append(contentsOf: #"{"ph": "M", "name": ""#.utf8)
        out.append(contentsOf: event.utf8)
        out.append(contentsOf: #"", "pid": "#.utf8)
        JSONText.appendNumber(Int64(process), to: &out)
        out.append(contentsOf: #", "tid": "#.utf8)
        JSONText.appendNumber(Int64(track), to: &out)
        if let name {
            out.append(contentsOf: #", "args": {"name": "#.utf8)
            JSONText.appendQuoted(name, to: &out)
        } else {
            out.append(contentsOf: #", "args": {"sort_index": "#.utf8)
            JSONText.appendNumber(Int64(sortIndex ?? 0), to: &out)
        }
        out.append(contentsOf: "}}".utf8)
    }

    /// A title or label as a slice's name: `(untitled)` when blank, so no
    /// slice names nothing; `args` keep the text as recorded.
    static func shown(_ text: String) -> String {
        TitleText.shown(text)
    }

    /// The fields every timed event starts with.
    private func head(
        _ out: inout [UInt8], phase: String, category: String, name: String, track: Int, time: Nanoseconds
    ) {
        out.append(contentsOf: #"{"ph": ""#.utf8)
        out.append(contentsOf: phase.utf8)
        out.append(contentsOf: #"", "cat": ""#.utf8)
        out.append(contentsOf: category.utf8)
        out.append(contentsOf: #"", "name": "#.utf8)
        JSONText.appendQuoted(name, to: &out)
        out.append(contentsOf: #", "pid": "#.utf8)
        JSONText.appendNumber(Int64(processOfTrack[track]!), to: &out)
        out.append(contentsOf: #", "tid": "#.utf8)
        JSONText.appendNumber(Int64(track), to: &out)
        out.append(contentsOf: #", "ts": "#.utf8)
        TraceEventEncoder.appendMicroseconds(time, to: &out)
    }

    func slice(_ out: inout [UInt8], _ slice: TraceTimeline.Slice) {
        switch slice.content {
        case .group(let index):
            let group = timeline.groups[index]
            head(
                &out, phase: "X", category: TraceEventEncoder.Category.group, name: Self.shown(group.label),
                track: slice.track, time: slice.start)
            duration(&out, slice)
            out.append(contentsOf: #", "args": {"group": "#.utf8)
            JSONText.appendNumber(Int64(group.id), to: &out)
            out.append(contentsOf: #", "label": "#.utf8)
            JSONText.appendQuoted(group.label, to: &out)
            nanoseconds(&out, "duration_ns", group.duration)
            if slice.clipped { out.append(contentsOf: #", "clipped": true"#.utf8) }
            out.append(contentsOf: "}}".utf8)
        case .hitch(let index):
            let hitch = timeline.hitches[index]
            // A blank hang type is none, as summary and why --hitch read it.
            let name =
                hitch.kind == .hang
                ? (hitch.hangType.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? "Hang") : "Hitch"
            head(
                &out, phase: "X", category: TraceEventEncoder.Category.hitch, name: Self.shown(name),
                track: slice.track, time: slice.start)
            duration(&out, slice)
            out.append(contentsOf: #", "args": {"number": "#.utf8)
            JSONText.appendNumber(Int64(index + 1), to: &out)
            out.append(contentsOf: #", "kind": "#.utf8)
            JSONText.appendQuoted(hitch.kind.rawValue, to: &out)
            for (key, value) in [
                ("hang_type", hitch.hangType), ("process", hitch.process), ("narrative", hitch.narrative),
            ] {
                guard let value else { continue }
                out.append(contentsOf: ", \"\(key)\": ".utf8)
                JSONText.appendQuoted(value, to: &out)
            }
            nanoseconds(&out, "duration_ns", hitch.duration)
            if slice.clipped { out.append(contentsOf: #", "clipped": true"#.utf8) }
            out.append(contentsOf: "}}".utf8)
        case .update(let position), .longUpdate(let position):
            let event = timeline.events.events[position]
            let category =
                if case .update = slice.content { TraceEventEncoder.Category.update } else {
                    TraceEventEncoder.Category.longUpdate
                }
            head(
                &out, phase: "X", category: category, name: Self.shown(event.key.title), track: slice.track,
                time: slice.start)
            duration(&out, slice)
            out.append(contentsOf: #", "args": {"#.utf8)
            eventFields(&out, position)
            out.append(contentsOf: #", "severity": "#.utf8)
            quotedOrNull(&out, event.severity?.rawValue)
            out.append(contentsOf: #", "ran": "#.utf8)
            out.append(contentsOf: (event.ran ? "true" : "false").utf8)
            nanoseconds(&out, "duration_ns", event.duration)
            if slice.clipped { out.append(contentsOf: #", "clipped": true"#.utf8) }
            out.append(contentsOf: #", "group": "#.utf8)
            if let group = timeline.eventGroups[position] {
                JSONText.appendNumber(Int64(group), to: &out)
            } else {
                out.append(contentsOf: "null".utf8)
            }
            causes(&out, position)
            out.append(contentsOf: "}}".utf8)
        }
    }

    func instant(_ out: inout [UInt8], _ instant: TraceTimeline.Instant) {
        let event = timeline.events.events[instant.event]
        head(
            &out, phase: "i", category: TraceEventEncoder.Category.cause, name: Self.shown(event.key.title),
            track: instant.track, time: instant.time)
        out.append(contentsOf: #", "s": "t", "args": {"#.utf8)
        eventFields(&out, instant.event)
        causes(&out, instant.event)
        out.append(contentsOf: "}}".utf8)
    }

    func flow(_ out: inout [UInt8], _ flow: TraceTimeline.Flow, end: Bool) {
        let label = timeline.events.links[flow.link].label.rawValue
        head(
            &out, phase: end ? "f" : "s", category: TraceEventEncoder.Category.link, name: label,
            track: end ? flow.toTrack : flow.fromTrack, time: end ? flow.toTime : flow.fromTime)
        out.append(contentsOf: #", "id": "#.utf8)
        JSONText.appendNumber(Int64(flow.id), to: &out)
        if end { out.append(contentsOf: #", "bp": "e""#.utf8) }
        out.append(UInt8(ascii: "}"))
    }

    private func duration(_ out: inout [UInt8], _ slice: TraceTimeline.Slice) {
        out.append(contentsOf: #", "dur": "#.utf8)
        TraceEventEncoder.appendMicroseconds(slice.duration, to: &out)
    }

    private func quotedOrNull(_ out: inout [UInt8], _ text: String?) {
        if let text { JSONText.appendQuoted(text, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    private func nanoseconds(_ out: inout [UInt8], _ key: String, _ value: Nanoseconds?) {
        out.append(contentsOf: #", ""#.utf8)
        out.append(contentsOf: key.utf8)
        out.append(contentsOf: #"": "#.utf8)
        if let value { JSONText.appendNumber(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    /// The event's id in its trace, kind, title, module and owner.
    private func eventFields(_ out: inout [UInt8], _ position: Int) {
        let event = timeline.events.events[position]
        identity(&out, event)
        out.append(contentsOf: #", "module": "#.utf8)
        quotedOrNull(&out, event.key.module)
        out.append(contentsOf: #", "owner": ""#.utf8)
        out.append(contentsOf: event.key.owner.rawValue.utf8)
        out.append(UInt8(ascii: "\""))
    }

    /// `"event": 17, "kind": "body", "title": "…"`: what names an event.
    private func identity(_ out: inout [UInt8], _ event: EventLog.Event) {
        out.append(contentsOf: #""event": "#.utf8)
        JSONText.appendNumber(event.id, to: &out)
        out.append(contentsOf: #", "kind": ""#.utf8)
        out.append(contentsOf: event.key.kind.rawValue.utf8)
        out.append(contentsOf: #"", "title": "#.utf8)
        JSONText.appendQuoted(event.key.title, to: &out)
    }

    /// The links into the event, in trace order: each cause's event id, kind, title and the link's label.
    private func causes(_ out: inout [UInt8], _ position: Int) {
        out.append(contentsOf: #", "causes": ["#.utf8)
        for (index, link) in (incoming[position] ?? []).enumerated() {
            if index > 0 { out.append(contentsOf: ", ".utf8) }
            out.append(UInt8(ascii: "{"))
            identity(&out, timeline.events.events[link.from])
            out.append(contentsOf: #", "label": "#.utf8)
            JSONText.appendQuoted(link.label.rawValue, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }
}
