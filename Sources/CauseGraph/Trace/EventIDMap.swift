/// Values by event id, for the per-event state an import keeps.
///
/// Traces number their events upwards from some first id (`xctrace` gives
/// dense ids), so an id's distance from the first one seen indexes an array:
/// no hashing on the per-row path. An id below that first one, or far
/// beyond the ids seen so far, goes to a dictionary instead, so a hostile id
/// cannot make the array huge: memory grows with the events seen, never
/// with the size of an id. The array grows in chunks (``ChunkedArray``), so
/// its peak memory is its size, not three times it.
///
/// Which slots of the array hold a value is kept apart, one bit a slot, so
/// a slot costs the value's own size: an `Optional` would add a byte, and
/// with padding often as much as the value again.
struct EventIDMap<Value> {
    private var base: EventID?
    /// Slots of no event hold a copy of some other value, never read.
    private var dense = ChunkedArray<Value>()
    private var present: [UInt64] = []
    private var sparse: [EventID: Value] = [:]
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    private func isPresent(_ offset: Int) -> Bool {
        present[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    private mutating func markPresent(_ offset: Int) {
        present[offset >> 6] |= 1 << UInt64(offset & 63)
    }

    /// An id that went to the dictionary stays there, even once the array
    /// has grown past it.
    subscript(id: EventID) -> Value? {
        if let base, id >= base, id - base < UInt64(dense.count), isPresent(Int(id - base)) {
            return dense[Int(id - base)]
        }
        return sparse.isEmpty ? nil : sparse[id]
    }

    /// Sets the value of `id`; returns the value it replaced.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey id: EventID) -> Value? {
        let base = self.base ?? id
        self.base = base
        if id >= base, sparse.isEmpty || sparse[id] == nil {
            let offset = id - base
            if offset < UInt64(dense.count) {
                let slot = Int(offset)
                guard isPresent(slot) else {
                    dense[slot] = value
                    markPresent(slot)
                    count += 1
                    return nil
                }
                let old = dense[slot]
                dense[slot] = value
                return old
            }
            // Near the dense range: grow it.
            if offset <= UInt64(dense.count) * 2 + 4096 {
                let slot = Int(offset)
                dense.grow(to: slot + 1, with: value)
                let words = (slot >> 6) + 1
                if present.count < words {
                    present.append(contentsOf: repeatElement(0, count: max(words, present.count * 2) - present.count))
                }
                markPresent(slot)
                count += 1
                return nil
            }
        }
        let old = sparse.updateValue(value, forKey: id)
        if old == nil { count += 1 }
        return old
    }

    mutating func removeAll() {
        base = nil
        dense.removeAll()
        present.removeAll()
        sparse.removeAll()
        count = 0
    }
}

/// A set of event ids, one bit per id of the dense range (see ``EventIDMap``).
struct EventIDSet {
    private var base: EventID?
    private var words: [UInt64] = []
    private var sparse: Set<EventID> = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    func contains(_ id: EventID) -> Bool {
        if let base, id >= base, (id - base) >> 6 < UInt64(words.count),
            words[Int((id - base) >> 6)] & (1 << ((id - base) & 63)) != 0
        {
            return true
        }
        return !sparse.isEmpty && sparse.contains(id)
    }

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: EventID) -> Bool {
        let base = self.base ?? id
        self.base = base
        if !sparse.isEmpty, sparse.contains(id) { return false }
        if id >= base {
            let offset = id - base
            let word = offset >> 6
            if word >= UInt64(words.count), word <= UInt64(words.count) * 2 + 64 {
                let size = max(Int(word) + 1, words.count + words.count / 2 + 16)
                words.append(contentsOf: repeatElement(0, count: size - words.count))
            }
            if word < UInt64(words.count) {
                let bit: UInt64 = 1 << (offset & 63)
                guard words[Int(word)] & bit == 0 else { return false }
                words[Int(word)] |= bit
                count += 1
                return true
            }
        }
        guard sparse.insert(id).inserted else { return false }
        count += 1
        return true
    }
}
