import CauseGraph
import Testing

/// A shaping step names its filter as its setting is named, but for the
/// two settings of one interaction and the folds `--unfold` turns off.
@Suite("a shaping step's filter and setting")
struct ShapingStepTests {
    @Test("every filter is named, once, by the step that applies it")
    func everyFilterNamed() throws {
        let share = try ShapingShare(parsing: "0.5")
        let given: [ShapingReport.Step.Given] = [
            .window(try TimeWindow(start: 0)), .interaction(.group(1)), .interaction(.gesture(2)),
            .focus([TitlePattern(substring: "Row")], depth: nil), .ignore([TitlePattern(substring: "Row")]),
            .hideSystem, .minCount(2), .nodeFraction(share), .maxNodes(10), .edgeFraction(share), .maxEdges(10),
            .foldFanOuts,
        ]
        #expect(
            given.map(\.filter.rawValue) == [
                "window", "interaction", "interaction", "focus", "ignore", "hideSystem", "minCount", "nodeFraction",
                "maxNodes", "edgeFraction", "maxEdges", "foldFanOuts",
            ])
        #expect(
            given.map(\.setting) == [
                .window, .group, .gesture, .focus, .ignore, .hideSystem, .minCount, .nodeFraction, .maxNodes,
                .edgeFraction, .maxEdges, .unfold,
            ])
        #expect(Set(given.map(\.filter)) == Set(ShapingReport.Step.Filter.allCases))
    }
}
