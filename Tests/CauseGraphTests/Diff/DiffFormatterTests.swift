import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("Diff tables")
struct DiffFormatterTests {
    private func landmarks() throws -> DiffTable {
        DiffTable(
            GraphDiff(
                before: try fixtureGraph("landmarks-favorites-before"),
                after: try fixtureGraph("landmarks-favorites-after"),
                beforeName: "before.jsonl", afterName: "after.jsonl"))
    }

    /// Everything in the hostile fixture removed, and the on/off fixture added.
    private func hostile() throws -> DiffTable {
        DiffTable(
            GraphDiff(
                before: try fixtureGraph("hostile-titles"), after: try fixtureGraph("onoff-toggle"),
                beforeName: "evil|name`<b>.jsonl", afterName: "after\u{1B}[31m.jsonl"))
    }

    @Test("text reads largest change first and fits 80 columns")
    func text() throws {
        let text = DiffFormatter.format(try landmarks(), as: .text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.prefix(5) == [
                "Landmarks",
                "  before: before.jsonl (3 update groups)",
                "  after:  after.jsonl (3 update groups)",
                "  nodes: 1 added, 1 less, 6 same",
                "  edges: 2 added, 1 removed, 5 same",
            ])
        #expect(
            text.contains(
                """
                  faster   node  LandmarkListItemView
                                 body · 72 → 3 (−69) updates · 10.1 ms → 441 µs (−9.64 ms)
                  removed  edge  ModelData.favoritesCollection → LandmarkListItemView
                                 observable · 72 → 0 (−72) links
                """))
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(!text.contains("\u{1B}"))
        let coloured = DiffFormatter.format(try landmarks(), as: .text, style: TextStyle(colour: true))
        #expect(coloured.contains("\u{1B}[31mremoved  \u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32madded    \u{1B}[0m"))
    }

    @Test("a row with times on both sides says how its time moved, which ranks the table; others, how their count did")
    func wordFollowsTime() throws {
        // Row: 3 updates of 100 ns, then 2 of 400 ns; Cell: 1 of 1,000 ns, then 2 of 100 ns.
        func graph(_ rows: [(String, Nanoseconds)]) throws -> CauseEffectGraph {
            var builder = GraphBuilder()
            try builder.begin(TraceHeader())
            try builder.add(TraceEvent(id: 1, kind: .state, title: "model", owner: .app))
            for (offset, (title, duration)) in rows.enumerated() {
                let id = EventID(offset + 2)
                try builder.add(TraceEvent(id: id, kind: .body, title: title, owner: .app, duration: duration))
                try builder.add(TraceCause(from: 1, to: id, label: .update))
            }
            return builder.finish()
        }
        let table = DiffTable(
            GraphDiff(
                before: try graph([("Row", 100), ("Row", 100), ("Row", 100), ("Cell", 1_000)]),
                after: try graph([("Row", 400), ("Row", 400), ("Cell", 100), ("Cell", 100)]),
                beforeName: "a.jsonl", afterName: "b.jsonl"))
        let text = DiffFormatter.format(table, as: .text)
        #expect(text.contains("  slower   node  Row\n"), "\(text)")
        #expect(text.contains("body · 3 → 2 (−1) updates · 300 ns → 800 ns (+500 ns)"), "\(text)")
        #expect(text.contains("  faster   node  Cell\n"), "\(text)")
        #expect(text.contains("  less     edge  model → Row\n"), "an edge has no time: its count speaks")
        #expect(!text.contains("  more     node") && !text.contains("  less     node"))
        let markdown = DiffFormatter.format(table, as: .markdown)
        #expect(markdown.contains("| slower | Row | body |"), "\(markdown)")
        #expect(markdown.contains("| faster | Cell | body |"), "\(markdown)")
        let json = try JSONParser.parse(DiffFormatter.format(table, as: .json))
        let row = json["changes"]?.arrayValue?.first { $0["title"]?.stringValue == "Row" }
        #expect(row?["change"]?.stringValue == "less", "JSON keeps the class by count")
    }

    @Test("nodes of one title that differ by module or owner say which is which; others do not")
    func sameTitleOtherModule() throws {
        func graph(module: String?) throws -> CauseEffectGraph {
            var builder = GraphBuilder()
            try builder.begin(TraceHeader())
            try builder.add(TraceEvent(id: 1, kind: .state, title: "count", owner: .app))
            try builder.add(TraceEvent(id: 2, kind: .body, title: "Toggle<Text>", module: module, owner: .system))
            try builder.add(TraceCause(from: 1, to: 2, label: .update))
            return builder.finish()
        }
        let table = DiffTable(
            GraphDiff(
                before: try graph(module: nil), after: try graph(module: "Swift\u{1B}[2JUI"), beforeName: "a.xml",
                afterName: "b.jsonl"))
        let text = DiffFormatter.format(table, as: .text)
        #expect(text.contains("body (no module, system) · 1 → 0 (−1) updates"), "\(text)")
        #expect(text.contains("body (module Swift␛[2JUI, system) · 0 → 1 (+1) updates"), "\(text)")
        #expect(!text.contains("state ("), "a title no other row shares keeps its kind alone")
        let markdown = DiffFormatter.format(table, as: .markdown)
        #expect(markdown.contains("| body (no module, system) |"), "\(markdown)")
    }

    @Test("hostile titles stay on their line in text, and control characters are visible")
    func hostileText() throws {
        let text = DiffFormatter.format(try hostile(), as: .text)
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\t"))
        #expect(text.contains("after␛[31m.jsonl"))
        #expect(text.contains("Two␊Lines"))
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
        // Every row is two lines (or more, wrapped): no title added a line of its own.
        let rowStarts = text.split(separator: "\n").filter { $0.hasPrefix("  removed") || $0.hasPrefix("  added") }
        #expect(rowStarts.count == (try hostile()).rows.count)
    }

    @Test("hostile titles stay text in Markdown, one cell each")
    func hostileMarkdown() throws {
        let markdown = DiffFormatter.format(try hostile(), as: .markdown)
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("</text>"))
        #expect(markdown.contains("Closing&lt;/text&gt;&lt;text&gt;"))
        #expect(markdown.contains("evil\\|name\\`&lt;b&gt;.jsonl"))
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") && !line.contains("---") {
            let cells = line.replacingOccurrences(of: "\\|", with: "").split(
                separator: "|", omittingEmptySubsequences: false
            ).count
            #expect(cells == 7 || cells == 8, "row with stray cells: \(line)")
        }
    }

    @Test("Markdown of the Landmarks diff is a pull-request table")
    func markdown() throws {
        let markdown = DiffFormatter.format(try landmarks(), as: .markdown)
        #expect(markdown.hasPrefix("## SwiftUI update diff: Landmarks\n"))
        #expect(markdown.contains("| nodes | 1 | 0 | 0 | 1 | 6 |\n| edges | 2 | 1 | 0 | 0 | 5 |"))
        #expect(
            markdown.contains(
                "| removed | ModelData.favoritesCollection → LandmarkListItemView | observable edge | 72 → 0 (−72) |  |"
            ))
        #expect(
            markdown.contains("| faster | LandmarkListItemView | body | 72 → 3 (−69) | 10.1 ms → 441 µs (−9.64 ms) |"))
    }

    @Test("JSON tables and graphs parse and keep hostile text as data", arguments: [true, false])
    func json(_ isHostile: Bool) throws {
        let table = isHostile ? try hostile() : try landmarks()
        let document = try JSONParser.parse(DiffFormatter.format(table, as: .json))
        let changes = try #require(document["changes"]?.arrayValue)
        #expect(changes.count == table.rows.count)
        let graph = try JSONParser.parse(DiffJSONEncoder.encode(table.diff))
        #expect(graph["nodes"]?.arrayValue?.count == table.diff.nodes.count)
        if isHostile {
            let titles = Set(changes.compactMap { $0["title"]?.stringValue })
            #expect(titles.contains("Tap\"];x[label=<script>alert(1)</script>"))
            #expect(!DiffFormatter.format(table, as: .json).contains("<script>"))
        } else {
            let first = try #require(changes.first)
            #expect(first["change"]?.stringValue == "less", "the change worth the most time first")
            #expect(first["count"]?["delta"]?.numberValue == -69)
            #expect(graph["totals"]?["edges"]?["removed"]?.numberValue == 1)
        }
    }
}
