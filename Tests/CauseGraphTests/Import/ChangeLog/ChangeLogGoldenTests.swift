import Foundation
import Testing

@testable import CauseGraph

/// Realistic logs under `fixtures/logs/`, each reconstructed and compared
/// with the graph JSON stored next to it (`NAME.graph.json`). Run with
/// `CAUSEGRAPH_RECORD=1` to re-record the goldens after a deliberate change.
@Suite("ChangeLog goldens")
struct ChangeLogGoldenTests {
    static let fixtures = [
        "stdout.txt", "log-show-default.log", "log-stream-compact.log", "log-show-syslog.log", "log-show.json",
        "log-stream.ndjson",
    ]

    private static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("fixtures/logs/\(name)").path
    }

    /// The graph of a fixture, read with format detection as the CLI would.
    private static func graph(_ name: String) throws -> CauseEffectGraph {
        var diagnostics = Diagnostics()
        return try TracePipeline().reconstruct([path(name)], diagnostics: &diagnostics).graph
    }

    @Test(arguments: fixtures)
    func detectedAsChangeLog(_ name: String) throws {
        let stream = try ByteStream(path: Self.path(name))
        #expect(InputFormat.detect(try stream.prefix(InputFormat.detectionPrefixLength)) == .changes)
    }

    @Test(arguments: fixtures)
    func matchesGolden(_ name: String) throws {
        let actual = GraphJSONEncoder.encode(try Self.graph(name))
        let golden = "fixtures/logs/\((name as NSString).deletingPathExtension).graph.json"
        try Golden.check(actual, against: golden)
    }

    @Test func stylesWithTheSameEntriesGiveTheSameGraph() throws {
        let reference = try Self.graph("log-show-default.log")
        #expect(try Self.graph("log-show-syslog.log") == reference)
        #expect(try Self.graph("log-show.json") == reference)
        #expect(try Self.graph("log-stream.ndjson") == reference)
        // Millisecond timestamps move frame bounds, not nodes and edges; nor the order the nodes were first
        // seen in, but where two first lines fall in one millisecond, which the id then decides.
        let compact = try Self.graph("log-stream-compact.log")
        func unranked(_ nodes: [CauseEffectGraph.Node]) -> [CauseEffectGraph.Node] {
            nodes.map { node in
                var unranked = node
                unranked.appearanceRank = 0
                return unranked
            }
        }
        #expect(unranked(compact.nodes) == unranked(reference.nodes))
        #expect(compact.edges == reference.edges)
    }

    @Test func goldenContent() throws {
        let graph = try Self.graph("log-show-default.log")
        #expect(graph.groups.count == 5)
        #expect(Set(graph.nodes.compactMap(\.module)) == ["Landmarks", "LandmarksWidget"])
        let rows = try #require(graph.nodes.first { $0.title == "LandmarkRow" && $0.kind == .body })
        #expect(rows.count == 5)
        #expect(graph.nodes.contains { $0.title == "CategoryHome<Dictionary<String, Array<Landmark>>.Keys>" })
        #expect(graph.nodes.contains { $0.title == "Zähler.zählerstand" && $0.kind == .state })
    }

    @Test(arguments: fixtures)
    func roundTripsThroughTheNativeFormat(_ name: String) throws {
        var recorder = ChangeLogRecorder()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: [Self.path(name)], into: &recorder, diagnostics: &diagnostics)
        let lines = recorder.records.map { record in
            switch record {
            case .begin(let header): NativeTraceEncoder.line(header)
            case .event(let event): NativeTraceEncoder.line(event)
            case .cause(let cause): NativeTraceEncoder.line(cause)
            case .group(let group): NativeTraceEncoder.line(group)
            case .hitch(let hitch): NativeTraceEncoder.line(hitch)
            }
        }
        let native = ChangeLogTestFiles.write(lines.joined(separator: "\n") + "\n", name: "converted.jsonl")
        let stream = try ByteStream(path: native)
        #expect(InputFormat.detect(try stream.prefix(InputFormat.detectionPrefixLength)) == .native)
        var builder = GraphBuilder()
        try NativeTraceReader.read(stream, into: &builder)
        #expect(builder.finish() == (try Self.graph(name)))
    }
}
