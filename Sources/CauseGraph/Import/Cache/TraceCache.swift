import Foundation

/// Where what reading a slow input produced is kept, so the next command
/// on it answers at once: the records of an Instruments `.trace` bundle
/// (whose tables only Xcode's xctrace can export, slowly), and of large
/// `xctrace export` files and native JSON Lines traces.
///
/// Each entry is a folder, `entries/KEY/`, named by its `CacheKey`: the
/// records the read gave its sink, in a binary layout of distinct text and
/// fixed-size records (`records.bin`, see `CacheRecordLayout`), and
/// `entry.json`, which names the input and holds the diagnostics of the
/// first read, the size and the checksum of the records. Beside them, a
/// `graph` entry keeps the graph built from records entries
/// (``GraphDocument``), so later commands replay nothing.
/// An entry is made in a temporary folder and renamed into place whole, so
/// a reader sees all of one entry or none; one whose records do not match
/// their checksum is damaged, read afresh and replaced. When the entries
/// pass `maximumSize`, the least recently used go first.
public struct TraceCache: Sendable, Equatable {
    /// The folder holding the entries.
    package let directory: String
    /// The most the entries may take together, in bytes.
    package let maximumSize: Int64
    /// The size from which exports and native traces are cached, in bytes:
    /// smaller ones read in less time than checking an entry would save.
    package let minimumInputSize: Int64

    /// Bumped whenever what an entry holds or means changes, so older entries miss.
    static let formatVersion = 3
    /// The default of ``maximumSize``: 4 GB.
    package static let defaultMaximumSize: Int64 = 4 << 30
    /// The default of ``minimumInputSize``: 64 MB, some seconds of reading.
    package static let defaultMinimumInputSize: Int64 = 64 << 20
    /// The environment variable naming the folder.
    package static let directoryVariable = "CAUSEGRAPH_CACHE_DIR"
    /// The environment variable giving ``maximumSize`` (bytes, or with K, M or G).
    package static let maximumSizeVariable = "CAUSEGRAPH_CACHE_MAX"
    /// The environment variable giving ``minimumInputSize`` (bytes, or with K, M or G).
    package static let minimumInputSizeVariable = "CAUSEGRAPH_CACHE_MIN"

    /// A cache in `directory`, holding at most `maximumSize` bytes, of
    /// exports and native traces of `minimumInputSize` bytes or more.
    package init(
        directory: String, maximumSize: Int64 = defaultMaximumSize,
        minimumInputSize: Int64 = defaultMinimumInputSize
    ) {
        self.directory = directory
        self.maximumSize = maximumSize
        self.minimumInputSize = minimumInputSize
    }

    /// The cache the environment names: `CAUSEGRAPH_CACHE_DIR`, else
    /// `~/Library/Caches/causegraph` on macOS and
    /// `$XDG_CACHE_HOME/causegraph` (by default `~/.cache/causegraph`)
    /// elsewhere; `nil` when there is no home folder to put it in.
    ///
    /// - Throws: a ``Diagnostic`` when `CAUSEGRAPH_CACHE_MAX` or
    ///   `CAUSEGRAPH_CACHE_MIN` is not a size.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(Diagnostic) -> TraceCache?
    {
        let maximum = try size(maximumSizeVariable, in: environment) ?? defaultMaximumSize
        let minimum = try size(minimumInputSizeVariable, in: environment) ?? defaultMinimumInputSize
        let cache = { (directory: String) in
            TraceCache(directory: directory, maximumSize: maximum, minimumInputSize: minimum)
        }
        if let directory = environment[directoryVariable], !directory.isEmpty {
            return cache(directory)
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if os(macOS)
            return cache(home + "/Library/Caches/causegraph")
        #else
            // The XDG rule: a relative XDG_CACHE_HOME is ignored.
            if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
                return cache(base + "/causegraph")
            }
            return cache(home + "/.cache/causegraph")
        #endif
    }

    /// The size `variable` gives, `nil` when it is unset or empty.
    private static func size(_ variable: String, in environment: [String: String]) throws(Diagnostic) -> Int64? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        guard let size = parseSize(text) else {
            throw .error(
                "\(variable)=\(VisibleText.singleLine(text)) is not a size: give bytes, or a number with K, M or G")
        }
        return size
    }

    /// Reads `4G`, `512M`, `100K` or a number of bytes (1024 to a K).
    static func parseSize(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var unit: Int64 = 1
        if let last = digits.last?.uppercased().first, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard let value = Int64(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }

    /// The folder of the entries.
    var entriesDirectory: String { directory + "/entries" }

    /// One entry, as `cache list` shows it.
    package struct Entry: Sendable, Equatable {
        /// The entry's name, the digest of its key.
        package var name: String
        /// The inputs read: a bundle, or the export files read together.
        package var inputs: [String]
        /// `bundle`, `export`, or `inventory`: what `causegraph doctor`
        /// counted of a bundle's tables.
        package var kind: String
        /// The run read, for a bundle.
        package var run: Int?
        /// Bytes on disk.
        package var size: Int64
        /// When it was written, in seconds since 1970.
        package var created: Int64
        /// When it was last read or written, in seconds since 1970.
        package var lastUsed: Int64 { usedAt / 1_000_000_000 }
        /// The same, in nanoseconds: what orders the entries.
        package var usedAt: Int64
    }

    /// Every complete entry, the most recently used first.
    package func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: entriesDirectory)) ?? []
        return
            names
            .filter { !$0.hasPrefix(".") }
            .compactMap { name in CacheEntry.describe(at: entriesDirectory + "/" + name, name: name) }
            .sorted { ($0.usedAt, $1.name) > ($1.usedAt, $0.name) }
    }

    /// Drops the least recently used entries until the rest fit in
    /// ``maximumSize``, and leftovers of writers interrupted a day ago.
    func evict() {
        var total: Int64 = 0
        for entry in entries() {
            total = total.saturatingAdding(entry.size)
            if total > maximumSize {
                try? FileManager.default.removeItem(atPath: entriesDirectory + "/" + entry.name)
            }
        }
        removeLeftovers(olderThan: 24 * 60 * 60)
    }

    /// Removes the temporary folders of writers that stopped midway, and
    /// entries no longer read, once older than `seconds`.
    func removeLeftovers(olderThan seconds: TimeInterval) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: entriesDirectory)) ?? []
        // Besides writers' leftovers, entries no longer read: of an older format, or damaged
        // past reading their metadata. `entries()` skips them, so nothing else would remove them.
        let leftovers = names.filter { name in
            name.hasPrefix(CacheEntry.temporaryPrefix) || name.hasPrefix(CacheEntry.trashPrefix)
                || !name.hasPrefix(".") && CacheEntry.describe(at: entriesDirectory + "/" + name, name: name) == nil
        }
        for name in leftovers {
            let path = entriesDirectory + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let modified, -modified.timeIntervalSinceNow < seconds { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
