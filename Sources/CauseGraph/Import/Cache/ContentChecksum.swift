/// A 64-bit checksum of a byte stream, fed in pieces, that tells a cache
/// entry cut short or overwritten from the one written.
///
/// Not cryptographic: it guards against damage, not against an attacker,
/// who could as well rewrite the checksum. Four lanes of 8-byte words
/// (the scheme of xxHash64), so checking a large entry costs a fraction of
/// reading it.
struct ContentChecksum {
    private static let prime1: UInt64 = 11_400_714_785_074_694_791
    private static let prime2: UInt64 = 14_029_467_366_897_019_727
    private static let prime3: UInt64 = 1_609_587_929_392_839_161
    private static let prime4: UInt64 = 9_650_029_242_287_828_579
    private static let prime5: UInt64 = 2_870_177_450_012_600_261

    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
        prime1 &+ prime2, prime2, 0, 0 &- prime1
    )
    /// Bytes held back until a whole 32-byte stripe is there.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// Adds `bytes` to what is checked.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(32 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            start = taken
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { stripe($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - start >= 32 {
            stripe(bytes, at: start)
            start += 32
        }
        pending.append(contentsOf: bytes[start...])
    }

    /// Adds `bytes` to what is checked.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The checksum of everything added, as 16 hexadecimal digits.
    var hexDigest: String {
        var hash =
            Self.rotate(lanes.0, 1) &+ Self.rotate(lanes.1, 7) &+ Self.rotate(lanes.2, 12) &+ Self.rotate(lanes.3, 18)
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            hash = (hash ^ Self.round(0, lane)) &* Self.prime1 &+ Self.prime4
        }
        hash &+= length
        for byte in pending {
            hash = Self.rotate(hash ^ (UInt64(byte) &* Self.prime5), 11) &* Self.prime1
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func stripe(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        func word(_ index: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self))
        }
        lanes = (
            Self.round(lanes.0, word(0)), Self.round(lanes.1, word(1)), Self.round(lanes.2, word(2)),
            Self.round(lanes.3, word(3))
        )
    }

    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
