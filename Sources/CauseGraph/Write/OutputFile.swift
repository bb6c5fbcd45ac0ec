#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output written atomically: bytes go to a temporary file beside the
/// destination, which replaces the destination only on ``commit()``.
///
/// A run that fails before committing leaves no partial file and never
/// touches an existing one; the temporary file is removed when the value
/// is released, or by `PendingOutputs` when a signal stops the process.
/// A file that replaces another takes its permissions, and its owner where
/// the process may set it, so a private output stays private. Standard
/// output (`-`) is written through directly.
package final class OutputFile {
    /// The destination as the user named it, for diagnostics.
    package let name: String
    private let destination: String?
    private let temporaryPath: String?
    /// The temporary file's token in `PendingOutputs`.
    private let pendingToken: Int?
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var committed = false
    /// Bytes written to a temporary file since it was last synced.
    private var unsynced = 0

    private static let bufferLimit = 1 << 20
    /// A temporary file is sent to disk every this many bytes as it grows,
    /// so the sync in ``commit()`` waits for the last stretch only, not for
    /// a whole large file: converting the 290 MB benchmark export, that sync
    /// took 70 ms, and 6 ms after 32 MB steps (``startWriteback(from:count:)``).
    private static let syncStep = 32 << 20
    /// Where the stretch not yet sent to disk starts.
    private var syncedUpTo: Int64 = 0

    /// Prepares to write `path`, or standard output when `path` is `-`.
    ///
    /// A path that is not a regular file (`/dev/null`, a named pipe) is
    /// written through directly, since it cannot be replaced; a symbolic link
    /// to a file is followed, so the file it names is replaced, not the link.
    /// A path naming one of the process's descriptors (`/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) is written through that
    /// descriptor as `-` is, whatever file it leads to, so `-o /dev/stdout >>
    /// log` appends to the log instead of replacing it. A file this process
    /// read as an input (``InputFiles``) is refused.
    package init(path: String) throws(Diagnostic) {
        name = path == "-" ? "<stdout>" : path
        if let inherited = path == "-" ? STDOUT_FILENO : Self.descriptorNamed(by: path) {
            guard fcntl(inherited, F_GETFD) != -1 else { throw Self.failure(path) }
            destination = nil
            temporaryPath = nil
            pendingToken = nil
            descriptor = inherited
            ownsDescriptor = false
            return
        }
        var info = stat()
        var replaced: stat?
        if stat(path, &info) != 0 {
            // Nothing there yet is the one reason to go on: a loop of links, or
            // a folder the process may not search, is named now, not as a
            // failure to create a temporary file.
            guard errno == ENOENT else { throw Self.failure(path) }
        } else {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw Diagnostic.error("is a directory, expected an output file", at: SourceLocation(file: path))
            case S_IFREG:
                try Self.refuseInput(info, path: path)
                replaced = info
            default:
                let fd = open(path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw Self.failure(path) }
                descriptor = fd
                ownsDescriptor = true
                destination = nil
                temporaryPath = nil
                pendingToken = nil
                return
            }
        }
        let target = Self.resolvingLink(path)
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var attempt = 0
        while true {
            let candidate = "\(directory).\(base).tmp-\(getpid())-\(attempt)"
            // 0666 lets the umask decide the final permissions, as for any new file.
            guard
                let (fd, token) = PendingOutputs.shared.create(
                    candidate,
                    {
                        open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                    })
            else { throw Diagnostic.error("not written: the process is stopping", at: SourceLocation(file: path)) }
            if fd >= 0 {
                pendingToken = token
                descriptor = fd
                ownsDescriptor = true
                temporaryPath = candidate
                destination = target
                if let replaced { Self.copyOwnership(of: replaced, to: fd) }
                return
            }
            guard errno == EEXIST, attempt < 1000 else {
                let reason = String(cString: strerror(errno))
                throw Diagnostic.error(
                    "cannot write: cannot create a file in '\(directory.isEmpty ? "./" : directory)': \(reason)",
                    at: SourceLocation(file: path))
            }
            attempt += 1
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        if let temporaryPath, !committed { unlink(temporaryPath) }
        if let pendingToken, !committed { PendingOutputs.shared.unregister(pendingToken) }
    }

    /// Gives the new file the replaced one's owner and group where the
    /// process may (root may, others only their own groups), then its mode:
    /// the mode last, as changing the owner can clear set-id bits.
    private static func copyOwnership(of replaced: stat, to descriptor: Int32) {
        if replaced.st_uid != geteuid() || replaced.st_gid != getegid() {
            // Refused for a file the user does not own: it then keeps the user's ownership.
            _ = fchown(descriptor, replaced.st_uid, replaced.st_gid)
        }
        _ = fchmod(descriptor, replaced.st_mode & 0o7777)
    }

    /// The descriptor `path` names as `/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N` or `/proc/self/fd/N` (with any `//` or `/./` between its
    /// parts), or `nil` for any other path.
    package static func descriptorNamed(by path: String) -> Int32? {
        let parts = path.split(separator: "/").filter { $0 != "." }
        guard path.hasPrefix("/") else { return nil }
        switch parts.count {
        case 2 where parts[0] == "dev" && parts[1] == "stdout": return STDOUT_FILENO
        case 2 where parts[0] == "dev" && parts[1] == "stderr": return STDERR_FILENO
        case 3 where parts[0] == "dev" && parts[1] == "fd",
            4 where parts[0] == "proc" && parts[1] == "self" && parts[2] == "fd":
            guard let last = parts.last, last.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int32(last) else {
                return nil
            }
            return number
        default: return nil
        }
    }

    /// Refuses to replace a file this process read as an input.
    private static func refuseInput(_ info: stat, path: String) throws(Diagnostic) {
        guard InputFiles.shared.contains(info) else { return }
        throw Diagnostic.error(
            "is an input of this command; it would be replaced by the output, so name another output file",
            at: SourceLocation(file: path))
    }

    /// The file a chain of symbolic links ends at, or `path` itself. The file
    /// need not exist: a link to a file not yet written is written through,
    /// as the shell's `>` does, so the link is kept and the file it names is
    /// made.
    package static func resolvingLink(_ path: String) -> String {
        var current = path
        // The fewest links any kernel follows (macOS's MAXSYMLINKS); a longer
        // chain already failed `stat` with ELOOP.
        for _ in 0..<32 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { break }
            var target = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = target.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { readlink(current, $0.baseAddress!, $0.count) }
            }
            guard count > 0 else { break }
            let named = String(decoding: target[..<count], as: UTF8.self)
            if named.hasPrefix("/") {
                current = named
            } else {
                current = current.lastIndex(of: "/").map { String(current[...$0]) + named } ?? named
            }
        }
        return current
    }

    private static func failure(_ path: String) -> Diagnostic {
        Diagnostic.error("cannot write: \(String(cString: strerror(errno)))", at: SourceLocation(file: path))
    }

    /// Writes the whole of `bytes` to `path` atomically: opened, written and
    /// moved into place, or nothing replaced.
    package static func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        try writing(to: path) { file throws(Diagnostic) in try file.write(bytes) }
    }

    /// Opens `path`, lets `fill` write the whole output, then commits it:
    /// the one sequence by which a command writes a file. When `fill`
    /// throws, nothing is committed and `path` keeps what it held.
    package static func writing(to path: String, _ fill: (OutputFile) throws(Diagnostic) -> Void) throws(Diagnostic) {
        let file = try OutputFile(path: path)
        try fill(file)
        try file.commit()
    }

    /// Writes the whole of `text`, encoded as UTF-8, to `path` atomically.
    package static func write(_ text: String, to path: String) throws(Diagnostic) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `text`, encoded as UTF-8.
    package func write(_ text: String) throws(Diagnostic) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes `bytes`.
    package func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes `bytes`.
    package func write(_ bytes: [UInt8]) throws(Diagnostic) {
        try bytes.withUnsafeBufferPointer { bytes throws(Diagnostic) in try write(bytes) }
    }

    /// Lets `encode` append its bytes to the output's buffer in place, so an
    /// encoder writing millions of small records neither allocates nor copies
    /// per record.
    package func write(encodedBy encode: (inout [UInt8]) -> Void) throws(Diagnostic) {
        encode(&buffer)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes what is buffered and, for a file, moves it into place.
    package func commit() throws(Diagnostic) {
        try flush()
        guard let temporaryPath, let destination, let pendingToken else { return }
        // Again, for an input the command opened after its output.
        var info = stat()
        if stat(destination, &info) == 0 { try Self.refuseInput(info, path: name) }
        guard Self.syncBeforeRename(descriptor) else { throw failure() }
        guard PendingOutputs.shared.commit(pendingToken, output: name, { rename(temporaryPath, destination) == 0 })
        else {
            throw failure()
        }
        committed = true
    }

    private func flush() throws(Diagnostic) {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                writeToDescriptor(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
        guard temporaryPath != nil else { return }
        unsynced += written
        if unsynced >= Self.syncStep {
            guard Self.startWriteback(of: descriptor, from: syncedUpTo, count: Int64(unsynced)) else { throw failure() }
            syncedUpTo += Int64(unsynced)
            unsynced = 0
        }
    }

    /// Makes the file's bytes reach the disk before the rename that puts it
    /// in place, so a power loss leaves the old file or the whole new one.
    /// A Mac's `fsync` leaves them in the drive's cache, which may write the
    /// rename first; a barrier orders them, at a fraction of `F_FULLFSYNC`'s
    /// cost (the kernel makes it a full flush where the disk has no
    /// barriers); a file system that refuses it gets `fsync`.
    private static func syncBeforeRename(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_BARRIERFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Starts writing a stretch of the file to disk. On Linux it does not
    /// wait for the disk (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`):
    /// the writing thread, and through its queue the reading one, would
    /// otherwise stall on every step, all the more while the disk is busy
    /// with other files. Elsewhere, or where the call is missing, it syncs.
    private static func startWriteback(of descriptor: Int32, from offset: Int64, count: Int64) -> Bool {
        // A file system that does not support it says so; it is then synced.
        let syncFileRangeWrite: UInt32 = 2
        if let syncFileRange, syncFileRange(descriptor, offset, count, syncFileRangeWrite) == 0 {
            return true
        }
        return fsync(descriptor) == 0
    }

    /// glibc's `sync_file_range`, which Swift's Glibc module does not declare.
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
        #else
            return nil
        #endif
    }()

    private func failure() -> Diagnostic {
        Diagnostic.error("cannot write: \(String(cString: strerror(errno)))", at: SourceLocation(file: name))
    }
}

/// The system call, under a name the methods called `write` do not hide.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
