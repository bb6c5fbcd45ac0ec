import CauseGraph

/// A deterministic generator of large traces with many distinct nodes, for
/// tests that shaping keeps any trace drawable.
///
/// The app has `views` view types in a tree (each with four children). Every
/// frame a gesture changes the `@State` of one view, whose body runs and hands
/// new values down to at most `bodiesPerFrame` descendants; a `<graph>`
/// layout pass (system) follows, and every tenth view is a system view. Each
/// view is the root of some frame, so every view type appears; views high in
/// the tree run more often. No clock and no system randomness: the same
/// parameters always give the same records.
public struct SyntheticTrace: Sendable {
    public var views: Int
    public var frames: Int
    public var bodiesPerFrame: Int
    public var frameRate: Double

    public init(views: Int, frames: Int? = nil, bodiesPerFrame: Int = 12, frameRate: Double = 120) {
        self.views = views
        self.frames = frames ?? views
        self.bodiesPerFrame = bodiesPerFrame
        self.frameRate = frameRate
    }

    /// Streams the trace into a sink.
    public func emit<Sink: TraceSink & ~Copyable>(into sink: inout Sink) throws {
        var random = SplitMix64(seed: 0x5EED)
        var nextID: EventID = 0
        let frameDuration = Nanoseconds((1_000_000_000 / frameRate).rounded())
        try sink.begin(TraceHeader(app: "Synthetic", frameRate: frameRate))
        for frame in 0..<frames {
            let group = GroupID(frame + 1)
            let start = Nanoseconds(frame) * frameDuration
            var time = start
            func event(_ kind: NodeKind, _ title: String, owner: Owner = .app, duration: Nanoseconds? = nil)
                -> TraceEvent
            {
                nextID += 1
                time += 1_000
                return TraceEvent(
                    id: nextID, kind: kind, title: title,
                    module: kind.isUpdate ? (owner == .app ? "Synthetic" : "SwiftUI") : nil,
                    owner: owner, time: time, duration: duration, group: kind.isUpdate ? group : nil)
            }
            let root = frame % views
            let gesture = event(.gesture, frame % 3 == 0 ? "Scroll" : "Tap")
            let state = event(.state, "\(title(of: root)).value")
            try sink.add(gesture)
            try sink.add(state)
            try sink.add(TraceCause(from: gesture.id, to: state.id, label: .update))
            var parents: [(view: Int, event: EventID)] = []
            var pending = [(view: root, parent: state.id, label: CauseLabel.update)]
            var emitted = 0
            while !pending.isEmpty && emitted < bodiesPerFrame {
                let (view, cause, label) = pending.removeFirst()
                let duration = Nanoseconds(20_000 + random.next() % 380_000) * (random.next() % 50 == 0 ? 10 : 1)
                let body = event(.body, title(of: view), owner: view % 10 == 9 ? .system : .app, duration: duration)
                try sink.add(body)
                try sink.add(TraceCause(from: cause, to: body.id, label: label))
                parents.append((view, body.id))
                emitted += 1
                for child in (4 * view + 1)...(4 * view + 4) where child < views {
                    pending.append((child, body.id, random.next() % 8 == 0 ? .creation : .update))
                }
            }
            let layout = event(.other, "<graph> \(root % 7)", owner: .system, duration: 50_000)
            try sink.add(layout)
            for parent in parents.prefix(2) {
                try sink.add(TraceCause(from: parent.event, to: layout.id, label: .update))
            }
            try sink.add(UpdateGroup(id: group, label: "Transaction for Gesture", start: start, duration: time - start))
        }
    }

    /// Writes the trace as a native JSON Lines file.
    public func write(to path: String) throws {
        let file = try OutputFile(path: path)
        var writer = NativeTraceWriter(output: file)
        try emit(into: &writer)
        try file.commit()
    }

    /// The type name of view `index`.
    public func title(of index: Int) -> String {
        index % 10 == 9 ? "_SystemContainer\(index)" : "View\(index)"
    }
}

/// A small deterministic pseudo-random generator (SplitMix64).
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> Int64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int64(truncatingIfNeeded: (value ^ (value >> 31)) >> 1)
    }
}
