import Foundation

/// One cache entry on disk: `records.bin`, the records (see
/// ``CacheRecordLayout``), and `entry.json`, what they are of and how to
/// check them.
///
/// Both are opened through the entry's folder, so an entry replaced while
/// it is being opened is read whole from the old folder or the new one,
/// never half of each.
struct CacheEntry {
    static let recordsName = "records.bin"
    static let metadataName = "entry.json"
    /// Folders being written, renamed into place when complete.
    static let temporaryPrefix = ".tmp-"
    /// Entries being replaced, removed right after.
    static let trashPrefix = ".trash-"

    /// What `entry.json` says.
    struct Metadata {
        var version: Int
        var key: String
        var inputs: [String]
        var kind: String
        var run: Int?
        var created: Int64
        var recordsSize: Int64
        var checksum: String
        var diagnostics: [Diagnostic]
        var unclassifiedTitles: [String: Int]

        func encoded() -> Data {
            var object: [String: Any] = [
                "version": version, "key": key, "inputs": inputs, "kind": kind, "created": created,
                "recordsSize": recordsSize, "checksum": checksum,
                "diagnostics": diagnostics.map { diagnostic -> [String: Any] in
                    var fields: [String: Any] = [
                        "severity": diagnostic.severity.rawValue, "message": diagnostic.message,
                    ]
                    if let location = diagnostic.location {
                        fields["file"] = location.file
                        if let line = location.line { fields["line"] = line }
                        if let column = location.column { fields["column"] = column }
                    }
                    return fields
                },
                "unclassified": unclassifiedTitles,
            ]
            if let run { object["run"] = run }
            return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        }

        init(
            key: CacheKey, created: Int64, recordsSize: Int64, checksum: String, diagnostics: [Diagnostic],
            unclassifiedTitles: [String: Int]
        ) {
            version = TraceCache.formatVersion
            self.key = key.digest
            inputs = key.inputs
            kind = key.kind
            run = key.run
            self.created = created
            self.recordsSize = recordsSize
            self.checksum = checksum
            self.diagnostics = diagnostics
            self.unclassifiedTitles = unclassifiedTitles
        }

        /// Reads `entry.json`; `nil` when it is not one this version wrote.
        init?(_ data: Data) {
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let version = object["version"] as? Int, version == TraceCache.formatVersion,
                let key = object["key"] as? String, let inputs = object["inputs"] as? [String],
                let kind = object["kind"] as? String, let created = (object["created"] as? NSNumber)?.int64Value,
                let recordsSize = (object["recordsSize"] as? NSNumber)?.int64Value,
                let checksum = object["checksum"] as? String,
                let diagnostics = object["diagnostics"] as? [[String: Any]],
                let unclassified = object["unclassified"] as? [String: Int]
            else { return nil }
            self.version = version
            self.key = key
            self.inputs = inputs
            self.kind = kind
            run = object["run"] as? Int
            self.created = created
            self.recordsSize = recordsSize
            self.checksum = checksum
            unclassifiedTitles = unclassified
            var read: [Diagnostic] = []
            for fields in diagnostics {
                guard let severity = (fields["severity"] as? String).flatMap(Diagnostic.Severity.init(rawValue:)),
                    let message = fields["message"] as? String
                else { return nil }
                let location = (fields["file"] as? String).map {
                    SourceLocation(file: $0, line: fields["line"] as? Int, column: fields["column"] as? Int)
                }
                read.append(Diagnostic(severity, message, at: location))
            }
            self.diagnostics = read
        }
    }

    /// The entry as `cache list` shows it, or `nil` when `path` holds none.
    static func describe(at path: String, name: String) -> TraceCache.Entry? {
        let metadataPath = path + "/" + metadataName
        guard let data = FileManager.default.contents(atPath: metadataPath), let metadata = Metadata(data) else {
            return nil
        }
        var info = stat()
        guard stat(metadataPath, &info) == 0 else { return nil }
        var records = stat()
        let recordsSize = stat(path + "/" + recordsName, &records) == 0 ? Int64(records.st_size) : 0
        return TraceCache.Entry(
            name: name, inputs: metadata.inputs, kind: metadata.kind, run: metadata.run,
            size: recordsSize.saturatingAdding(Int64(info.st_size)), created: metadata.created,
            usedAt: CacheKey.modificationNanoseconds(info))
    }

    /// What opening an entry found.
    enum Lookup {
        /// No entry for the key.
        case missing
        /// An entry whose records fail their check, with what is wrong.
        case damaged(String)
        /// A sound entry: its metadata, and its records, checked.
        case found(Metadata, CacheRecordFile)
    }

    /// Opens the entry at `path` and checks its records against their
    /// size and checksum, reading them once.
    static func open(at path: String, key: CacheKey) -> Lookup {
        let folder = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .missing }
        defer { close(folder) }
        let metadataDescriptor = openat(folder, metadataName, O_RDONLY | O_CLOEXEC)
        guard metadataDescriptor >= 0 else { return .damaged("its \(metadataName) is missing") }
        let metadataHandle = FileHandle(fileDescriptor: metadataDescriptor, closeOnDealloc: true)
        guard let data = try? metadataHandle.readToEnd(), let metadata = Metadata(data) else {
            return .damaged("its \(metadataName) cannot be read")
        }
        guard metadata.key == key.digest else { return .damaged("it belongs to another key") }
        let records = openat(folder, recordsName, O_RDONLY | O_CLOEXEC)
        guard records >= 0 else { return .damaged("its records are missing") }
        let file: CacheRecordFile
        do {
            file = try CacheRecordFile.open(
                descriptor: records, path: path + "/" + recordsName, size: metadata.recordsSize,
                checksum: metadata.checksum)
        } catch {
            return .damaged(error.problem)
        }
        // Least recently used goes first: reading counts as use.
        _ = utimensat(folder, metadataName, nil, 0)
        return .found(metadata, file)
    }
}
