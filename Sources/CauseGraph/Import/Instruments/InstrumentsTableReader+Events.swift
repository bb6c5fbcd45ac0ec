/// Events made from cause rows' node cells, and every record's way to the
/// receiver.
extension InstrumentsTableReader {
    mutating func emitEvent(
        _ id: EventID, node column: Int?, rowTime: Nanoseconds?, isSource: Bool, _ row: ExportRow,
        _ values: InternedValues
    ) throws(XMLReadFailure) {
        guard join.markEmitted(id) else { return }
        // Fields read one by one: copying the whole description per event shows in profiles.
        let described = column.map { describeNode(row.cells[$0], values) }
        let classification =
            described?.classification ?? classifier.classify(title: "event \(id)", colour: nil, icon: nil)
        let times = described?.times ?? NodeCell.Times()
        var event = TraceEvent(
            id: id, kind: classification.kind, title: classification.title, owner: classification.owner,
            time: times.start ?? rowTime)
        if let details = join.details(of: id) {
            Self.complete(&event, with: details)
        } else if event.kind.isUpdate, let duration = times.duration {
            // A full-causes cell times an update by its end and duration.
            event.duration = duration
            if let end = times.end {
                let (start, overflow) = end.subtractingReportingOverflow(duration)
                event.time = overflow || start < 0 ? end : start
            }
        }
        // A change without a matching id explains the storage write (state,
        // observable) that is the source of the cause row recorded with it.
        let byTime = isSource && (event.kind == .state || event.kind == .observable)
        event.backtrace = join.backtrace(event: id, time: byTime ? rowTime : nil)
        if !classification.isClassified { unclassifiedTitles[classification.title, default: 0] += 1 }
        try add(event, offset: row.offset)
    }

    /// Takes `event`, so it is completed in place rather than copied.
    mutating func add(_ event: consuming TraceEvent, offset: Int?) throws(XMLReadFailure) {
        event.group = join.group(containing: event.time)
        if event.kind.isUpdate { updateEvents += 1 }
        try deliver(at: offset) { try $0.add(event) }
    }

    /// Hands a record to the receiver: what it refuses fails the row at
    /// `offset`, or, for a record no row holds (`nil`), the whole input.
    /// Inlined, as ``eventID(_:_:_:)`` says why.
    @inline(__always)
    func deliver(at offset: Int?, _ send: (any TraceRecordReceiver) throws -> Void) throws(XMLReadFailure) {
        do {
            try send(receiver)
        } catch {
            if let offset { throw .at(offset: offset, message: Self.message(for: error)) }
            throw .diagnostic(.error(Self.message(for: error)))
        }
    }

    /// What a sink's complaint means for the export.
    private static func message(for error: any Error) -> String {
        switch error {
        case TraceConsistencyError.duplicateEvent(let id): "event \(id) is defined twice"
        case TraceConsistencyError.undefinedEvent(let id): "a cause names event \(id), which is not defined"
        case TraceConsistencyError.duplicateGroup(let id): "update group \(id) is defined twice"
        case let diagnostic as Diagnostic: diagnostic.message
        default: "\(error)"
        }
    }

    /// Whether the interned event-id value in `cell` was emitted already in
    /// this document: a `ref` to an event id needs no lookup by id.
    @inline(__always)
    func isMarkedEmitted(_ cell: ValueRef) -> Bool {
        guard InternedValues.isKept(cell) else { return false }
        let index = Int(cell - 1)
        return index >> 6 < emittedEventValues.count && emittedEventValues[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    mutating func markEmitted(_ cell: ValueRef) {
        guard InternedValues.isKept(cell) else { return }
        let index = Int(cell - 1)
        if index >> 6 >= emittedEventValues.count {
            emittedEventValues.append(contentsOf: repeatElement(0, count: (index >> 6) + 1 - emittedEventValues.count))
        }
        emittedEventValues[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// Classifies a node cell (`typed-array` of title, colour, icon, …),
    /// once per interned cell, or, for the cells of `swiftui-full-causes`
    /// (each one event's, with its times), once per interned title, colour
    /// and icon: those cells are not kept, or memory would grow with events.
    private mutating func describeNode(_ cell: ValueRef, _ values: InternedValues) -> NodeDescription {
        let cacheable = InternedValues.isKept(cell)
        let slot = Int(cell) - 1
        if cacheable, slot < nodeCache.count, nodeCache[slot] > 0 { return nodes[Int(nodeCache[slot]) - 1] }
        let fields = NodeCell(cell, values)
        let identity = NodeCell.identity(cell, values)
        let classification: NodeClassification
        if let identity, let known = classificationsByFields[identity] {
            classification = known
        } else {
            classification = classifier.classify(title: fields.title, colour: fields.colour, icon: fields.icon)
            if let identity { classificationsByFields[identity] = classification }
        }
        let description = NodeDescription(classification: classification, times: fields.times)
        if cacheable && fields.times.isEmpty {
            if slot >= nodeCache.count {
                nodeCache.append(contentsOf: repeatElement(0, count: slot + 1 - nodeCache.count))
            }
            nodes.append(description)
            nodeCache[slot] = Int32(nodes.count)
        }
        return description
    }
}
