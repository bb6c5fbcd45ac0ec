import Foundation

/// One folder under the system's temporary directory for the whole test
/// process, removed when the process exits: helpers that hand out a path
/// and keep no object to release the file with would otherwise leave a
/// folder behind per call.
enum ProcessScratchFolder {
    /// The folder, made the first time it is asked for.
    static let url: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "causegraph-tests-process-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // A C function pointer cannot capture, so the handler reads the
        // static again; it is made by then.
        atexit { try? FileManager.default.removeItem(at: ProcessScratchFolder.url) }
        return url
    }()

    /// A fresh, empty folder inside it, of its own so that tests running
    /// side by side can each write a file of the same name.
    static func newFolder() throws -> URL {
        let folder = url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }
}
