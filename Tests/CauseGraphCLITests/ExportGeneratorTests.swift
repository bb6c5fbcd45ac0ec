import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// `causegraph-export-gen`: a realistic recording, the same in every table it writes.
@Suite("causegraph-export-gen")
struct ExportGeneratorTests {
    static func graph(_ paths: [String]) throws -> JSONValue {
        let result = try Causegraph.run(
            ["render"] + paths + ["--format", "json", "--max-nodes", "0", "--max-edges", "0"])
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONParser.parse(result.output)
    }

    @Test("the same arguments give the same bytes; another seed another recording")
    func deterministic() throws {
        let scratch = try TemporaryFolder()
        let first = try GeneratedRecording.write(3_000, "swiftui-causes", into: scratch)
        let otherScratch = try TemporaryFolder()
        let again = try GeneratedRecording.write(3_000, "swiftui-causes", into: otherScratch)
        let other = try GeneratedRecording.write(3_000, "swiftui-causes", into: scratch, seed: 2)
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: again))
        #expect(FileManager.default.contents(atPath: first) != FileManager.default.contents(atPath: other))
    }

    @Test("the Instruments tables, joined, give the graph of the native recording")
    func tablesAgree() throws {
        let scratch = try TemporaryFolder()
        let tables = try ["swiftui-causes", "swiftui-updates", "swiftui-update-groups", "swiftui-changes"].map {
            try GeneratedRecording.write(5_000, $0, into: scratch)
        }
        let header = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: tables[1])).prefix(4_000), as: UTF8.self)
        for type in [
            "start-time", "uint32", "swiftui-update", "event-count", "view-hierarchy", "description-set",
            "event-concept", "cause-set", "typed-array",
        ] {
            #expect(
                header.contains("<engineering-type>\(type)</engineering-type>"), "swiftui-updates has a \(type) column")
        }
        let instruments = try Self.graph(tables)
        let native = try Self.graph([try GeneratedRecording.write(5_000, "native", into: scratch)])
        let titles = { (graph: JSONValue) in
            Set(
                (graph["nodes"]?.arrayValue ?? []).compactMap { node in
                    node["title"]?.stringValue.map { "\(node["kind"]?.stringValue ?? "") \($0)" }
                })
        }
        #expect(titles(instruments) == titles(native))
        #expect(instruments["edges"]?.arrayValue?.count == native["edges"]?.arrayValue?.count)
        #expect(
            titles(native).contains("gesture TapGesture")
                && titles(native).contains("externalEnvironment External: Time"))
        #expect(titles(native).contains("environmentWriter EnvironmentWriter: ForegroundStyle"))
        // Read alone, the updates table names each view once, whether its body ran or was skipped.
        let updates = try Self.graph([tables[1]])
        let viewTitles = (updates["nodes"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        #expect(!viewTitles.isEmpty && !viewTitles.contains { $0.hasSuffix("(skipped)") })
        // A storage write's first frame is its property's setter: `query.setter`, `LibraryModel.(Array<Item>).setter`.
        let changes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: tables[3])), as: UTF8.self)
        let setters = changes.components(separatedBy: "name=\"").dropFirst().compactMap { tail in
            tail.prefix { $0 != "\"" }.hasSuffix(".setter") ? String(tail.prefix { $0 != "\"" }) : nil
        }
        #expect(setters.contains("LibraryModel.(Array&lt;Item&gt;).setter"))
        #expect(setters.allSatisfy { !$0.contains(" ") }, "\(Set(setters).sorted())")
    }

    @Test("swiftui-full-causes alone gives the nodes, edges and update times of the native recording")
    func fullCausesAgree() throws {
        let scratch = try TemporaryFolder()
        let full = try Self.graph([try GeneratedRecording.write(5_000, "swiftui-full-causes", into: scratch)])
        let native = try Self.graph([try GeneratedRecording.write(5_000, "native", into: scratch)])
        let nodes = { (graph: JSONValue) in
            (graph["nodes"]?.arrayValue ?? []).compactMap { node -> String? in
                guard let title = node["title"]?.stringValue, let kind = node["kind"]?.stringValue else { return nil }
                let duration = node["totalDuration"]?.numberValue.map(String.init) ?? "-"
                return "\(kind) \(title) ×\(node["count"]?.numberValue ?? 0) \(duration)"
            }.sorted()
        }
        #expect(nodes(full) == nodes(native))
        #expect(
            nodes(full).contains { $0.hasPrefix("body LibraryItemSongRow ") && !$0.hasSuffix(" -") },
            "updates have durations")
        #expect(full["edges"]?.arrayValue?.count == native["edges"]?.arrayValue?.count)
    }

    @Test(
        "at 150,000 links: thousands of distinct nodes, and a default picture of at most 80 that fits a screen",
        .disabled(if: Sanitizer.name != nil, "realistic sizes; the sanitizers check this code on small traces"))
    func atScale() throws {
        let scratch = try TemporaryFolder()
        let trace = try GeneratedRecording.write(150_000, "native", into: scratch)
        let summary = try Causegraph.run(["render", trace, "--format", "json", "--max-nodes", "0", "--max-edges", "0"])
        let nodes = try JSONParser.parse(summary.output)["nodes"]?.arrayValue?.count ?? 0
        #expect(nodes > 2_000, "\(nodes) distinct nodes")
        let result = try Causegraph.run(["render", trace, "-o", scratch.path("picture.svg")])
        #expect(result.status == 0)
        #expect(result.standardError.contains("folded into"), "\(result.standardError)")
        let svg = String(decoding: try scratch.read("picture.svg"), as: UTF8.self)
        let drawn = svg.components(separatedBy: "class=\"node ").count - 1
        #expect(drawn > 10 && drawn <= 80, "\(drawn) nodes drawn")
        #expect(svg.contains(" views like LibraryItem…Row"), "the rows fold")
        let size = try #require(svg.firstMatch(of: /<svg width="([0-9.]+)pt" height="([0-9.]+)pt"/))
        let (width, height) = (try #require(Double(size.1)), try #require(Double(size.2)))
        #expect(max(width, height) <= 2.5 * min(width, height), "\(width) × \(height) pt")
    }
}
