import CauseGraphTestSupport
import Foundation
import Testing

/// Whether the drawn graph's box (Graphviz's `g.graph`, its nodes, edges and
/// legend) lies inside the pane, to within a pixel.
private let graphInsidePane = """
    (() => {
      const pane = document.getElementById('canvas').getBoundingClientRect();
      const canvas = document.getElementById('canvas');
      const inner = { left: pane.left + canvas.clientLeft, top: pane.top + canvas.clientTop };
      inner.right = inner.left + canvas.clientWidth;
      inner.bottom = inner.top + canvas.clientHeight;
      const box = document.querySelector('#canvas > svg g.graph').getBoundingClientRect();
      return box.left >= inner.left - 1 && box.top >= inner.top - 1 && box.right <= inner.right + 1 && box.bottom <= inner.bottom + 1;
    })()
    """

/// The box of the nodes and edges a filter leaves shown, and whether it lies inside the pane.
private let shownInsidePane = """
    (() => {
      const canvas = document.getElementById('canvas');
      const pane = canvas.getBoundingClientRect();
      const shown = [...document.querySelectorAll('#canvas > svg g.node:not(.filtered), #canvas > svg g.edge:not(.filtered)')];
      if (!shown.length) return false;
      return shown.every((element) => {
        const box = element.getBoundingClientRect();
        return box.left >= pane.left - 1 && box.top >= pane.top - 1 && box.right <= pane.left + canvas.clientWidth + 1 && box.bottom <= pane.top + canvas.clientHeight + 1;
      });
    })()
    """

private let scale = "Number(document.getElementById('canvas').dataset.scale)"
private let labelsHidden = "document.querySelector('#canvas > svg').classList.contains('shapes-only')"

/// A report page written by the `causegraph` executable from `trace`.
private func writeReport(_ scratch: TemporaryFolder, trace: String, name: String) throws -> URL {
    let path = scratch.path(name)
    let result = try Causegraph.run(["report", trace, "-o", path])
    guard result.status == 0 else { throw Chromium.Failure(description: "report failed: \(result.standardError)") }
    return URL(fileURLWithPath: path)
}

@Suite(
    "report in headless Chromium: the whole graph in view at any window size", .serialized, .tags(.browser),
    .enabled(if: Chromium.executable != nil || Chromium.isRequired, Comment(rawValue: Chromium.unavailable)))
struct ReportFitBrowserTests {
    static let windows = [(width: 1400, height: 900), (width: 800, height: 600)]

    /// Opens `url` at each window size and checks the picture fits on open and after zooming in and Fit.
    private func checkFits(_ url: URL, browser: Chromium) throws {
        for window in Self.windows {
            let page = try BrowserPage(browser, url: url, width: window.width, height: window.height)
            #expect(try page.bool(graphInsidePane) == true, "opened at \(window)")
            let fitted = try #require(try page.number(scale))
            try page.click(at: try page.centre(of: "zoom-in"))
            try page.click(at: try page.centre(of: "zoom-in"))
            try page.click(at: try page.centre(of: "zoom-in"))
            #expect(try page.number(scale) ?? 0 > fitted * 1.9)
            try page.click(at: try page.centre(of: "zoom-fit"))
            #expect(try page.bool(graphInsidePane) == true, "after Fit at \(window)")
            #expect(try page.number(scale) == fitted)
            let activity = try page.activity()
            #expect(activity.problems.isEmpty, "\(activity.problems)")
        }
    }

    /// Pairs of edge labels whose boxes, as the browser lays their text out, overlap.
    private static let overlappingEdgeLabels = """
        (() => {
          const boxes = [];
          for (const edge of document.querySelectorAll('svg g.edge')) {
            for (const text of edge.querySelectorAll(':scope > text')) {
              const box = text.getBBox();
              if (box.width && box.height) boxes.push({ edge: edge.id, text: text.textContent, box });
            }
          }
          const pairs = [];
          for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
            const [a, b] = [boxes[i], boxes[j]];
            if (a.edge === b.edge) continue;
            if (a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width && a.box.y < b.box.y + b.box.height && b.box.y < a.box.y + a.box.height) pairs.push(`${a.edge} ${a.text} / ${b.edge} ${b.text}`);
          }
          return [boxes.length, pairs];
        })()
        """

    @Test(
        "no two edge labels overlap in the default picture of Landmarks and of a realistic recording",
        .disabled(if: Sanitizer.name == "thread", "realistic sizes; ThreadSanitizer checks this code on small traces"))
    func edgeLabelsApart() throws {
        let scratch = try TemporaryFolder()
        let realistic = try GeneratedRecording.write(100_000, "native", into: scratch, seed: 7)
        let browser = try Chromium()
        defer { browser.close() }
        for (name, trace) in [("landmarks", fixture("landmarks-favorites-before.jsonl")), ("realistic", realistic)] {
            let path = scratch.path("\(name).svg")
            let result = try Causegraph.run(["render", trace, "-o", path])
            try #require(result.status == 0, "\(result.standardError)")
            let page = try BrowserPage(browser, url: URL(fileURLWithPath: path))
            let answer = try #require(try page.evaluate(Self.overlappingEdgeLabels) as? [Any])
            let labels = try #require(answer[0] as? NSNumber).intValue
            let overlaps = answer[1] as? [String] ?? []
            #expect(labels >= (name == "landmarks" ? 6 : 40), "\(name): \(labels) edge labels")
            #expect(overlaps.isEmpty, "\(name): \(overlaps.prefix(5))")
        }
    }

    @Test("the Landmarks graph opens whole, and Fit fits it, at 1400×900 and 800×600")
    func landmarksFits() throws {
        let scratch = try TemporaryFolder()
        let url = try writeReport(
            scratch, trace: fixture("landmarks-favorites-before.jsonl"), name: "landmarks.html")
        let browser = try Chromium()
        defer { browser.close() }
        try checkFits(url, browser: browser)
    }

    @Test(
        "a realistic recording opens whole with its labels giving way to shapes, which come back on zoom; hover shows a node's figures; filters re-fit; Find reaches every node, drawn or not",
        .disabled(if: Sanitizer.name == "thread", "realistic sizes; ThreadSanitizer checks this code on small traces"))
    func realisticRecording() throws {
        let scratch = try TemporaryFolder()
        let trace = try GeneratedRecording.write(100_000, "native", into: scratch, seed: 7)
        let url = try writeReport(scratch, trace: trace, name: "realistic.html")
        let browser = try Chromium()
        defer { browser.close() }
        try checkFits(url, browser: browser)

        let page = try BrowserPage(browser, url: url, width: 800, height: 600)
        #expect(try page.bool(graphInsidePane) == true)
        // Too small to read at 800×600: the labels give way to the shapes, and come back zoomed in.
        #expect(try page.bool(labelsHidden) == true)
        try page.evaluate("document.getElementById('canvas').focus()")
        for _ in 0..<8 { try page.press(.plus) }
        #expect(try page.bool(labelsHidden) == false)
        try page.press(.zero)
        #expect(try page.bool(labelsHidden) == true)

        // Hovering a node shows its title and figures by the pointer.
        let node = try #require(
            try page.evaluate(
                """
                (() => {
                  const element = document.querySelector('#canvas > svg g.node.kind-body');
                  const box = element.querySelector('path, polygon, ellipse').getBoundingClientRect();
                  return [element.id, box.x + box.width / 2, box.y + box.height / 2];
                })()
                """) as? [Any])
        let id = try #require(node[0] as? String)
        let x = try #require(node[1] as? NSNumber)
        let y = try #require(node[2] as? NSNumber)
        try page.moveMouse(to: (x.doubleValue, y.doubleValue))
        #expect(try page.bool("document.getElementById('hover-card').hidden") == false)
        #expect(try page.string("document.getElementById('hover-card').dataset.node") == id)
        let title = try #require(
            try page.string(
                "JSON.parse(document.getElementById('graph-data').textContent).nodes.find((n) => n.id === \(javaScriptString(id))).title"
            ))
        let card = try #require(try page.string("document.getElementById('hover-card').textContent"))
        #expect(card.hasPrefix(title) && card.contains("updates"), "\(card)")
        try page.moveMouse(to: (2, 2))

        // A focus filter re-fits to what it shows: closer in, and all of it in the pane.
        let whole = try #require(try page.number(scale))
        try page.evaluate("document.getElementById('filter-focus').focus()")
        try page.type("ClockView")
        #expect(try page.number("document.querySelectorAll('#canvas > svg g.node:not(.filtered)').length") ?? 0 >= 1)
        #expect(try page.bool(shownInsidePane) == true)
        #expect(try page.number(scale) ?? 0 > whole)
        try page.evaluate(
            "(() => { const input = document.getElementById('filter-focus'); input.value = ''; input.dispatchEvent(new Event('input')); })()"
        )
        #expect(try page.bool(graphInsidePane) == true)
        #expect(try page.number(scale) == whole)

        // Find reaches every node of the recording: the drawn ones and the ones shaping left out.
        let all = try ExportGeneratorTests.graph([trace])
        let titles = Set(try #require(all["nodes"]?.arrayValue).compactMap { $0["title"]?.stringValue })
        let findable = Set(
            try page.strings(
                "[...JSON.parse(document.getElementById('graph-data').textContent).nodes, ...JSON.parse(document.getElementById('report-data').textContent).undrawn].map((n) => n.title)"
            ))
        #expect(titles.count > 900)
        #expect(titles.subtracting(findable).isEmpty, "\(titles.subtracting(findable).prefix(5))")
        // Finding one that is not drawn shows it and closes the view in on the drawn nodes nearest to it.
        let undrawn = try #require(
            try page.evaluate(
                "(() => { const u = JSON.parse(document.getElementById('report-data').textContent).undrawn.find((n) => n.near.length && n.kind === 'body'); return [u.id, u.title]; })()"
            ) as? [String])
        try page.evaluate("document.getElementById('search').focus()")
        try page.type(undrawn[1])
        try page.press(.enter)
        var selected = try page.string("document.getElementById('panel').dataset.selected") ?? ""
        // Titles can contain one another; Enter walks the matches until it reaches this one.
        for _ in 0..<20 where selected != "undrawn:\(undrawn[0])" {
            try page.press(.enter)
            selected = try page.string("document.getElementById('panel').dataset.selected") ?? ""
        }
        #expect(selected == "undrawn:\(undrawn[0])")
        #expect(try page.string("document.querySelector('#panel-content h2').textContent") == undrawn[1])
        #expect(try page.number(scale) ?? 0 > whole)
        #expect(
            try page.bool(
                """
                (() => {
                  const canvas = document.getElementById('canvas'), pane = canvas.getBoundingClientRect();
                  const near = [...document.querySelectorAll('#canvas > svg g.node.selected')];
                  return near.length > 0 && near.every((element) => {
                    const box = element.getBoundingClientRect();
                    return box.left >= pane.left - 1 && box.right <= pane.left + canvas.clientWidth + 1 && box.top >= pane.top - 1 && box.bottom <= pane.top + canvas.clientHeight + 1;
                  });
                })()
                """) == true)
        let activity = try page.activity()
        #expect(activity.problems.isEmpty, "\(activity.problems)")
    }
}
