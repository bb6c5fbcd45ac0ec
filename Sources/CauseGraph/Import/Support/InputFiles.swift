import Foundation

/// Every file this process has opened to read, by device and inode, so that
/// no output replaces one of its own inputs.
///
/// ``ByteStream`` records each file it opens (standard input too, when it is
/// a file) and ``OutputFile`` refuses a destination recorded here, both when
/// it is opened and again just before it is moved into place, for the inputs
/// a command reads after opening its output. Device and inode name a file
/// whatever path reaches it: a symbolic or hard link, `..`, or another case
/// of its name on a volume that ignores case.
///
/// An inode is reused once its file is deleted, and a process that runs many
/// commands (the tests, a library user) would then refuse a new output that
/// happens to get an old input's number. So an input opened by path counts
/// only while that path still leads to it; standard input, which stays open,
/// keeps its inode from being reused.
package final class InputFiles: @unchecked Sendable {
    package static let shared = InputFiles()

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private let lock = NSLock()
    /// Each input's identity, with the paths it was opened by (none for standard input).
    private var files: [Identity: Set<String>?] = [:]

    /// Records the file open as `descriptor`, when it is a regular file,
    /// opened by `path`, or `nil` for a descriptor that stays open.
    func record(descriptor: Int32, path: String?) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let identity = Identity(info)
        lock.lock()
        defer { lock.unlock() }
        guard let path else {
            files[identity] = .some(nil)
            return
        }
        switch files[identity] {
        case .some(nil): break
        case .some(.some(var paths)):
            paths.insert(path)
            files[identity] = .some(paths)
        case .none: files[identity] = .some([path])
        }
    }

    /// Records the regular file at `path` as an input, for a file a command
    /// names as one though it may not read it.
    func record(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        record(descriptor: descriptor, path: path)
    }

    /// Forgets `path` as an input: a file of a folder that was opened only
    /// to find it holds no trace is no input, and may be an output (a report
    /// written into the folder of the traces, then written again).
    func forget(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let identity = Identity(info)
        lock.lock()
        defer { lock.unlock() }
        guard case .some(.some(var paths)) = files[identity] else { return }
        paths.remove(path)
        files[identity] = paths.isEmpty ? nil : .some(paths)
    }

    /// Whether the file `info` describes was read as an input and is still
    /// that input: open still, or reached by a path it was opened by.
    func contains(_ info: stat) -> Bool {
        let identity = Identity(info)
        lock.lock()
        let entry = files[identity]
        lock.unlock()
        switch entry {
        case .none: return false
        case .some(nil): return true
        case .some(.some(let paths)):
            return paths.contains { path in
                var current = stat()
                return stat(path, &current) == 0 && Identity(current) == identity
            }
        }
    }
}
