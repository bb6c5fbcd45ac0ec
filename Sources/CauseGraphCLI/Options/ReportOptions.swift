import ArgumentParser
import CauseGraph
import Foundation

extension ReportFormat: ReportFormatOption {
    static let formatHelp =
        "text (for a terminal), json, or markdown (for a pull request); default: from -o's extension (.txt, .json, .md), else text."
}

/// A format of a report, as `--format` takes it.
protocol ReportFormatOption: FormatNamedByExtension, ExpressibleByArgument {
    /// The format for a terminal, written to standard output when no other is named.
    static var text: Self { get }
    /// What `--format` says of the formats and its default.
    static var formatHelp: String { get }
}

/// Where a report goes and in which format.
struct ReportOutputOptions<Format: ReportFormatOption>: ParsableArguments {
    @Option(name: .customLong("format"), help: ArgumentHelp(Format.formatHelp, valueName: "format"))
    var givenFormat: Format?

    @OptionGroup var destination: OutputOption

    /// The path to write, `-` for standard output.
    var output: String { destination.path }

    func validate() throws {
        _ = try format
    }

    /// `--format`, else the format `-o`'s extension names, else text.
    var format: Format {
        get throws { try OutputName.format(givenFormat, output: output, option: "--format", standardOutput: .text) }
    }

    /// Colour only for text on a terminal, and never when NO_COLOR is set.
    var style: TextStyle {
        get throws { Self.style(for: try format, output: output) }
    }

    /// Colour only for text written to standard output on a terminal, and never when NO_COLOR is set.
    static func style(for format: Format, output: String) -> TextStyle {
        TextStyle(colour: format == .text && output == "-" && TerminalEnvironment.allowsColour(on: STDOUT_FILENO))
    }

    func write(_ report: String) throws {
        try OutputFile.write(report, to: output)
    }
}

/// Where `summary`'s, `why`'s and the other reports go: text, JSON or Markdown.
typealias ReportOptions = ReportOutputOptions<ReportFormat>

/// Reads a duration option such as `5ms`.
struct DurationOption: ExpressibleByArgument {
    var nanoseconds: Nanoseconds

    init?(argument: String) {
        guard let value = DurationText.parse(argument) else { return nil }
        nanoseconds = value
    }

    /// A duration the library chose, such as a default.
    init(nanoseconds: Nanoseconds) {
        self.nanoseconds = nanoseconds
    }

    /// The value as it would be typed: `5ms`, `800us`, `1500ns`.
    var defaultValueDescription: String {
        for (unit, size) in [("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000)] as [(String, Nanoseconds)]
        where nanoseconds >= size && nanoseconds % size == 0 {
            return "\(nanoseconds / size)\(unit)"
        }
        return "\(nanoseconds)ns"
    }
}
