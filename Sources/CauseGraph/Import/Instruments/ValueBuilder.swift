#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the elements of a row's cells into interned values.
///
/// An element with `ref="id"` is the value the id names; `<sentinel/>` is
/// null; an element with children is a list; one with text is a number or
/// a string; one with neither stands for its `name` or `fmt` attribute (a
/// backtrace `<frame name=…>`, a `<thread fmt=…>`).
///
/// What is kept past the row (see ``InternedValues``): an element whose id
/// a ref names, and everything inside it. With a census of the refs and
/// the file at hand, such an element that is a list and sits outside any
/// kept one is not kept at all: the row gets it whole, and its id records
/// where it is in the file, to be read again only if a later row asks for
/// its content (``InternedValues/materialize(_:at:)``). So a
/// `swiftui-full-causes` event's node cell, named again only by rows that
/// never read it, costs one id entry.
struct ValueBuilder {
    var values: InternedValues
    /// Reading a deferred element again: an id that already names a value
    /// is a ref to it, and one that names a deferred list is settled.
    let rereads: Bool

    /// `frames[0..<openFrames]` are the open elements; the rest are reused storage.
    private var frames: [Frame] = []
    private var openFrames = 0
    private var pendingChildren: [ValueRef] = []
    /// Text and labels copied out of a buffer that is about to be replaced.
    private var text: [UInt8] = []
    private var labels: [UInt8] = []
    /// The last plain text run as a ``CanonicalNumber``, when it is one. The
    /// element a single run is still pending for is the one it was read in:
    /// a child would have made its own text irrelevant.
    private var textNumber: UInt64?

    /// How deep elements may nest inside a cell.
    static var maximumDepth: Int { 256 }

    init(values: InternedValues, rereads: Bool = false) {
        self.values = values
        self.rereads = rereads
    }

    /// Whether an element is open.
    var isOpen: Bool { openFrames > 0 }

    /// Forgets the open elements.
    mutating func reset() {
        openFrames = 0
        pendingChildren.removeAll()
        text.removeAll()
        labels.removeAll()
    }

    /// Whether ``reference(_:bytes:base:)`` can read the self-closing tag at once.
    static func isPlainReference(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        tag.id == nil
            && (tag.refNumber != nil
                || (tag.ref == nil && equals(UnsafeBufferPointer(rebasing: bytes[tag.name]), "sentinel")))
    }

    /// A self-closing cell that refers to a value or is null, the cells most
    /// rows are made of, read in one step (``isPlainReference(_:bytes:)``).
    /// Returns the value when no element is open, so it is a whole cell.
    mutating func reference(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure)
        -> ValueRef?
    {
        var value: ValueRef = 0
        if let id = tag.refNumber {
            value = try resolve(id, keep: openFrames > 0 && frames[openFrames - 1].keep, offset: base + tag.offset)
        }
        guard openFrames > 0 else { return value }
        frames[openFrames - 1].text = nil
        pendingChildren.append(value)
        return nil
    }

    mutating func start(_ tag: XMLStartTag, bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        guard openFrames < Self.maximumDepth else {
            throw .at(offset: base + tag.offset, message: "elements nest deeper than \(Self.maximumDepth) levels")
        }
        let name = UnsafeBufferPointer(rebasing: bytes[tag.name])
        var frame = Frame(
            resolved: nil, id: nil, keep: false, defers: false, settles: false, childStart: pendingChildren.count,
            text: nil, textStart: text.count, label: nil, labelStart: -1, labelEnd: -1,
            offset: base + tag.offset, isTypedArray: Self.equals(name, "typed-array"))
        let parentKeeps = openFrames > 0 ? frames[openFrames - 1].keep : rereads
        frame.keep = parentKeeps
        // A parent with children is a list: its own text no longer matters.
        if openFrames > 0 { frames[openFrames - 1].text = nil }
        var id: UInt64?
        if let range = tag.id {
            let number = try Self.identifier(tag.idNumber, range, bytes: bytes, base: base, attribute: "id")
            // An id no ref names needs no entry, nor anything kept for it.
            if values.isReferenced(number) { id = number }
        }
        if let ref = tag.ref {
            let target = try Self.identifier(tag.refNumber, ref, bytes: bytes, base: base, attribute: "ref")
            frame.resolved = try resolve(target, keep: parentKeeps || id != nil, offset: base + tag.offset)
        } else if Self.equals(name, "sentinel") {
            frame.resolved = 0
        } else if let label = tag.nameAttribute ?? tag.fmt {
            // A frame's `name` says more than its `fmt`.
            frame.label = (base + label.lowerBound)..<(base + label.upperBound)
        }
        if let id {
            if rereads, openFrames > 0, values.isDefined(id), values.deferredOffset(of: id) == nil {
                // Read the first time already: the same value again.
                if frame.resolved == nil { frame.resolved = try resolve(id, keep: true, offset: base + tag.offset) }
            } else if rereads {
                frame.settles = values.deferredOffset(of: id) != nil
                frame.id = id
                frame.keep = true
            } else {
                frame.id = id
                frame.defers = values.defersElements && !parentKeeps && frame.resolved == nil
                frame.keep = !frame.defers
            }
        }
        // What an element that is a ref holds is not read.
        if frame.resolved != nil { frame.keep = false }
        if openFrames < frames.count {
            frames[openFrames] = frame
        } else {
            frames.append(frame)
        }
        openFrames += 1
    }

    /// Ends the innermost open element; returns its value when it was the
    /// outermost, so it is a whole cell.
    mutating func end(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) -> ValueRef? {
        openFrames -= 1
        let frame = frames[openFrames]
        let value: ValueRef
        var defined = false
        if let resolved = frame.resolved {
            value = resolved
            if let id = frame.id {
                guard values.define(id: id, as: resolved) else { throw definedTwice(frame, id) }
            }
            defined = true
        } else if pendingChildren.count > frame.childStart {
            // A typed array's `fmt` only joins its fields' text, so it is not
            // kept: in `swiftui-full-causes` each event's node cell has one of
            // its own, which would cost more than the rest of the cell.
            let label = frame.isTypedArray ? 0 : try labelValue(frame, keep: frame.keep, bytes: bytes, base: base)
            guard let label,
                let list = values.addList(pendingChildren[frame.childStart...], label: label, keep: frame.keep)
            else { throw tooMany(frame) }
            value = list
            if let id = frame.id, frame.defers {
                guard values.define(id: id, deferredAt: frame.offset) else { throw definedTwice(frame, id) }
                defined = true
            }
        } else {
            // A leaf is small: kept outright when its id is named.
            let keep = frame.keep || frame.defers
            var made: ValueRef?
            // A number an id names outside any kept element lives in the id's
            // entry (``InternedValues/define(id:number:)``); the row gets a
            // value that lasts for the row.
            let inlineID = !rereads && (openFrames == 0 || !frames[openFrames - 1].keep) ? frame.id : nil
            var inlineNumber: UInt64?
            if let pending = frame.text {
                let leaf = UnsafeBufferPointer(
                    rebasing: bytes[(pending.lowerBound - base)..<(pending.upperBound - base)])
                inlineNumber = inlineID == nil ? nil : textNumber.flatMap(Self.inlinable)
                if inlineNumber == nil {
                    made =
                        textNumber.map { values.add(kind: .number, payload: $0, keep: keep) }
                        ?? Self.leaf(leaf, keep: keep, in: &values)
                }
            } else if text.count > frame.textStart {
                inlineNumber =
                    inlineID == nil
                    ? nil
                    : text.withUnsafeBufferPointer {
                        CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: $0[frame.textStart...]))
                    }.flatMap(Self.inlinable)
                if inlineNumber == nil {
                    made = text.withUnsafeBufferPointer {
                        Self.leaf(UnsafeBufferPointer(rebasing: $0[frame.textStart...]), keep: keep, in: &values)
                    }
                }
            } else {
                made = try labelValue(frame, keep: keep, bytes: bytes, base: base)
            }
            if let inlineID, let inlineNumber {
                guard values.define(id: inlineID, number: inlineNumber) else { throw definedTwice(frame, inlineID) }
                made = values.add(kind: .number, payload: inlineNumber, keep: false)
                defined = true
            }
            guard let made else { throw tooMany(frame) }
            value = made
        }
        if pendingChildren.count > frame.childStart {
            pendingChildren.removeLast(pendingChildren.count - frame.childStart)
        }
        if text.count > frame.textStart { text.removeLast(text.count - frame.textStart) }
        if frame.labelStart >= 0, labels.count > frame.labelStart { labels.removeLast(labels.count - frame.labelStart) }
        if let id = frame.id, !defined {
            if frame.settles {
                values.settle(id: id, as: value)
            } else {
                guard values.define(id: id, as: value) else { throw definedTwice(frame, id) }
            }
        }
        guard openFrames > 0 else { return value }
        pendingChildren.append(value)
        return nil
    }

    mutating func text(
        _ range: Range<Int>, hasReferences: Bool, number: UInt64?, bytes: UnsafeBufferPointer<UInt8>, base: Int
    ) throws(XMLReadFailure) {
        guard openFrames > 0 else { return }
        let top = openFrames - 1
        // Most leaves hold one plain text run: remember where it is rather than copy it.
        if !hasReferences && frames[top].text == nil && text.count == frames[top].textStart {
            frames[top].text = (base + range.lowerBound)..<(base + range.upperBound)
            textNumber = number
            return
        }
        copyText(of: top, bytes: bytes, base: base)
        if hasReferences {
            try XMLReferences.decode(range, of: bytes, base: base, into: &text)
        } else {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
    }

    /// Copies what open elements only point at in `bytes`, which the caller
    /// is about to replace with the next chunk.
    mutating func copyPending(bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(XMLReadFailure) {
        for index in 0..<openFrames {
            if let pending = frames[index].label {
                frames[index].labelStart = labels.count
                try XMLReferences.decode(
                    (pending.lowerBound - base)..<(pending.upperBound - base), of: bytes, base: base, into: &labels)
                frames[index].labelEnd = labels.count
                frames[index].label = nil
            }
            copyText(of: index, bytes: bytes, base: base)
        }
    }

    /// The value `ref="id"` names, for an element at `offset`. A list left
    /// in the file that a ref inside an element names is read again at
    /// once: a list is read whole, so none holds a deferred value.
    private mutating func resolve(_ id: UInt64, keep: Bool, offset: Int) throws(XMLReadFailure) -> ValueRef {
        switch values.resolve(id: id, keep: keep) {
        case .value(let value):
            if values.defersElements, !rereads, openFrames > 0, values.kind(value) == .deferred {
                return try values.materialize(value, at: offset)
            }
            return value
        case .undefined:
            throw .at(offset: offset, message: "ref=\"\(id)\" names an id that is not defined earlier in the document")
        case .full:
            throw tooMany(at: offset)
        }
    }

    /// The element's `name` or `fmt` as a string value; null when it has none.
    private mutating func labelValue(_ frame: Frame, keep: Bool, bytes: UnsafeBufferPointer<UInt8>, base: Int)
        throws(XMLReadFailure) -> ValueRef?
    {
        if let pending = frame.label {
            let raw = (pending.lowerBound - base)..<(pending.upperBound - base)
            if memchr(bytes.baseAddress! + raw.lowerBound, Int32(Byte.ampersand), raw.count) == nil {
                return Self.leaf(UnsafeBufferPointer(rebasing: bytes[raw]), keep: keep, isLabel: true, in: &values)
            }
            let start = labels.count
            try XMLReferences.decode(raw, of: bytes, base: base, into: &labels)
            defer { labels.removeLast(labels.count - start) }
            return labels.withUnsafeBufferPointer {
                Self.leaf(UnsafeBufferPointer(rebasing: $0[start...]), keep: keep, isLabel: true, in: &values)
            }
        }
        guard frame.labelStart >= 0 else { return 0 }
        return labels.withUnsafeBufferPointer {
            Self.leaf(
                UnsafeBufferPointer(rebasing: $0[frame.labelStart..<frame.labelEnd]), keep: keep, isLabel: true,
                in: &values)
        }
    }

    private mutating func copyText(of index: Int, bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        guard let pending = frames[index].text else { return }
        text.append(
            contentsOf: UnsafeBufferPointer(rebasing: bytes[(pending.lowerBound - base)..<(pending.upperBound - base)]))
        frames[index].text = nil
    }

    private func definedTwice(_ frame: Frame, _ id: UInt64) -> XMLReadFailure {
        .at(offset: frame.offset, message: "id=\"\(id)\" is defined twice")
    }

    /// `number`, when an id's entry can hold it.
    private static func inlinable(_ number: UInt64) -> UInt64? {
        InternedValues.canInline(number) ? number : nil
    }

    private func tooMany(_ frame: Frame) -> XMLReadFailure {
        tooMany(at: frame.offset)
    }

    private func tooMany(at offset: Int) -> XMLReadFailure {
        .at(offset: offset, message: "more than \(InternedValues.maximumCount) values in one document")
    }

    /// A leaf's value; `isLabel` for a `name` or `fmt` attribute, kept as
    /// bytes since most are read seldom or never; `number`, the bytes as a
    /// ``CanonicalNumber`` when the tokenizer read them as one.
    private static func leaf(
        _ bytes: UnsafeBufferPointer<UInt8>, keep: Bool, isLabel: Bool = false, number: UInt64? = nil,
        in values: inout InternedValues
    ) -> ValueRef? {
        if bytes.isEmpty { return values.add(kind: .empty, payload: 0, keep: keep) }
        if let number = number ?? CanonicalNumber.value(of: bytes) {
            return values.add(kind: .number, payload: number, keep: keep)
        }
        // The stream was checked to be UTF-8 before tokenizing.
        if isLabel { return values.addBytes(bytes, keep: keep) }
        return values.addString(String(decoding: bytes, as: UTF8.self), keep: keep)
    }

    /// A tag's `id` or `ref`: the number the tokenizer read, or else the
    /// digits, leading zeros and all.
    static func identifier(
        _ number: UInt64?, _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, base: Int, attribute: String
    ) throws(XMLReadFailure) -> UInt64 {
        if let number { return number }
        let digits = UnsafeBufferPointer(rebasing: bytes[range])
        guard let id = withoutLeadingZeros(digits) else {
            throw .at(
                offset: base + range.lowerBound,
                message:
                    "\(attribute)=\"\(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))\" is not a whole number"
            )
        }
        return id
    }

    /// Digits with leading zeros, which are still a valid id.
    private static func withoutLeadingZeros(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        let significant = digits.drop { $0 == Byte.zero }
        return significant.isEmpty ? 0 : CanonicalNumber.value(of: UnsafeBufferPointer(rebasing: significant))
    }

    @inline(__always)
    static func equals(_ name: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard name.count == literal.utf8CodeUnitCount else { return false }
        for index in 0..<name.count where name[index] != literal.utf8Start[index] { return false }
        return true
    }
}

/// An element open inside a cell.
///
/// Its text and label are first only ranges (absolute offsets) of the
/// buffer being tokenized; they are copied into the builder's buffers only
/// if the buffer is replaced before the element ends, which is rare.
private struct Frame {
    /// For `ref=` and `<sentinel/>`: the value it stands for.
    var resolved: ValueRef?
    /// The id a ref names, when it has one.
    var id: UInt64?
    /// Whether what is made inside it outlives the row.
    var keep: Bool
    /// A list it turns out to be is left in the file, its id recording where.
    var defers: Bool
    /// Its id named it as left in the file: it is that element, read again.
    var settles: Bool
    var childStart: Int
    /// One plain text run not yet copied.
    var text: Range<Int>?
    var textStart: Int
    /// The raw `name` or `fmt` attribute, not yet copied.
    var label: Range<Int>?
    /// Where the copied label is in `labels`, or -1.
    var labelStart: Int
    var labelEnd: Int
    var offset: Int
    /// A `typed-array`, whose label is not kept once it has children.
    var isTypedArray: Bool
}
