import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// The built graph as the cache keeps it: decoded, it equals what was
/// built, down to the bytes of every text; damaged, it is found, never a trap.
@Suite("the cached graph's document")
struct GraphDocumentTests {
    /// The document of `graph`, decoded again; checks that encoding the
    /// decoded document gives the same bytes.
    static func roundTrip(_ document: GraphDocument) throws -> GraphDocument {
        let bytes = try #require(document.encoded())
        let decoded = try GraphDocument(decoding: bytes)
        #expect(decoded.encoded() == bytes)
        return decoded
    }

    static func document(_ graph: CauseEffectGraph) -> GraphDocument {
        GraphDocument(graph: graph, window: nil, interaction: nil, interactions: [])
    }

    /// Every text of the graph as bytes: `==` on `String` holds NFC and NFD as equal.
    static func texts(_ graph: CauseEffectGraph) -> [[UInt8]] {
        var texts: [String] = graph.nodes.flatMap { [$0.id, $0.title, $0.module ?? "-"] + $0.backtrace }
        texts += graph.edges.flatMap { [$0.id, $0.from, $0.to, $0.label.rawValue] + $0.changed }
        texts += graph.groups.map(\.label) + graph.hitches.compactMap(\.hitch.narrative)
        return texts.map { Array($0.utf8) }
    }

    @Test("every bundled fixture and real sample: decoded equals built, byte for byte, with what the filters left out")
    func fixturesRoundTrip() throws {
        let real = packageRoot.appendingPathComponent("fixtures/real").path
        let samples = try FileManager.default.contentsOfDirectory(atPath: real).filter { $0.hasSuffix(".txt") }
        #expect(samples.count >= 4)
        let paths =
            allFixtures.map { packageRoot.appendingPathComponent("fixtures/\($0).jsonl").path }
            + samples.sorted().map { real + "/" + $0 }
            + [packageRoot.appendingPathComponent("fixtures/instruments/recording/all-tables.xml").path]
        for path in paths {
            var diagnostics = Diagnostics()
            var tally = InteractionTally()
            let pipeline = TracePipeline(window: try TimeWindow(start: 0, end: nil))
            let reading = try pipeline.reconstruct([path], alongside: &tally, diagnostics: &diagnostics)
            let document = GraphDocument(
                graph: reading.graph, window: reading.window, interaction: nil, interactions: tally.ranked)
            let decoded = try Self.roundTrip(document)
            #expect(decoded == document, "\(path)")
            #expect(Self.texts(decoded.graph) == Self.texts(document.graph), "\(path)")
        }
    }

    @Test("a generated recording with update groups and hitches, read for one interaction")
    func generatedRecording() throws {
        let scratch = try TemporaryFolder()
        let recording = try GeneratedRecording.write(5_000, "native", into: scratch)
        var diagnostics = Diagnostics()
        let whole = try TracePipeline().reconstruct([recording], diagnostics: &diagnostics).graph
        #expect(!whole.groups.isEmpty && whole.edges.contains { !$0.groups.isEmpty })
        let group = try #require(whole.groups.first?.id)
        let reading = try TracePipeline(interaction: .group(group)).reconstruct([recording], diagnostics: &diagnostics)
        for document in [
            Self.document(whole),
            GraphDocument(
                graph: reading.graph, window: nil, interaction: reading.interaction,
                interactions: [
                    RankedInteraction(
                        group: -3, label: nil, start: .min, bodies: 2, bodyTime: .max, gestures: [0, .max],
                        gestureTitle: "")
                ]),
        ] {
            #expect(try Self.roundTrip(document) == document)
        }
    }

    @Test("nil and 0 stay apart, Int64 extremes survive, NFC and NFD titles keep their bytes, two frame rates")
    func edgeValues() throws {
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        var bursty = CauseEffectGraph.Node(
            id: "n2", key: NodeKey(kind: .body, title: decomposed, module: "", owner: .system), count: 3, ran: 1,
            skipped: 2, totalDuration: .max, maxDuration: 0, severity: .veryHigh, groups: [5, -2, .max, .min],
            backtrace: ["", "\u{202E}"], densestBurst: 3)
        bursty.severityCounts[.veryHigh] = 3
        bursty.severityDurations.add(.max, at: .low)
        let graph = CauseEffectGraph(
            app: "",
            frameRate: 120,
            nodes: [
                CauseEffectGraph.Node(id: "n1", key: NodeKey(kind: .state, title: composed, owner: .app)), bursty,
            ],
            edges: [
                CauseEffectGraph.Edge(
                    id: "e1", from: "n1", to: "n2", kind: .state, label: CauseLabel(rawValue: "Odd label"), count: 1,
                    changed: ["", "x"], groups: [.min], skipped: 0, maxPerCause: 1, isResidual: true)
            ],
            groups: [UpdateGroup(id: -1, label: "", start: 0, duration: nil)],
            worstUpdates: [
                UpdateExample(event: .max, node: "n2", kind: .body, time: nil, duration: .min, severity: nil, group: 0)
            ],
            frameRates: [60, 120],
            hitches: [
                .init(
                    hitch: Hitch(kind: .hang, start: .min, duration: .max, hangType: "", process: nil, narrative: "n"),
                    document: 1, groups: [3, 1], updates: [.init(node: "n2", count: 4)])
            ],
            burstWindow: 0)
        var window = WindowStatistics()
        window.hitchesOutside = .max
        let document = GraphDocument(
            graph: graph, window: window, interaction: InteractionStatistics(), interactions: [])
        let decoded = try Self.roundTrip(document)
        #expect(decoded == document)
        #expect(Self.texts(decoded.graph) == Self.texts(graph))
        #expect(decoded.graph.nodes[0].module == nil && decoded.graph.nodes[1].module == "")
        #expect(decoded.graph.nodes[0].totalDuration == nil && decoded.graph.nodes[1].maxDuration == 0)
        #expect(try Self.roundTrip(Self.document(CauseEffectGraph())) == Self.document(CauseEffectGraph()))
    }

    @Test("a graph whose ids are not the builder's is not kept: the layout rebuilds ids from order")
    func foreignIDsAreRefused() {
        let node = CauseEffectGraph.Node(id: "n7", key: NodeKey(kind: .body, title: "A", owner: .app))
        #expect(Self.document(CauseEffectGraph(nodes: [node])).encoded() == nil)
        let first = CauseEffectGraph.Node(id: "n1", key: NodeKey(kind: .body, title: "A", owner: .app))
        let edge = CauseEffectGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .update, label: .update)
        #expect(Self.document(CauseEffectGraph(nodes: [first], edges: [edge])).encoded() == nil)
    }

    @Test("every cut is damage; every changed byte is damage or another graph, never a trap")
    func damageIsFound() throws {
        let graph = try fixtureGraph("landmarks-favorites-hitches")
        let bytes = try #require(Self.document(graph).encoded())
        for length in 0..<bytes.count {
            #expect(throws: CacheRecordFile.Damage.self) { try GraphDocument(decoding: Array(bytes.prefix(length))) }
        }
        #expect(throws: CacheRecordFile.Damage.self) { try GraphDocument(decoding: bytes + [0]) }
        for position in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = bytes
                changed[position] ^= flip
                if let decoded = try? GraphDocument(decoding: changed) {
                    #expect(
                        decoded.graph.edges.allSatisfy { edge in
                            decoded.graph.nodes.contains { $0.id == edge.from }
                                && decoded.graph.nodes.contains { $0.id == edge.to }
                        })
                }
            }
        }
    }
}
