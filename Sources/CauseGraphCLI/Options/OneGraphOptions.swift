import ArgumentParser
import CauseGraph

/// The shaping options that choose, or fold, within one recording's graph:
/// `render` and `report` take them; `diff`, which draws the union of two
/// recordings, never folds and has no one interaction to draw.
struct OneGraphOptions: ParsableArguments {
    @Flag(help: "Draw sibling nodes driven by the same cause one by one instead of folding them into one node.")
    var unfold = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw only this update group: its updates and the causes that led to them (summary lists groups by body time).",
            valueName: "n"))
    var group: Int64?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw only the gesture event with this id and everything it led to.", valueName: "event-id"))
    var gesture: UInt64?

    func validate() throws {
        var settings = ShapingSettings()
        try apply(to: &settings)
    }

    /// Sets the fan-out folds and the interaction to draw.
    func apply(to settings: inout ShapingSettings) throws {
        if group != nil && gesture != nil {
            throw ValidationError("--group and --gesture each choose one interaction; give one of them")
        }
        settings.foldFanOuts = !unfold
        settings.interaction = group.map(Interaction.group) ?? gesture.map(Interaction.gesture)
    }
}
