import CauseGraphTestSupport
import Foundation
import Testing

/// The pictures the README and `docs/` show, against what their captions'
/// commands draw now: the same nodes, edges, classes and words. Positions
/// are left out, since they follow the Graphviz that laid the picture out;
/// `make docs-images` draws them again.
@Suite("pictures in the documentation")
struct DocumentationImageTests {
    @Test(
        "each picture shows what its command draws now",
        arguments: [
            ("landmarks-favorites-before.svg", ["render", "fixtures/landmarks-favorites-before.jsonl"]),
            (
                "landmarks-diff.svg",
                ["diff", "fixtures/landmarks-favorites-before.jsonl", "fixtures/landmarks-favorites-after.jsonl"]
            ),
        ])
    func current(_ image: String, _ command: [String]) throws {
        // From the package's folder, as the Makefile runs it, so the diff's title names the files alike.
        let drawn = try Causegraph.run(command + ["--format", "svg", "-o", "-"], in: packageRoot)
        #expect(drawn.status == 0, "\(drawn.standardError)")
        let committed = try String(
            contentsOf: packageRoot.appendingPathComponent("docs/images/\(image)"), encoding: .utf8)
        let (shown, now) = (Self.content(of: committed), Self.content(of: drawn.output))
        #expect(!now.isEmpty)
        #expect(
            shown.symmetricDifference(now).count == 0,
            "docs/images/\(image) is out of date; run `make docs-images`. Only in the picture: \(shown.subtracting(now).sorted().prefix(5)); only drawn now: \(now.subtracting(shown).sorted().prefix(5))"
        )
    }

    /// What a picture shows, apart from where: each element's id and class,
    /// and each piece of text, counted. Character references are read, as
    /// Graphviz versions write `-` as `&#45;` or as it is.
    static func content(of svg: String) -> Set<String> {
        var found: [String: Int] = [:]
        for pattern in [#"<g id="[^"]*" class="[^"]*""#, #">[^<>]+</text>"#] {
            for match in svg.matches(of: try! Regex(pattern)) {
                found[decodingReferences(String(svg[match.range])), default: 0] += 1
            }
        }
        return Set(found.map { "\($0.key) ×\($0.value)" })
    }

    static func decodingReferences(_ text: String) -> String {
        text.replacing(#/&#(\d+);/#) { match in
            Unicode.Scalar(UInt32(match.output.1) ?? 0).map { String(Character($0)) } ?? String(match.output.0)
        }
    }
}
