import CauseGraph
import Testing

@Suite("DOT legend and residual edges")
struct DOTLegendTests {
    static let hostile = #""];x[label=<script>&amp;\N</TD>"#

    private func shaped(_ settings: ShapingSettings) throws -> ShapedGraph {
        try GraphShaper(settings: settings).shape(GraphShaperTests.chain)
    }

    private func graphLine(_ dot: String) throws -> String {
        String(try #require(dot.split(separator: "\n").first { $0.hasPrefix("  graph [") }))
    }

    @Test("no legend when nothing was left out: the label is the app's name as before")
    func noLegend() throws {
        var graph = GraphShaperTests.chain
        graph.app = "Demo"
        let shaped = try GraphShaper(settings: ShapingSettings()).shape(graph)
        let dot = DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend)
        #expect(dot == DOTEncoder().encode(graph))
        #expect(try graphLine(dot).hasSuffix("label=<<B>Demo</B>>]"))
    }

    @Test("the legend says what is shown out of what, what each filter dropped, and what dotted edges mean")
    func content() throws {
        let shaped = try shaped(
            ShapingSettings(ignore: [TitlePattern(substring: "Other")], hideSystem: true, minCount: 1, maxNodes: 4))
        let line = try graphLine(DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend))
        let rows = [
            "shown: 4 of 8 nodes, 2 of 7 edges (+ 1 dotted), 22 of 50 events",
            "--ignore &quot;Other&quot;: 1 node matching, or caused only by matches, dropped",
            "--hide-system: 2 system nodes folded into dotted edges",
            "--min-count 1: nothing left out",
            "--max-nodes 4: 1 node explaining the fewest updates dropped (--max-nodes 0 shows all)",
            "dotted edges: cause links through nodes not shown",
        ]
        for row in rows {
            #expect(line.contains(">\(row)</FONT></TD></TR>"), "missing \(row)")
        }
        #expect(line.contains("labelloc=t, labeljust=l, label=<<TABLE BORDER=\"0\""))
    }

    @Test("the legend counts residual connections the picture already implies")
    func impliedLine() throws {
        var graph = GraphShaperTests.chain
        graph.edges.append(
            CauseEffectGraph.Edge(id: "e8", from: "n7", to: "n6", kind: .update, label: .update, count: 1))
        let shaped = try GraphShaper(settings: ShapingSettings(hideSystem: true)).shape(graph)
        let line = try graphLine(DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend))
        #expect(
            line.contains(
                ">dotted edges: cause links through nodes not shown (1 more already implied by the paths shown)<"))
    }

    @Test("the window line counts the events and links outside it")
    func windowLine() throws {
        var statistics = WindowStatistics()
        statistics.eventsOutside = 1
        statistics.causesOutside = 3
        statistics.untimedEvents = 2
        let settings = ShapingSettings(window: try TimeWindow(parsing: "350ms:1.2s"))
        let shaped = try GraphShaper(settings: settings).shape(GraphShaperTests.chain, window: statistics)
        let line = try graphLine(DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend))
        #expect(line.contains(">shown: 8 of 8 nodes, 7 of 7 edges, 50 of 51 events<"))
        #expect(
            line.contains(
                ">--window 350ms:1.2s: 1 event and 3 links outside the window left out; 2 events without a time kept<"))
    }

    @Test("user patterns in the legend are escaped like trace text", arguments: [false, true])
    func hostilePattern(_ regex: Bool) throws {
        let pattern =
            regex ? try TitlePattern(regex: RegexLiteral.escaped(Self.hostile)) : TitlePattern(substring: Self.hostile)
        let shaped = try shaped(ShapingSettings(ignore: [pattern, TitlePattern(substring: "Other")], maxNodes: 0))
        let dot = DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend)
        let line = try graphLine(dot)
        #expect(!dot.contains("<script>"))
        #expect(!dot.contains("</TD>\""))
        #expect(line.contains(">" + DOTEscaping.htmlText("--ignore \(pattern) --ignore \"Other\": 1 node matching")))
        if !regex {
            #expect(
                line.contains(
                    #">--ignore &quot;&quot;&#93;;x[label=&lt;script&gt;&amp;amp;\\N&lt;/TD&gt;&quot; --ignore &quot;Other&quot;: 1 node"#
                ))
        }
        // The label holds as many opening as closing angle brackets: nothing escaped the markup.
        #expect(line.filter { $0 == "<" }.count == line.filter { $0 == ">" }.count)
    }

    @Test("residual edges are dotted, classed residual, and say so in their tooltip")
    func residualEdges() throws {
        let shaped = try shaped(ShapingSettings(hideSystem: true, maxNodes: 0))
        let dot = DOTEncoder(spelling: .flags).encode(shaped.graph, legend: shaped.legend)
        #expect(
            dot.contains(
                #"n3 -> n6 [id="r1", class="kind-update label-update residual", label="update ×8", penwidth=3.4, style=dotted, tooltip="Parent ⇢ Child through nodes not shown\nupdate · update ×8"]"#
            ))
        let direct = try #require(dot.split(separator: "\n").first { $0.contains(#"id="e1""#) })
        #expect(!direct.contains("residual") && !direct.contains("dotted"))
    }

    @Test("a residual creation edge is dotted, not bold, and keeps the creation colour")
    func residualCreation() {
        let nodes = [
            CauseEffectGraph.Node(id: "n1", key: NodeKey(kind: .body, title: "A", owner: .app), count: 1, ran: 1),
            CauseEffectGraph.Node(id: "n2", key: NodeKey(kind: .body, title: "B", owner: .app), count: 1, ran: 1),
        ]
        let edge = CauseEffectGraph.Edge(
            id: "r1", from: "n1", to: "n2", kind: .creation, label: .creation, count: 2, isResidual: true)
        let dot = DOTEncoder().encode(CauseEffectGraph(nodes: nodes, edges: [edge]))
        #expect(
            dot.contains(
                ##"class="kind-creation label-creation residual", label="creation ×2", penwidth=1.8, color="#7c3aed", style=dotted, arrowhead=onormal"##
            ))
    }

    @Test("JSON marks residual edges and carries the shaping report")
    func json() throws {
        let shaped = try shaped(ShapingSettings(hideSystem: true, maxNodes: 0))
        let json = GraphJSONEncoder.encode(shaped.graph, shaping: shaped.legend, spelling: .flags)
        #expect(
            json.contains(
                #"{"id": "r1", "from": "n3", "to": "n6", "kind": "update", "label": "update", "count": 8, "skipped": 0, "maxPerCause": 0, "changed": [], "groups": [], "residual": true}"#
            ))
        #expect(json.contains(#""residual": false}"#))
        #expect(
            json.contains(
                #"  "shaping": {"shown": {"nodes": 6, "edges": 4, "events": 30}, "total": {"nodes": 8, "edges": 7, "events": 50}, "residualEdges": 1, "impliedResidualPaths": 0, "filters": [{"filter": "hideSystem", "option": "--hide-system", "setting": "hideSystem", "value": true, "removedNodes": 2, "removedEvents": 20, "removedLinks": 0, "removedEdges": 0, "removedRootCauses": 0, "folds": 0, "shareOf": 0, "keptUntimedEvents": 0, "removedGroups": 0, "removedHitches": 0}]}"#
            ))
        #expect(GraphJSONEncoder.encode(GraphShaperTests.chain).contains("  \"shaping\": null\n}"))
        _ = try JSONParser.parse(json)
    }

    @Test("the library names settings neutrally unless told a spelling, and the JSON gives each filter's value")
    func neutralSpelling() throws {
        let shaped = try shaped(ShapingSettings(ignore: [TitlePattern(substring: "Other")], maxNodes: 3))
        let line = try graphLine(DOTEncoder().encode(shaped.graph, legend: shaped.legend))
        #expect(line.contains("maxNodes 3: "))
        #expect(!line.contains("--"))
        let json = try JSONParser.parse(GraphJSONEncoder.encode(shaped.graph, shaping: shaped.legend))
        let filters = try #require(json["shaping"]?["filters"]?.arrayValue)
        #expect(filters.map { $0["setting"]?.stringValue } == ["ignore", "maxNodes"])
        let ignored = try #require(filters.first?["value"]?.arrayValue?.first)
        #expect(ignored["text"]?.stringValue == "Other" && ignored["regex"]?.content == .bool(false))
        #expect(filters.last?["value"]?.numberValue == 3)
        #expect(filters.last?["option"]?.stringValue == "maxNodes 3")
    }
}

/// Escapes a literal for use inside a regular expression, so a hostile
/// literal can be given as a valid `--regex` pattern too.
private enum RegexLiteral {
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
