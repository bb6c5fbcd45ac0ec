import Foundation
import Testing

@testable import CauseGraph

/// `_printChanges()` and `_logChanges()` output that SwiftUI wrote on real
/// devices, as people published it (`fixtures/real`, see its PROVENANCE.md).
@Suite struct RealChangeLogTests {
    static let directory = InstrumentsFixtures.directory.deletingLastPathComponent().appendingPathComponent("real")

    static func read(_ name: String) throws -> (CauseEffectGraph, Diagnostics) {
        var diagnostics = Diagnostics()
        let graph = try TracePipeline().reconstruct(
            [directory.appendingPathComponent(name).path], diagnostics: &diagnostics
        ).graph
        return (graph, diagnostics)
    }

    /// `edge kind ×count` between node titles, sorted.
    static func edges(_ graph: CauseEffectGraph) -> [String] {
        let titles = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.title) })
        return graph.edges.map { "\(titles[$0.from]!) -\($0.label)×\($0.count)-> \(titles[$0.to]!)" }.sorted()
    }

    @Test func everyPasteIsDetectedAndImports() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter({
            $0.hasSuffix(".txt")
        }) {
            let prefix = try Array(
                Data(contentsOf: Self.directory.appendingPathComponent(name)).prefix(InputFormat.detectionPrefixLength))
            #expect(InputFormat.detect(prefix) == .changes, "\(name)")
            let (graph, diagnostics) = try Self.read(name)
            #expect(!graph.nodes.isEmpty && !diagnostics.all.contains { $0.severity == .warning }, "\(name)")
        }
    }

    @Test func crlfLinesAndInterleavedAppOutput() throws {
        // Lines 1-2 end in CRLF; line 2 is the app's own print, not a change line.
        let (graph, diagnostics) = try Self.read("printchanges-observableweirdness.txt")
        #expect(graph.nodes.allSatisfy { !$0.title.contains("\r") })
        #expect(graph.nodes.filter { $0.kind == .body }.map(\.title) == ["ChildView", "ContentView"])
        #expect(
            Self.edges(graph) == [
                "ChildView (observed dependencies) -update×1-> ChildView",
                "ChildView (parent input) -update×1-> ChildView",
                "ContentView (observed dependencies) -update×1-> ContentView",
            ])
        #expect(diagnostics.all.contains { $0.message == "skipped 1 of 3 lines that are not change lines" })
    }

    @Test func unchangedBodiesRanWithoutACause() throws {
        let (graph, diagnostics) = try Self.read("printchanges-sisoje-swiftui-bd9cebb.txt")
        let model = try #require(graph.nodes.first { $0.title == "ContentModel" && $0.kind == .body })
        // Seven evaluations: six of ContentModel (four `unchanged.`), one of Sheet.
        #expect(model.count == 6 && model.ran == 6)
        #expect(
            Self.edges(graph) == [
                "ContentModel (parent input) -creation×1-> ContentModel",
                "ContentModel (parent input) -update×1-> ContentModel",
                "ContentModel.counter -update×2-> ContentModel",
                "ContentModel.sheetShown -update×1-> ContentModel",
                "No recorded cause -update×4-> ContentModel",
                "Sheet (parent input) -update×1-> Sheet",
            ])
        #expect(
            diagnostics.all.contains {
                $0.message == "4 of 7 body evaluations ran with no recorded change (`unchanged.`)"
            })
    }

    @Test func theSameRecordingBeforeAndAfterItsAuthorDroppedUnchangedLines() throws {
        let (before, _) = try Self.read("printchanges-sisoje-mvvm-bd9cebb.txt")
        let (after, _) = try Self.read("printchanges-sisoje-mvvm-head.txt")
        let causes = { (graph: CauseEffectGraph) in
            Self.edges(graph).filter { $0.hasSuffix("-> ContentView") && !$0.hasPrefix(GraphBuilder.unrecordedTitle) }
        }
        #expect(causes(before) == causes(after), "`unchanged.` lines add runs, never recorded causes")
        #expect(Self.edges(before).contains("No recorded cause -update×4-> ContentView"))
        #expect(!Self.edges(after).contains { $0.hasPrefix(GraphBuilder.unrecordedTitle) })
        #expect(before.nodes.first { $0.title == "ContentView" && $0.kind == .body }?.count == 7)
        #expect(after.nodes.first { $0.title == "ContentView" && $0.kind == .body }?.count == 3)
    }

    @Test func enclosingTypeNamesAreKept() throws {
        // Three tests' local `ContentView`s, each nested in the test type.
        let (graph, _) = try Self.read("logchanges-openswiftui-compat-messages.txt")
        let view = "ChangedBodyPropertyCompatibilityTests.ContentView"
        #expect(graph.nodes.filter { $0.kind == .body }.map(\.title) == [view])
        #expect(
            Self.edges(graph) == [
                "\(view) (parent input) -creation×1-> \(view)",
                "\(view) (parent input) -update×3-> \(view)",
                "\(view).name -update×1-> \(view)",
            ])
    }
}
