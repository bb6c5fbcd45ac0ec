import ArgumentParser
import CauseGraph
import Foundation

/// `causegraph redact`: a copy of a recording that is safe to share.
struct Redact: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a copy of traces that is safe to share: the app's names become stable pseudonyms.",
        discussion: CommandExamples.appending(
            [
                "causegraph redact swiftui-*.xml -o redacted/ --map names.json":
                    "Each export redacted in its own format, and the map of names.",
                "causegraph redact a.trace b.trace -o shared.jsonl --salt \"$SECRET\"":
                    "Pseudonyms no one without the salt can link to other recordings.",
            ],
            to: """
                Views, types, properties, modules, the app and process, file paths, and the app's own \
                frames in backtraces become pseudonyms (View1, Type2.property3), the same name the same \
                pseudonym in every input; SwiftUI's and the system's names, times, durations, counts, \
                severities, ids and edges stay.

                An xctrace export (every table) or a change log keeps its format; with several inputs, \
                -o names a folder that gets each one under its own name. A folder's trace files are \
                redacted as if each were named. A native trace or a .trace \
                bundle, several inputs written to one file or standard output, or any input written \
                to -o FILE.jsonl give one causegraph JSON Lines trace.
                """))

    @OptionGroup var input: InputOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The redacted trace, or a folder for several; '-' or none writes standard output.", valueName: "path"))
    var output: String = "-"

    @Option(help: ArgumentHelp("Number pseudonyms by this secret, so recordings cannot be linked.", valueName: "salt"))
    var salt: String?

    @Option(help: ArgumentHelp("Also write the map from each app name to its pseudonym (JSON).", valueName: "file"))
    var map: String?

    func validate() throws {
        guard let map else { return }
        if output == "-" && map == "-" {
            throw ValidationError(
                "the redacted trace and the map cannot both go to standard output; name a file with -o or --map")
        }
        if OutputName.nameSameFile(output, map) {
            throw ValidationError(
                "-o and --map name the same file (on a Mac, names that differ only in case do); the map would replace the redacted trace"
            )
        }
    }

    /// Whether `-o` names a folder: one that exists, or a name ending in `/`.
    private var outputIsFolder: Bool {
        var isDirectory: ObjCBool = false
        return output != "-"
            && (output.hasSuffix("/")
                || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue))
    }

    func run() throws {
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let settings = input.settings
        // A folder of exports is its files: each keeps its format, as when they are named.
        let traces = try TraceInput.eachTrace(in: input.traces, settings: settings, diagnostics: &diagnostics)
        let pseudonyms = try TraceRedaction.learnNames(paths: traces, settings: settings, salt: salt)
        let suffix = (output as NSString).pathExtension.lowercased()
        if outputIsFolder {
            try redactIntoFolder(traces, pseudonyms: pseudonyms, diagnostics: &diagnostics)
        } else if traces.count == 1, suffix != "jsonl",
            let format = try TraceRedaction.copyFormat(of: traces[0], settings: settings)
        {
            if format == .instruments {
                try OutputName.refuseOtherFormats(output, writes: "an xctrace export", suffix: "xml")
            } else {
                // `log show --style json` and `log stream --style ndjson` write change logs too.
                try OutputName.refuseOtherFormats(
                    output, writes: "a change log", suffix: "log", alsoAllowed: ["txt", "json", "ndjson", "jsonl"])
            }
            try OutputFile.writing(to: output) { file throws(Diagnostic) in
                try TraceRedaction.redactCopy(of: traces[0], format: format, pseudonyms: pseudonyms, to: file)
                try writeMap(pseudonyms)
            }
            return
        } else {
            try OutputName.refuseOtherFormats(
                output, writes: "a causegraph JSON Lines trace", suffix: "jsonl", alsoAllowed: ["ndjson", "json"])
            try OutputFile.writing(to: output) { file throws(Diagnostic) in
                try TraceRedaction.redact(
                    paths: traces, settings: settings, pseudonyms: pseudonyms, to: file,
                    diagnostics: &diagnostics)
                try writeMap(pseudonyms)
            }
            return
        }
        try writeMap(pseudonyms)
    }

    /// Each input redacted on its own into the folder, under its own name:
    /// an export or a change log in its format, anything else as JSON Lines.
    private func redactIntoFolder(_ traces: [String], pseudonyms: Pseudonyms, diagnostics: inout Diagnostics) throws {
        try SignalExit.makeFolder(output)
        // By the name a Mac compares, so that `App.jsonl` and `app.jsonl` are refused before either is written.
        var written: [FoldedFileName: String] = [:]
        var files: [OutputFile] = []
        for path in traces {
            let format = try TraceRedaction.copyFormat(of: path, settings: input.settings)
            var name = (path as NSString).lastPathComponent
            if format == nil, (name as NSString).pathExtension.lowercased() != "jsonl" {
                name = (name as NSString).deletingPathExtension + ".jsonl"
            }
            if let other = written[FoldedFileName(name)] {
                throw Diagnostic.error(
                    "'\(path)' and '\(other)' would both be written as \(name): redact them into separate folders")
            }
            written[FoldedFileName(name)] = path
            let file = try OutputFile(path: (output as NSString).appendingPathComponent(name))
            if let format {
                try TraceRedaction.redactCopy(of: path, format: format, pseudonyms: pseudonyms, to: file)
            } else {
                try TraceRedaction.redact(
                    paths: [path], settings: input.settings, pseudonyms: pseudonyms, to: file,
                    diagnostics: &diagnostics)
            }
            files.append(file)
        }
        // Committed together, once every input is redacted.
        for file in files { try file.commit() }
    }

    private func writeMap(_ pseudonyms: Pseudonyms) throws(Diagnostic) {
        guard let map else { return }
        try OutputFile.write(TraceRedaction.mapJSON(pseudonyms), to: map)
    }
}
