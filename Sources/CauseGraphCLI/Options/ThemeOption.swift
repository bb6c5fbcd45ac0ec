import ArgumentParser
import CauseGraph

extension Theme: ExpressibleByArgument {}

/// The colour theme of a drawn graph.
struct ThemeOption: ParsableArguments {
    @Option(help: ArgumentHelp("The colour theme: light or dark.", valueName: "theme"))
    var theme: Theme = .light
}
