import Foundation

/// Opens the inputs a user named, works out each one's format, and reads
/// them all into one sink.
public enum TraceInput {
    /// Reads every path (a file, a directory of files, an Instruments
    /// `.trace` bundle, or `-` for standard input) into `sink`, in the byte
    /// order of their paths; each bundle is a recording of its own, read
    /// after the files through Xcode's xctrace (see `TraceBundle`).
    ///
    /// A file or FIFO named directly must hold a trace. In a directory, only
    /// regular files are opened, and (unless `settings.format` names the
    /// format) those that hold no trace are set aside; one note per directory
    /// names what was left out.
    public static func read<Sink: TraceSink & ~Copyable>(
        paths: [String], settings: ImportSettings = ImportSettings(), into sink: inout Sink,
        diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        guard !paths.isEmpty else { throw .error("no trace given") }
        recordRuleFiles(settings)
        var named: [String] = []
        var directories: [TraceDirectory] = []
        var bundles: [String] = []
        for path in paths {
            switch path == "-" ? .other : FileKind(path: path) {
            case .directory where isInstrumentsDocument(path):
                if let format = settings.format, format != .instruments {
                    throw .error(
                        "a .trace bundle is an Instruments recording, not \(settings.spelling(.inputFormat)) \(format.rawValue)",
                        at: SourceLocation(file: path))
                }
                bundles.append(path)
            case .directory:
                directories.append(try TraceDirectory(path: path))
            case .regular, .other, .missing:
                named.append(path)
            }
        }
        var streamsByFormat: [InputFormat: [(path: String, stream: ByteStream)]] = [:]
        for index in directories.indices {
            for file in directories[index].files {
                let stream = try ByteStream(path: file)
                var known: NotATrace?
                if let format = try format(of: stream, settings: settings, strict: false, setAside: { known = $0 }) {
                    streamsByFormat[format, default: []].append((file, stream))
                } else {
                    directories[index].setAside(file, as: known)
                }
            }
            let directory = directories[index]
            guard !directory.files.isEmpty else {
                let skipped = directory.skipped.map { "; skipped \($0)" } ?? ""
                throw .error("directory holds no trace files\(skipped)", at: SourceLocation(file: directory.path))
            }
            if let skipped = directory.skipped {
                diagnostics.note("skipped \(skipped)", at: SourceLocation(file: directory.path))
            }
        }
        for path in named {
            let stream = try ByteStream(path: path)
            streamsByFormat[try format(of: stream, settings: settings, strict: true)!, default: []].append(
                (path, stream))
        }
        let counter = settings.progress.map {
            ProgressCounter(totalBytes: bundles.isEmpty ? totalSize(streamsByFormat) : nil, report: $0)
        }
        if let counter {
            for streams in streamsByFormat.values { for (_, stream) in streams { counter.watch(stream) } }
        }
        defer { counter?.finish() }
        if !settings.classificationFiles.isEmpty && streamsByFormat[.instruments] == nil && bundles.isEmpty {
            diagnostics.warn(
                "\(settings.spelling(.classify)) applies to Instruments exports, whose node titles need classifying; none of the traces read is one"
            )
        }
        // Formats are read in a fixed order so output never depends on hashing,
        // and each format's files sorted by path, so the same files give the
        // same graph in whatever order they are named.
        for format in InputFormat.allCases {
            guard let opened = streamsByFormat[format] else { continue }
            let sorted = opened.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }.map(\.stream)
            if let kind = cacheKind(of: format), let cache = settings.cache, isLarge(sorted, cache: cache),
                let key = CacheKey.files(sorted.map(\.name), kind: kind, settings: settings)
            {
                try cache.read(
                    key, into: &sink, diagnostics: &diagnostics,
                    direct: { (sink, diagnostics) throws(Diagnostic) in
                        try format.importer.read(sorted, settings: settings, into: &sink, diagnostics: &diagnostics)
                    },
                    uncached: { (sink, diagnostics) throws(Diagnostic) in
                        try format.importer.read(sorted, settings: settings, into: &sink, diagnostics: &diagnostics)
                    })
                continue
            }
            try format.importer.read(sorted, settings: settings, into: &sink, diagnostics: &diagnostics)
        }
        for bundle in bundles.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            try TraceBundle.read(bundle, settings: settings, into: &sink, diagnostics: &diagnostics)
        }
    }

    /// The keys of the records entries ``read(paths:settings:into:diagnostics:)``
    /// replays for `paths`, in the order it reads them, when the cache
    /// keeps every input named: `.trace` bundles, and the files of each
    /// cached format (``cacheKind(of:)``) together at least
    /// ``TraceCache/minimumInputSize``, also in a folder holding nothing else.
    /// `nil` when one is anything else (standard input, a folder with other
    /// files, a small or other trace), whose read the cache does not cover.
    static func recordKeys(paths: [String], settings: ImportSettings) -> [CacheKey]? {
        recordRuleFiles(settings)
        guard let cache = settings.cache, !paths.isEmpty else { return nil }
        var streamsByFormat: [InputFormat: [ByteStream]] = [:]
        var bundles: [String] = []
        func addFile(_ path: String) -> Bool {
            guard let stream = try? ByteStream(path: path), let format = readFormat(of: stream, settings: settings),
                cacheKind(of: format) != nil
            else { return false }
            streamsByFormat[format, default: []].append(stream)
            return true
        }
        for path in paths {
            guard path != "-" else { return nil }
            switch FileKind(path: path) {
            case .directory where isInstrumentsDocument(path):
                guard settings.format == nil || settings.format == .instruments else { return nil }
                bundles.append(path)
            case .regular:
                guard addFile(path) else { return nil }
            case .directory:
                // A folder of cached traces and nothing else, whose read adds no note of its own, which a
                // graph entry could not give again.
                guard let directory = try? TraceDirectory(path: path), directory.skipped == nil,
                    !directory.files.isEmpty
                else { return nil }
                for file in directory.files { guard addFile(file) else { return nil } }
            default:
                return nil
            }
        }
        var keys: [CacheKey] = []
        for format in InputFormat.allCases {
            guard let streams = streamsByFormat[format], let kind = cacheKind(of: format) else { continue }
            let sorted = streams.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            guard isLarge(sorted, cache: cache),
                let key = CacheKey.files(sorted.map(\.name), kind: kind, settings: settings)
            else {
                return nil
            }
            keys.append(key)
        }
        for bundle in bundles.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let key = TraceBundle.cacheKey(bundle, settings: settings) else { return nil }
            keys.append(key)
        }
        return keys
    }

    /// The kind of cache entry that keeps a read of files in `format`, or
    /// `nil` for change logs, which read in moments and whose events take
    /// their durations from `--frame-rate`, a setting the key leaves out.
    private static func cacheKind(of format: InputFormat) -> String? {
        switch format {
        case .instruments: "export"
        case .native: "native"
        case .changes: nil
        }
    }

    /// Counts the `--classify` rule files as inputs, so no output replaces
    /// one, even when no trace read needs them or the cache answers for them.
    private static func recordRuleFiles(_ settings: ImportSettings) {
        for path in settings.classificationFiles { InputFiles.shared.record(path: path) }
    }

    /// The format `stream` is read as, named or shown by its first bytes;
    /// `nil` when it is no trace.
    private static func readFormat(of stream: ByteStream, settings: ImportSettings) -> InputFormat? {
        if let format = settings.format { return format }
        guard let prefix = try? stream.prefix(InputFormat.detectionPrefixLength), NotATrace.identify(prefix) == nil
        else { return nil }
        return InputFormat.detect(prefix)
    }

    /// Whether trace files are worth caching: regular files, together at
    /// least `cache`'s ``TraceCache/minimumInputSize``.
    private static func isLarge(_ streams: [ByteStream], cache: TraceCache) -> Bool {
        var total: Int64 = 0
        for stream in streams {
            guard let size = stream.fileSize else { return false }
            total = total.saturatingAdding(size)
        }
        return total >= cache.minimumInputSize
    }

    /// The size of every stream, when each is a regular file.
    private static func totalSize(_ streamsByFormat: [InputFormat: [(path: String, stream: ByteStream)]]) -> Int64? {
        var total: Int64 = 0
        for streams in streamsByFormat.values {
            for (_, stream) in streams {
                guard let size = stream.fileSize else { return nil }
                total = total.saturatingAdding(size)
            }
        }
        return total
    }

    /// The traces `paths` name, one by one, for reading each on its own: a
    /// file, FIFO or `.trace` bundle named directly is one trace; a directory
    /// gives the regular files directly inside that hold a trace (in the byte
    /// order of their names), and one note names what was set aside, as
    /// ``read(paths:settings:into:diagnostics:)`` does.
    package static func eachTrace(
        in paths: [String], settings: ImportSettings = ImportSettings(), diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> [String] {
        guard !paths.isEmpty else { throw .error("no trace given") }
        var traces: [String] = []
        for path in paths {
            if let found = try tracesInDirectory(path, settings: settings, diagnostics: &diagnostics) {
                traces += found.map(\.file)
            } else {
                traces.append(path)
            }
        }
        return traces
    }

    /// The recordings `paths` name, one by one, as ``eachTrace(in:settings:diagnostics:)``
    /// gives them, but for a directory's Instruments exports: they are the
    /// tables of one recording (an update-groups or changes table alone holds
    /// no graph), read together under the directory's path. Each recording
    /// is its name and the files to read.
    package static func eachRecording(
        in paths: [String], settings: ImportSettings = ImportSettings(), diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> [(name: String, files: [String])] {
        guard !paths.isEmpty else { throw .error("no trace given") }
        var recordings: [(name: String, files: [String])] = []
        for path in paths {
            guard let found = try tracesInDirectory(path, settings: settings, diagnostics: &diagnostics) else {
                recordings.append((path, [path]))
                continue
            }
            let exports = found.filter { $0.format == .instruments }.map(\.file)
            for (file, format) in found {
                if format != .instruments {
                    recordings.append((file, [file]))
                } else if file == exports.first {
                    recordings.append((path, exports))
                }
            }
        }
        return recordings
    }

    /// The trace files directly inside `path` with the format of each, when
    /// `path` is a directory that is no `.trace` bundle; `nil` when `path`
    /// is itself one trace. One note names what was set aside.
    private static func tracesInDirectory(
        _ path: String, settings: ImportSettings, diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> [(file: String, format: InputFormat)]? {
        guard path != "-", FileKind(path: path) == .directory, !isInstrumentsDocument(path) else { return nil }
        var directory = try TraceDirectory(path: path)
        var formats: [String: InputFormat] = [:]
        for file in directory.files {
            var known: NotATrace?
            if let format = try format(
                of: ByteStream(path: file), settings: settings, strict: false, setAside: { known = $0 })
            {
                formats[file] = format
            } else {
                directory.setAside(file, as: known)
            }
        }
        guard !directory.files.isEmpty else {
            let skipped = directory.skipped.map { "; skipped \($0)" } ?? ""
            throw .error("directory holds no trace files\(skipped)", at: SourceLocation(file: directory.path))
        }
        if let skipped = directory.skipped {
            diagnostics.note("skipped \(skipped)", at: SourceLocation(file: directory.path))
        }
        return directory.files.compactMap { file in formats[file].map { (file, $0) } }
    }

    /// Refuses what `command` would have to open more than once and could
    /// not: standard input, a pipe or a device. A second open finds a pipe's
    /// bytes gone, or waits for ever for a writer that has finished.
    package static func refuseOneShot(_ paths: [String], command: String) throws(Diagnostic) {
        for path in paths where path == "-" || FileKind(path: path) == .other {
            throw .error(
                "\(command) reads its input more than once: give a file, not standard input, a pipe or a device",
                at: SourceLocation(file: path == "-" ? ByteStream.standardInputName : path))
        }
    }

    /// Refuses a file of nothing but white space, `prefix` its first bytes:
    /// no format can read it, and saying so beats naming one it is not.
    package static func refuseBlank(_ stream: ByteStream, prefix: [UInt8]) throws(Diagnostic) {
        let isBlank = prefix.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if isBlank && stream.isAtEnd {
            throw .error("empty file: expected a trace", at: SourceLocation(file: stream.name))
        }
    }

    /// The format `stream` holds: `settings.format` if given, else the one its
    /// first bytes show. When none does, `strict` throws, naming what the
    /// file is when it can (``NotATrace``); otherwise the answer is `nil`,
    /// and `setAside` is told what a known file that is no trace is.
    private static func format(
        of stream: ByteStream, settings: ImportSettings, strict: Bool, setAside: ((NotATrace) -> Void)? = nil
    ) throws(Diagnostic) -> InputFormat? {
        if let format = settings.format { return format }
        guard strict else {
            // The first read brings in a whole chunk anyway; change lines are looked for in all of it.
            let prefix = try stream.prefix(ByteStream.chunkSize)
            if let notATrace = NotATrace.identify(prefix) {
                setAside?(notATrace)
                return nil
            }
            return InputFormat.detectAmongOtherFiles(prefix)
        }
        let prefix = try stream.prefix(InputFormat.detectionPrefixLength)
        try refuseBlank(stream, prefix: prefix)
        if let notATrace = NotATrace.identify(prefix) {
            let contents = notATrace == .tableOfContents ? try? tableOfContents(stream) : nil
            throw .error(notATrace.message(contents: contents), at: SourceLocation(file: stream.name))
        }
        if let detected = InputFormat.detect(prefix) { return detected }
        let known = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        throw .error(
            "unrecognised trace format (known: \(known)); name one with \(settings.spelling(.inputFormat))",
            at: SourceLocation(file: stream.name, line: 1))
    }

    /// A table of contents read whole, for the export commands its error
    /// suggests; `nil` when it is too large or not one after all.
    private static func tableOfContents(_ stream: ByteStream) throws(Diagnostic) -> TableOfContents? {
        var bytes: [UInt8] = []
        while let chunk = try stream.nextChunk() {
            bytes += chunk
            guard bytes.count <= Xctrace.maximumOutput else { return nil }
        }
        return try? TableOfContents.parse(bytes, name: stream.name)
    }

    /// Whether a directory of this name is an Instruments document (a
    /// `.trace` bundle) rather than a folder of files.
    package static func isInstrumentsDocument(_ path: String) -> Bool {
        (path as NSString).pathExtension.lowercased() == "trace"
    }
}
