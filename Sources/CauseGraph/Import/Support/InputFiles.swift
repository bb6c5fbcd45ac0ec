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
package final class InputFiles: @unchecked Sendable {
    package static let shared = InputFiles()

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private let lock = NSLock()
    private var files: Set<Identity> = []

    /// Records the file open as `descriptor`, when it is a regular file.
    func record(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        lock.lock()
        defer { lock.unlock() }
        files.insert(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// Whether the file `info` describes was read as an input.
    func contains(_ info: stat) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return files.contains(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }
}
