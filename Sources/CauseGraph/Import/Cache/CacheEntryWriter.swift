import Foundation

/// Writes one new cache entry: the records of a read as they pass, then,
/// once the read has succeeded, their tables of text (see
/// ``CacheRecordLayout``) and its metadata, and renames the whole folder
/// into place; or a document (``CacheEntry/Contents/document``), whole.
///
/// Writing the cache never fails a read: the first failure (a full disk, a
/// folder that cannot be written) stops the entry, and ``commit`` notes it
/// once. An entry not committed, or released while its read failed, leaves
/// nothing behind; a signal removes its records too (see `PendingOutputs`).
final class CacheEntryWriter {
    private let cache: TraceCache
    private let key: CacheKey
    private let contents: CacheEntry.Contents
    private let folder: String
    private var descriptor: Int32
    private let pendingToken: Int
    private var buffer: [UInt8]
    private var encoder = CacheRecordEncoder()
    private var checksum = ContentChecksum()
    private var written: Int64 = 0
    private var failure: String?
    private var finished = false

    private static let bufferLimit = 1 << 20

    /// Starts an entry of `contents` for `key` in `cache`; `nil`, with a
    /// note on `diagnostics`, when the cache folder cannot be written.
    init?(cache: TraceCache, key: CacheKey, contents: CacheEntry.Contents = .records, diagnostics: inout Diagnostics) {
        self.cache = cache
        self.key = key
        self.contents = contents
        buffer = contents == .records ? CacheRecordLayout.header : []
        let entries = cache.entriesDirectory
        if let failure = Self.makeDirectories(entries) {
            Self.noteUnwritable(cache, reason: String(cString: strerror(failure)), diagnostics: &diagnostics)
            return nil
        }
        var template = Array("\(entries)/\(CacheEntry.temporaryPrefix)\(getpid())-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            Self.noteUnwritable(cache, reason: String(cString: strerror(errno)), diagnostics: &diagnostics)
            return nil
        }
        folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let file = folder + "/" + contents.fileName
        guard
            let (fd, token) = PendingOutputs.shared.create(
                file, in: folder, { open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }),
            fd >= 0
        else {
            let reason = String(cString: strerror(errno))
            rmdir(folder)
            Self.noteUnwritable(cache, reason: reason, diagnostics: &diagnostics)
            return nil
        }
        descriptor = fd
        pendingToken = token
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !finished { discard() }
    }

    /// Appends one record, encoded by `encode`.
    func record(_ encode: (inout CacheRecordEncoder, inout [UInt8]) -> Void) {
        guard failure == nil else { return }
        encode(&encoder, &buffer)
        if buffer.count >= Self.bufferLimit { flush() }
    }

    /// Completes a document entry with `document` and puts it in place,
    /// noting on `diagnostics` why not, if not.
    func commit(document: [UInt8], diagnostics: inout Diagnostics) {
        if failure == nil { buffer += document }
        commit(diagnostics: [], unclassifiedTitles: [:], diagnostics: &diagnostics)
    }

    /// Completes the entry with the diagnostics the read gave and puts it in
    /// place, replacing an older one; notes on `diagnostics` why not, if not.
    func commit(
        diagnostics readDiagnostics: [Diagnostic], unclassifiedTitles: [String: Int], diagnostics: inout Diagnostics
    ) {
        if failure == nil, contents == .records {
            encoder.appendTables(at: UInt64(written) + UInt64(buffer.count), to: &buffer)
        }
        flush()
        finished = true
        defer { if failure != nil { discard() } }
        guard failure == nil else {
            diagnostics.note("not cached: \(failure!)", at: SourceLocation(file: cache.directory))
            return
        }
        close(descriptor)
        descriptor = -1
        let metadata = CacheEntry.Metadata(
            key: key, created: Int64(Date().timeIntervalSince1970), recordsSize: written,
            checksum: checksum.hexDigest, diagnostics: readDiagnostics, unclassifiedTitles: unclassifiedTitles)
        if let error = Self.writeNewFile(Array(metadata.encoded()), at: folder + "/" + CacheEntry.metadataName) {
            failure = "cannot write the cache folder: \(String(cString: strerror(error)))"
            diagnostics.note("not cached: \(failure!)", at: SourceLocation(file: cache.directory))
            return
        }
        let destination = cache.entriesDirectory + "/" + key.digest
        let placed = PendingOutputs.shared.commit(pendingToken) {
            if rename(folder, destination) == 0 { return true }
            // An entry is there already (damaged, or written by a command
            // that read at the same time): it moves aside first, so a reader
            // opens the old one or the new one, whole.
            let trash = cache.entriesDirectory + "/" + CacheEntry.trashPrefix + key.digest + "-\(getpid())"
            guard rename(destination, trash) == 0 else { return false }
            defer { try? FileManager.default.removeItem(atPath: trash) }
            return rename(folder, destination) == 0
        }
        guard placed else {
            failure = "cannot put the entry in place: \(String(cString: strerror(errno)))"
            diagnostics.note("not cached: \(failure!)", at: SourceLocation(file: cache.directory))
            return
        }
        cache.evict()
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        checksum.update(buffer)
        if let error = Self.writeAll(buffer, to: descriptor) {
            failure = "cannot write the cache folder: \(String(cString: strerror(error)))"
            buffer = []
            discard()
            return
        }
        written += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
        // An entry larger than the whole cache would be evicted as soon as it is placed: it stops
        // here, before it fills the disk, and says so.
        if written > cache.maximumSize {
            failure =
                "the entry passed \(ByteCountText.string(cache.maximumSize)), all the cache may hold "
                + "(\(TraceCache.maximumSizeVariable)); the next command reads this input again"
            discard()
        }
    }

    /// Writes `bytes` to a new file at `path`; the error number when it cannot,
    /// so a full disk is named as such.
    private static func writeNewFile(_ bytes: [UInt8], at path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return writeAll(bytes, to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, again after a signal; the error
    /// number when it cannot, a write that takes nothing being a full disk.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return result == 0 ? ENOSPC : errno }
            offset += result
        }
        return nil
    }

    /// Removes the unfinished folder.
    private func discard() {
        PendingOutputs.shared.unregister(pendingToken)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func noteUnwritable(_ cache: TraceCache, reason: String, diagnostics: inout Diagnostics) {
        diagnostics.note(
            "not cached: cannot write the cache folder (\(reason)); the next command reads this input again",
            at: SourceLocation(file: cache.directory))
    }

    /// Makes `path` and the folders above it that are missing, private to
    /// the user; the error number of the first that cannot be made, if any.
    private static func makeDirectories(_ path: String) -> Int32? {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty, let failure = makeDirectories(parent) { return failure }
        return mkdir(path, 0o700) == 0 || errno == EEXIST ? nil : errno
    }
}

/// The entry keeps every record it receives, as its read gives them.
extension CacheEntryWriter: UniformTraceSink {
    func receive(_ record: TraceRecord) {
        self.record { $0.append(record, to: &$1) }
    }
}
