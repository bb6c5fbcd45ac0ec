import ArgumentParser

/// The Graphviz layout engine of every command that draws a graph.
struct LayoutEngineOption: ParsableArguments {
    @Option(help: ArgumentHelp("The Graphviz layout engine: dot, neato, fdp, sfdp, circo, twopi.", valueName: "name"))
    var engine: String = "dot"
}
