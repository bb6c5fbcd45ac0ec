import ArgumentParser

/// The file a command writes, `-o`/`--output`, declared once for every
/// command that writes one.
struct OutputOption: ParsableArguments {
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("The file to write; '-' writes standard output.", valueName: "file"))
    var named: String?

    /// The path to write, `-` for standard output when none was named.
    var path: String { named ?? "-" }
}
