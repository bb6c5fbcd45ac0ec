import Foundation

/// `cache clear`: removing every entry, or those of the inputs a user names,
/// as they named them to the commands that read them.
///
/// An entry names the inputs it read as real paths (``CacheKey/inputs``):
/// a `.trace` bundle, or each Instruments export, so a command that read a
/// folder of exports keyed its files (``TraceInput/recordKeys(paths:settings:)``),
/// never the folder. Naming that folder again clears what reading it kept.
extension TraceCache {
    /// What ``clear(inputs:)`` removed, and which inputs named no entry.
    package struct Clearing: Sendable, Equatable {
        /// The entries removed.
        package var removed: [Entry]
        /// The inputs named, as given, that no entry had read: nothing read
        /// from them was kept.
        package var unmatched: [String]
    }

    /// Removes every entry, or, given inputs, the entries that read any of
    /// them: a file or bundle named, or a file directly inside a folder named
    /// (as reading the folder takes them; one since removed or changed too).
    /// Clearing everything also removes what interrupted writers left behind.
    @discardableResult
    package func clear(inputs: [String]? = nil) -> Clearing {
        let named = inputs.map { $0.map(NamedInput.init) }
        var clearing = Clearing(removed: [], unmatched: [])
        var matched = Set<Int>()
        for entry in entries() {
            if let named {
                let readers = named.indices.filter { named[$0].covers(entry) }
                guard !readers.isEmpty else { continue }
                matched.formUnion(readers)
            }
            if (try? FileManager.default.removeItem(atPath: entriesDirectory + "/" + entry.name)) != nil {
                clearing.removed.append(entry)
            }
        }
        if let named {
            clearing.unmatched = named.indices.filter { !matched.contains($0) }.map { named[$0].path }
        } else {
            removeLeftovers(olderThan: 0)
        }
        return clearing
    }

    /// An input named to ``clear(inputs:)``, in the real paths entries name
    /// their inputs by.
    private struct NamedInput {
        /// The path as the user gave it.
        let path: String
        /// The real path, or, for a path no longer there, the absolute one.
        let real: String
        /// The real paths of a folder's files, which a link inside it may put
        /// elsewhere; empty for anything but a folder.
        let files: Set<String>

        init(_ path: String) {
            self.path = path
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            real = CacheKey.resolved(path) ?? (absolute as NSString).standardizingPath
            var files = Set<String>()
            if FileKind(path: path) == .directory, !TraceInput.isInstrumentsDocument(path),
                let directory = try? TraceDirectory(path: path)
            {
                files = Set(directory.files.compactMap(CacheKey.resolved))
            }
            self.files = files
        }

        /// Whether `entry` read this input: it, or a file in it (by its real
        /// path, or lying directly inside: a file removed since is no longer
        /// listed, but its entry is still the folder's).
        func covers(_ entry: Entry) -> Bool {
            entry.inputs.contains { input in
                input == real || files.contains(input) || (input as NSString).deletingLastPathComponent == real
            }
        }
    }
}
