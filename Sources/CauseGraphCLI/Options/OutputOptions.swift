import ArgumentParser
import CauseGraph
import Foundation

/// Where a command writes, and in which format.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; '-' or none writes standard output.", valueName: "file"))
    var output: String = "-"

    @Option(help: ArgumentHelp("The output format (default: from the output file's extension, else svg).", valueName: "format"))
    var format: RenderFormat?

    /// The format to write: `--format`, else the output's extension, else SVG.
    func resolvedFormat() throws -> RenderFormat {
        try Self.resolvedFormat(format, output: output, option: "--format")
    }

    /// `format`, else the format `output`'s extension names, else SVG for
    /// standard output; `option` is the flag that names a format.
    static func resolvedFormat(_ format: RenderFormat?, output: String, option: String) throws -> RenderFormat {
        if let format { return format }
        guard output != "-" else { return .svg }
        let pathExtension = (output as NSString).pathExtension
        guard let inferred = RenderFormat(pathExtension: pathExtension) else {
            let known = RenderFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("cannot tell the format of '\(output)' from its extension; name one of \(known) with \(option)")
        }
        return inferred
    }

    /// Opens `output`, refusing to pour binary data onto a terminal.
    static func open(_ output: String, binary: Bool) throws -> OutputFile {
        if binary && output == "-" && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("refusing to write binary output to a terminal; name a file with -o")
        }
        return try OutputFile(path: output)
    }
}
