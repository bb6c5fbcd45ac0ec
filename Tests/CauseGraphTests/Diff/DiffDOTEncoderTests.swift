import CauseGraph
import Foundation
import Testing

/// The attributes of one DOT statement (`  n1 [a=b, c="d"]`), by name.
private func attributes(of line: Substring) -> [String: String] {
    guard let open = line.firstIndex(of: "[") else { return [:] }
    var result: [String: String] = [:]
    var rest = line[line.index(after: open)...]
    while let equals = rest.firstIndex(of: "=") {
        let name = rest[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: ", "))
        var value = rest[rest.index(after: equals)...]
        let end: Substring.Index
        if value.first == "\"" {
            value = value.dropFirst()
            var index = value.startIndex
            while index < value.endIndex && value[index] != "\"" {
                index = value[index] == "\\" ? value.index(index, offsetBy: 2) : value.index(after: index)
            }
            end = index
            result[name] = String(value[..<end])
            rest = value[value.index(after: end)...]
        } else if value.first == "<" {
            var depth = 0
            var index = value.startIndex
            repeat {
                if value[index] == "<" { depth += 1 } else if value[index] == ">" { depth -= 1 }
                index = value.index(after: index)
            } while depth > 0 && index < value.endIndex
            result[name] = String(value[..<index])
            rest = value[index...]
        } else {
            end = value.firstIndex { $0 == "," || $0 == "]" } ?? value.endIndex
            result[name] = String(value[..<end])
            rest = value[end...]
        }
    }
    return result
}

/// A diff with one node and one edge of every change.
private func everyChange() throws -> GraphDiff {
    func trace(_ records: [String]) -> String { ([traceHeader] + records).joined(separator: "\n") + "\n" }
    func node(_ id: Int, _ title: String, _ kind: String = "body") -> String {
        #"{"node": \#(id), "kind": "\#(kind)", "title": "\#(title)", "owner": "app", "duration": 1000}"#
    }
    func edges(_ from: Int, _ to: Int, _ count: Int) -> [String] {
        Array(repeating: #"{"edge": [\#(from), \#(to)], "label": "update"}"#, count: count)
    }
    // Node counts before/after: Same 1/1, Gone 1/0, New 0/1, Grows 1/2, Shrinks 2/1, Steady 1/1;
    // links from Same: to Gone 1/0, New 0/1, Grows 1/2, Shrinks 3/1, Steady 1/1.
    let before = trace(
        [node(1, "Same"), node(2, "Gone"), node(4, "Grows"), node(5, "Shrinks"), node(6, "Shrinks"), node(8, "Steady")]
            + edges(1, 2, 1) + edges(1, 4, 1) + edges(1, 5, 3) + edges(1, 8, 1))
    let after = trace(
        [node(1, "Same"), node(3, "New"), node(4, "Grows"), node(7, "Grows"), node(5, "Shrinks"), node(8, "Steady")]
            + edges(1, 3, 1) + edges(1, 4, 2) + edges(1, 5, 1) + edges(1, 8, 1))
    return GraphDiff(before: try graph(ofTrace: before), after: try graph(ofTrace: after))
}

@Suite("Diff DOT encoder")
struct DiffDOTEncoderTests {
    @Test("every change has its class, and its line tells it apart without colour")
    func greyscaleDistinguishable() throws {
        let diff = try everyChange()
        #expect(Set(diff.nodes.map(\.change)) == Set(DiffChange.allCases))
        let dot = DiffDOTEncoder().encode(diff)
        let lines = dot.split(separator: "\n")

        var nodeLooks: [DiffChange: String] = [:]
        for node in diff.nodes {
            let line = try #require(lines.first { $0.hasPrefix("  \(node.id) [") })
            let found = attributes(of: line)
            #expect(found["id"] == node.id)
            #expect(found["class"]?.hasPrefix(node.change.className + " kind-\(node.kind.rawValue)") == true)
            // Same's runs have no cause link: the node that says so is no change of its own.
            guard node.kind == .body else { continue }
            // What is left once every colour is dropped: the line style, outlines and pen width.
            nodeLooks[node.change] = [found["style"] ?? "", found["peripheries"] ?? "1", found["penwidth"] ?? ""]
                .joined(separator: "|")
        }
        #expect(nodeLooks.count == 5)
        #expect(Set(nodeLooks.values).count == 5, "node looks that differ only by colour: \(nodeLooks)")

        var edgeLooks: [DiffChange: String] = [:]
        for edge in diff.edges {
            let line = try #require(
                lines.first { $0.hasPrefix("  \(edge.from) -> \(edge.to) [") && $0.contains("id=\"\(edge.id)\"") })
            let found = attributes(of: line)
            #expect(found["class"]?.hasPrefix(edge.change.className + " kind-") == true)
            let lineCount = (found["color"] ?? "").split(separator: ":").count
            edgeLooks[edge.change] = [found["style"] ?? "", "\(lineCount) lines", found["penwidth"] ?? ""].joined(
                separator: "|")
        }
        #expect(Set(diff.edges.map(\.change)) == Set(DiffChange.allCases))
        #expect(Set(edgeLooks.values).count == 5, "edge looks that differ only by colour: \(edgeLooks)")
    }

    @Test("the styles named in the legend are the ones drawn")
    func legend() throws {
        let dot = DiffDOTEncoder().encode(try everyChange())
        for (change, word) in [
            ("added", "bold"), ("removed", "dashed"), ("more", "double"), ("less", "dotted"), ("same", "thin"),
        ] {
            #expect(dot.contains("\(change): \(word)</FONT>"))
        }
        let style = DiffStyle.light
        #expect(style.added.edgeLine == "bold" && style.removed.edgeLine == "dashed" && style.less.edgeLine == "dotted")
        #expect(style.more.doubleEdge && style.more.peripheries == 2)
        #expect(Double(style.same.penWidth)! < Double(style.removed.penWidth)!)
    }

    @Test("labels show both counts and the delta")
    func labels() throws {
        let diff = try everyChange()
        let dot = DiffDOTEncoder().encode(diff)
        #expect(dot.contains(#"label="update 3 → 1 (−2)""#))
        #expect(dot.contains(#"label="update 0 → 1 (+1)""#))
        #expect(
            dot.contains(
                "<B>Grows</B><BR/><FONT POINT-SIZE=\"9\">1 → 2 (+1) updates</FONT><BR/><FONT POINT-SIZE=\"9\">1 µs → 2 µs (+1 µs)</FONT>"
            ))
        #expect(dot.contains(##"COLOR="#475569">BODY · LESS</FONT><BR/><B>Shrinks</B>"##))
    }

    @Test("the Landmarks diff matches its golden DOT file")
    func golden() throws {
        let diff = GraphDiff(
            before: try fixtureGraph("landmarks-favorites-before"),
            after: try fixtureGraph("landmarks-favorites-after"),
            beforeName: "landmarks-favorites-before.jsonl", afterName: "landmarks-favorites-after.jsonl")
        let actual = DiffDOTEncoder().encode(diff)
        try Golden.check(actual, against: "fixtures/golden/landmarks-favorites.diff.dot")
        #expect(actual == DiffDOTEncoder().encode(diff), "the same diff encodes to the same bytes")
    }

    @Test("hostile titles and names stay text in the DOT")
    func hostileTitles() throws {
        let hostile = try fixtureGraph("hostile-titles")
        let diff = GraphDiff(
            before: hostile, after: try fixtureGraph("onoff-toggle"), beforeName: "a\"b<c>.jsonl", afterName: "\\N")
        let dot = DiffDOTEncoder().encode(diff)
        // Markup can only be markup inside HTML labels; there it is escaped.
        for line in dot.split(separator: "\n") {
            for rest in line.components(separatedBy: "label=<").dropFirst() {
                let label = rest.components(separatedBy: ", tooltip=").first ?? rest
                #expect(!label.contains("<script>") && !label.contains("</text>"))
            }
        }
        #expect(dot.contains("a&quot;b&lt;c&gt;.jsonl → \\\\N"))
        for node in hostile.nodes {
            #expect(dot.contains("<B>\(DOTEscaping.htmlText(node.title))</B>"), "title \(node.title.debugDescription)")
            #expect(dot.contains("tooltip=\"\(DOTEscaping.escString(node.title))\\n"))
        }
        // One statement a line: no title broke out of its string.
        let statements = dot.split(separator: "\n").filter {
            $0.hasPrefix("  n") && $0.dropFirst(3).first?.isNumber == true
        }
        #expect(statements.count == diff.nodes.count + diff.edges.count)
    }
}
