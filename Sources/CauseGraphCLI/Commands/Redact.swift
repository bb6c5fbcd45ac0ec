import ArgumentParser
import CauseGraph

/// `causegraph redact`: a copy of a recording that is safe to share.
struct Redact: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a copy of traces that is safe to share: the app's names become stable pseudonyms.",
        discussion: CommandExamples.appending(
            [
                "causegraph redact App.trace -o redacted.jsonl --map names.json":
                    "A copy safe to share, and the mapping to read answers back.",
                "causegraph redact a.trace b.trace -o shared.jsonl --salt \"$SECRET\"":
                    "Pseudonyms no one without the salt can link to other recordings.",
            ],
            to: """
                Views, types, properties, modules, the app and process, and the app's own frames in \
                backtraces become pseudonyms (View1, Type2.property3), the same name the same pseudonym \
                everywhere; SwiftUI's and the system's names, times, durations, counts, severities, ids \
                and edges stay. The output is causegraph's JSON Lines format.
                """))

    @OptionGroup var input: InputOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The redacted trace; '-' or none writes standard output.", valueName: "file"))
    var output: String = "-"

    @Option(help: ArgumentHelp("Number pseudonyms by this secret, so recordings cannot be linked.", valueName: "salt"))
    var salt: String?

    @Option(help: ArgumentHelp("Also write the map from each app name to its pseudonym (JSON).", valueName: "file"))
    var map: String?

    func validate() throws {
        try OutputName.refuseOtherFormats(
            output, writes: "a causegraph JSON Lines trace", suffix: "jsonl", alsoAllowed: ["ndjson", "json"])
    }

    func run() throws {
        let file = try OutputFile(path: output)
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let pseudonyms = try TraceRedaction.redact(
            paths: input.traces, settings: input.settings, salt: salt, to: file, diagnostics: &diagnostics)
        if let map {
            let mapFile = try OutputFile(path: map)
            try mapFile.write(TraceRedaction.mapJSON(pseudonyms))
            try mapFile.commit()
        }
        try file.commit()
    }
}
