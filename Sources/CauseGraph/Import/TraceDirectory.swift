import Foundation

/// A folder a user named as a trace, as people keep them: exports beside a
/// README, a rendered graph, subfolders, perhaps a named pipe. Only regular
/// files can be traces; the rest is set aside so it can be named in a note
/// instead of blocking (a FIFO blocks in `open` until someone writes to it)
/// or failing the run.
struct TraceDirectory {
    /// The folder as the user named it.
    let path: String
    /// The regular files directly inside, by byte order of their names; hidden files are left out.
    private(set) var files: [String] = []
    /// Regular files whose content is no trace format, quoted, each with
    /// what it is when that is known.
    private(set) var notTraces: [String] = []
    /// Subfolders, which are not descended into.
    private(set) var folders: [String] = []
    /// Instruments documents (`*.trace` bundles) inside the folder: read only when named on their own.
    private(set) var documents: [String] = []
    /// FIFOs, sockets, devices and dangling links.
    private(set) var others: [String] = []

    /// Lists the folder; nothing in it is opened.
    init(path: String) throws(Diagnostic) {
        self.path = path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .error("cannot list directory", at: SourceLocation(file: path))
        }
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
            let entry = (path as NSString).appendingPathComponent(name)
            switch FileKind(path: entry) {
            case .regular: files.append(entry)
            case .directory where TraceInput.isInstrumentsDocument(name): documents.append(name)
            case .directory: folders.append(name)
            case .other, .missing: others.append(name)
            }
        }
    }

    /// Sets aside a file that turned out not to hold a trace, saying what it
    /// is when its first bytes showed that.
    mutating func setAside(_ file: String, as known: NotATrace? = nil) {
        files.removeAll { $0 == file }
        InputFiles.shared.forget(path: file)
        let name = (file as NSString).lastPathComponent
        notTraces.append("'\(name)'" + (known.map { " (\($0.name))" } ?? ""))
    }

    /// What was left out, for a note or an error; `nil` when nothing was.
    var skipped: String? {
        var parts: [String] = []
        if !notTraces.isEmpty {
            parts.append(
                Self.list(notTraces, quoted: true, one: "file that is not a trace", many: "files that are not traces"))
        }
        if !folders.isEmpty { parts.append(Self.list(folders.map { $0 + "/" }, one: "folder", many: "folders")) }
        if !documents.isEmpty {
            parts.append(
                Self.list(
                    documents, one: "Instruments document (name it on its own)",
                    many: "Instruments documents (name each on its own)"))
        }
        if !others.isEmpty {
            parts.append(
                Self.list(others, one: "entry that is not a regular file", many: "entries that are not regular files"))
        }
        guard !parts.isEmpty else { return nil }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }

    /// How many names a note spells out before it only counts the rest.
    private static let namesShown = 5

    private static func list(_ names: [String], quoted: Bool = false, one: String, many: String) -> String {
        let shown = names.prefix(namesShown).map { quoted ? $0 : "'\($0)'" }
        let rest = names.count - shown.count
        let listed = shown.joined(separator: ", ") + (rest > 0 ? " and \(CountText.format(rest)) more" : "")
        return "\(CountText.format(names.count)) \(names.count == 1 ? one : many) (\(listed))"
    }
}

/// What a path names, following symbolic links.
enum FileKind {
    case regular, directory, other, missing

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }
}
