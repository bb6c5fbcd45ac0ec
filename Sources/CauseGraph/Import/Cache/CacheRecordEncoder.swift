/// Encodes the records a read gives its sink in the layout of
/// ``CacheRecordLayout``, keeping each distinct text and list once.
///
/// Records go out as they come (``append(_:to:)``); the tables of
/// text and lists can only be written once every record is known, by
/// ``appendTables(at:to:)``.
struct CacheRecordEncoder {
    private typealias Layout = CacheRecordLayout
    private typealias Flag = CacheRecordLayout.Flag

    private var stringIndex: [String: UInt32] = [:]
    private var strings: [String] = []
    private var listIndex: [[UInt32]: UInt32] = [:]
    private var lists: [[UInt32]] = []

    /// Appends the record of whichever kind.
    mutating func append(_ record: TraceRecord, to bytes: inout [UInt8]) {
        switch record {
        case .header(let header): append(header, to: &bytes)
        case .event(let event): append(event, to: &bytes)
        case .cause(let cause): append(cause, to: &bytes)
        case .group(let group): append(group, to: &bytes)
        case .hitch(let hitch): append(hitch, to: &bytes)
        }
    }

    /// Appends the header record.
    private mutating func append(_ header: TraceHeader, to bytes: inout [UInt8]) {
        var flags: UInt8 = 0
        if header.app != nil { flags |= Flag.app }
        if header.frameRate != nil { flags |= Flag.frameRate }
        let app = intern(header.app)
        write(.header, flags: flags, to: &bytes) { record in
            record.storeBytes(of: app.littleEndian, toByteOffset: 4, as: UInt32.self)
            record.storeBytes(of: Int64(header.version).littleEndian, toByteOffset: 8, as: Int64.self)
            record.storeBytes(of: (header.frameRate ?? 0).bitPattern.littleEndian, toByteOffset: 16, as: UInt64.self)
        }
    }

    /// Appends the event's record.
    private mutating func append(_ event: TraceEvent, to bytes: inout [UInt8]) {
        var flags: UInt8 = 0
        if event.module != nil { flags |= Flag.module }
        if event.time != nil { flags |= Flag.time }
        if event.duration != nil { flags |= Flag.duration }
        if event.ran { flags |= Flag.ran }
        if event.group != nil { flags |= Flag.group }
        if event.severity != nil { flags |= Flag.severity }
        let title = intern(event.title)
        let module = intern(event.module)
        let backtrace = intern(event.backtrace)
        let ownerAndSeverity = (event.owner == .app ? 0 : 1) | UInt8(event.severity?.rank ?? 0) << 4
        write(.event, flags: flags, to: &bytes) { record in
            record[2] = UInt8(event.kind.rank)
            record[3] = ownerAndSeverity
            record.storeBytes(of: title.littleEndian, toByteOffset: 4, as: UInt32.self)
            record.storeBytes(of: event.id.littleEndian, toByteOffset: 8, as: UInt64.self)
            record.storeBytes(of: (event.time ?? 0).littleEndian, toByteOffset: 16, as: Int64.self)
            record.storeBytes(of: (event.duration ?? 0).littleEndian, toByteOffset: 24, as: Int64.self)
            record.storeBytes(of: (event.group ?? 0).littleEndian, toByteOffset: 32, as: Int64.self)
            record.storeBytes(of: module.littleEndian, toByteOffset: 40, as: UInt32.self)
            record.storeBytes(of: backtrace.littleEndian, toByteOffset: 44, as: UInt32.self)
        }
    }

    /// Appends the cause link's record.
    private mutating func append(_ cause: TraceCause, to bytes: inout [UInt8]) {
        let label = intern(cause.label.rawValue)
        let changed = intern(cause.changed)
        write(.cause, flags: cause.time == nil ? 0 : Flag.time, to: &bytes) { record in
            record.storeBytes(of: label.littleEndian, toByteOffset: 4, as: UInt32.self)
            record.storeBytes(of: cause.from.littleEndian, toByteOffset: 8, as: UInt64.self)
            record.storeBytes(of: cause.to.littleEndian, toByteOffset: 16, as: UInt64.self)
            record.storeBytes(of: (cause.time ?? 0).littleEndian, toByteOffset: 24, as: Int64.self)
            record.storeBytes(of: changed.littleEndian, toByteOffset: 44, as: UInt32.self)
        }
    }

    /// Appends the update group's record.
    private mutating func append(_ group: UpdateGroup, to bytes: inout [UInt8]) {
        var flags: UInt8 = 0
        if group.start != nil { flags |= Flag.start }
        if group.duration != nil { flags |= Flag.duration }
        let label = intern(group.label)
        write(.group, flags: flags, to: &bytes) { record in
            record.storeBytes(of: label.littleEndian, toByteOffset: 4, as: UInt32.self)
            record.storeBytes(of: group.id.littleEndian, toByteOffset: 8, as: Int64.self)
            record.storeBytes(of: (group.start ?? 0).littleEndian, toByteOffset: 16, as: Int64.self)
            record.storeBytes(of: (group.duration ?? 0).littleEndian, toByteOffset: 24, as: Int64.self)
        }
    }

    /// Appends the hitch's record.
    private mutating func append(_ hitch: Hitch, to bytes: inout [UInt8]) {
        var flags: UInt8 = 0
        if hitch.hangType != nil { flags |= Flag.hangType }
        if hitch.process != nil { flags |= Flag.process }
        if hitch.narrative != nil { flags |= Flag.narrative }
        let hangType = intern(hitch.hangType)
        let process = intern(hitch.process)
        let narrative = intern(hitch.narrative)
        write(.hitch, flags: flags, to: &bytes) { record in
            record[2] = hitch.kind == .hitch ? 0 : 1
            record.storeBytes(of: hangType.littleEndian, toByteOffset: 4, as: UInt32.self)
            record.storeBytes(of: hitch.start.littleEndian, toByteOffset: 8, as: Int64.self)
            record.storeBytes(of: hitch.duration.littleEndian, toByteOffset: 16, as: Int64.self)
            record.storeBytes(of: process.littleEndian, toByteOffset: 40, as: UInt32.self)
            record.storeBytes(of: narrative.littleEndian, toByteOffset: 44, as: UInt32.self)
        }
    }

    /// Appends the tables of text and lists, and the footer, given that
    /// the strings start `offset` bytes into the file.
    func appendTables(at offset: UInt64, to bytes: inout [UInt8]) {
        let stringsStart = bytes.count
        Self.append(UInt32(strings.count), to: &bytes)
        for string in strings {
            Self.append(UInt32(string.utf8.count), to: &bytes)
            bytes.append(contentsOf: string.utf8)
        }
        let listsOffset = offset + UInt64(bytes.count - stringsStart)
        Self.append(UInt32(lists.count), to: &bytes)
        for list in lists {
            Self.append(UInt32(list.count), to: &bytes)
            for index in list { Self.append(index, to: &bytes) }
        }
        withUnsafeBytes(of: offset.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: listsOffset.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private func write(
        _ tag: Layout.Tag, flags: UInt8, to bytes: inout [UInt8], _ fields: (UnsafeMutableRawBufferPointer) -> Void
    ) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: Layout.recordSize))
        bytes.withUnsafeMutableBytes { all in
            let record = UnsafeMutableRawBufferPointer(rebasing: all[start..<start + Layout.recordSize])
            record[0] = tag.rawValue
            record[1] = flags
            fields(record)
        }
    }

    private mutating func intern(_ text: String?) -> UInt32 {
        guard let text else { return Layout.none }
        if let index = stringIndex[text] { return index }
        let index = UInt32(strings.count)
        stringIndex[text] = index
        strings.append(text)
        return index
    }

    private mutating func intern(_ list: [String]) -> UInt32 {
        guard !list.isEmpty else { return Layout.none }
        let indices = list.map { intern($0) }
        if let index = listIndex[indices] { return index }
        let index = UInt32(lists.count)
        listIndex[indices] = index
        lists.append(indices)
        return index
    }
}
