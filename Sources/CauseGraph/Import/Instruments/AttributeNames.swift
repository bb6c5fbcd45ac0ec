/// The attribute names of one start tag read so far, to refuse a name
/// given twice.
///
/// A tag of an export has a few attributes: each name sets a bit of a word,
/// by its length and its first and last bytes, and only a name on a bit
/// already set is compared with the names before it. Past
/// ``namesByBit`` names, which only hostile input writes, they go into a
/// set, so a tag of k attributes costs O(k), not O(k²).
struct AttributeNames {
    /// How many names a tag may have before they are kept in a set.
    static let namesByBit = 16

    private var bits: UInt64 = 0
    private var count = 0
    private var many: Set<[UInt8]>?

    /// Adds `name`, the next attribute of a tag whose earlier attributes,
    /// already read and well formed, stand in `bytes[earlier]`; `false`
    /// when the tag has one of that name already.
    mutating func insert(
        _ name: UnsafeBufferPointer<UInt8>, after earlier: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        count += 1
        if count > Self.namesByBit {
            if many == nil {
                many = Set(Self.names(in: bytes, earlier).map { Array(bytes[$0]) })
            }
            return many!.insert(Array(name)).inserted
        }
        let bit: UInt64 = 1 << Self.bit(of: name)
        defer { bits |= bit }
        return bits & bit == 0 || !Self.names(in: bytes, earlier).contains { bytes[$0].elementsEqual(name) }
    }

    /// One of 64 bits for a name, from its length and its first and last
    /// bytes; two names on one bit are told apart by comparing them.
    @inline(__always)
    private static func bit(of name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        (UInt64(name.count) &* 17 &+ UInt64(name[0]) &* 5 &+ UInt64(name[name.count - 1])) & 63
    }

    /// The names of the attributes in `bytes[range]`, which is well formed.
    private static func names(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var names: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, Byte.isWhitespace(bytes[i]) { i += 1 }
            let start = i
            while i < range.upperBound, Byte.isNameByte(bytes[i]) { i += 1 }
            guard i > start else { break }
            names.append(start..<i)
            while i < range.upperBound, bytes[i] != Byte.doubleQuote, bytes[i] != Byte.singleQuote { i += 1 }
            guard i < range.upperBound else { break }
            let quote = bytes[i]
            i += 1
            while i < range.upperBound, bytes[i] != quote { i += 1 }
            i += 1
        }
        return names
    }
}
