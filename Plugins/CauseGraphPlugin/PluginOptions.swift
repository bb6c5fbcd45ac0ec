/// What `swift package causegraph` was asked to do, read from its arguments.
struct PluginOptions {
    /// Where the rendered files go.
    enum Destination: Equatable {
        /// A folder, relative to the package directory.
        case folder(String)
        /// The `Resources` folder of the named target's DocC catalog.
        case catalog(target: String)
    }

    var destination: Destination
    /// The render format; it also names the outputs' extension.
    var format = "svg"
    /// Passed to `causegraph render --theme` unchanged, when given.
    var theme: String?
    /// Added to each output's name before the extension, e.g. `~dark` for DocC's dark variants.
    var suffix = ""
    /// Trace files and folders, relative to the package directory.
    var traces: [String] = []
    /// Everything after `--`, passed to `causegraph render` unchanged.
    var renderOptions: [String] = []

    static let usage = """
        OVERVIEW: Render each trace into its own file in a folder of this package, e.g. a DocC catalog.

        USAGE: swift package --allow-writing-to-package-directory causegraph
                 (--output <folder> | --target <target>) [--format <format>] [--theme <theme>]
                 [--suffix <suffix>] <trace> ... [-- <render option> ...]

        ARGUMENTS:
          <trace>              Trace files, or folders whose files are traces (relative to the
                               package directory). NAME.EXT is rendered to NAME.<format>.
          <render option>      Passed to `causegraph render` unchanged, e.g. -- --hide-system

        OPTIONS:
          --output <folder>    The folder to write into, inside the package (created if missing).
          --target <target>    Write into the `Resources` folder of this target's DocC catalog.
          --format <format>    svg (default), png, pdf, dot or json.
          --theme <theme>      Passed to `causegraph render --theme` (light or dark).
          --suffix <suffix>    Added to each output's name: NAME<suffix>.<format>. DocC shows
                               NAME~dark.svg instead of NAME.svg to readers in dark mode.
          -h, --help           Show this help.

        Outputs are written only when every trace renders; a file whose content is unchanged
        is left untouched.
        """

    /// Reads the plugin's arguments; `nil` means help was asked for.
    static func parse(_ arguments: [String]) throws(PluginError) -> PluginOptions? {
        var output: String?
        var target: String?
        var format: String?
        var theme: String?
        var suffix = ""
        var traces: [String] = []
        var renderOptions: [String] = []

        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                renderOptions = Array(remaining)
                break
            }
            if argument == "-h" || argument == "--help" { return nil }
            if argument == "-" {
                throw .usage("the plugin renders trace files; standard input ('-') has no output name")
            }
            guard argument.hasPrefix("-") else {
                traces.append(argument)
                continue
            }
            // `--name value` and `--name=value` both work, as in `causegraph` itself.
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else if let next = remaining.popFirst() {
                value = next
            } else {
                throw .usage("missing value for '\(name)'")
            }
            switch name {
            case "--output", "-o": output = value
            case "--target": target = value
            case "--format": format = value
            case "--theme": theme = value
            case "--suffix": suffix = value
            default: throw .usage("unknown option '\(name)'; options for `causegraph render` go after '--'")
            }
        }

        let destination: Destination
        switch (output, target) {
        case (let output?, nil): destination = .folder(output)
        case (nil, let target?): destination = .catalog(target: target)
        case (nil, nil):
            throw .usage("name the folder to write into with --output, or a target with a DocC catalog with --target")
        case (_?, _?): throw .usage("give either --output or --target, not both")
        }
        guard !traces.isEmpty else { throw .usage("name at least one trace file or folder") }
        if let format {
            // The format becomes a file extension, so it must not reach outside the folder.
            guard !format.isEmpty, format.utf8.allSatisfy({ isLowercaseLetterOrDigit($0) }) else {
                throw .usage("'\(format)' is not a format; use svg, png, pdf, dot or json")
            }
        }
        guard !suffix.contains("/") else {
            throw .usage("the suffix '\(suffix)' would reach outside the output folder")
        }
        for option in renderOptions
        where ["-o", "--output", "--format"].contains(option.split(separator: "=").first.map(String.init)) {
            throw .usage("'\(option)' cannot follow '--': the plugin chooses each output's name and format")
        }
        return PluginOptions(
            destination: destination, format: format ?? "svg", theme: theme, suffix: suffix,
            traces: traces, renderOptions: renderOptions)
    }

    /// The arguments of `causegraph render --each`, drawing every trace into `folder`.
    func renderArguments(traces: [String], folder: String) -> [String] {
        var arguments = ["render", "--each"] + traces + ["--output", folder, "--format", format]
        if let theme { arguments += ["--theme", theme] }
        return arguments + renderOptions
    }
}

private func isLowercaseLetterOrDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}
