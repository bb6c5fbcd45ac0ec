import Foundation
import Testing

@testable import CauseGraph

/// Issue 28, point 3: every view update is accounted for. On real change
/// logs (with `unchanged.` lines) and an Instruments export with a body no
/// link reaches, each view's incoming edges count each of its runs once per
/// cause link, and a run with none once, from the unrecorded node; `why`'s
/// shares of a view add up to 100%.
@Suite("Every run is accounted for")
struct AccountedRunsTests {
    static let changeLogs =
        [
            "real/printchanges-sisoje-swiftui-bd9cebb.txt", "real/printchanges-sisoje-mvvm-bd9cebb.txt",
            "real/printchanges-sisoje-mvvm-head.txt", "real/printchanges-observableweirdness.txt",
            "real/logchanges-openswiftui-compat-messages.txt",
        ] + ChangeLogGoldenTests.fixtures.map { "logs/\($0)" }

    private static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("fixtures/\(name)").path
    }

    /// What each view's incoming edges must add up to, worked out from the
    /// records themselves: per update, its cause links, or 1 when it has none.
    /// And how many updates of each view had none.
    private static func expectedCounts(of paths: [String]) throws -> (links: [NodeKey: Int], unlinked: [NodeKey: Int]) {
        var recorder = ChangeLogRecorder()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: paths, into: &recorder, diagnostics: &diagnostics)
        var linksInto: [EventID: Int] = [:]
        for cause in recorder.causes { linksInto[cause.to, default: 0] += 1 }
        var links: [NodeKey: Int] = [:]
        var unlinked: [NodeKey: Int] = [:]
        for event in recorder.events where event.kind.isViewUpdate {
            let key = NodeKey(kind: event.kind, title: event.title, module: event.module, owner: event.owner)
            let count = linksInto[event.id] ?? 0
            links[key, default: 0] += max(count, 1)
            if count == 0 { unlinked[key, default: 0] += 1 }
        }
        return (links, unlinked)
    }

    private static func graph(of paths: [String]) throws -> CauseEffectGraph {
        var diagnostics = Diagnostics()
        return try TracePipeline().reconstruct(paths, diagnostics: &diagnostics).graph
    }

    /// Checks the edges into every view of the graph of `paths`, and returns the graph.
    @discardableResult
    private static func expectAccounted(_ paths: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
        -> CauseEffectGraph
    {
        let graph = try graph(of: paths)
        let (links, unlinked) = try expectedCounts(of: paths)
        let unrecorded = graph.nodes.first { $0.kind == .unrecorded }
        for view in graph.nodes where view.kind.isViewUpdate {
            let incoming = graph.edges.filter { $0.to == view.id }
            #expect(
                incoming.reduce(0) { $0 + $1.count } == links[view.key], "\(view.title)", sourceLocation: sourceLocation
            )
            #expect(incoming.reduce(0) { $0 + $1.count } >= view.count, "\(view.title)", sourceLocation: sourceLocation)
            let fromUnrecorded = incoming.filter { $0.from == unrecorded?.id }
            #expect(
                fromUnrecorded.map(\.count) == (unlinked[view.key].map { [$0] } ?? []), "\(view.title)",
                sourceLocation: sourceLocation)
            #expect(fromUnrecorded.allSatisfy { $0.kind == .unrecorded }, sourceLocation: sourceLocation)
        }
        #expect(unrecorded?.count == (unlinked.isEmpty ? nil : unlinked.values.reduce(0, +)))
        return graph
    }

    /// Checks that `why`'s shares of every view add up to 100%: the tree's,
    /// the JSON's (to its four decimals) and the text's whole percentages.
    private static func expectSharesAddUp(
        in graph: CauseEffectGraph, sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        throws
    {
        for view in graph.nodes where view.kind.isViewUpdate {
            let tree = CauseTree(of: view, in: graph)
            #expect(tree.omittedCauses == 0)
            let shares = tree.causes.map(\.share)
            #expect(abs(shares.reduce(0, +) - 1) < 0.001, "\(view.title): \(shares)", sourceLocation: sourceLocation)

            let report = WhyReport(frameRate: graph.frameRate, views: [tree])
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(WhyFormatter.format(report, as: .json).utf8))
                    as? [String: Any])
            let views = try #require(json["views"] as? [[String: Any]])
            let causes = try #require(views.first?["causes"] as? [[String: Any]])
            let jsonShares = causes.compactMap { $0["share"] as? Double }
            #expect(jsonShares.count == causes.count)
            #expect(
                abs(jsonShares.reduce(0, +) - 1) < 0.001, "\(view.title): \(jsonShares)", sourceLocation: sourceLocation
            )

            let text = WhyFormatter.format(report, as: .text)
            let percents = try text.split(separator: "\n")
                .filter { $0.hasPrefix("  ├─ ") || $0.hasPrefix("  └─ ") }
                .map { line in
                    let match = try #require(line.firstMatch(of: /\((\d+)%\)/))
                    return try #require(Int(match.1))
                }
            #expect(percents.count == tree.causes.count)
            #expect(percents.reduce(0, +) == 100, "\(view.title): \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: changeLogs)
    func changeLogRunsAreAccounted(_ name: String) throws {
        let graph = try Self.expectAccounted([Self.path(name)])
        try Self.expectSharesAddUp(in: graph)
    }

    @Test func unchangedLinesComeFromNoRecordedCause() throws {
        // ContentModel ran six times: four `unchanged.`, and once with four causes.
        let graph = try Self.graph(of: [Self.path("real/printchanges-sisoje-swiftui-bd9cebb.txt")])
        let model = try #require(graph.nodes.first { $0.title == "ContentModel" && $0.kind == .body })
        let tree = CauseTree(of: model, in: graph)
        let first = try #require(tree.causes.first)
        #expect((first.cause.title, first.cause.kind, first.edge.count) == ("No recorded cause", .unrecorded, 4))
        // Nine links into six runs: shares are of the links.
        #expect(first.share == 4.0 / 9)
        let text = WhyFormatter.format(WhyReport(frameRate: graph.frameRate, views: [tree]), as: .text)
        #expect(text.contains("unrecorded ×4 (45%) No recorded cause"))
    }

    @Test func instrumentsBodyWithoutACauseIsAccounted() throws {
        let graph = try Self.expectAccounted(InstrumentsFixtures.tables)
        let detail = try #require(graph.nodes.first { $0.title == "DetailView" && $0.kind == .body })
        let edges = graph.edges.filter { $0.to == detail.id }
        let unrecorded = try #require(graph.nodes.first { $0.kind == .unrecorded })
        #expect(edges.map(\.from) == [unrecorded.id])
        #expect(edges.map(\.count) == [detail.count])
        try Self.expectSharesAddUp(in: graph)
    }
}
