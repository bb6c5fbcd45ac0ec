import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("DOT encoder")
struct DOTEncoderTests {
    @Test(
        "quoted strings keep quotes, backslashes, entities and newlines as text",
        arguments: [
            (#"a"b"#, #"a\"b"#),
            (#"\N"#, #"\\\\N"#),
            ("&lt;", "&amp;lt;"),
            ("one\ntwo", #"one\ntwo"#),
            ("bell\u{07}", "bell\u{2407}"),
            ("漢字 😀", "漢字 😀"),
        ])
    func escString(_ text: String, _ expected: String) {
        #expect(DOTEscaping.escString(text) == expected)
    }

    @Test(
        "HTML label text keeps markup, entities and backslashes as text",
        arguments: [
            (#""];x[label=<script>"#, #"&quot;];x[label=&lt;script&gt;"#),
            ("</text>", "&lt;/text&gt;"),
            ("&amp;", "&amp;amp;"),
            (#"\G"#, #"\\G"#),
            ("a\nb", "a<BR/>b"),
            ("tab\tesc\u{1B}", "tab\u{2409}esc\u{241B}"),
        ])
    func htmlText(_ text: String, _ expected: String) {
        #expect(DOTEscaping.htmlText(text) == expected)
    }

    @Test("node styles tell kinds, owners, severity and skipped apart")
    func nodeAttributes() {
        let skipped = CauseGraph.Node(
            id: "n1", key: NodeKey(kind: .body, title: "Row", owner: .app),
            count: 4, ran: 0, skipped: 4, totalDuration: 9_000_000, maxDuration: 3_000_000, severity: .high)
        let partly = CauseGraph.Node(
            id: "n2", key: NodeKey(kind: .body, title: "List", owner: .system),
            count: 12, ran: 3, skipped: 9, totalDuration: 1_200_000, maxDuration: 200_000, severity: .medium)
        let dot = DOTEncoder().encode(CauseGraph(nodes: [skipped, partly]))
        let lines = dot.split(separator: "\n")
        let first = try! #require(lines.first { $0.hasPrefix("  n1 [") })
        #expect(first.contains(#"class="kind-body owner-app severity-high skipped""#))
        #expect(first.contains(#"style="filled,rounded,dashed""#))
        #expect(first.contains(##"color="#dc2626""##))
        #expect(first.contains("skipped 4 of 4 · 9 ms"))
        let second = try! #require(lines.first { $0.hasPrefix("  n2 [") })
        #expect(second.contains(#"class="kind-body owner-system severity-medium partly-skipped""#))
        #expect(second.contains(##"color="#f59e0b""##))
        #expect(second.contains("ran 3 of 12 · 1.2 ms"))
    }

    @Test("edge labels read kind and count, and pen width grows with the count")
    func edges() {
        let nodes = [
            CauseGraph.Node(id: "n1", key: NodeKey(kind: .state, title: "V.x", owner: .app), count: 1),
            CauseGraph.Node(id: "n2", key: NodeKey(kind: .body, title: "V", owner: .app), count: 1, ran: 1),
        ]
        let edges = [
            CauseGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .state, label: .update, count: 12),
            CauseGraph.Edge(id: "e2", from: "n1", to: "n2", kind: .creation, label: .creation, count: 1),
        ]
        let dot = DOTEncoder().encode(CauseGraph(nodes: nodes, edges: edges))
        #expect(dot.contains(#"n1 -> n2 [id="e1", class="kind-state label-update", label="update ×12", penwidth=3.4"#))
        #expect(
            dot.contains(#"n1 -> n2 [id="e2", class="kind-creation label-creation", label="creation ×1", penwidth=1.0"#)
        )
    }

    @Test("an invalidation is its own label; a label the trace spelled its own way is escaped text")
    func labelsBeyondUpdateAndCreation() {
        let nodes = [
            CauseGraph.Node(id: "n1", key: NodeKey(kind: .observable, title: "M.x", owner: .app), count: 1),
            CauseGraph.Node(id: "n2", key: NodeKey(kind: .body, title: "V", owner: .app), count: 1, ran: 1),
        ]
        let edges = [
            CauseGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .observable, label: .invalidation, count: 3),
            CauseGraph.Edge(
                id: "e2", from: "n1", to: "n2", kind: .observable, label: CauseLabel(rawValue: "Dep\"<b>&x"), count: 1),
        ]
        let dot = DOTEncoder().encode(CauseGraph(nodes: nodes, edges: edges))
        #expect(
            dot.contains(
                #"n1 -> n2 [id="e1", class="kind-observable label-invalidation", label="invalidation ×3", penwidth=1.8"#
            ))
        #expect(
            dot.contains(
                #"n1 -> n2 [id="e2", class="kind-observable label-Dep--b--x", label=<Dep&quot;&lt;b&gt;&amp;x ×1>, penwidth=1.0"#
            ))
    }

    @Test("every kind has its own shape and word")
    func kindsAreDistinct() {
        let style = GraphStyle.light
        #expect(Set(NodeKind.allCases.map(style.shape(of:))).count == NodeKind.allCases.count)
        #expect(Set(NodeKind.allCases.map(style.word(for:))).count == NodeKind.allCases.count)
    }
}

@Suite("DOT of titles Graphviz used to refuse")
struct UnrenderableTitleDOTTests {
    @Test("blank titles and app names get a placeholder; no line passes 16 KB")
    func untitled() throws {
        let dot = DOTEncoder().encode(try UnrenderableTitles.graph())
        #expect(!dot.contains("<B></B>"))
        #expect(!dot.contains("<B> </B>"))
        #expect(dot.contains("label=<<B>(untitled)</B>>"))
        #expect(dot.components(separatedBy: "<B>(untitled)</B>").count == 1 + 1 + 2)
        #expect(dot.split(separator: "\n").allSatisfy { $0.utf8.count < 16_384 })
        #expect(dot.contains("<B>" + String(repeating: "x", count: DOTEscaping.labelCharacters - 1) + "…</B>"))
        #expect(
            !dot.unicodeScalars.contains {
                [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFF, 0x202E, 0x2028, 0x2066].contains($0.value)
            })
    }

    @Test("the diff's DOT too")
    func diff() throws {
        let graph = try UnrenderableTitles.graph()
        let dot = DiffDOTEncoder().encode(GraphDiff(before: CauseGraph(), after: graph, beforeName: "", afterName: "b"))
        #expect(!dot.contains("<B></B>"))
        #expect(dot.split(separator: "\n").allSatisfy { $0.utf8.count < 16_384 })
    }
}
