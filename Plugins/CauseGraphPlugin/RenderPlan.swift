import Foundation

/// Which trace becomes which output: one trace, one file, named after the trace.
struct RenderPlan {
    struct Job {
        /// The trace as handed to `causegraph`: relative to the package directory
        /// when inside it, so messages and outputs never depend on where the package lives.
        var trace: String
        /// The output's file name: the trace's name, the suffix, and the format as extension.
        var outputName: String
        /// The name `causegraph render --each` gives the output: the trace's name and the format.
        var renderedName: String
    }

    /// In the byte order of the traces' paths, whatever order they were named in.
    var jobs: [Job]

    /// Expands folders as `causegraph` does (the regular, non-hidden files directly
    /// inside) and names each output, refusing two traces that would share one.
    init(traces: [String], format: String, suffix: String, packageDirectory: URL, outputDirectory: URL)
        throws(PluginError)
    {
        // Sorted first, so even a refusal names the same traces whatever the order given.
        let files = try Self.expand(traces, in: packageDirectory).sorted(by: Self.byteOrder)
        var traceByOutput: [[Unicode.Scalar]: String] = [:]
        jobs = []
        for trace in files where jobs.last?.trace != trace {
            let job = Job(
                trace: trace, outputName: Self.outputName(for: trace, suffix: suffix, format: format),
                renderedName: Self.outputName(for: trace, suffix: "", format: format))
            if let other = traceByOutput[Self.folded(job.outputName)] {
                throw .setup(
                    "'\(other)' and '\(trace)' would both be rendered to '\(job.outputName)'; rename one or render them in separate runs"
                )
            }
            let destination = outputDirectory.appendingPathComponent(job.outputName).standardizedFileURL.path
            if Self.folded(destination) == Self.folded(Self.absolute(trace, in: packageDirectory).path) {
                throw .setup("rendering '\(trace)' would overwrite it; choose another --output or --format")
            }
            traceByOutput[Self.folded(job.outputName)] = trace
            jobs.append(job)
        }
    }

    /// `NAME.EXT` becomes `NAME<suffix>.FORMAT`; a name without extension gains one.
    static func outputName(for trace: String, suffix: String, format: String) -> String {
        let name = (trace as NSString).lastPathComponent
        let stem = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? name[...]
        return "\(stem)\(suffix).\(format)"
    }

    /// A path as a Mac's disk compares it, ignoring case and Unicode
    /// normalization (the library's `FoldedFileName`, which a plugin cannot
    /// import): `Graph.JSON` there is the `Graph.json` a render would write.
    static func folded(_ path: String) -> [Unicode.Scalar] {
        Array(
            path.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Sorting by bytes, not by locale, so every machine agrees.
    static func byteOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func absolute(_ path: String, in packageDirectory: URL) -> URL {
        URL(fileURLWithPath: path, relativeTo: packageDirectory).standardizedFileURL
    }

    /// The files to render, each named relative to the package directory where possible.
    private static func expand(_ paths: [String], in packageDirectory: URL) throws(PluginError) -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for path in paths {
            let url = absolute(path, in: packageDirectory)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw .setup("\(path): no such trace file or folder (paths are relative to the package directory)")
            }
            guard isDirectory.boolValue else {
                files.append(packageRelativePath(url, in: packageDirectory))
                continue
            }
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: url.path)
            } catch {
                throw .setup("\(path): cannot list the folder")
            }
            let entries =
                names
                .filter { !$0.hasPrefix(".") }
                .map { url.appendingPathComponent($0) }
                .filter { manager.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue }
            guard !entries.isEmpty else { throw .setup("\(path): the folder holds no trace files") }
            files += entries.map { packageRelativePath($0, in: packageDirectory) }
        }
        return files
    }

    /// `url` relative to the package directory, or absolute when outside it.
    static func packageRelativePath(_ url: URL, in packageDirectory: URL) -> String {
        let root = packageDirectory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == root { return "." }
        guard path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }
}
