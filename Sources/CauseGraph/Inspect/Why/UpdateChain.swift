/// The exact causes of one update event, back to its root causes, with times.
public struct UpdateChain: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var event: EventLog.Event
        /// How this step led to the one it explains; `nil` for the update asked about.
        public var label: CauseLabel?
        public var causes: [Step]
        /// Already shown further down this path (a cycle), so not expanded.
        public var isRepeated: Bool
    }

    public var update: Step

    /// The chain of the first event with id `id`, or `nil` when there is none.
    public init?(event id: EventID, in log: EventLog) {
        guard let position = log.position(of: id) else { return nil }
        let incoming = log.incomingLinks()
        var path: Set<Int> = [position]
        update = Self.step(at: position, label: nil, log: log, incoming: incoming, path: &path, depth: 0)
    }

    private static func step(
        at position: Int, label: CauseLabel?, log: EventLog, incoming: [Int: [EventLog.Link]], path: inout Set<Int>, depth: Int
    ) -> Step {
        var causes: [Step] = []
        if depth < CauseTree.maximumDepth {
            for link in incoming[position] ?? [] {
                if path.contains(link.from) {
                    causes.append(Step(event: log.events[link.from], label: link.label, causes: [], isRepeated: true))
                    continue
                }
                path.insert(link.from)
                causes.append(step(at: link.from, label: link.label, log: log, incoming: incoming, path: &path, depth: depth + 1))
                path.remove(link.from)
            }
        }
        return Step(event: log.events[position], label: label, causes: causes, isRepeated: false)
    }
}

/// One view's update events in time order, with their direct causes, like
/// Instruments' "Show Updates".
public struct UpdateListing: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var event: EventLog.Event
        public var causes: [(label: CauseLabel, event: EventLog.Event)]

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.event == rhs.event && lhs.causes.elementsEqual(rhs.causes) { $0.label == $1.label && $0.event == $1.event }
        }
    }

    public var entries: [Entry]

    /// The events of the node `key`; events without a time keep their trace order, first.
    public init(of key: NodeKey, in log: EventLog) {
        let incoming = log.incomingLinks()
        let positions = log.events.indices.filter { log.events[$0].key == key }
        let ordered = positions.sorted {
            (log.events[$0].time ?? .min, $0) < (log.events[$1].time ?? .min, $1)
        }
        entries = ordered.map { position in
            Entry(event: log.events[position], causes: (incoming[position] ?? []).map { ($0.label, log.events[$0.from]) })
        }
    }
}
