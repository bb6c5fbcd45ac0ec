import Foundation

/// A folder under the system's temporary directory, removed when released.
public final class TemporaryFolder {
    public let url: URL

    public init() throws {
        // Resolved, as causegraph reports paths: a Mac's temporary directory
        // (`/var/folders/…`) is reached through a link (`/private/var/…`).
        let temporary = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        url = temporary.appendingPathComponent("causegraph-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` in the folder, whether or not it exists.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    /// Writes `bytes` to a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: Data) throws -> String {
        try bytes.write(to: url.appendingPathComponent(name))
        return path(name)
    }

    public func read(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }

    /// The names in the folder, sorted.
    public var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
