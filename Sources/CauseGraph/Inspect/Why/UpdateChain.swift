/// The exact causes of one update event, back to its root causes, with times.
///
/// Like ``CauseTree``, bounded whatever the trace: an event's causes are
/// expanded once, where the walk first reaches it, and at most
/// ``CauseTree/maximumExpanded`` events are expanded.
package struct UpdateChain: Sendable, Equatable {
    /// One event of the chain, with the events that caused it.
    package struct Step: Sendable, Equatable {
        /// The event.
        package var event: EventLog.Event
        /// How this step led to the one it explains; `nil` for the update asked about.
        package var label: CauseLabel?
        /// The events that caused it.
        package var causes: [Step]
        /// Already shown further down this path (a cycle), so not expanded.
        package var isRepeated: Bool
        /// Its causes are shown where the chain reaches it first, not here;
        /// never for an event whose causes are shown nowhere (a root cause).
        package var isExpandedElsewhere: Bool
        /// How many of its causes the bounds left out here.
        package var omittedCauses: Int
    }

    /// The update asked about, with its causes.
    package var update: Step

    /// The chain of the first event with id `id`, or `nil` when there is none.
    package init?(event id: EventID, in log: EventLog) {
        guard let position = log.position(of: id) else { return nil }
        var walk = Walk(log: log, incoming: IncomingLinks(log), expanded: [position])
        var path: Set<Int> = [position]
        update = walk.step(at: position, label: nil, path: &path, depth: 0)
    }

    private struct Walk {
        let log: EventLog
        let incoming: IncomingLinks
        var expanded: Set<Int>
        /// The expanded events whose causes their step lists.
        var explained: Set<Int> = []

        mutating func step(at position: Int, label: CauseLabel?, path: inout Set<Int>, depth: Int) -> Step {
            let links = incoming[position]
            var causes: [Step] = []
            if depth < CauseTree.maximumDepth {
                for link in links.prefix(CauseTree.maximumCauses) {
                    let cause = log.events[link.from]
                    if path.contains(link.from) {
                        causes.append(
                            Step(
                                event: cause, label: link.label, causes: [], isRepeated: true,
                                isExpandedElsewhere: false, omittedCauses: 0))
                    } else if explained.contains(link.from) {
                        causes.append(
                            Step(
                                event: cause, label: link.label, causes: [], isRepeated: false,
                                isExpandedElsewhere: true, omittedCauses: 0))
                    } else if expanded.contains(link.from) || expanded.count >= CauseTree.maximumExpanded {
                        let omitted = incoming[link.from].count
                        causes.append(
                            Step(
                                event: cause, label: link.label, causes: [], isRepeated: false,
                                isExpandedElsewhere: false, omittedCauses: omitted))
                    } else {
                        expanded.insert(link.from)
                        path.insert(link.from)
                        causes.append(step(at: link.from, label: link.label, path: &path, depth: depth + 1))
                        path.remove(link.from)
                    }
                }
            }
            if !causes.isEmpty { explained.insert(position) }
            return Step(
                event: log.events[position], label: label, causes: causes, isRepeated: false,
                isExpandedElsewhere: false,
                omittedCauses: links.count - causes.count)
        }
    }
}

/// One view's update events in time order, with their direct causes, like
/// Instruments' "Show Updates"; or its longest updates first.
package struct UpdateListing: Sendable, Equatable {
    /// The order updates are listed in.
    package enum Order: String, Sendable {
        /// Earliest first; events without a time keep their trace order, first.
        case time
        /// Longest first, then earliest; events without a duration last.
        case longest
    }

    /// One update event and its direct causes.
    package struct Entry: Sendable, Equatable {
        /// The update event.
        package var event: EventLog.Event
        /// Its direct causes, with the label of each link.
        package var causes: [(label: CauseLabel, event: EventLog.Event)]

        /// Equal when the events and their causes are.
        package static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.event == rhs.event
                && lhs.causes.elementsEqual(rhs.causes) { $0.label == $1.label && $0.event == $1.event }
        }
    }

    /// The updates, in ``order``.
    package var entries: [Entry]
    /// The order of ``entries``.
    package var order: Order
    /// How many updates ``bounded(_:)`` left out.
    package var omittedEntries = 0
    /// How many updates ``bounded(_:)`` passed over before the shown ones.
    package var offset = 0

    /// The listing cut by `bounds` (its offset and limit; the updates keep their order).
    package func bounded(_ bounds: ListBounds) -> UpdateListing {
        var listing = self
        (listing.entries, listing.omittedEntries) = bounds.cut(entries)
        listing.omittedEntries += omittedEntries
        listing.offset = offset.saturatingAdding(bounds.offset)
        return listing
    }

    /// The events of the node `key`; events without a time keep their trace order, first.
    package init(of key: NodeKey, in log: EventLog) {
        self = Self.listings(of: [key], in: log)[0]
    }

    private init(positions: [Int], in log: EventLog, incoming: IncomingLinks, order: Order) {
        let ordered: [Int]
        switch order {
        case .time:
            ordered = positions.sorted { (log.events[$0].time ?? .min, $0) < (log.events[$1].time ?? .min, $1) }
        case .longest:
            // Compared, not negated: a trace's duration may be `Int64.min`. No duration ranks last.
            func length(_ position: Int) -> (Int, Nanoseconds) {
                log.events[position].duration.map { (1, $0) } ?? (0, 0)
            }
            ordered = positions.sorted { first, second in
                let (a, b) = (length(first), length(second))
                if a != b { return a > b }
                return (log.events[first].time ?? .min, first) < (log.events[second].time ?? .min, second)
            }
        }
        self.order = order
        entries = ordered.map { position in
            Entry(event: log.events[position], causes: incoming[position].map { ($0.label, log.events[$0.from]) })
        }
    }

    /// The listing of each of `keys`, in their order, each listing its
    /// updates in `order`. The log is indexed once for all of them, so
    /// listing every view costs one pass over the events, not one a view.
    package static func listings(of keys: [NodeKey], in log: EventLog, order: Order = .time) -> [UpdateListing] {
        let incoming = IncomingLinks(log)
        // Each distinct key gets a slot, so an event's key is hashed once.
        var slots: [NodeKey: Int] = [:]
        let keySlots = keys.map { key in
            if let slot = slots[key] { return slot }
            slots[key] = slots.count
            return slots.count - 1
        }
        var positions = [[Int]](repeating: [], count: slots.count)
        for (position, event) in log.events.enumerated() {
            if let slot = slots[event.key] { positions[slot].append(position) }
        }
        return keySlots.map { UpdateListing(positions: positions[$0], in: log, incoming: incoming, order: order) }
    }
}
