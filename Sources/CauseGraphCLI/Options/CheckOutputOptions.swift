import ArgumentParser
import CauseGraph

extension CheckFormat: ExpressibleByArgument {}

extension CheckFormat: FormatNamedByExtension {
    /// The extensions of ``ReportFormat``, and `.xml` for JUnit; workflow
    /// commands have no extension of their own and are named by `--format`.
    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "txt", "text": self = .text
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "xml": self = .junit
        default: return nil
        }
    }

    var fileExtension: String {
        switch self {
        case .text, .github: "txt"
        case .json: "json"
        case .markdown: "md"
        case .junit: "xml"
        }
    }
}

/// Where `check`'s report goes and in which format: those of ``ReportOptions``,
/// and JUnit XML and GitHub workflow commands for CI.
struct CheckOutputOptions: ParsableArguments {
    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "text (for a terminal), json, markdown (for a pull request), junit (XML for CI test reports) or github (annotations on the budget's lines); default: from -o's extension (.txt, .json, .md, .xml), else text.",
            valueName: "format"))
    var givenFormat: CheckFormat?

    @OptionGroup var destination: OutputOption

    /// The path to write, `-` for standard output.
    var output: String { destination.path }

    func validate() throws {
        _ = try format
    }

    /// `--format`, else the format `-o`'s extension names, else text.
    var format: CheckFormat {
        get throws { try OutputName.format(givenFormat, output: output, option: "--format", standardOutput: .text) }
    }

    /// Colour only for text on a terminal, as ``ReportOptions`` decides it.
    var style: TextStyle {
        get throws { ReportOptions.style(isText: try format == .text, output: output) }
    }

    func write(_ report: String) throws {
        try OutputFile.write(report, to: output)
    }
}
