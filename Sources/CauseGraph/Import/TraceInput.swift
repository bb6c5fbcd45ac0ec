import Foundation

/// Opens the inputs a user named, works out each one's format, and reads
/// them all into one sink.
public enum TraceInput {
    /// Reads every path (a file, a directory of files, an Instruments
    /// `.trace` bundle, or `-` for standard input) into `sink`, in the byte
    /// order of their paths; each bundle is a recording of its own, read
    /// after the files.
    public static func read<Sink: TraceSink>(
        paths: [String], settings: ImportSettings = ImportSettings(), into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        guard !paths.isEmpty else { throw .error("no trace given") }
        let bundles = paths.filter(TraceBundle.isBundle).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        if let format = settings.format, format != .instruments, let bundle = bundles.first {
            throw .error("a .trace bundle is an Instruments recording, not --input-format \(format.rawValue)", at: SourceLocation(file: bundle))
        }
        let others = paths.filter { !TraceBundle.isBundle($0) }
        if !others.isEmpty { try read(files: others, settings: settings, into: &sink, diagnostics: &diagnostics) }
        for bundle in bundles {
            try TraceBundle.read(bundle, settings: settings, into: &sink, diagnostics: &diagnostics)
        }
    }

    private static func read<Sink: TraceSink>(
        files paths: [String], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        var streamsByFormat: [InputFormat: [ByteStream]] = [:]
        // Sorted, so the same files give the same graph in whatever order they are named.
        let files = try expand(paths).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for path in files {
            let stream = try ByteStream(path: path)
            let chosen: InputFormat
            if let format = settings.format {
                chosen = format
            } else {
                let prefix = try stream.prefix(InputFormat.detectionPrefixLength)
                let isBlank = prefix.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
                guard !(isBlank && stream.isAtEnd) else {
                    throw .error("empty file: expected a trace", at: SourceLocation(file: stream.name))
                }
                guard let detected = InputFormat.detect(prefix) else {
                    let known = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .error("unrecognised trace format (known: \(known)); name one with --input-format", at: SourceLocation(file: stream.name, line: 1))
                }
                chosen = detected
            }
            streamsByFormat[chosen, default: []].append(stream)
        }
        // Formats are read in a fixed order so output never depends on hashing.
        for format in InputFormat.allCases {
            guard let streams = streamsByFormat[format] else { continue }
            try format.importer.read(streams, settings: settings, into: &sink, diagnostics: &diagnostics)
        }
    }

    /// Replaces each directory with the regular files directly inside it, sorted by name.
    static func expand(_ paths: [String]) throws(Diagnostic) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard path != "-", manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: path)
            } catch {
                throw .error("cannot list directory", at: SourceLocation(file: path))
            }
            let entries = names
                .filter { !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { (path as NSString).appendingPathComponent($0) }
                .filter { manager.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
            guard !entries.isEmpty else { throw .error("directory holds no trace files", at: SourceLocation(file: path)) }
            files += entries
        }
        return files
    }
}
