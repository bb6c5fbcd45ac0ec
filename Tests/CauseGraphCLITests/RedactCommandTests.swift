import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// `causegraph redact`: the shape stays, the app's names go, the system's stay.
@Suite("causegraph redact")
struct RedactCommandTests {
    static let instrumentsTables = [
        "swiftui-causes", "swiftui-updates", "swiftui-layout-updates", "swiftui-changes", "swiftui-update-groups",
    ].map { fixture("instruments/recording/\($0).xml") }

    /// The graph's nodes as (kind, owner, title) and its edges as (kind, label, count), sorted.
    static func shape(_ inputs: [String]) throws -> (nodes: [[String]], edges: [[String]], titles: [String: String]) {
        let result = try Causegraph.run(
            ["render"] + inputs + ["--format", "json", "--max-nodes", "0", "--max-edges", "0"])
        #expect(result.status == 0, "\(result.standardError)")
        let graph = try JSONParser.parse(result.output)
        let nodes = try #require(graph["nodes"]?.arrayValue)
        var titles: [String: String] = [:]
        for node in nodes { titles[node["title"]?.stringValue ?? ""] = node["owner"]?.stringValue }
        let edges = try #require(graph["edges"]?.arrayValue)
        return (
            nodes.map {
                [$0["kind"]?.stringValue ?? "", $0["owner"]?.stringValue ?? "", "\($0["count"]?.numberValue ?? -1)"]
            }
            .sorted { $0.joined(separator: " ") < $1.joined(separator: " ") },
            edges.map {
                [$0["kind"]?.stringValue ?? "", $0["label"]?.stringValue ?? "", "\($0["count"]?.numberValue ?? -1)"]
            }
            .sorted { $0.joined(separator: " ") < $1.joined(separator: " ") },
            titles
        )
    }

    static func identifiers(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    @Test(
        "shape kept, app names gone, system names kept, deterministic",
        arguments: [["contact-list.jsonl"], ["INSTRUMENTS"]])
    func redacts(_ names: [String]) throws {
        let inputs = names == ["INSTRUMENTS"] ? Self.instrumentsTables : names.map(fixture)
        let scratch = try TemporaryFolder()
        let redacted = scratch.path("redacted.jsonl")
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact"] + inputs + ["-o", redacted, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let before = try Self.shape(inputs)
        let after = try Self.shape([redacted])
        #expect(after.nodes == before.nodes && after.edges == before.edges && !before.nodes.isEmpty)
        // Every app name in the map is gone from the redacted trace, and the map names some.
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        #expect(mapping.count >= 3)
        let text = try String(contentsOfFile: redacted, encoding: .utf8)
        let words = Self.identifiers(text)
        for name in mapping.keys { #expect(!words.contains(name), "\(name) is gone") }
        // The system's titles are as they were.
        for (title, owner) in before.titles where owner == "system" {
            #expect(after.titles[title] == "system", "\(title) stays")
        }
        // The app's titles are all renamed.
        for (title, owner) in before.titles where owner == "app" && title.contains(where: \.isLowercase) {
            let appWords = Self.identifiers(title).filter { mapping[$0] != nil }
            if !appWords.isEmpty { #expect(after.titles[title] == nil, "\(title) is renamed") }
        }
        // Deterministic; a salt changes the pseudonyms, the same salt gives the same ones.
        let again = try Causegraph.run(["redact"] + inputs + ["-o", "-"])
        #expect(again.output == text)
        let salted = try Causegraph.run(["redact"] + inputs + ["--salt", "s3cret"])
        let saltedAgain = try Causegraph.run(["redact"] + inputs + ["--salt", "s3cret"])
        let otherSalt = try Causegraph.run(["redact"] + inputs + ["--salt", "other"])
        #expect(salted.output == saltedAgain.output && salted.output != text && salted.output != otherSalt.output)
    }

    @Test("standard input cannot be read twice: exit 2")
    func refusesStandardInput() throws {
        let result = try Causegraph.run(
            ["redact", "-"], standardInput: try Data(contentsOf: URL(fileURLWithPath: fixture("contact-list.jsonl"))))
        #expect(result.status == 2 && result.standardError.contains("not standard input"))
    }
}
