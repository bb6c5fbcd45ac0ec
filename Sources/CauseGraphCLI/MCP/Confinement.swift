import CauseGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders an MCP tool call may read and write, and the check of each
/// path a call names against them.
///
/// An agent's arguments may come from a prompt hidden in the repository it
/// reads, so every path is resolved (symbolic links and `..` followed, as
/// `realpath` does) before it is compared with the roots: a link inside a
/// root that points out of it leads out of it, and is refused. Only regular
/// files and folders are read; devices, FIFOs, sockets and the kernel's
/// `/dev`, `/proc` and `/sys` are refused, since reading them blocks or
/// reads the protocol itself. A folder's entries are checked the same way
/// before it is read, since its traces are read through them.
struct Confinement: Sendable {
    /// The roots, resolved, without a trailing slash (`/` itself excepted).
    let roots: [String]

    /// Folders that hold no files, whatever a root says: the kernel's views of devices and processes.
    private static let special = ["/dev", "/proc", "/sys"]

    /// What a call writes: a graph, or `diff`'s table of changes.
    enum Written: Equatable, Sendable {
        case graph
        case table

        /// The extensions of its formats: an output named otherwise (a
        /// source file, a repository's hook) is no place for it.
        var extensions: Set<String> {
            switch self {
            case .graph: RenderFormat.allPathExtensions
            case .table: ReportFormat.allPathExtensions
            }
        }

        /// The format a file's extension names, or `nil` for none of the kind's.
        func format(named pathExtension: String) -> String? {
            switch self {
            case .graph: RenderFormat(pathExtension: pathExtension)?.rawValue
            case .table: ReportFormat(pathExtension: pathExtension)?.rawValue
            }
        }

        /// The extensions that name `format`, each with its dot, for an error.
        func extensions(of format: String) -> [String] {
            extensions.filter { self.format(named: $0) == format }.sorted().map { "." + $0 }
        }

        /// What it is called in an error.
        var noun: String {
            switch self {
            case .graph: "graph"
            case .table: "table"
            }
        }
    }

    /// The resolved form of a folder named as a root, or `nil` when it is none.
    static func resolvedFolder(_ path: String) -> String? {
        guard let resolved = try? resolve(path, key: "roots"), kind(resolved) == S_IFDIR else { return nil }
        return resolved
    }

    /// Checks a path a call reads: a regular file or a folder inside the
    /// roots, whose entries lead nowhere outside them. A path that does not
    /// exist passes when its folder is inside the roots, so that the command
    /// reports it as it always does.
    func checkInput(_ path: String, key: String) throws(Diagnostic) {
        try checkAnyRoot(key: key)
        guard let resolved = try Self.resolve(path, key: key) else {
            try checkMissing(path, key: key)
            return
        }
        try checkInside(resolved, path, key: key)
        switch Self.kind(resolved) {
        case S_IFREG: return
        case S_IFDIR where TraceInput.isInstrumentsDocument(resolved): try checkBundle(resolved, path, key: key)
        case S_IFDIR: try checkEntries(of: resolved, path, key: key)
        default: throw Self.notAFile(path, key: key)
        }
    }

    /// Checks the path a call writes an output of `kind` to: a regular file,
    /// or a new name, inside the roots, neither hidden nor in a hidden
    /// folder, with an extension of the kind, and not a program (a file
    /// anyone may execute). An existing file is replaced only when it is
    /// empty or an output of the kind causegraph wrote in the format its name
    /// says (``CausegraphOutput``): a name ending in `.json` does not make
    /// `package.json` a graph's place.
    func checkOutput(_ path: String, key: String, kind: Written) throws(Diagnostic) {
        try checkAnyRoot(key: key)
        let name = (path as NSString).lastPathComponent
        let pathExtension = (name as NSString).pathExtension.lowercased()
        guard kind.extensions.contains(pathExtension) else {
            throw .error(
                "'\(key)': '\(Self.shown(path))' is no \(kind.noun) file's name; end it in "
                    + kind.extensions.sorted().map { "." + $0 }.joined(separator: ", "))
        }
        let resolved: String
        if let existing = try Self.resolve(path, key: key) {
            switch Self.kind(existing) {
            case S_IFREG: break
            case S_IFDIR: throw .error("'\(key)': '\(Self.shown(path))' is a folder; name a file to write")
            default: throw Self.notAFile(path, key: key)
            }
            // Of a file outside the roots, nothing more is told: not its name's format, nor whether it runs.
            try checkInside(existing, path, key: key)
            try Self.checkLinkTarget(existing, path, key: key, kind: kind)
            var info = stat()
            guard stat(existing, &info) == 0 else { throw Self.notAFile(path, key: key) }
            if info.st_mode & (S_IXUSR | S_IXGRP | S_IXOTH) != 0 {
                throw .error("'\(key)': '\(Self.shown(path))' is an executable file; the server replaces no program")
            }
            // A name is the agent's choice; what the file holds is the user's.
            let isOwn = CausegraphOutput.recognise(file: existing).map {
                $0.isTable == (kind == .table) && $0.extensions.contains(pathExtension)
            }
            if info.st_size > 0, isOwn != true {
                throw .error(
                    "'\(key)': '\(Self.shown(path))' exists and is no \(kind.noun) causegraph wrote; "
                        + "the server replaces only its own \(kind.noun)s")
            }
            resolved = existing
        } else {
            var info = stat()
            if lstat(path, &info) == 0 {
                // A link to nothing: writing through it would make a file wherever it points.
                throw .error("'\(key)': '\(Self.shown(path))' links to no file; name the file itself")
            }
            let folder = (path as NSString).deletingLastPathComponent
            guard let parent = try Self.resolve(folder.isEmpty ? "." : folder, key: key), Self.kind(parent) == S_IFDIR
            else {
                throw .error("'\(key)': the folder of '\(Self.shown(path))' does not exist")
            }
            resolved = (parent as NSString).appendingPathComponent(name)
        }
        try checkInside(resolved, path, key: key)
        let inside = relativePath(of: resolved) ?? resolved
        // A hidden file or folder holds settings (`.git/`, `.eslintrc.json`), never a graph.
        if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            throw .error(
                "'\(key)': '\(Self.shown(path))' is hidden or inside a hidden folder; the server writes none there")
        }
    }

    // MARK: Checks

    /// The file written is the one a link leads to, not the link: the shell's
    /// `>` and the command write through it. Its own name must say the format
    /// the call's name says, or a link named `graph.svg` would put a graph in
    /// `run.sh` (or a PNG in `logo.svg`), which no call could name directly.
    private static func checkLinkTarget(_ resolved: String, _ path: String, key: String, kind: Written)
        throws(Diagnostic)
    {
        let named = kind.format(named: (path as NSString).pathExtension.lowercased())
        let written = kind.format(named: (resolved as NSString).pathExtension.lowercased())
        guard let named, written != named else { return }
        // The target is not quoted: the call did not name it.
        throw .error(
            "'\(key)': '\(shown(path))' links to a file not named "
                + kind.extensions(of: named).joined(separator: " or ")
                + "; the server writes through a link only to a file it would write by its own name")
    }

    /// Without roots no path is open: the client listed roots, none a local folder, and `--allow` named none.
    private func checkAnyRoot(key: String) throws(Diagnostic) {
        guard roots.isEmpty else { return }
        throw .error(
            "'\(key)': no folder is open to calls: the client's roots name no local folder; "
                + "list a file: root, or start causegraph mcp --allow DIR")
    }

    private func checkInside(_ resolved: String, _ path: String, key: String) throws(Diagnostic) {
        if Self.special.contains(where: { Self.isWithin(resolved, $0) }) { throw Self.notAFile(path, key: key) }
        guard relativePath(of: resolved) != nil else {
            throw .error(
                "'\(key)': '\(Self.shown(path))' is outside the folders this server may use "
                    + "(\(roots.map { "'\($0)'" }.joined(separator: ", "))); the client's roots or "
                    + "causegraph mcp --allow DIR widen them")
        }
    }

    /// A missing file's folder must exist inside the roots; the name is then the command's to report.
    private func checkMissing(_ path: String, key: String) throws(Diagnostic) {
        let folder = (path as NSString).deletingLastPathComponent
        guard let parent = try Self.resolve(folder.isEmpty ? "." : folder, key: key) else {
            throw .error("'\(key)': no such file: '\(Self.shown(path))'")
        }
        try checkInside(parent, path, key: key)
    }

    /// A folder's visible entries are opened as traces: each must lead inside the roots.
    private func checkEntries(of folder: String, _ path: String, key: String) throws(Diagnostic) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let entry = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(entry, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
            // A link to nothing reads nothing.
            guard let target = try Self.resolve(entry, key: key) else { continue }
            let inside = relativePath(of: target) != nil && !Self.special.contains { Self.isWithin(target, $0) }
            if !inside {
                let shown = Self.shown((path as NSString).appendingPathComponent(name))
                throw .error(
                    "'\(key)': '\(shown)' links outside the folders this server may use; name the folder's traces one by one"
                )
            }
        }
    }

    /// The most entries of a `.trace` bundle walked for links; a real
    /// recording holds some hundreds.
    static let maximumBundleEntries = 100_000

    /// A `.trace` bundle is read by xctrace, which opens what its folders
    /// hold at any depth, hidden entries included, through links: every
    /// link in it must lead inside the roots, and a folder a link leads to
    /// is walked as the bundle's own (each folder once, so a cycle ends). A
    /// bundle of more than ``maximumBundleEntries`` entries is refused
    /// rather than walked.
    private func checkBundle(_ bundle: String, _ path: String, key: String) throws(Diagnostic) {
        // Each folder by where it is, and the path it is shown by: the call's path and the names below it.
        var pending = [(folder: bundle, shown: path)]
        var walkedFolders: Set<String> = [bundle]
        var walked = 0
        while let (folder, shown) = pending.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() {
                walked += 1
                guard walked <= Self.maximumBundleEntries else {
                    throw .error(
                        "'\(key)': '\(Self.shown(path))' holds more than \(CountText.format(Self.maximumBundleEntries)) files, more than a recording; it is not read"
                    )
                }
                let entry = folder + "/" + name
                let entryShown = (shown as NSString).appendingPathComponent(name)
                var info = stat()
                guard lstat(entry, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if walkedFolders.insert(entry).inserted { pending.append((entry, entryShown)) }
                case S_IFLNK:
                    // A link to nothing reads nothing.
                    guard let target = try Self.resolve(entry, key: key) else { continue }
                    guard relativePath(of: target) != nil, !Self.special.contains(where: { Self.isWithin(target, $0) })
                    else {
                        throw .error(
                            "'\(key)': '\(Self.shown(entryShown))' links outside the folders this server may use; the bundle is not read"
                        )
                    }
                    if Self.kind(target) == S_IFDIR, walkedFolders.insert(target).inserted {
                        pending.append((target, entryShown))
                    }
                default: continue
                }
            }
        }
    }

    /// The path below the root holding `resolved`, or `nil` when no root holds it.
    private func relativePath(of resolved: String) -> String? {
        for root in roots where Self.isWithin(resolved, root) {
            return root == "/" ? String(resolved.dropFirst()) : String(resolved.dropFirst(root.count))
        }
        return nil
    }

    // MARK: Paths

    private static func isWithin(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// The path with every link and `..` resolved, or `nil` when it does
    /// not exist. Any other failure is refused: the kernel may open a path
    /// whose resolved form is longer than `realpath` returns (`PATH_MAX`),
    /// through links that lead anywhere.
    static func resolve(_ path: String, key: String) throws(Diagnostic) -> String? {
        guard let resolved = realpath(path, nil) else {
            let failure = errno
            if failure == ENOENT || failure == ENOTDIR { return nil }
            throw .error(
                "'\(key)': '\(shown(path))' cannot be resolved (\(String(cString: strerror(failure)))); "
                    + "the server reads only paths it can follow to their end")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The type bits of what `resolved` names.
    private static func kind(_ resolved: String) -> mode_t {
        var info = stat()
        guard stat(resolved, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    private static func notAFile(_ path: String, key: String) -> Diagnostic {
        .error("'\(key)': '\(shown(path))' is not a regular file or folder (a device, FIFO, socket or kernel file)")
    }

    /// A path as the client gave it, escaped and cut short: it is the client's text, echoed in an error.
    static func shown(_ path: String) -> String {
        let limit = 200
        let escaped = path.unicodeScalars.map { scalar -> String in
            VisibleText.isUnsafe(scalar) || scalar == "'" || scalar == "\\"
                ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        return escaped.count > limit ? String(escaped.prefix(limit)) + "…" : escaped
    }
}
