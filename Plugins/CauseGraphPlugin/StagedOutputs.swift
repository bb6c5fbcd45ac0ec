import Foundation

/// Outputs rendered into a hidden folder beside their destination, and moved
/// into place only once every one of them is ready.
///
/// A failed run leaves the destination as it was: no partial file, and no mix
/// of new and old graphs. The staging folder shares the destination's file
/// system, so each move is an atomic rename.
final class StagedOutputs {
    let destination: URL
    let staging: URL
    /// The outermost folder this run created, removed again if nothing is installed.
    private let createdFolder: URL?
    private var installed = false

    init(destination: URL) throws(PluginError) {
        self.destination = destination
        let manager = FileManager.default
        var outermostMissing: URL?
        var ancestor = destination
        while !manager.fileExists(atPath: ancestor.path), ancestor.path != "/" {
            outermostMissing = ancestor
            ancestor = ancestor.deletingLastPathComponent()
        }
        createdFolder = outermostMissing
        staging = destination.appendingPathComponent(".causegraph-staging-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try manager.createDirectory(at: destination, withIntermediateDirectories: true)
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw .setup("cannot create \(destination.path): \(error.localizedDescription)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: staging)
        if !installed, let createdFolder { try? FileManager.default.removeItem(at: createdFolder) }
    }

    /// Where the tool writes `name` for now.
    func stagedPath(_ name: String) -> String {
        staging.appendingPathComponent(name).path
    }

    /// The folder `causegraph render --each` writes into, inside the staging
    /// folder: apart from the staged names, so giving one rendered file its
    /// name (`g.svg` to `g~dark.svg`) never replaces another's (`g~dark.svg`).
    var rendered: URL {
        staging.appendingPathComponent(".rendered")
    }

    /// Stages a rendered file under the name it is installed under.
    func stageRendered(_ name: String, as newName: String) throws(PluginError) {
        guard rename(rendered.appendingPathComponent(name).path, stagedPath(newName)) == 0 else {
            throw .setup("cannot rename the rendered file \(name) to \(newName): \(String(cString: strerror(errno)))")
        }
    }

    /// Moves every staged file into the destination; a file whose bytes are
    /// already there is left untouched, so its modification date stays too.
    /// Returns the names that changed.
    func install(_ names: [String]) throws(PluginError) -> [String] {
        installed = true
        var changed: [String] = []
        for name in names {
            let staged = stagedPath(name)
            let final = destination.appendingPathComponent(name).path
            if let old = FileManager.default.contents(atPath: final),
                old == FileManager.default.contents(atPath: staged)
            {
                continue
            }
            guard rename(staged, final) == 0 else {
                throw .setup("cannot move the rendered file into \(final): \(String(cString: strerror(errno)))")
            }
            changed.append(name)
        }
        return changed
    }
}
