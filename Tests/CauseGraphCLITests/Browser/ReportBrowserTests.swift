import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// A report written by the `causegraph` executable, with its graph.
private struct WrittenReport {
    let scratch: TemporaryFolder
    let url: URL
    let graph: CauseEffectGraph

    init(_ fixtureName: String, theme: String = "light", options: [String] = []) throws {
        try self.init(trace: fixture("\(fixtureName).jsonl"), theme: theme, options: options)
    }

    /// The report of the trace at `trace`.
    init(trace: String, theme: String = "light", options: [String] = []) throws {
        scratch = try TemporaryFolder()
        let path = scratch.path("report.html")
        let result = try Causegraph.run(["report", trace, "--theme", theme, "-o", path] + options)
        guard result.status == 0 else { throw Chromium.Failure(description: "report failed: \(result.standardError)") }
        url = URL(fileURLWithPath: path)
        var diagnostics = Diagnostics()
        graph = try TracePipeline().reconstruct([trace], diagnostics: &diagnostics).graph
    }

    func node(_ title: String) throws -> CauseEffectGraph.Node {
        try #require(graph.nodes.first { $0.title == title })
    }

    /// What hovering `node` lights, in id order.
    func lit(by node: CauseEffectGraph.Node) -> [String] {
        litFromGroupLists(node, in: graph).sorted()
    }
}

private let litIDs = "[...document.querySelectorAll('#canvas svg .lit')].map((element) => element.id).sort()"

@Suite(
    "report in headless Chromium", .serialized, .tags(.browser),
    .enabled(if: Chromium.executable != nil || Chromium.isRequired, Comment(rawValue: Chromium.unavailable)))
struct ReportBrowserTests {
    @Test("the page loads with nothing fetched and no error, and shows the graph, timeline, findings and summary")
    func structure() throws {
        let report = try WrittenReport("landmarks-favorites-before")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        #expect(try page.string("document.title") == "Landmarks · causegraph report")
        #expect(
            try page.strings("[...document.querySelectorAll('#canvas > svg g.node')].map((node) => node.id)")
                == report.graph.nodes.map(\.id))
        #expect(
            try page.strings("[...document.querySelectorAll('#canvas > svg g.edge')].map((edge) => edge.id)")
                == report.graph.edges.map(\.id))
        #expect(
            try page.number("document.querySelectorAll('#canvas > svg g.node[tabindex=\"0\"][role=\"button\"]').length")
                == Double(report.graph.nodes.count))
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#canvas > svg g.node')].map((node) => node.getAttribute('aria-label'))"
            ).first
                == "Tap, gesture, 3 events")
        #expect(
            try page.number("document.querySelector('#canvas > svg').getBoundingClientRect().width") ?? 0 > 300,
            "the graph is drawn at a visible size")
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#timeline .lane-name')].map((lane) => lane.firstChild.textContent.trim())"
            ) == Timeline.laneNames)
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#timeline rect.bar')].map((bar) => bar.getAttribute('class'))"
            ).contains("bar severity-medium"))
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#findings .finding h3')].map((heading) => heading.textContent)")
                == [
                    "fan-out one ModelData.favoritesCollection change drives up to 24 LandmarkListItemView body updates"
                ])
        let views = try page.strings(
            "[...document.querySelectorAll('#summary table.views tbody tr')].map((row) => row.cells[0].textContent)")
        #expect(views.contains("LandmarkListItemView") && views.contains("LandmarkListView"))
        #expect(try page.number("document.scripts.length") == 3)
        let activity = try page.activity()
        #expect(activity.requests == [report.url.absoluteString], "the page requests nothing but itself")
        #expect(activity.problems.isEmpty, "\(activity.problems)")
    }

    @Test("hovering a node lights the nodes of the same update and their edges, and dims the rest")
    func hover() throws {
        let report = try WrittenReport("onoff-toggle")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        for title in ["Creation of App", "Tap"] {
            let node = try report.node(title)
            let expected = report.lit(by: node)
            #expect(
                expected.count < report.graph.nodes.count + report.graph.edges.count,
                "hovering \(title) leaves something unlit")
            try page.moveMouse(to: try page.centre(of: node.id))
            #expect(try page.strings(litIDs) == expected, "hovering \(title)")
            #expect(try page.bool("document.querySelector('#canvas > svg').classList.contains('highlighting')") == true)
            let unlit = try #require(report.graph.nodes.first { !expected.contains($0.id) })
            #expect(
                try page.string("getComputedStyle(document.getElementById('\(unlit.id)')).opacity") == "0.18",
                "\(unlit.title) is dimmed")
        }
        try page.moveMouse(to: (x: 4, y: 4))
        #expect(try page.strings(litIDs).isEmpty, "moving away clears the highlight")
        #expect(try page.bool("document.querySelector('#canvas > svg').classList.contains('highlighting')") == false)
        #expect(try page.activity().problems.isEmpty)
    }

    @Test("clicking a node shows its figures, causes, backtrace and updates; clicking an edge shows the edge")
    func click() throws {
        let report = try WrittenReport("onoff-toggle")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        let view = try report.node("OnOffView")
        try page.click(at: try page.centre(of: view.id))
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "node:\(view.id)")
        #expect(try page.string("document.querySelector('#panel h2').textContent") == "OnOffView")
        #expect(try page.string("document.querySelector('#panel .identity').textContent") == "view body · app · OnOff")
        let figures = try page.strings(
            "[...document.querySelectorAll('#panel dl > *')].map((item) => item.textContent)")
        #expect(figures.starts(with: ["updates", "5", "ran", "5", "skipped", "0", "total", "374 µs"]))
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#panel ul.links button[data-node]')].map((button) => button.textContent)"
            )
                == ["OnOffView.isOn — state ×4", "Creation of App — creation ×1", "<graph> — update ×5"])
        #expect(
            try page.strings("[...document.querySelectorAll('#panel h3')].map((heading) => heading.textContent)")
                .contains("Update groups (\(view.groups.count))"))
        #expect(
            try page.number("document.querySelectorAll('#panel ul.links button[data-group]').length")
                == Double(min(view.groups.count, 10)))
        let rows = try page.strings(
            "[...document.querySelectorAll('#panel table.updates tbody tr')].map((row) => [...row.cells].map((cell) => cell.textContent).join(' | '))"
        )
        #expect(rows.count == 2 * view.count, "each update, and the row of its causes")
        #expect(
            rows.prefix(4) == [
                "2 | 317.871 ms | 212 µs | low | ran | 1", "creation ← Creation of App (event 1)",
                "6 | 1733.380 ms | 38.1 µs | low | ran | 2", "update ← OnOffView.isOn (event 5)",
            ])
        #expect(try page.bool("document.getElementById('\(view.id)').classList.contains('selected')") == true)

        // Following a cause from the panel selects it; a state change shows its backtrace.
        try page.click(at: try buttonCentre(page, "OnOffView.isOn — state ×4"))
        let state = try report.node("OnOffView.isOn")
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "node:\(state.id)")
        #expect(
            try page.strings("[...document.querySelectorAll('#panel ol.frames li')].map((frame) => frame.textContent)")
                == state.backtrace)

        let edge = try #require(report.graph.edges.first { $0.from == state.id && $0.to == view.id })
        try page.click(at: try page.centre(of: edge.id))
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "edge:\(edge.id)")
        #expect(try page.string("document.querySelector('#panel h2').textContent") == "OnOffView.isOn → OnOffView")
        #expect(
            try page.strings("[...document.querySelectorAll('#panel dl > *')].map((item) => item.textContent)")
                == ["links", "4", "changed", "isOn", "update groups", "4"])
        #expect(
            try page.string("[...document.querySelectorAll('#panel h3')].at(-1).textContent") == "Update groups (4)")
        let groupLinks = try page.strings(
            "[...document.querySelectorAll('#panel ul.links:last-of-type button')].map((button) => button.dataset.group)"
        )
        #expect(Set(groupLinks) == Set(edge.groups.map(String.init)), "each group links to its panel")
        // A group's panel lists the drawn nodes that took part in it.
        let longest = try #require(groupLinks.first)
        try page.evaluate("document.querySelector('#panel button[data-group=\"\(longest)\"]').click()")
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "group:\(longest)")
        let group = try #require(GroupID(longest))
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#panel ul.links button')].map((button) => button.dataset.node)")
                == report.graph.nodes.filter { $0.groups.contains(group) }.map(\.id))

        // A bar of the timeline selects its update.
        let graphNode = try report.node("<graph>")
        try page.click(at: try barCentre(page, node: graphNode.id))
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "node:\(graphNode.id)")
        #expect(try page.activity().problems.isEmpty)
    }

    @Test(
        "a shaped report: the dotted edge through nodes not drawn opens in the panel; rows of nodes not drawn select nothing"
    )
    func shaped() throws {
        let report = try WrittenReport("onoff-toggle", options: ["--max-nodes", "2"])
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        var settings = ShapingSettings()
        settings.maxNodes = 2
        let drawn = try GraphShaper(settings: settings).shape(report.graph).graph
        #expect(
            try page.strings("[...document.querySelectorAll('#canvas > svg g.node')].map((node) => node.id)")
                == drawn.nodes.map(\.id))
        let residual = try #require(drawn.edges.first { $0.isResidual })
        try page.click(at: try page.centre(of: residual.id))
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "edge:\(residual.id)")
        #expect(try page.string("document.querySelector('#panel h2').textContent") == "Tap → OnOffView")
        #expect(
            try page.string("document.querySelector('#panel .identity').textContent")
                == "gesture · update · through nodes not shown ×4")
        let hidden = try report.node("OnOffView.isOn")
        #expect(!drawn.nodes.contains { $0.id == hidden.id })
        #expect(try page.number("document.querySelectorAll('[data-node=\"\(hidden.id)\"]').length") == 0)
        try page.press(.escape)
        try page.evaluate(
            "[...document.querySelectorAll('#summary td')].find((cell) => cell.textContent === 'OnOffView.isOn').click()"
        )
        #expect(try page.evaluate("document.getElementById('panel').dataset.selected ?? null") is NSNull)
        #expect(try page.activity().problems.isEmpty)
    }

    @Test(
        "the keyboard: / finds a view and Enter selects it; Tab reaches nodes; arrows walk causes and effects; Esc clears"
    )
    func keyboard() throws {
        let report = try WrittenReport("landmarks-favorites-before")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        let item = try report.node("LandmarkListItemView")

        try page.press(.slash)
        #expect(try page.string("document.activeElement.id") == "search")
        try page.type("listitem")
        #expect(try page.string("document.getElementById('search-status').textContent") == "1 match")
        #expect(
            try page.strings("[...document.querySelectorAll('#canvas .match')].map((node) => node.id)") == [item.id])
        try page.press(.enter)
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "node:\(item.id)")
        #expect(try page.string("document.querySelector('#panel h2').textContent") == "LandmarkListItemView")
        try page.press(.escape)
        #expect(try page.string("document.getElementById('search').value") == "")
        try page.press(.escape)
        #expect(
            try page.evaluate("document.getElementById('panel').dataset.selected ?? null") is NSNull,
            "Esc clears the selection")

        // Tab from the search box, past the graph's tools and the pane, to the first node.
        try page.evaluate("document.getElementById('search').focus()")
        var focused = ""
        for _ in 0..<12 where !focused.hasPrefix("node:") {
            try page.press(.tab)
            focused =
                try page.string(
                    "document.activeElement.dataset.node ? 'node:' + document.activeElement.dataset.node : document.activeElement.id"
                ) ?? ""
        }
        let first = report.graph.nodes[0]
        #expect(focused == "node:\(first.id)")
        #expect(try page.strings(litIDs) == report.lit(by: first), "focus lights the node's update like a hover")
        try page.press(.enter)
        #expect(try page.string("document.getElementById('panel').dataset.selected") == "node:\(first.id)")

        // → follows the busiest effect, ← the busiest cause, ↓ the next node.
        let effect = try #require(report.graph.edges.filter { $0.from == first.id }.max { $0.count < $1.count })
        try page.press(.arrowRight)
        #expect(try page.string("document.activeElement.dataset.node") == effect.to)
        let cause = try #require(report.graph.edges.filter { $0.to == effect.to }.max { $0.count < $1.count })
        try page.press(.arrowLeft)
        #expect(try page.string("document.activeElement.dataset.node") == cause.from)
        let position = try #require(report.graph.nodes.firstIndex { $0.id == cause.from })
        try page.press(.arrowDown)
        #expect(
            try page.string("document.activeElement.dataset.node")
                == report.graph.nodes[(position + 1) % report.graph.nodes.count].id)
        #expect(try page.activity().problems.isEmpty)
    }

    @Test("hostile trace text stays text in the browser: no script runs, no handler, titles read as typed")
    func hostileTitles() throws {
        let report = try WrittenReport("hostile-titles")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        #expect(try page.number("document.scripts.length") == 3)
        #expect(try page.number("document.querySelectorAll('img, iframe, object, embed, foreignObject').length") == 0)
        #expect(
            try page.bool(
                "[...document.querySelectorAll('*')].some((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on')))"
            ) == false)
        #expect(try page.string("document.title") == "Evil \"App\" <b>&amp;</b> · causegraph report")
        let titles = report.graph.nodes.map { VisibleText.lines($0.title) }
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#titles option')].map((option) => option.getAttribute('value'))")
                == titles)
        // Element text: the summary's view rows and module captions read exactly as the trace wrote them.
        let summary = TraceSummary(graph: report.graph)
        let views = summary.modules.flatMap(\.views).map { VisibleText.lines($0.node.title) }
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#summary table.views tbody tr')].map((row) => row.cells[0].textContent)"
            ) == views)
        let captions = summary.modules.map {
            VisibleText.lines($0.name ?? "(no module)") + " · " + ($0.totalDuration.map(DurationText.string) ?? "—")
        }
        #expect(
            try page.strings(
                "[...document.querySelectorAll('#summary table.views caption')].map((caption) => caption.textContent)")
                == captions)
        for node in report.graph.nodes {
            try page.click(at: try page.centre(of: node.id))
            #expect(
                try page.string("document.querySelector('#panel h2').textContent") == VisibleText.lines(node.title),
                "\(node.title.debugDescription) in the panel")
        }
        #expect(try page.number("document.querySelectorAll('#panel script, #panel img').length") == 0)
        let activity = try page.activity()
        #expect(activity.problems.isEmpty, "no dialog, no blocked script: \(activity.problems)")
        #expect(activity.requests == [report.url.absoluteString])
    }

    @Test("a title with BiDi controls cannot turn the page's text around: the panel and labels show them as �")
    func bidiTitles() throws {
        let scratch = try TemporaryFolder()
        let title = "\u{202E}gnp.exe\u{202C} RTL\u{2066}x\u{2069}"
        let trace = try scratch.write(
            "bidi.jsonl",
            traceHeaderLine + "\n"
                + #"{"node": 1, "kind": "body", "title": "\#(title)", "owner": "app", "time": 0, "duration": 1000}"#
                + "\n")
        let report = try WrittenReport(trace: trace)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url)
        let node = try #require(report.graph.nodes.first { $0.title == title })
        try page.click(at: try page.centre(of: node.id))
        let shown = try page.string("document.querySelector('#panel h2').textContent")
        #expect(shown == "\u{FFFD}gnp.exe\u{FFFD} RTL\u{FFFD}x\u{FFFD}")
        let label = try #require(try page.string("document.getElementById('\(node.id)').getAttribute('aria-label')"))
        #expect(label.hasPrefix("\u{FFFD}gnp.exe\u{FFFD} RTL"), "\(label.debugDescription)")
        #expect(try page.activity().problems.isEmpty)
    }

    @Test(
        "a screenshot of the page is not blank: the graph, its heat colours and the theme's background show",
        arguments: ["light", "dark"])
    func screenshot(_ theme: String) throws {
        let report = try WrittenReport("landmarks-favorites-before", theme: theme)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: report.url, width: 1280, height: 900)
        let item = try report.node("LandmarkListItemView")
        try page.click(at: try page.centre(of: item.id))
        try page.evaluate("window.scrollTo(0, 0)")
        let png = try page.screenshot()
        try Data(png).write(to: report.scratch.url.appendingPathComponent("report-\(theme).png"))
        if ProcessInfo.processInfo.environment["CAUSEGRAPH_RECORD"] == "1" && theme == "light" {
            try Data(png).write(to: packageRoot.appendingPathComponent("docs/images/report.png"))
        }
        let image = try PNGImage(png)
        #expect(image.width == 1280 && image.height == 900)
        var histogram: [Int: Int] = [:]
        for y in Swift.stride(from: 0, to: image.height, by: 2) {
            for x in Swift.stride(from: 0, to: image.width, by: 2) {
                let (r, g, b) = image.colour(x: x, y: y)
                histogram[Int(r) << 16 | Int(g) << 8 | Int(b), default: 0] += 1
            }
        }
        let samples = histogram.values.reduce(0, +)
        let (background, backgroundCount) = try #require(histogram.max { $0.value < $1.value })
        #expect(histogram.count > 200, "many colours, not a blank page: \(histogram.count)")
        #expect(Double(backgroundCount) / Double(samples) < 0.9, "the most common colour covers less than 90%")
        let luminance = (background >> 16 & 0xFF) + (background >> 8 & 0xFF) + (background & 0xFF)
        #expect(theme == "light" ? luminance > 600 : luminance < 150, "the \(theme) page's background")
        let palette = (theme == "light" ? GraphStyle.light : GraphStyle.dark).palette
        // LandmarkListItemView took most of the update time: the hottest fill of the ramp.
        for (name, colour) in [("app fill", palette.appFill), ("hottest heat fill", palette.heat[4])] {
            let value = Int(colour.dropFirst(), radix: 16) ?? -1
            let close = histogram.filter { key, _ in
                abs((key >> 16 & 0xFF) - (value >> 16 & 0xFF)) <= 6 && abs((key >> 8 & 0xFF) - (value >> 8 & 0xFF)) <= 6
                    && abs((key & 0xFF) - (value & 0xFF)) <= 6
            }.values.reduce(0, +)
            #expect(close > 20, "\(name) \(colour) shows (\(close) samples)")
        }
    }
}

/// The centre of the panel button whose text is `text`.
private func buttonCentre(_ page: BrowserPage, _ text: String) throws -> (x: Double, y: Double) {
    let point =
        try page.evaluate(
            """
            (() => {
              const button = [...document.querySelectorAll('#panel button')].find((item) => item.textContent === \(javaScriptString(text)));
              const box = button.getBoundingClientRect();
              return [box.x + box.width / 2, box.y + box.height / 2];
            })()
            """) as? [NSNumber]
    guard let point, point.count == 2 else { throw Chromium.Failure(description: "no button \(text)") }
    return (point[0].doubleValue, point[1].doubleValue)
}

/// The centre of the first timeline bar that selects `node`, scrolled into view.
private func barCentre(_ page: BrowserPage, node: String) throws -> (x: Double, y: Double) {
    let point =
        try page.evaluate(
            """
            (() => {
              const bar = document.querySelector('#timeline rect.bar[data-node=' + \(javaScriptString(node)) + ']');
              bar.scrollIntoView({ block: "center" });
              const box = bar.getBoundingClientRect();
              return [box.x + box.width / 2, box.y + box.height / 2];
            })()
            """) as? [NSNumber]
    guard let point, point.count == 2 else { throw Chromium.Failure(description: "no bar for \(node)") }
    return (point[0].doubleValue, point[1].doubleValue)
}
