/// What tells one edge of the graph being built from another: its ends, by
/// the nodes' arrival, its kind and its label.
struct EdgeKey: Equatable {
    var from: Int32
    var to: Int32
    var kind: EdgeKind
    var label: CauseLabel
}

/// The position of each edge met so far, by its key, in the order first met.
///
/// Every cause link read is looked up here: on a dense recording a million
/// links over 660,000 edges, where a `Dictionary` keyed by the edge took a
/// seventh of `summary`'s time in `Hasher`, probing and growing. This table
/// mixes the ends and the kind's rank with SplitMix64's finaliser,
/// probes linearly at most half full, and tells apart the few keys that
/// differ only by label by comparing them. The mix is keyed with a random
/// seed per table, as `Hasher` is per process, so a trace cannot be written
/// to make its links collide; the graph's order never depends on it.
struct EdgeIndex {
    /// Each key, at its position.
    private var keys: [EdgeKey] = []
    /// Positions into `keys` by hash, -1 where empty; a power of two long.
    private var slots = [Int32](repeating: -1, count: 1 << 10)
    private let seed = UInt64.random(in: .min ... .max)

    /// The number of edges.
    var count: Int { keys.count }

    /// Where `key` stands, and whether it was met for the first time, when
    /// it is appended.
    mutating func position(of key: EdgeKey) -> (position: Int32, isNew: Bool) {
        let mask = slots.count - 1
        var slot = hash(key) & mask
        while slots[slot] >= 0 {
            if keys[Int(slots[slot])] == key { return (slots[slot], false) }
            slot = (slot + 1) & mask
        }
        let position = Int32(keys.count)
        keys.append(key)
        slots[slot] = position
        if keys.count * 2 > slots.count { grow() }
        return (position, true)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, key) in keys.enumerated() {
            var slot = hash(key) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position)
        }
    }

    private func hash(_ key: EdgeKey) -> Int {
        var mixed = UInt64(UInt32(bitPattern: key.from)) << 32 | UInt64(UInt32(bitPattern: key.to))
        mixed ^= seed &+ UInt64(key.kind.rank) &* 0x9E37_79B9_7F4A_7C15
        // SplitMix64's finaliser: every input bit reaches the low bits the mask keeps.
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }
}
