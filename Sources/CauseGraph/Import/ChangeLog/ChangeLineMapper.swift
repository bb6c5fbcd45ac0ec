/// Turns change lines into trace records: each line is one body evaluation
/// of its view, and each entry of its list one cause of it.
///
/// - `@self`: an `update` link from `View (parent input)`, an `other`
///   update node standing for the parent handing down a new value.
/// - `@identity`: a `creation` link from that same parent-input node.
/// - `_name` / `name`: an `update` link from the `state` node `View.name`.
/// - `@N` (and `@word` markers this version does not know): an `update`
///   link from the `state` node `View.@N`.
/// - `@dependencies`: an `update` link from the `observable` node
///   `View (observed dependencies)`, which stands for whatever the body
///   observed (Observation or the environment; the log does not say which).
/// - `unchanged.`: the body ran with no link.
///
/// Every event of a line shares its time. Timed lines of one process that
/// fall within one frame of the first line of a frame form an update group;
/// each process has its own frames. One mapper reads one document.
struct ChangeLineMapper {
    /// The label of the update groups that frames become.
    static let frameLabel = "Frame"
    /// What the title of the node a parent's new value stands for adds to its view's name.
    static let parentInputSuffix = " (parent input)"
    /// What the title of the node a body's observed dependencies stand for adds to its view's name.
    static let observedDependenciesSuffix = " (observed dependencies)"

    /// `title` without the words this reading adds to a view's name for a
    /// cause node, so that only the log's own words are left.
    static func withoutCauseSuffix(_ title: String) -> Substring {
        for suffix in [parentInputSuffix, observedDependenciesSuffix] where title.hasSuffix(suffix) {
            return title.dropLast(suffix.count)
        }
        return Substring(title)
    }

    private let frameDuration: Nanoseconds
    private var nextEventID: EventID = 1
    private var nextGroupID: GroupID = 1
    private var openFrames: [FrameOwner: Frame] = [:]
    /// Body evaluations read so far.
    private(set) var bodies = 0
    /// Of which `unchanged.`
    private(set) var unchanged = 0

    init(frameRate: Double) {
        frameDuration = FrameBudget(frameRate: frameRate).frameDuration
    }

    /// Frames are per process, and a process is its name and id.
    private struct FrameOwner: Hashable {
        var process: String?
        var processID: Int64?
    }

    private struct Frame {
        var id: GroupID
        var start: Nanoseconds
        var last: Nanoseconds

        var group: UpdateGroup {
            UpdateGroup(id: id, label: ChangeLineMapper.frameLabel, start: start, duration: last - start)
        }
    }

    /// Adds the events and links of one line.
    mutating func add<Sink: TraceSink & ~Copyable>(_ line: ChangeLine, entry: LogEntry, into sink: inout Sink) throws {
        let group = try frame(for: entry, into: &sink)
        let module = entry.module
        let view = line.viewType
        bodies += 1
        if line.changes.isEmpty { unchanged += 1 }

        func event(_ kind: NodeKind, _ title: String) -> TraceEvent {
            defer { nextEventID += 1 }
            return TraceEvent(
                id: nextEventID, kind: kind, title: title, module: module, owner: .app, time: entry.time, group: group)
        }

        var causes: [(event: TraceEvent, label: CauseLabel, changed: [String])] = []
        var parentInput: TraceEvent?
        for change in line.changes {
            let label: CauseLabel = change == .identity ? .creation : .update
            let cause: TraceEvent
            var changed: [String] = []
            switch change {
            case .viewValue, .identity:
                // `@self` and `@identity` of one line come from the same parent value.
                if let existing = parentInput {
                    causes.append((existing, label, []))
                    continue
                }
                cause = event(.other, view + Self.parentInputSuffix)
                parentInput = cause
            case .dependencies:
                cause = event(.observable, view + Self.observedDependenciesSuffix)
            case .property(let name):
                cause = event(.state, "\(view).\(name)")
                changed = [name]
            case .fieldOffset(let token), .unknownMarker(let token):
                cause = event(.state, "\(view).\(token)")
                changed = [token]
            }
            try sink.add(cause)
            causes.append((cause, label, changed))
        }
        let body = event(.body, view)
        try sink.add(body)
        for cause in causes {
            try sink.add(
                TraceCause(
                    from: cause.event.id, to: body.id, label: cause.label, time: entry.time, changed: cause.changed))
        }
    }

    /// The update group of a timed line, closing its process's previous
    /// frame when the line falls outside it.
    private mutating func frame<Sink: TraceSink & ~Copyable>(for entry: LogEntry, into sink: inout Sink) throws
        -> GroupID?
    {
        guard let time = entry.time else { return nil }
        let owner = FrameOwner(process: entry.process, processID: entry.processID)
        if var frame = openFrames[owner] {
            // Subtraction cannot overflow: both times are nanoseconds since 1970.
            if time >= frame.start, time - frame.start < frameDuration {
                frame.last = max(frame.last, time)
                openFrames[owner] = frame
                return frame.id
            }
            try sink.add(frame.group)
        }
        let frame = Frame(id: nextGroupID, start: time, last: time)
        nextGroupID += 1
        openFrames[owner] = frame
        return frame.id
    }

    /// Adds the frames still open, in the order they opened.
    mutating func finish<Sink: TraceSink & ~Copyable>(into sink: inout Sink) throws {
        for frame in openFrames.values.sorted(by: { $0.id < $1.id }) {
            try sink.add(frame.group)
        }
        openFrames = [:]
    }
}
