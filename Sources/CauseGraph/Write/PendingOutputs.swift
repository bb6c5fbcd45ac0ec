import Foundation

/// The temporary files of the outputs not yet committed, so that a process
/// stopped by a signal can remove them and leave no debris.
///
/// ``OutputFile`` creates its temporary file and registers it under one lock,
/// and unregisters it when it is renamed into place or removed; the rename
/// happens under the same lock, so a signal either finds the temporary file
/// (and the destination untouched) or a committed output.
package final class PendingOutputs: @unchecked Sendable {
    package static let shared = PendingOutputs()

    private let lock = NSLock()
    /// Each temporary file, and the folder made for it alone, if any.
    private var paths: [Int: (file: String, folder: String?)] = [:]
    private var nextToken = 0
    /// Set once the process is stopping: nothing is committed after.
    private var isStopping = false
    /// The outputs put in place so far: how many, and the last as its
    /// command named it. Not every name: a server process writes for ever.
    private var committed = CommittedOutputs()

    /// Runs `create` (which makes the temporary file `path` and returns its
    /// descriptor, or -1) and registers the file it made, under the lock, so
    /// a signal never falls between the two. Nothing is made once the process
    /// is stopping. A signal removes `folder` too, once the file is gone,
    /// when nothing else is left in it.
    func create(_ path: String, in folder: String? = nil, _ create: () -> Int32) -> (descriptor: Int32, token: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard !isStopping else { return nil }
        let descriptor = create()
        guard descriptor >= 0 else { return (descriptor, 0) }
        nextToken += 1
        paths[nextToken] = (path, folder)
        return (descriptor, nextToken)
    }

    func unregister(_ token: Int) {
        lock.lock()
        defer { lock.unlock() }
        paths[token] = nil
    }

    /// Runs `move` (the rename into place) unless the process is stopping,
    /// and unregisters the file when it succeeded, remembering `output`, the
    /// name of what it put in place, if it is one of the command's outputs.
    func commit(_ token: Int, output: String? = nil, _ move: () -> Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isStopping, move() else { return false }
        paths[token] = nil
        if let output { committed = CommittedOutputs(count: committed.count + 1, last: output) }
        return true
    }

    /// Removes every registered temporary file; from then on no output is
    /// committed. For a process about to exit on a signal, which says what it
    /// left: the outputs already put in place, whole.
    package func removeAll() -> CommittedOutputs {
        lock.lock()
        defer { lock.unlock() }
        isStopping = true
        for (file, folder) in paths.values {
            unlink(file)
            if let folder { rmdir(folder) }
        }
        paths = [:]
        return committed
    }
}

/// The outputs a process put in place, whole: how many, and the last.
package struct CommittedOutputs: Equatable, Sendable {
    package var count = 0
    package var last: String?

    package init(count: Int = 0, last: String? = nil) {
        self.count = count
        self.last = last
    }
}
