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
            (#""];x[label=<script>"#, #"&quot;&#93;;x[label=&lt;script&gt;"#),
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
        let skipped = CauseEffectGraph.Node(
            id: "n1", key: NodeKey(kind: .body, title: "Row", owner: .app),
            count: 4, ran: 0, skipped: 4, totalDuration: 9_000_000, maxDuration: 3_000_000, severity: .high)
        let partly = CauseEffectGraph.Node(
            id: "n2", key: NodeKey(kind: .body, title: "List", owner: .system),
            count: 12, ran: 3, skipped: 9, totalDuration: 1_200_000, maxDuration: 200_000, severity: .medium)
        let dot = DOTEncoder().encode(CauseEffectGraph(nodes: [skipped, partly]))
        let lines = dot.split(separator: "\n")
        let first = try! #require(lines.first { $0.hasPrefix("  n1 [") })
        #expect(first.contains(#"class="kind-body owner-app severity-high skipped""#))
        #expect(first.contains(#"style="filled,rounded,dashed""#))
        #expect(first.contains(##"fillcolor="#f8fafc""##) && first.contains(##"color="#2563eb""##), "dimmed, unmarked")
        #expect(first.contains("skipped 4 of 4 · 9 ms"))
        let second = try! #require(lines.first { $0.hasPrefix("  n2 [") })
        #expect(second.contains(#"class="kind-body owner-system severity-medium heat-2 partly-skipped""#))
        #expect(second.contains(##"color="#6b7280""##), "no mark: its long updates are not most of its time")
        #expect(second.contains("ran 3 of 12 · 1.2 ms"))
        #expect(second.contains("12% of all update time"))
    }

    @Test(
        "an update's fill is its share of all update time; a border marks only nodes whose long updates took most of their time"
    )
    func heatAndMarks() {
        func update(_ id: String, total: Nanoseconds, long: Nanoseconds, at severity: Severity) -> CauseEffectGraph.Node
        {
            var durations = SeverityDurations()
            durations.add(long, at: severity)
            durations.add(total - long, at: .low)
            return CauseEffectGraph.Node(
                id: id, key: NodeKey(kind: .body, title: id.uppercased(), owner: .app), count: 10, ran: 10,
                totalDuration: total, maxDuration: long, severity: severity, severityDurations: durations)
        }
        let nodes = [
            // One frame-long update among many short ones: 30% of its time, no mark.
            update("a", total: 50_000_000, long: 15_000_000, at: .veryHigh),
            // Frame-long updates took 60% of its time: the red mark.
            update("b", total: 30_000_000, long: 18_000_000, at: .veryHigh),
            // Long (high) updates took most of its time: the orange mark.
            update("c", total: 15_000_000, long: 10_000_000, at: .high),
            update("d", total: 4_000_000, long: 1_000_000, at: .medium),
            update("e", total: 1_000_000, long: 0, at: .low),
            CauseEffectGraph.Node(id: "f", key: NodeKey(kind: .state, title: "S", owner: .app), count: 1),
        ]
        let graph = CauseEffectGraph(nodes: nodes)
        let palette = GraphStyle.light.palette
        let lines = DOTEncoder().encode(graph, heat: UpdateHeat(totalTime: 200_000_000)).split(separator: "\n")
        func line(_ id: String) -> String { String(lines.first { $0.hasPrefix("  \(id) [") } ?? "") }
        // Shares of 200 ms: 25%, 15%, 7.5%, 2%, 0.5%.
        #expect(line("a").contains("fillcolor=\"\(palette.heat[3])\"") && line("a").contains("heat-3"))
        #expect(line("b").contains("fillcolor=\"\(palette.heat[3])\""))
        #expect(line("c").contains("fillcolor=\"\(palette.heat[2])\""))
        #expect(line("d").contains("fillcolor=\"\(palette.heat[1])\""))
        #expect(line("e").contains("fillcolor=\"\(palette.heat[0])\""))
        #expect(line("f").contains("fillcolor=\"\(palette.appFill)\""), "a cause keeps its owner's fill")
        #expect(line("a").contains("color=\"\(palette.appBorder)\"") && !line("a").contains("mark-"))
        #expect(line("a").contains("severity-veryHigh"), "the class keeps the severity")
        #expect(
            line("b").contains("color=\"\(palette.highSeverity)\", penwidth=3.5") && line("b").contains("mark-veryHigh")
        )
        #expect(
            line("c").contains("color=\"\(palette.mediumSeverity)\", penwidth=2.5") && line("c").contains("mark-high"))
        #expect(!line("d").contains("mark-"))
        // The graph's own update time when none is given: 100 ms, so a's share is 50%.
        let own = DOTEncoder().encode(graph).split(separator: "\n").first { $0.hasPrefix("  a [") } ?? ""
        #expect(own.contains("fillcolor=\"\(palette.heat[4])\"") && own.contains("50% of all update time"))
        // The legend names every step of the ramp.
        let dot = DOTEncoder().encode(graph)
        for (fill, name) in zip(palette.heat, UpdateHeat.stepNames) {
            #expect(dot.contains("<TD BGCOLOR=\"\(fill)\"") && dot.contains(DOTEscaping.htmlText(name)))
        }
    }

    @Test("edge labels read kind and count, and pen width grows with the count")
    func edges() {
        let nodes = [
            CauseEffectGraph.Node(id: "n1", key: NodeKey(kind: .state, title: "V.x", owner: .app), count: 1),
            CauseEffectGraph.Node(id: "n2", key: NodeKey(kind: .body, title: "V", owner: .app), count: 1, ran: 1),
        ]
        let edges = [
            CauseEffectGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .state, label: .update, count: 12),
            CauseEffectGraph.Edge(id: "e2", from: "n1", to: "n2", kind: .creation, label: .creation, count: 1),
        ]
        let dot = DOTEncoder().encode(CauseEffectGraph(nodes: nodes, edges: edges))
        #expect(dot.contains(#"n1 -> n2 [id="e1", class="kind-state label-update", label="update ×12", penwidth=3.4"#))
        #expect(
            dot.contains(#"n1 -> n2 [id="e2", class="kind-creation label-creation", label="creation ×1", penwidth=1.0"#)
        )
    }

    @Test("a fan's edges (six or more from one node) tie their labels to them; smaller ones do not")
    func fanLabelsAreTiedToTheirEdges() {
        func graph(fanning count: Int) -> CauseEffectGraph {
            var nodes = [
                CauseEffectGraph.Node(id: "n0", key: NodeKey(kind: .observable, title: "Model.items", owner: .app))
            ]
            var edges: [CauseEffectGraph.Edge] = []
            for index in 1...count {
                nodes.append(
                    CauseEffectGraph.Node(
                        id: "n\(index)", key: NodeKey(kind: .body, title: "Row\(index)", owner: .app), count: 1))
                edges.append(
                    CauseEffectGraph.Edge(
                        id: "e\(index)", from: "n0", to: "n\(index)", kind: .observable, label: .update, count: 1))
            }
            return CauseEffectGraph(nodes: nodes, edges: edges)
        }
        let fan = DOTEncoder().encode(graph(fanning: 6)).split(separator: "\n").filter { $0.contains(" -> ") }
        #expect(fan.count == 6 && fan.allSatisfy { $0.hasSuffix(", decorate=true]") })
        #expect(!DOTEncoder().encode(graph(fanning: 5)).contains("decorate"))
    }

    @Test("an invalidation is its own label; a label the trace spelled its own way is escaped text")
    func labelsBeyondUpdateAndCreation() {
        let nodes = [
            CauseEffectGraph.Node(id: "n1", key: NodeKey(kind: .observable, title: "M.x", owner: .app), count: 1),
            CauseEffectGraph.Node(id: "n2", key: NodeKey(kind: .body, title: "V", owner: .app), count: 1, ran: 1),
        ]
        let edges = [
            CauseEffectGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .observable, label: .invalidation, count: 3),
            CauseEffectGraph.Edge(
                id: "e2", from: "n1", to: "n2", kind: .observable, label: CauseLabel(rawValue: "Dep\"<b>&x"), count: 1),
        ]
        let dot = DOTEncoder().encode(CauseEffectGraph(nodes: nodes, edges: edges))
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
        // The app's name heads the graph's label, above the heat legend.
        #expect(
            dot.contains(
                #"label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1"><TR><TD ALIGN="LEFT"><B>(untitled)</B></TD></TR>"#
            ))
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
        let dot = DiffDOTEncoder().encode(
            GraphDiff(before: CauseEffectGraph(), after: graph, beforeName: "", afterName: "b"))
        #expect(!dot.contains("<B></B>"))
        #expect(dot.split(separator: "\n").allSatisfy { $0.utf8.count < 16_384 })
    }
}
