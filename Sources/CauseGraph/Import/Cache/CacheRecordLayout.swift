/// The layout of a cache entry's records file, `records.bin`: what a
/// later command reads instead of the input.
///
/// Chosen by measuring (docs/instruments.md, "The cache"): parsing the
/// native JSON Lines was nearly all of a later read. Here every value a
/// record names that is text is written once, in a table at the end, and
/// each record is 48 bytes at a fixed place, so reading one is a few loads
/// and no parsing. All numbers are little-endian.
///
///     header   8-byte magic "CGRECORD", UInt32 format version, UInt32 record size (48)
///     records  48 bytes each, in the order the sink was given them
///     strings  UInt32 count, then each: UInt32 byte length, UTF-8 bytes
///     lists    UInt32 count, then each: UInt32 length, that many UInt32 string indices
///     footer   UInt64 offset of the strings, UInt64 offset of the lists
///
/// A record starts with its tag (``Tag``) and a byte of flags saying which
/// optional fields it holds; text is a UInt32 index into the strings
/// (``none`` when absent), a list of text (backtrace, changed properties) an
/// index into the lists. The byte offsets of the fields, by record:
///
///     header  2: -          4: app       8: version    16: frame rate (Double bits)
///     event   2: kind rank  3: owner | severity rank << 4   4: title   8: id   16: time
///             24: duration  32: group   40: module   44: backtrace
///     cause   4: label      8: from      16: to        24: time      44: changed
///     group   4: label      8: id        16: start     24: duration
///     hitch   2: kind       4: hang type 8: start      16: duration  40: process   44: narrative
enum CacheRecordLayout {
    static let magic: [UInt8] = Array("CGRECORD".utf8)
    static let headerSize = 16
    static let footerSize = 16
    static let recordSize = 48
    /// The index of absent text or an absent list.
    static let none = UInt32.max

    /// What a record is.
    enum Tag: UInt8 {
        case header = 1
        case event, cause, group, hitch

        /// The flags a record of this tag may set.
        var allowedFlags: UInt8 {
            switch self {
            case .header: Flag.app | Flag.frameRate
            case .event: Flag.module | Flag.time | Flag.duration | Flag.ran | Flag.group | Flag.severity
            case .cause: Flag.time
            case .group: Flag.start | Flag.duration
            case .hitch: Flag.hangType | Flag.process | Flag.narrative
            }
        }
    }

    /// The bits of a record's flags byte.
    enum Flag {
        static let app: UInt8 = 1
        static let frameRate: UInt8 = 2
        static let module: UInt8 = 1
        static let time: UInt8 = 2
        static let duration: UInt8 = 4
        static let ran: UInt8 = 8
        static let group: UInt8 = 16
        static let severity: UInt8 = 32
        static let start: UInt8 = 1
        static let hangType: UInt8 = 1
        static let process: UInt8 = 2
        static let narrative: UInt8 = 4
    }

    /// The file's first bytes, for this format version.
    static var header: [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: UInt32(TraceCache.formatVersion).littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(recordSize).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
