import ArgumentParser
import CauseGraph
import GraphvizRender

/// `causegraph render`: the whole pipeline, from trace to picture.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the cause graph of a trace as SVG, PNG, PDF, DOT or JSON.")

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var themeOption: ThemeOption

    @Option(help: ArgumentHelp("The Graphviz layout engine.", valueName: "name"))
    var engine: String = "dot"

    func run() throws {
        let format = try outputOptions.resolvedFormat()
        let graph = try input.reconstruct()
        let encoder = DOTEncoder(style: themeOption.theme.style)
        let bytes: [UInt8]
        switch format {
        case .json:
            bytes = Array(GraphJSONEncoder.encode(graph).utf8)
        case .dot:
            bytes = Array(encoder.encode(graph).utf8)
        case .svg, .png, .pdf:
            let output = try Graphviz.render(dot: encoder.encode(graph), format: format.graphviz!, engine: engine)
            for warning in output.warnings {
                Terminal.standardError.print(Diagnostic(.warning, "graphviz: \(warning)"))
            }
            bytes = output.bytes
        }
        let file = try outputOptions.open(binary: format.isBinary)
        try file.write(bytes)
        try file.commit()
    }
}
