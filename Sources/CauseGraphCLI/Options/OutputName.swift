import ArgumentParser
import CauseGraph
import Foundation

/// A format an output file's extension can name.
protocol FormatNamedByExtension: CaseIterable, RawRepresentable<String>, Equatable {
    /// The extensions that name this format in an output file's name, the
    /// usual one first; none for a format only an option names.
    var pathExtensions: [String] { get }
    /// The extension a file of this format is given.
    var fileExtension: String { get }
}

extension FormatNamedByExtension {
    /// The format an output file's extension names, if any.
    init?(pathExtension: String) {
        let lowercased = pathExtension.lowercased()
        guard let named = Self.allCases.first(where: { $0.pathExtensions.contains(lowercased) }) else { return nil }
        self = named
    }

    /// Every extension that names one of the formats.
    static var allPathExtensions: Set<String> { Set(allCases.flatMap(\.pathExtensions)) }

    var fileExtension: String { pathExtensions.first ?? rawValue }
}

/// What the name of an output (`-o`, `--table`) says about the format to
/// write, checked against the format named by an option.
enum OutputName {
    /// Whether two outputs name one file, through `.`, `..`, links (to a
    /// file not yet written too, which the output is written through) and
    /// hard links, or would on a Mac, whose disks do not tell case or
    /// Unicode normalization apart (``FoldedFileName``): the second written
    /// would replace the first.
    static func nameSameFile(_ first: String, _ second: String) -> Bool {
        guard first != "-" && second != "-" else { return false }
        var firstInfo = stat()
        var secondInfo = stat()
        if stat(first, &firstInfo) == 0, stat(second, &secondInfo) == 0,
            firstInfo.st_dev == secondInfo.st_dev && firstInfo.st_ino == secondInfo.st_ino
        {
            return true
        }
        func resolved(_ path: String) -> FoldedFileName {
            FoldedFileName(
                URL(fileURLWithPath: OutputFile.resolvingLink(path)).standardizedFileURL.resolvingSymlinksInPath().path)
        }
        return resolved(first) == resolved(second)
    }

    /// `given`, else the format `output`'s extension names; `standardOutput`
    /// for `-` and `/dev/stdout` and its kin, and for a device or a pipe
    /// whose name names no format (`/dev/null`). A named pipe called
    /// `out.json` is JSON, as a file of that name would be. Refuses a
    /// directory, a file name without an extension or with an unknown one
    /// (unless `option` names the format), and an extension that
    /// contradicts `given`.
    static func format<Format: FormatNamedByExtension>(
        _ given: Format?, output: String, option: String, standardOutput: Format
    ) throws -> Format {
        // `/dev/stdout` and its kin are written through as `-` is, whatever file they lead to.
        if output == "-" || OutputFile.descriptorNamed(by: output) != nil { return given ?? standardOutput }
        let kind = kind(of: output)
        if kind == .directory {
            throw ValidationError(
                "'\(output)' is a directory; name a file to write, such as '\((output as NSString).appendingPathComponent("out." + standardOutput.fileExtension))'"
            )
        }
        let pathExtension = (output as NSString).pathExtension
        let known = Format.allCases.map(\.rawValue).joined(separator: ", ")
        guard let named = Format(pathExtension: pathExtension) else {
            if let given { return given }
            if kind == .stream { return standardOutput }
            guard !pathExtension.isEmpty else {
                throw ValidationError(
                    "'\(output)' has no extension to tell the format by; add one or name one of \(known) with \(option)"
                )
            }
            throw ValidationError(
                "cannot tell the format of '\(output)' from its extension; name one of \(known) with \(option)")
        }
        if let given, given != named {
            throw ValidationError(
                "the extension of '\(output)' says \(named.rawValue) but \(option) says \(given.rawValue); make them agree"
            )
        }
        return named
    }

    /// Refuses an output whose extension names a format other than the one
    /// a command writes (`convert -o graph.svg`); any other name is kept.
    static func refuseOtherFormats(_ output: String, writes: String, suffix: String, alsoAllowed: Set<String> = [])
        throws
    {
        let pathExtension = (output as NSString).pathExtension.lowercased()
        guard output != "-", pathExtension != suffix, !alsoAllowed.contains(pathExtension) else { return }
        let other =
            RenderFormat(pathExtension: pathExtension)?.rawValue ?? ReportFormat(pathExtension: pathExtension)?.rawValue
            ?? (["html", "htm", "jsonl", "ndjson", "xml"].contains(pathExtension) ? pathExtension : nil)
        if let other {
            throw ValidationError(
                "the extension of '\(output)' says \(other), but this command writes \(writes); name it .\(suffix)")
        }
    }

    private enum Kind { case file, directory, stream }

    /// What is at `path`: a directory, a device or pipe written through as a
    /// stream, or a regular file (or nothing yet).
    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .file }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .stream
        }
    }
}

extension ReportFormat: FormatNamedByExtension {
    var pathExtensions: [String] {
        switch self {
        case .text: ["txt", "text"]
        case .json: ["json"]
        case .markdown: ["md", "markdown"]
        }
    }
}
