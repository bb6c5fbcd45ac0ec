/// Cause links kept to be passed on later, between positions in a
/// ``PackedTraceEvents``, in 24 bytes each: labels and lists of changed
/// properties repeat, so each distinct one is kept once and named by index.
/// Rows grow in chunks (``ChunkedArray``), as they grow for the whole document.
struct PackedTraceCauses {
    private struct Packed {
        var time: Nanoseconds
        var from: Int32
        var to: Int32
        /// An index into ``labels``, with ``timed`` set when the link has a time.
        var label: UInt32
        /// An index into ``changedLists``, or -1 for none.
        var changed: Int32
    }

    /// Set in a row's label when the link has a time: a flag of its own would
    /// make each row 8 bytes longer, and no trace has 2³¹ distinct labels.
    private static let timed: UInt32 = 1 << 31

    private var rows = ChunkedArray<Packed>()
    private var labels: [CauseLabel] = []
    private var labelIndex: [CauseLabel: Int32] = [:]
    private var changedLists: [[String]] = []
    private var changedIndex: [[String]: Int32] = [:]

    /// How many links are kept.
    var count: Int { rows.count }

    /// Keeps `cause`, whose events are at `from` and `to`, after those kept before it.
    mutating func append(_ cause: TraceCause, from: Int, to: Int) {
        rows.append(
            Packed(
                time: cause.time ?? 0, from: Int32(from), to: Int32(to),
                label: UInt32(labelIndex.position(of: cause.label, in: &labels) { $0 })
                    | (cause.time == nil ? 0 : Self.timed),
                changed: cause.changed.isEmpty ? -1 : changedIndex.position(of: cause.changed, in: &changedLists) { $0 }
            ))
    }

    /// The positions of the cause and effect events of the link at `position`.
    func ends(at position: Int) -> (from: Int, to: Int) {
        let row = rows[position]
        return (Int(row.from), Int(row.to))
    }

    /// The link kept at `position`, as it was given: its events' ids are `events`'.
    func cause(at position: Int, in events: PackedTraceEvents) -> TraceCause {
        let row = rows[position]
        return TraceCause(
            from: events.id(at: Int(row.from)), to: events.id(at: Int(row.to)),
            label: labels[Int(row.label & ~Self.timed)], time: row.label & Self.timed != 0 ? row.time : nil,
            changed: row.changed < 0 ? [] : changedLists[Int(row.changed)])
    }
}
