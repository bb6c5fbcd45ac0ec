import ArgumentParser
import CauseGraph
import Foundation
import GraphvizRender

/// `causegraph render --each`: many graphs in one process, as documentation
/// builds render them, so the runtime and libgraphviz's plugins load once.
extension Render {
    /// One trace and the file its graph is written to.
    struct EachJob {
        /// The trace as named: a file, or the folder whose exports are one recording.
        var trace: String
        /// The files read for it.
        var files: [String]
        var output: String
    }

    func renderEach() throws {
        guard let folder = outputOptions.named, folder != "-" else {
            throw ValidationError("--each writes one file per trace; name the folder to write them into with -o")
        }
        guard !input.traces.contains("-") else {
            throw ValidationError("--each names each output after its trace; standard input ('-') has no name")
        }
        let format = outputOptions.format ?? .svg
        var diagnostics = Diagnostics()
        let traces: [(name: String, files: [String])]
        do {
            traces = try TraceInput.eachRecording(
                in: input.traces, settings: input.settings, diagnostics: &diagnostics)
        } catch {
            Terminal.standardError.print(diagnostics)
            throw error
        }
        Terminal.standardError.print(diagnostics)
        let jobs = try Self.jobs(for: traces, into: folder, format: format)
        try Self.makeFolder(folder)

        // A graph file reads the same whichever way it was asked for: its filters are named by flag.
        let encoder = DOTEncoder(style: themeOption.theme.style, spelling: .commandLine)
        var failed = false
        for job in jobs {
            var diagnostics = Diagnostics()
            defer {
                // Each trace says the same kinds of things: a note names the trace it is about.
                diagnostics.place(unplacedIn: job.trace)
                Terminal.standardError.print(diagnostics)
            }
            do {
                let shaped = try shaping.shapedGraph(
                    of: job.files, reading: input.settings, oneGraph, diagnostics: &diagnostics)
                if format.graphviz != nil {
                    try shaping.allowLayout(ofNodes: shaped.graph.nodes.count, edges: shaped.graph.edges.count)
                }
                try GraphWriter.write(
                    format, to: job.output, engine: layout.engine,
                    json: { GraphJSONEncoder.encode(shaped, spelling: encoder.spelling) },
                    dot: { encoder.encode(shaped) }, diagnostics: &diagnostics)
            } catch {
                failed = true
                _ = ExitStatus.report(Self.naming(job.trace, in: error))
            }
        }
        if failed { throw ExitCode(ExitStatus.badInput) }
    }

    /// Each trace once, with the file its graph goes to: `NAME.EXT` becomes
    /// `FOLDER/NAME.<format>`, and a folder of exports `NAME` `FOLDER/NAME.<format>`. Refuses two traces that would share an output,
    /// here or on a Mac, whose file names ignore case and Unicode normalization,
    /// and an output that would replace its own trace.
    static func jobs(for traces: [(name: String, files: [String])], into folder: String, format: RenderFormat) throws
        -> [EachJob]
    {
        var jobs: [EachJob] = []
        // Paths by their bytes: Swift's `==` equates NFC and NFD spellings,
        // which Linux keeps as two files.
        var seen: Set<[UInt8]> = []
        var jobByOutput: [FoldedFileName: EachJob] = [:]
        for (trace, files) in traces where seen.insert(Array(absolute(trace).utf8)).inserted {
            let name = (trace as NSString).lastPathComponent
            // A folder's name has no extension to drop (`run.2` is not `run`).
            let stem =
                files == [trace]
                ? name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? name[...] : name[...]
            let output = (folder as NSString).appendingPathComponent("\(stem).\(format.fileExtension)")
            if let other = jobByOutput[FoldedFileName(output)] {
                guard other.output.unicodeScalars.elementsEqual(output.unicodeScalars) else {
                    throw ValidationError(
                        "'\(other.trace)' and '\(trace)' would be rendered to '\(other.output)' and '\(output)', one file on a Mac, where names ignore case and Unicode normalization; rename one or render them in separate runs"
                    )
                }
                throw ValidationError(
                    "'\(other.trace)' and '\(trace)' would both be rendered to '\(output)'; rename one or render them in separate runs"
                )
            }
            if FoldedFileName(absolute(output)) == FoldedFileName(absolute(trace)) {
                throw ValidationError("rendering '\(trace)' would overwrite it; choose another folder or --format")
            }
            let job = EachJob(trace: trace, files: files, output: output)
            jobByOutput[FoldedFileName(output)] = job
            jobs.append(job)
        }
        return jobs
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Creates the output folder (and its parents) unless it exists; refuses a file in its place.
    private static func makeFolder(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ValidationError(
                    "'\(folder)' is not a folder; --each writes one file per trace into the folder named by -o")
            }
            return
        }
        do {
            try SignalExit.makeFolder(folder)
        } catch {
            throw Diagnostic.error("cannot create the folder", at: SourceLocation(file: folder))
        }
    }

    /// The error of one trace, naming the trace when the error names no file itself.
    private static func naming(_ trace: String, in error: Error) -> Error {
        switch error {
        case var diagnostic as Diagnostic where diagnostic.location == nil:
            diagnostic.location = SourceLocation(file: trace)
            return diagnostic
        case let failure as GraphvizError:
            return Diagnostic.error(failure.description, at: SourceLocation(file: trace))
        default:
            return error
        }
    }
}
