import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// A stand-in for Graphviz: an SVG document with one group per node and
/// edge, as Graphviz writes them, that remembers the DOT it was given.
private final class FakeRenderer {
    var dot: String?

    func render(_ dot: String, graph: CauseEffectGraph) -> String {
        self.dot = dot
        let items =
            graph.nodes.map { "<g id=\"\($0.id)\" class=\"node\"><title>\($0.id)</title></g>" }
            + graph.edges.map { "<g id=\"\($0.id)\" class=\"edge\"><title>\($0.from)->\($0.to)</title></g>" }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"
             "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg width="100pt" height="50pt" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg">
            \(items.joined(separator: "\n"))
            </svg>

            """
    }
}

private func report(_ fixture: String, theme: Theme = .light) throws -> (
    html: String, graph: CauseEffectGraph, dot: String?
) {
    let (graph, events) = try fixtureReportEvents(fixture)
    let renderer = FakeRenderer()
    let html = HTMLReport(graph: graph, events: events, theme: theme, sources: ["\(fixture).jsonl"]).html {
        renderer.render($0, graph: graph)
    }
    return (html, graph, renderer.dot)
}

/// The text between the first `open` and the following `close`.
private func between(_ text: String, _ open: String, _ close: String) -> String? {
    guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[start.upperBound..<end.lowerBound])
}

/// The names of every tag the page opens, in order, leaving out the
/// contents of `<script>` and `<style>`, which the HTML parser reads as raw text.
private func openedTags(_ html: String) -> [String] {
    var tags: [String] = []
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
        rest = rest[rest.index(after: open)...]
        let name = String(rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
        if !name.isEmpty { tags.append(name.lowercased()) }
        if name == "script" || name == "style", let end = rest.range(of: "</\(name)>") {
            rest = rest[end.upperBound...]
        }
    }
    return tags
}

@Suite("HTML report")
struct HTMLReportTests {
    @Test("one self-contained page: CSP, inline graph, panel, timeline, findings, summary and data")
    func structure() throws {
        let (html, graph, dot) = try report("landmarks-favorites-before")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" data-theme=\"light\">"))
        #expect(
            dot == DOTEncoder(style: .light).encode(graph), "the renderer gets the graph's DOT in the report's theme")
        #expect(html.contains("<title>Landmarks · causegraph report</title>"))
        #expect(!html.contains("<?xml") && !html.contains("<!DOCTYPE svg"), "the SVG prolog is not inlined")
        for node in graph.nodes { #expect(html.contains("<g id=\"\(node.id)\" class=\"node\">")) }
        for id in [
            "graph", "canvas", "panel", "search", "timeline", "findings", "summary", "graph-data", "report-data",
        ] {
            #expect(html.contains("id=\"\(id)\""), "#\(id)")
        }
        #expect(
            html.contains(
                "<h3><span class=\"tag\">fan-out</span> one ModelData.favoritesCollection change drives up to 24 LandmarkListItemView body updates</h3>"
            ))
        #expect(html.contains("<strong>Fix:</strong> Give each item its own @Observable model"))
        #expect(html.contains("<caption>Landmarks · "))
        for lane in Timeline.laneNames { #expect(html.contains(">\(lane) <tspan")) }
        #expect(html.contains("<rect class=\"bar severity-medium\""), "the medium LandmarkListItemView update is drawn")
        // Nothing is fetched: no URL-bearing attribute but the empty data: icon.
        for pattern in ["src=", "href=\"http", "url(", "@import", "@font-face"] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
        #expect(html.contains("<link rel=\"icon\" href=\"data:,\">"))
    }

    @Test("the Content-Security-Policy admits exactly the page's own stylesheet and script")
    func policyMatchesPage() throws {
        let (html, _, _) = try report("onoff-toggle")
        let policy = try #require(between(html, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\">"))
        let style = try #require(between(html, "<style>", "</style>"))
        let scripts = html.components(separatedBy: "<script>")
        #expect(scripts.count == 2, "one executable script")
        let script = try #require(between(html, "<script>", "</script>"))
        #expect(policy.contains("style-src \(ContentSecurityPolicy.source(of: style));"))
        #expect(policy.contains("script-src \(ContentSecurityPolicy.source(of: script));"))
        #expect(policy.hasPrefix("default-src 'none';"))
        #expect(html.components(separatedBy: "<script").count - 1 == 3, "the script and the two JSON blocks")
        #expect(
            !script.contains("innerHTML") && !script.contains("outerHTML") && !script.contains("insertAdjacentHTML")
                && !script.contains("eval("),
            "the script never writes markup")
    }

    @Test("the JSON blocks parse and name every node and edge")
    func dataBlocks() throws {
        let (html, graph, _) = try report("contact-list")
        let graphData = try #require(between(html, "<script type=\"application/json\" id=\"graph-data\">", "</script>"))
        #expect(graphData == "\n" + GraphJSONEncoder.encodeWithoutGroups(graph, shaping: nil, spelling: .neutral))
        #expect(!graphData.contains("\"groups\""), "the page lists update groups apart, bounded")
        let reportData = try #require(
            between(html, "<script type=\"application/json\" id=\"report-data\">", "</script>"))
        guard case .object(let root) = try JSONParser.parse(reportData).content,
            case .array(let nodes)? = root["nodes"]?.content, case .array(let edges)? = root["edges"]?.content
        else {
            Issue.record("report data is not an object with nodes and edges")
            return
        }
        #expect(nodes.count == graph.nodes.count)
        #expect(edges.count == graph.edges.count)
        let row = try #require(graph.nodes.first { $0.title == "ContactRow" })
        guard
            let entry = nodes.first(where: {
                if case .object(let node) = $0.content {
                    return node["id"]?.content == .string(row.id)
                } else {
                    return false
                }
            }),
            case .object(let node) = entry.content, case .array(let updates)? = node["updates"]?.content,
            case .number(let more)? = node["moreUpdates"]?.content
        else {
            Issue.record("no ContactRow entry")
            return
        }
        #expect(updates.count == min(row.count, HTMLReport.updatesPerNode))
        #expect(more.int64 == Int64(max(row.count - HTMLReport.updatesPerNode, 0)))
    }

    @Test("hostile trace text stays text: no tag, attribute or script comes from the trace")
    func hostileTitles() throws {
        let (html, graph, _) = try report("hostile-titles")
        let allowed: Set<String> = [
            "!doctype", "html", "head", "meta", "title", "link", "style", "body", "header", "div", "h1", "h2", "h3",
            "p",
            "label", "input", "output", "datalist", "option", "main", "section", "span", "button", "svg", "g", "text",
            "tspan", "rect", "line", "aside", "ul", "ol", "li", "kbd", "strong", "dl", "dt", "dd", "table", "caption",
            "thead", "tbody", "tr", "th", "td", "footer", "script",
        ]
        let tags = openedTags(html)
        #expect(Set(tags).subtracting(allowed).isEmpty, "unexpected tags: \(Set(tags).subtracting(allowed).sorted())")
        #expect(tags.filter { $0 == "script" }.count == 3)
        #expect(!html.contains("onload=\""), "no event handler attribute")
        #expect(!html.lowercased().contains("<img"))
        #expect(html.contains("<title>Evil &quot;App&quot; &lt;b&gt;&amp;amp;&lt;/b&gt; · causegraph report</title>"))
        #expect(html.contains("<option value=\"EnvironmentWriter: x&quot; onload=&quot;alert(3)\"></option>"))
        #expect(html.contains("<option value=\"Tap&quot;];x[label=&lt;script&gt;alert(1)&lt;/script&gt;\"></option>"))
        #expect(
            html.contains(#""title": "Tap\"];x[label=\u003cscript\u003ealert(1)\u003c/script\u003e""#),
            "inline JSON escapes < and >")
        for node in graph.nodes {
            #expect(
                html.contains("value=\"\(HTMLText.escape(node.title))\""),
                "\(node.title.debugDescription) in the search list")
        }
    }

    @Test("the same trace gives the same bytes; the dark theme changes the page and the graph")
    func deterministic() throws {
        let first = try report("contact-list").html
        let second = try report("contact-list").html
        #expect(first == second)
        let (dark, graph, dot) = try report("contact-list", theme: .dark)
        #expect(dark.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" data-theme=\"dark\">"))
        #expect(dark.contains("<meta name=\"color-scheme\" content=\"dark\">"))
        #expect(dot == DOTEncoder(style: .dark).encode(graph))
    }

    @Test("a shaped report draws the shaped graph and its legend; rows select only the nodes drawn")
    func shaped() throws {
        let (graph, events) = try fixtureReportEvents("onoff-toggle")
        var settings = ShapingSettings()
        settings.maxNodes = 2
        let drawn = try GraphShaper(settings: settings).shape(graph)
        let kept = Set(drawn.graph.nodes.map(\.id))
        #expect(kept.count == 2 && drawn.graph.edges.contains { $0.isResidual })
        let renderer = FakeRenderer()
        let html = HTMLReport(graph: graph, drawn: drawn, events: events).html {
            renderer.render($0, graph: drawn.graph)
        }
        #expect(renderer.dot == DOTEncoder().encode(drawn.graph, legend: drawn.legend, heat: drawn.heat))
        #expect(html.contains("<p class=\"facts\">60 Hz · 19 events · 2 of 5 nodes drawn · "))
        let graphData = try #require(between(html, "<script type=\"application/json\" id=\"graph-data\">", "</script>"))
        #expect(
            graphData == "\n"
                + GraphJSONEncoder.encodeWithoutGroups(drawn.graph, shaping: drawn.legend, spelling: .neutral))
        let reportData = try #require(
            between(html, "<script type=\"application/json\" id=\"report-data\">", "</script>"))
        #expect(reportData.contains("· through nodes not shown"), "the residual edge says what it is")
        let selected = Set(
            html.components(separatedBy: "data-node=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        #expect(!selected.isEmpty && selected.isSubset(of: kept), "\(selected)")
        // Find reaches every node, drawn or not: the undrawn ones are listed with their nearest drawn nodes.
        for node in graph.nodes {
            #expect(html.contains("<option value=\"\(HTMLText.escape(node.title))\">"), "\(node.title) is searchable")
            #expect(reportData.contains("\"id\": \"\(node.id)\""), "\(node.id) has its figures")
        }
        for node in graph.nodes where !kept.contains(node.id) {
            #expect(reportData.contains(JSONText.quoted(node.title)), "\(node.title) is listed undrawn")
        }
        #expect(html.contains("<td>OnOffView.isOn</td>"), "the summary still covers the whole trace")
    }

    @Test("a long update with no duration (still running when the recording stopped) says so, not 0 ns")
    func untimedBar() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write(
            "trace.jsonl",
            [
                #"{"causegraph": 1, "frameRate": 60}"#,
                #"{"node": 1, "kind": "body", "title": "Stuck", "owner": "app", "time": 5000000, "severity": "veryHigh"}"#,
                #"{"node": 2, "kind": "body", "title": "Slow", "owner": "app", "time": 9000000, "duration": 3000000}"#,
                #"{"group": 1, "label": "Transaction", "start": 1000000}"#,
            ].joined(separator: "\n") + "\n")
        var diagnostics = Diagnostics()
        let read = try TracePipeline().reconstructForReport([path], diagnostics: &diagnostics)
        let timeline = Timeline(graph: read.reading.graph, events: read.events, columns: 100)
        let stuck = try #require(timeline.lanes[1].bars.first { $0.worst.title == "Stuck" })
        #expect(stuck.worst.duration == nil)
        #expect(timeline.lanes[1].bars.first { $0.worst.title == "Slow" }?.worst.duration == 3_000_000)
        #expect(timeline.lanes[0].bars.first?.worst.duration == nil, "a group without a duration")
        let svg = TimelineMarkup.svg(timeline, selectable: [])
        #expect(svg.contains("longest Stuck, no duration known, at 5.000 ms (very high)"), "\(svg)")
        #expect(svg.contains("longest Slow, 3 ms at 9.000 ms (high)"))
        #expect(!svg.contains("0 ns"))
    }

    @Test("the timeline strip marks bars with what they select and their figures")
    func timelineMarkup() throws {
        let (graph, events) = try fixtureReportEvents("contact-list")
        let timeline = Timeline(graph: graph, events: events)
        let svg = TimelineMarkup.svg(timeline, selectable: Set(graph.nodes.map(\.id)))
        let bars = svg.components(separatedBy: "<rect class=\"bar ").count - 1
        #expect(bars == timeline.lanes.reduce(0) { $0 + $1.bars.count })
        #expect(bars > 0)
        let row = try #require(graph.nodes.first { $0.title == "ContactRow" })
        #expect(svg.contains("data-node=\"\(row.id)\" tabindex=\"0\" role=\"button\"><title>Long View Body Updates: "))
        #expect(svg.contains("data-group=\""))
        let undrawn = TimelineMarkup.svg(timeline, selectable: [])
        #expect(!undrawn.contains("data-node="), "a bar selects only a node that is drawn")
        #expect(undrawn.contains("data-group=\""), "groups stay selectable")
        #expect(TimelineMarkup.tickStep(span: 1_000, ticks: 6) == 200)
        #expect(TimelineMarkup.tickStep(span: 999_999_999, ticks: 6) == 200_000_000)
        #expect(TimelineMarkup.tickStep(span: .max, ticks: 6) > 0)
        #expect(TimelineMarkup.decimal(12.34) == "12.3" && TimelineMarkup.decimal(7.0) == "7")
        #expect(TimelineMarkup.tickLabel(50_000_000_000, step: 50_000_000_000, end: 290_000_000_000) == "50 s")
        #expect(TimelineMarkup.tickLabel(2_500_000_000, step: 500_000_000, end: 4_950_000_000) == "2.5 s")
        #expect(TimelineMarkup.tickLabel(1_000_500_000, step: 500_000, end: 1_001_950_000) == "1.0005 s")
        #expect(TimelineMarkup.tickLabel(3_000_000_000, step: 1_000_000_000, end: 4_000_000_000) == "3 s")
        #expect(TimelineMarkup.tickLabel(350_000, step: 50_000, end: 900_000) == "350 µs")
        #expect(TimelineMarkup.tickLabel(0, step: 200, end: 1_000) == "0.0 µs")
        #expect(TimelineMarkup.tickLabel(800, step: 200, end: 900) == "800 ns")
        #expect(TimelineMarkup.tickLabel(20_000_000, step: 2_000_000, end: 20_000_000) == "20 ms")
    }
}
