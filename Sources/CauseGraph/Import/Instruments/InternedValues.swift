/// A value read from an export: `0` is null (`<sentinel/>` or a missing
/// cell); otherwise an index into ``InternedValues``, with the top bit set
/// for values that live only until the end of the current row.
typealias ValueRef = UInt32

/// The values of an export, interned the way `xctrace` interns them.
///
/// Every element that carries `id="N"`, and every element inside one, is
/// kept for the whole document, since a later `ref="N"` may name it (or,
/// through its parent, any element nested in it). Elements outside any
/// identified element live in a scratch area cleared after each row. So
/// memory grows with the distinct values the export defines, never with the
/// rows that refer to them again. A number an id names outside any kept
/// element is the exception: it lives in the id's entry alone
/// (``define(id:number:)``), and each ref to it makes a value.
///
/// With an ``IDCensus`` of the refs, an id no ref names gets no entry, and
/// with the file as well, a list an id names outside any kept element is
/// left there (``Kind/deferred``; see ``ValueBuilder``) until
/// ``materialize(_:at:)`` reads it again.
///
/// A value is a number (text of decimal digits that fits in 64 bits), a
/// string, a list of child values (labelled by its `name` or `fmt`), or
/// empty. A leaf without text stands for its `name` or `fmt`. Each takes 9 bytes plus its
/// string or child list, and its id an 8-byte entry.
struct InternedValues {
    enum Kind: UInt8 {
        case empty, number, string, list
        /// A list left in the file (``materialize(_:at:)``): its content is
        /// not read until something asks for it.
        case deferred = 5
    }

    /// How a value is stored: a ``Kind``, or a string kept as UTF-8 bytes.
    private static let bytesTag: UInt8 = 4

    /// The most ids one document may define; far beyond any real export,
    /// and it keeps every index in 31 bits.
    static let maximumCount = Int(Int32.max) - 1
    private static let scratchBit: UInt32 = 1 << 31

    /// Storage in chunks (``ChunkedArray``), since it grows for the whole
    /// document: a doubling array would peak at three times its size.
    private struct Area {
        var kinds = ChunkedArray<UInt8>()
        /// A number, a string index, a byte string's start and count, or a
        /// child list's start and count.
        var payloads = ChunkedArray<UInt64>()
        var children = ChunkedArray<ValueRef>()
        var strings: [String] = []
        /// Byte strings: labels (`fmt`, `name`), each often one event's own
        /// and seldom read, kept without a `String`'s header and allocation.
        var bytes = ChunkedArray<UInt8>()

        mutating func removeAll() {
            kinds.removeAll()
            payloads.removeAll()
            children.removeAll()
            strings.removeAll(keepingCapacity: true)
            bytes.removeAll()
        }
    }

    private var kept = Area()
    private var scratch = Area()
    /// Which ids refs name, when they were counted before reading: an id
    /// no ref names gets no entry, and the others are numbered densely.
    private let census: IDCensus?
    /// The file, when elements may be left in it and read again.
    let file: RandomAccessBytes?
    /// Kept deferred values made for refs inside kept lists: each is made
    /// the element it stands for by the next ``materialize(_:at:)``, so a
    /// kept list never holds a deferred value once that returns.
    var placeholders: [ValueRef] = []
    /// `xctrace` id → what it names (``IDEntry``); ids are small and dense
    /// in real exports.
    private var idTable = ChunkedArray<UInt64>()
    /// Ids too far beyond the dense range to index an array with.
    private var sparseIDs: [UInt64: UInt64] = [:]

    /// What an id names, in one word: 0 for nothing yet, a ``ValueRef``, or
    /// (top bit set) a number below 2^63 held in the entry itself. Most ids
    /// of an export name a number used once (a timestamp, a duration), so
    /// such a number costs its entry alone; a value is made from it each
    /// time a ref names it.
    private enum IDEntry {
        static let numberBit: UInt64 = 1 << 63
        /// With the number bit clear: a list left in the file, at the
        /// offset in the low bits.
        static let deferredBit: UInt64 = 1 << 62
    }

    /// - Parameters:
    ///   - census: the ids the document's refs name; without it, every id
    ///     gets an entry.
    ///   - file: the document's bytes; with a census, an identified list
    ///     outside any kept element is left there (``Kind/deferred``) and
    ///     read again only when asked for.
    init(census: IDCensus? = nil, file: RandomAccessBytes? = nil) {
        self.census = census
        self.file = census == nil ? nil : file
    }

    /// Whether identified lists are left in the file.
    var defersElements: Bool { file != nil }

    /// Whether some ref names `id`; without a census, any may.
    func isReferenced(_ id: UInt64) -> Bool {
        census?.isReferenced(id) ?? true
    }

    /// Clears the values that lived only for the current row.
    mutating func endRow() {
        if !scratch.kinds.isEmpty { scratch.removeAll() }
    }

    /// Adds a value; `keep` when it must outlive the row.
    mutating func add(kind: Kind, payload: UInt64, keep: Bool) -> ValueRef? {
        add(tag: kind.rawValue, payload: payload, keep: keep)
    }

    private mutating func add(tag: UInt8, payload: UInt64, keep: Bool) -> ValueRef? {
        if keep {
            guard kept.kinds.count < Self.maximumCount else { return nil }
            kept.kinds.append(tag)
            kept.payloads.append(payload)
            return ValueRef(kept.kinds.count)
        }
        guard scratch.kinds.count < Self.maximumCount else { return nil }
        scratch.kinds.append(tag)
        scratch.payloads.append(payload)
        return ValueRef(scratch.kinds.count) | Self.scratchBit
    }

    mutating func addString(_ string: String, keep: Bool) -> ValueRef? {
        let index = UInt64(keep ? kept.strings.count : scratch.strings.count)
        guard let value = add(kind: .string, payload: index, keep: keep) else { return nil }
        if keep { kept.strings.append(string) } else { scratch.strings.append(string) }
        return value
    }

    /// Adds a string read as its UTF-8 bytes (checked before tokenizing),
    /// stored as bytes: for labels, which are read far less often than
    /// they are made. A string too long to pack is stored as a `String`.
    mutating func addBytes(_ utf8: UnsafeBufferPointer<UInt8>, keep: Bool) -> ValueRef? {
        let start = keep ? kept.bytes.count : scratch.bytes.count
        guard start <= Int(UInt32.max), utf8.count <= Int(UInt32.max) else {
            return addString(String(decoding: utf8, as: UTF8.self), keep: keep)
        }
        guard let value = add(tag: Self.bytesTag, payload: UInt64(start) << 32 | UInt64(utf8.count), keep: keep)
        else { return nil }
        if keep { kept.bytes.append(contentsOf: utf8) } else { scratch.bytes.append(contentsOf: utf8) }
        return value
    }

    /// Adds a list; `label` is a string value (or null) naming the list as
    /// its `name` or `fmt` attribute did, kept in the slot before the items.
    mutating func addList(_ items: ArraySlice<ValueRef>, label: ValueRef, keep: Bool) -> ValueRef? {
        let start = UInt64(keep ? kept.children.count : scratch.children.count)
        guard let value = add(kind: .list, payload: start << 32 | UInt64(items.count), keep: keep) else { return nil }
        if keep {
            kept.children.append(label)
            kept.children.append(contentsOf: items)
        } else {
            scratch.children.append(label)
            scratch.children.append(contentsOf: items)
        }
        return value
    }

    /// Records that `xctrace` id `id` names `value`; false if it already names one.
    mutating func define(id: UInt64, as value: ValueRef) -> Bool {
        define(id: id, entry: UInt64(value))
    }

    /// Records that `xctrace` id `id` names the number `number`, held in the
    /// id's entry alone; false if it already names a value. `number` must
    /// be below 2^63 (``canInline(_:)``).
    mutating func define(id: UInt64, number: UInt64) -> Bool {
        precondition(Self.canInline(number), "number too large to hold in an id's entry")
        return define(id: id, entry: number | IDEntry.numberBit)
    }

    /// Whether ``define(id:number:)`` can hold `number`.
    static func canInline(_ number: UInt64) -> Bool {
        number & IDEntry.numberBit == 0
    }

    /// Records that `xctrace` id `id` names a list left in the file at
    /// `offset`, to be read again by ``materialize(_:at:)``.
    mutating func define(id: UInt64, deferredAt offset: Int) -> Bool {
        precondition(offset >= 0 && UInt64(offset) < IDEntry.deferredBit, "offset too large to hold in an id's entry")
        return define(id: id, entry: UInt64(offset) | IDEntry.deferredBit)
    }

    /// Where the list `id` names was left in the file; `nil` once it has
    /// been read again, or if it never was left there.
    func deferredOffset(of id: UInt64) -> Int? {
        let entry = entry(of: id)
        guard entry & (IDEntry.numberBit | IDEntry.deferredBit) == IDEntry.deferredBit else { return nil }
        return Int(entry & ~IDEntry.deferredBit)
    }

    /// Whether `id` names anything yet.
    func isDefined(_ id: UInt64) -> Bool {
        entry(of: id) != 0
    }

    /// Makes `id`, which named a list left in the file, name `value`: the
    /// list read again.
    mutating func settle(id: UInt64, as value: ValueRef) {
        precondition(deferredOffset(of: id) != nil, "only a deferred id is settled")
        setEntry(UInt64(value), of: id)
    }

    /// Makes the kept deferred value `placeholder` hold what `value` holds.
    mutating func patch(_ placeholder: ValueRef, to value: ValueRef) {
        precondition(Self.isKept(placeholder) && kind(placeholder) == .deferred, "only a kept placeholder is patched")
        // A scratch value's text or children would die with the row.
        precondition(value == 0 || Self.isKept(value), "a placeholder is patched to a kept value")
        let slot = Int(placeholder) - 1
        kept.kinds[slot] = value == 0 ? Kind.empty.rawValue : tag(value)
        kept.payloads[slot] = value == 0 ? 0 : payload(value)
    }

    /// The id a deferred value stands for.
    func deferredID(_ value: ValueRef) -> UInt64? {
        kind(value) == .deferred ? payload(value) : nil
    }

    /// Where `id`'s entry lives: its position in the dense table, or `nil`
    /// for the dictionary.
    @inline(__always)
    private func denseIndex(of id: UInt64) -> Int? {
        if let census { return census.slot(of: id) }
        return id < UInt64(idTable.count) ? Int(id) : nil
    }

    /// An id that went to the dictionary stays there, even once the dense
    /// table has grown past it.
    @inline(__always)
    private func entry(of id: UInt64) -> UInt64 {
        if let index = denseIndex(of: id), index < idTable.count {
            let entry = idTable[index]
            if entry != 0 || sparseIDs.isEmpty { return entry }
        }
        return sparseIDs.isEmpty ? 0 : sparseIDs[id] ?? 0
    }

    private mutating func setEntry(_ entry: UInt64, of id: UInt64) {
        if let index = denseIndex(of: id), index < idTable.count, idTable[index] != 0 {
            idTable[index] = entry
        } else {
            sparseIDs[id] = entry
        }
    }

    private mutating func define(id: UInt64, entry: UInt64) -> Bool {
        if let census {
            // No ref names it: nothing needs to find it.
            guard census.isReferenced(id) else { return true }
            guard let slot = census.slot(of: id) else { return sparseIDs.updateValue(entry, forKey: id) == nil }
            if slot >= idTable.count { idTable.grow(to: slot + 1, with: 0) }
            guard idTable[slot] == 0 else { return false }
            idTable[slot] = entry
            return true
        }
        if id < UInt64(idTable.count) {
            guard idTable[Int(id)] == 0, sparseIDs.isEmpty || sparseIDs[id] == nil else { return false }
            idTable[Int(id)] = entry
            return true
        }
        // Grow the dense table for ids near it; keep far-off ones in a dictionary
        // so a hostile id cannot make the table huge.
        if id <= UInt64(idTable.count) * 2 + 4096 {
            idTable.grow(to: Int(id) + 1, with: 0)
            idTable[Int(id)] = entry
            return true
        }
        return sparseIDs.updateValue(entry, forKey: id) == nil
    }

    /// What ``resolve(id:keep:)`` found.
    enum Resolution {
        case value(ValueRef)
        /// The id names nothing yet.
        case undefined
        /// The id names a number, but the document holds ``maximumCount`` values already.
        case full
    }

    /// The value an `xctrace` id names; a number held in the id's entry
    /// becomes a value, kept when `keep`. A kept one then replaces the
    /// number in the entry, so refs inside kept elements share one value
    /// and memory grows with distinct values, not refs.
    mutating func resolve(id: UInt64, keep: Bool) -> Resolution {
        let entry = entry(of: id)
        guard entry != 0 else { return .undefined }
        if entry & IDEntry.numberBit == 0 {
            guard entry & IDEntry.deferredBit != 0 else { return .value(ValueRef(truncatingIfNeeded: entry)) }
            guard let value = add(kind: .deferred, payload: id, keep: keep) else { return .full }
            if keep { placeholders.append(value) }
            return .value(value)
        }
        guard let value = add(kind: .number, payload: entry & ~IDEntry.numberBit, keep: keep) else { return .full }
        if keep { setEntry(UInt64(value), of: id) }
        return .value(value)
    }

    private func tag(_ value: ValueRef) -> UInt8 {
        value & Self.scratchBit == 0
            ? kept.kinds[Int(value) - 1]
            : scratch.kinds[Int(value & ~Self.scratchBit) - 1]
    }

    func kind(_ value: ValueRef) -> Kind {
        guard value != 0 else { return .empty }
        let tag = tag(value)
        return tag == Self.bytesTag ? .string : Kind(rawValue: tag)!
    }

    private func payload(_ value: ValueRef) -> UInt64 {
        value & Self.scratchBit == 0
            ? kept.payloads[Int(value) - 1]
            : scratch.payloads[Int(value & ~Self.scratchBit) - 1]
    }

    /// The value as a number, when it is one.
    func number(_ value: ValueRef) -> UInt64? {
        kind(value) == .number ? payload(value) : nil
    }

    /// The value as text: a string, or a number's digits.
    func string(_ value: ValueRef) -> String? {
        guard value != 0 else { return nil }
        switch tag(value) {
        case Kind.string.rawValue:
            let index = Int(payload(value))
            return value & Self.scratchBit == 0 ? kept.strings[index] : scratch.strings[index]
        case Self.bytesTag:
            let packed = payload(value)
            let start = Int(packed >> 32)
            let range = start..<(start + Int(packed & 0xFFFF_FFFF))
            let area = value & Self.scratchBit == 0 ? kept.bytes : scratch.bytes
            return area.withContiguousElements(range) { String(decoding: $0, as: UTF8.self) }
        case Kind.number.rawValue:
            return String(payload(value))
        default:
            return nil
        }
    }

    /// The children of a list value; empty for any other.
    func children(_ value: ValueRef) -> ValueList {
        guard kind(value) == .list else { return ValueList(storage: kept.children, range: 0..<0) }
        let packed = payload(value)
        let start = Int(packed >> 32) + 1
        let range = start..<(start + Int(packed & 0xFFFF_FFFF))
        return ValueList(storage: value & Self.scratchBit == 0 ? kept.children : scratch.children, range: range)
    }

    /// A list's `name` or `fmt` (none for a `typed-array`: its fields say
    /// it all, see ``ValueBuilder``); a leaf's text.
    func label(_ value: ValueRef) -> String? {
        guard kind(value) == .list else { return string(value) }
        let slot = Int(payload(value) >> 32)
        return string(value & Self.scratchBit == 0 ? kept.children[slot] : scratch.children[slot])
    }

    /// Whether the value outlives the row, so facts derived from it may be cached.
    static func isKept(_ value: ValueRef) -> Bool {
        value != 0 && value & scratchBit == 0
    }
}

/// The children of a list value, in order.
struct ValueList: RandomAccessCollection {
    fileprivate let storage: ChunkedArray<ValueRef>
    fileprivate let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }

    subscript(position: Int) -> ValueRef {
        precondition(position >= 0 && position < range.count, "index out of range")
        return storage[range.lowerBound + position]
    }
}
