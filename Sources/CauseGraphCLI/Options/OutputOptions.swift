import ArgumentParser
import CauseGraph
import Foundation

/// Where a command writes, and in which format.
struct OutputOptions: ParsableArguments {
    @OptionGroup var destination: OutputOption

    /// The file named with `-o`, if any.
    var named: String? { destination.named }

    /// The path to write, `-` for standard output.
    var output: String { destination.path }

    @Option(
        help: ArgumentHelp(
            "The output format (default: from the output file's extension, else svg).", valueName: "format"))
    var format: RenderFormat?

    /// The format to write: `--format`, else the output's extension, else SVG
    /// on standard output.
    func resolvedFormat() throws -> RenderFormat {
        try OutputName.format(format, output: output, option: "--format", standardOutput: .svg)
    }

    /// Refuses to pour markup onto a terminal when no output was named: a
    /// screen of SVG is no use to anyone, and `-o -` still asks for it; a
    /// `binary` format is refused on a terminal however asked for.
    static func requireNamedOnTerminal(_ named: String?, what: String, binary: Bool = false) throws {
        if named == nil && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "standard output is a terminal; name a file for the \(what) with -o"
                    + (binary ? "" : " (or -o - to print it anyway)"))
        }
    }

    /// Writes `bytes` to `output` atomically, refusing to pour binary data onto a terminal.
    static func write(_ bytes: [UInt8], to output: String, binary: Bool) throws {
        let descriptor = output == "-" ? STDOUT_FILENO : OutputFile.descriptorNamed(by: output)
        if binary, let descriptor, isatty(descriptor) == 1 {
            throw ValidationError("refusing to write binary output to a terminal; name a file with -o")
        }
        try OutputFile.write(bytes, to: output)
    }
}
