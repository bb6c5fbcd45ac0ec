import Foundation

/// One cache entry on disk: its contents (``Contents``) and `entry.json`,
/// what they are of and how to check them.
///
/// Both are opened through the entry's folder, so an entry replaced while
/// it is being opened is read whole from the old folder or the new one,
/// never half of each.
struct CacheEntry {
    static let metadataName = "entry.json"

    /// What an entry holds beside its metadata.
    enum Contents {
        /// The records a read gave, in `records.bin` (see ``CacheRecordLayout``).
        case records
        /// A small document, in `document.json`: what `doctor` learnt of a
        /// bundle (``TraceBundle/Inventory``).
        case document
        /// The graph built from records entries, in `graph.bin` (see ``GraphDocument``).
        case graph

        var fileName: String {
            switch self {
            case .records: "records.bin"
            case .document: "document.json"
            case .graph: "graph.bin"
            }
        }
    }
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
        let folder = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        guard let (data, info) = readMetadata(in: folder), let metadata = Metadata(data) else { return nil }
        return TraceCache.Entry(
            name: name, inputs: metadata.inputs, kind: metadata.kind, run: metadata.run,
            size: metadata.recordsSize.saturatingAdding(Int64(info.st_size)), created: metadata.created,
            usedAt: CacheKey.modificationNanoseconds(info))
    }

    /// What opening an entry found.
    enum Lookup<Opened> {
        /// No entry for the key.
        case missing
        /// An entry whose contents fail their check, with what is wrong.
        case damaged(String)
        /// A sound entry: its metadata, and its contents, checked.
        case found(Metadata, Opened)
    }

    /// Opens the records entry at `path` and checks its records against
    /// their size and checksum, reading them once.
    static func open(at path: String, key: CacheKey) -> Lookup<CacheRecordFile> {
        open(at: path, key: key, contents: .records) { descriptor, metadata throws(CacheRecordFile.Damage) in
            try CacheRecordFile.open(
                descriptor: descriptor, path: path + "/" + Contents.records.fileName, size: metadata.recordsSize,
                checksum: metadata.checksum)
        }
    }

    /// Opens the document entry at `path` holding `contents`: its bytes,
    /// checked against their size and checksum.
    static func openDocument(at path: String, key: CacheKey, contents: Contents) -> Lookup<[UInt8]> {
        open(at: path, key: key, contents: contents) { descriptor, metadata throws(CacheRecordFile.Damage) in
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            guard metadata.recordsSize >= 0, metadata.recordsSize <= Int64(maximumDocumentSize),
                let data = try? handle.read(upToCount: Int(metadata.recordsSize) + 1) ?? Data(),
                Int64(data.count) == metadata.recordsSize
            else { throw CacheRecordFile.Damage(problem: "its document is not \(metadata.recordsSize) bytes") }
            let bytes = [UInt8](data)
            var checksum = ContentChecksum()
            checksum.update(bytes)
            guard checksum.hexDigest == metadata.checksum else {
                throw CacheRecordFile.Damage(problem: "its document does not match its checksum")
            }
            return bytes
        }
    }

    /// The metadata of the entry at `path`, when it is one of `key`, without
    /// opening or checking its contents; marks the entry used. What a graph
    /// entry needs of the records entries it was built from: their diagnostics.
    static func metadata(at path: String, key: CacheKey) -> Metadata? {
        let folder = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        guard let (data, _) = readMetadata(in: folder), let metadata = Metadata(data), metadata.key == key.digest
        else { return nil }
        _ = utimensat(folder, metadataName, nil, 0)
        return metadata
    }

    /// A document entry larger than this is damaged: documents are small.
    static let maximumDocumentSize = 64 << 20

    /// Opens the entry's folder, its metadata and its contents (handing
    /// their open descriptor to `check`, which owns it), and marks the
    /// entry used.
    private static func open<Opened>(
        at path: String, key: CacheKey, contents: Contents,
        check: (Int32, Metadata) throws(CacheRecordFile.Damage) -> Opened
    ) -> Lookup<Opened> {
        let folder = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .missing }
        defer { close(folder) }
        guard let (data, _) = readMetadata(in: folder), let metadata = Metadata(data) else {
            return .damaged("its \(metadataName) cannot be read")
        }
        guard metadata.key == key.digest else { return .damaged("it belongs to another key") }
        guard let (descriptor, _) = openRegularFile(contents.fileName, in: folder) else {
            return .damaged("its contents are missing or not a file")
        }
        let opened: Opened
        do {
            opened = try check(descriptor, metadata)
        } catch {
            return .damaged(error.problem)
        }
        // Least recently used goes first: reading counts as use.
        _ = utimensat(folder, metadataName, nil, 0)
        return .found(metadata, opened)
    }

    /// The most `entry.json` may hold: its diagnostics and unclassified
    /// titles are bounded when written, far below this.
    static let maximumMetadataSize = 64 << 20

    /// Opens `name` in `folder` when it is a regular file, with its status.
    ///
    /// The cache folder is as untrusted as any input: a link to `/dev/zero`
    /// would be read for ever, a FIFO would block the open. So links are not
    /// followed, the open does not wait, and anything but a regular file is
    /// refused, to be noted as damage.
    private static func openRegularFile(_ name: String, in folder: Int32) -> (Int32, stat)? {
        let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, info)
    }

    /// The bytes of `entry.json` in `folder` and its status, when it is a
    /// regular file of at most ``maximumMetadataSize`` bytes.
    private static func readMetadata(in folder: Int32) -> (Data, stat)? {
        guard let (descriptor, info) = openRegularFile(metadataName, in: folder) else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard info.st_size <= maximumMetadataSize,
            let data = try? handle.read(upToCount: maximumMetadataSize + 1) ?? Data(),
            data.count <= maximumMetadataSize
        else { return nil }
        return (data, info)
    }
}
