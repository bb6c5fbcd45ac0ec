import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// The picture of a realistic recording (`causegraph-export-gen 100000 7
/// native`: 100,000 events, about 2,700 nodes), as a new user first sees it.
@Suite(
    "causegraph render: the picture of a realistic recording",
    .disabled(if: Sanitizer.name == "thread", "realistic sizes; ThreadSanitizer checks this code on small traces"))
struct RealisticPictureTests {
    /// What an SVG picture shows: its size in points, its nodes' classes, its edges.
    struct Picture {
        var width: Double
        var height: Double
        var nodeClasses: [[String]]
        var edges: Int
        var residualEdges: Int

        var area: Double { width * height }
        var updateNodes: [[String]] {
            nodeClasses.filter { $0.contains { ["kind-body", "kind-representable", "kind-other"].contains($0) } }
        }

        init(svg: String) throws {
            let text = svg.replacingOccurrences(of: "&#45;", with: "-")
            let size = try #require(text.firstMatch(of: /<svg width="([0-9.]+)pt" height="([0-9.]+)pt"/))
            width = try #require(Double(size.1))
            height = try #require(Double(size.2))
            nodeClasses = text.matches(of: /<g id="[^"]+" class="node ([^"]*)">/).map {
                $0.1.split(separator: " ").map(String.init)
            }
            let edgeClasses = text.matches(of: /<g id="[^"]+" class="edge ([^"]*)">/).map { String($0.1) }
            edges = edgeClasses.count
            residualEdges = edgeClasses.count { $0.split(separator: " ").contains("residual") }
        }
    }

    private func render(_ trace: String, _ options: [String] = []) throws -> Picture {
        let result = try Causegraph.run(["render", trace, "--format", "svg"] + options)
        try #require(result.status == 0, "\(result.standardError)")
        return try Picture(svg: result.output)
    }

    @Test(
        "colour says where the time went: every update is filled by its share of the time, at most a quarter wear the red mark, classes keep the severity"
    )
    func colourSaysWhereTheTimeWent() throws {
        let scratch = try TemporaryFolder()
        let trace = try GeneratedRecording.write(100_000, "native", into: scratch, seed: 7)
        let picture = try render(trace)
        let updates = picture.updateNodes
        #expect(updates.count >= 30)
        let red = updates.count { $0.contains("mark-veryHigh") }
        #expect(red * 4 <= updates.count, "\(red) of \(updates.count) update nodes wear the red mark")
        #expect(
            updates.allSatisfy { classes in classes.contains { $0.hasPrefix("heat-") } || classes.contains("skipped") })
        // The fills spread over the ramp rather than all wearing one colour.
        let steps = Set(updates.flatMap { $0.filter { $0.hasPrefix("heat-") } })
        #expect(steps.count >= 2, "\(steps)")
        #expect(updates.allSatisfy { classes in classes.contains { $0.hasPrefix("severity-") } })
    }

    @Test(
        "a diff of two realistic recordings is shaped to the changes: at most 80 nodes, no taller than 2.5 times its width, the table ranked by time moved then by count"
    )
    func diffAtRealSize() throws {
        let scratch = try TemporaryFolder()
        let before = try GeneratedRecording.write(100_000, "native", into: scratch, seed: 7)
        let after = try GeneratedRecording.write(100_000, "native", into: scratch, seed: 8)
        let svg = scratch.path("diff.svg")
        let result = try Causegraph.run(["diff", before, after, "-o", svg, "--table-format", "json"])
        try #require(result.status == 0, "\(result.standardError)")
        let picture = try Picture(svg: try String(contentsOfFile: svg, encoding: .utf8))
        #expect(picture.nodeClasses.count <= 80)
        let ratio = max(picture.width, picture.height) / min(picture.width, picture.height)
        #expect(ratio <= 2.5, "\(picture.width)×\(picture.height) pt")
        #expect(picture.edges - picture.residualEdges <= 150, "\(picture.edges) edges drawn, as --max-edges allows")
        // The table: time moved first, then count.
        let changes = try #require(try JSONParser.parse(result.output)["changes"]?.arrayValue)
        func moved(_ change: JSONValue) -> (time: Int64, count: Int64) {
            let time = (change["totalDuration"]?["delta"]?.numberValue).map(abs) ?? 0
            return (time, abs(change["count"]?["delta"]?.numberValue ?? 0))
        }
        let keys = changes.map(moved)
        #expect(keys.count > 100)
        let inOrder = zip(keys, keys.dropFirst()).allSatisfy { (first: (time: Int64, count: Int64), next) in
            first.time > next.time || (first.time == next.time && first.count >= next.count)
        }
        #expect(inOrder)
        #expect(keys.first?.time ?? 0 > 0)
    }

    @Test(
        "--max-nodes 25 draws fewer edges and a smaller picture than the default; no more dotted edges than drawn ones or nodes"
    )
    func fewerNodesSmallerPicture() throws {
        let scratch = try TemporaryFolder()
        let trace = try GeneratedRecording.write(100_000, "native", into: scratch, seed: 7)
        let standard = try render(trace)
        let small = try render(trace, ["--max-nodes", "25"])
        #expect(small.nodeClasses.count <= 25 && small.nodeClasses.count < standard.nodeClasses.count)
        #expect(small.edges < standard.edges, "\(small.edges) edges against \(standard.edges)")
        #expect(
            small.area < standard.area, "\(small.width)×\(small.height) pt against \(standard.width)×\(standard.height)"
        )
        // Fan-out folds, after the edges are chosen, may merge nodes: the node limit bounds those shown then.
        for (picture, nodeLimit) in [(standard, 80), (small, 25)] {
            #expect(
                picture.residualEdges <= max(picture.edges - picture.residualEdges, nodeLimit),
                "\(picture.residualEdges) dotted of \(picture.edges) edges")
        }
    }
}
