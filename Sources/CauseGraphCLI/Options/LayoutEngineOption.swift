import ArgumentParser

/// The Graphviz layout engines that draw a cause graph: those that place
/// nodes by its edges. `osage` and `patchwork` ignore edges, and the `nop`
/// engines draw positions the graph would have to hold already.
enum LayoutEngineName: String, CaseIterable, ExpressibleByArgument {
    case dot, neato, fdp, sfdp, circo, twopi
}

/// The Graphviz layout engine of every command that draws a graph.
struct LayoutEngineOption: ParsableArguments {
    @Option(name: .customLong("engine"), help: ArgumentHelp("The Graphviz layout engine.", valueName: "name"))
    var engineName: LayoutEngineName = .dot

    /// The engine's name, as Graphviz knows it.
    var engine: String { engineName.rawValue }
}
