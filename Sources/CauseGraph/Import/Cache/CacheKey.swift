import Foundation

/// What a cache entry answers for: the inputs as they are on disk and
/// every setting that changes what reading them gives, hashed.
///
/// An input that changed in any way the key sees (a file added, removed,
/// grown, or touched) misses, so an entry is never stale: a bundle is known
/// by each file's path inside it, size, modification time and kind, and the
/// content of its small files, which a rewrite within the same second and
/// size could leave with the same size and time; an export by its size,
/// modification time and inode.
struct CacheKey: Equatable {
    /// The SHA-256 of the description, in hexadecimal: the entry's name.
    let digest: String
    /// The inputs, as absolute paths with links resolved, for `cache list`
    /// and `cache clear`.
    let inputs: [String]
    /// `bundle`, `export`, `native` or `inventory` (what `doctor` learnt of a bundle).
    let kind: String
    /// The run asked for, if any.
    let run: Int?

    /// Files of a bundle at most this large are hashed whole.
    static let smallFileSize = 64 << 10
    /// A bundle with more files than this is not cached: its walk alone would cost.
    static let maximumBundleFiles = 100_000
    /// Classification rule files larger than this are not hashed, and their
    /// reads not cached.
    static let maximumRuleFileSize = 16 << 20

    /// The key of reading the bundle at `path` with `settings` through the
    /// xctrace at `exporter` (another Xcode may export other rows), or `nil`
    /// when it cannot be known (unreadable, or too many files). `kind` is
    /// `inventory` for what `doctor` counts of it.
    static func bundle(_ path: String, exporter: String?, settings: ImportSettings, kind: String = "bundle")
        -> CacheKey?
    {
        guard let root = resolved(path), var description = common(kind: kind, settings: settings) else {
            return nil
        }
        if let exporter, let program = resolved(exporter), let info = status(of: program, following: true) {
            description += "exporter \(quoted(program)) \(info.size) \(info.modified)\n"
        }
        guard let rootInfo = status(of: root, following: true) else { return nil }
        description += "root \(root) \(rootInfo.modified)\n"
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return nil }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            files.append(relative)
            guard files.count <= maximumBundleFiles else { return nil }
        }
        for relative in files.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let full = root + "/" + relative
            guard let info = status(of: full, following: false) else { return nil }
            description += "file \(quoted(relative)) \(info.kind) \(info.size) \(info.modified) \(info.changed)"
            if info.kind == "file", info.size <= Int64(smallFileSize) {
                guard let contents = FileManager.default.contents(atPath: full) else { return nil }
                description += " " + hex(SHA256.digest(contents))
            }
            description += "\n"
        }
        return CacheKey(description: description, inputs: [root], kind: kind, run: settings.run)
    }

    /// The key of reading the trace files `paths` together with `settings`,
    /// or `nil` when one is not a regular file. `kind` is `export` for
    /// Instruments exports and `native` for causegraph's JSON Lines.
    static func files(_ paths: [String], kind: String, settings: ImportSettings) -> CacheKey? {
        guard var description = common(kind: kind, settings: settings) else { return nil }
        var inputs: [String] = []
        for path in paths {
            guard let file = resolved(path), let info = status(of: file, following: true), info.kind == "file" else {
                return nil
            }
            inputs.append(file)
            description +=
                "file \(quoted(file)) \(info.size) \(info.modified) \(info.changed) \(info.device) \(info.inode)\n"
        }
        return CacheKey(description: description, inputs: inputs, kind: kind, run: nil)
    }

    /// The layout version of the graph document a `graph` entry holds, apart
    /// from the records' `TraceCache.formatVersion`.
    static let graphDocumentVersion = 6

    /// The key of the graph built from the reads keyed by `records`, in read
    /// order, with the builder's settings and the filters before it, or `nil`
    /// when there is no read to key or the running executable cannot be
    /// known. The executable's size and modification time are in it, so a
    /// rebuilt causegraph never reuses a graph an older one built, whoever
    /// forgets to bump the version. Shaping, thresholds and formats are not:
    /// they apply to the graph afterwards.
    static func graph(
        records: [CacheKey], frameRate: Double?, burstWindow: Nanoseconds, window: TimeWindow?,
        interaction: Interaction?, executable: String? = Bundle.main.executablePath
    ) -> CacheKey? {
        guard !records.isEmpty, let executable, let program = resolved(executable),
            let info = status(of: program, following: true)
        else { return nil }
        var description = "graph \(graphDocumentVersion)\n"
        description += "executable \(quoted(program)) \(info.size) \(info.modified)\n"
        var inputs: [String] = []
        for key in records {
            description += "records \(key.digest)\n"
            inputs += key.inputs.filter { !inputs.contains($0) }
        }
        description += "frame-rate \(frameRate.map { String($0.bitPattern) } ?? "trace")\n"
        description += "burst \(burstWindow)\n"
        description += "window \(window?.start.map(String.init) ?? "-") \(window?.end.map(String.init) ?? "-")\n"
        switch interaction {
        case .group(let id): description += "interaction group \(id)\n"
        case .gesture(let id): description += "interaction gesture \(id)\n"
        case nil: description += "interaction none\n"
        }
        return CacheKey(description: description, inputs: inputs, kind: "graph", run: records.first?.run)
    }

    private init(description: String, inputs: [String], kind: String, run: Int?) {
        digest = Self.hex(SHA256.digest(Array(description.utf8)))
        self.inputs = inputs
        self.kind = kind
        self.run = run
    }

    /// The part every key shares: the cache's format, the kind of input and
    /// the settings that change what is read. (The frame rate is not one:
    /// the Instruments importer reads the same records whatever it is.)
    private static func common(kind: String, settings: ImportSettings) -> String? {
        var description = "causegraph cache \(TraceCache.formatVersion)\n"
        description += "kind \(kind)\nrun \(settings.run.map(String.init) ?? "only")\n"
        description += "format \(settings.format?.rawValue ?? "detected")\n"
        for rules in settings.classificationFiles {
            guard let info = status(of: rules, following: true), info.size <= Int64(maximumRuleFileSize),
                let contents = FileManager.default.contents(atPath: rules)
            else { return nil }
            description += "classify \(hex(SHA256.digest(contents)))\n"
        }
        return description
    }

    /// What the key keeps of one file's status.
    private struct Status {
        var kind: String
        var size: Int64
        /// Seconds and nanoseconds.
        var modified: String
        /// When the status last changed, seconds and nanoseconds: a file
        /// rewritten in place to its old size, its modification time then
        /// set back (`touch -d`), keeps its size and modification time, but
        /// only the kernel sets this one, on every write.
        var changed: String
        var device: UInt64
        var inode: UInt64
    }

    private static func status(of path: String, following: Bool) -> Status? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = "file"
        case S_IFDIR: kind = "dir"
        case S_IFLNK: kind = "link"
        default: kind = "other"
        }
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return Status(
            kind: kind, size: Int64(info.st_size), modified: "\(modified.tv_sec).\(modified.tv_nsec)",
            changed: "\(changed.tv_sec).\(changed.tv_nsec)", device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// A status's modification time, in nanoseconds since 1970: entries
    /// used within one second are still told apart by when.
    static func modificationNanoseconds(_ info: stat) -> Int64 {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return Int64(time.tv_sec).saturatingMultiplying(1_000_000_000).saturatingAdding(Int64(time.tv_nsec))
    }

    /// The absolute path with every link resolved.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A relative path as one token of the description, newlines and all.
    private static func quoted(_ text: String) -> String {
        "\(text.utf8.count):\(text)"
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
