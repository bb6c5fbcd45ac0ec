import ArgumentParser
import CauseGraph
import Foundation

/// Where a command writes, and in which format.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; '-' or none writes standard output.", valueName: "file"))
    var output: String = "-"

    @Option(help: ArgumentHelp("The output format (default: from the output file's extension, else svg).", valueName: "format"))
    var format: RenderFormat?

    /// The format to write: `--format`, else the output's extension, else SVG
    /// on standard output.
    func resolvedFormat() throws -> RenderFormat {
        try OutputName.format(format, output: output, option: "--format", standardOutput: .svg)
    }

    /// Opens `output`, refusing to pour binary data onto a terminal.
    static func open(_ output: String, binary: Bool) throws -> OutputFile {
        if binary && output == "-" && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("refusing to write binary output to a terminal; name a file with -o")
        }
        return try OutputFile(path: output)
    }
}
