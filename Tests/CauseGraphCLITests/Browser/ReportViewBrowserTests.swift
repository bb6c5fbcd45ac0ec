import CauseGraphTestSupport
import Foundation
import Testing

/// A report page written by the `causegraph` executable from `trace`.
private func writeReport(_ scratch: TemporaryFolder, trace: String, options: [String] = []) throws -> URL {
    let path = scratch.path("report.html")
    let result = try Causegraph.run(["report", trace, "-o", path] + options)
    guard result.status == 0 else { throw Chromium.Failure(description: "report failed: \(result.standardError)") }
    return URL(fileURLWithPath: path)
}

/// One cause driving `rows` rows: drawn unfolded, a column far taller than any pane.
private func tallTrace(rows: Int) -> String {
    var lines = [
        #"{"causegraph": 1, "app": "Tall", "frameRate": 60}"#,
        #"{"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": 1000}"#,
        #"{"group": 1, "label": "Transaction for Gesture", "start": 1500, "duration": 200000}"#,
    ]
    for row in 0..<rows {
        lines.append(
            #"{"node": \#(row + 2), "kind": "body", "title": "Row\#(row)", "owner": "app", "time": \#(2000 + row * 1000), "duration": 1000, "ran": true, "group": 1}"#
        )
        lines.append(#"{"edge": [1, \#(row + 2)], "label": "update"}"#)
    }
    return lines.joined(separator: "\n") + "\n"
}

private let scale = "Number(document.getElementById('canvas').dataset.scale)"
/// The smallest text of the graph, in CSS pixels as drawn.
private let smallestText = """
    (() => {
      const svg = document.querySelector('#canvas > svg');
      const factor = svg.getScreenCTM().a;
      return Math.min(...[...svg.querySelectorAll('text')].map((text) => parseFloat(text.getAttribute('font-size')) * factor));
    })()
    """

@Suite(
    "report in headless Chromium: panning, zooming, filters in the URL", .serialized, .tags(.browser),
    .enabled(if: Chromium.executable != nil || Chromium.isRequired, Comment(rawValue: Chromium.unavailable)))
struct ReportViewBrowserTests {
    @Test(
        "a small graph opens fitted; the wheel zooms about the pointer, dragging pans, + - 0 and the buttons zoom and fit"
    )
    func panAndZoom() throws {
        let scratch = try TemporaryFolder()
        let url = try writeReport(scratch, trace: fixture("landmarks-favorites-before.jsonl"))
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: url)
        let fitted = try #require(try page.number(scale))
        // Fitted: the whole picture in the pane.
        let fits = try page.bool(
            "(() => { const c = document.getElementById('canvas'), s = c.querySelector('svg'); return s.getBoundingClientRect().width <= c.clientWidth && s.getBoundingClientRect().height <= c.clientHeight; })()"
        )
        #expect(fits == true)

        // The wheel zooms in about the pointer: the picture's point under it stays there.
        let box = try #require(
            try page.evaluate(
                "(() => { const b = document.getElementById('canvas').getBoundingClientRect(); return [b.x + b.width / 3, b.y + b.height / 2]; })()"
            ) as? [NSNumber])
        let pointer = (x: box[0].doubleValue, y: box[1].doubleValue)
        let pictureAt =
            "(() => { const s = document.querySelector('#canvas > svg'), b = s.getBoundingClientRect(); return [(\(pointer.x) - b.x) / b.width, (\(pointer.y) - b.y) / b.height]; })()"
        let before = try #require(try page.evaluate(pictureAt) as? [NSNumber])
        try page.wheel(at: pointer, deltaY: -400)
        let zoomed = try #require(try page.number(scale))
        #expect(zoomed > fitted * 1.5)
        let after = try #require(try page.evaluate(pictureAt) as? [NSNumber])
        #expect(
            abs(after[0].doubleValue - before[0].doubleValue) < 0.02
                && abs(after[1].doubleValue - before[1].doubleValue) < 0.02)
        #expect(
            try page.string("document.getElementById('zoom-level').textContent") == "\(Int((zoomed * 100).rounded()))%")

        // Dragging the background scrolls the pane the other way.
        let scroll = "[document.getElementById('canvas').scrollLeft, document.getElementById('canvas').scrollTop]"
        let scrolled = try #require(try page.evaluate(scroll) as? [NSNumber])
        let background = try #require(
            try page.evaluate(
                """
                (() => {
                  const c = document.getElementById('canvas').getBoundingClientRect();
                  for (let y = c.y + 10; y < c.bottom - 10; y += 7) for (let x = c.x + 10; x < c.right - 10; x += 7) {
                    const hit = document.elementFromPoint(x, y);
                    if (hit && !hit.closest('g.node, g.edge')) return [x, y];
                  }
                  return null;
                })()
                """) as? [NSNumber])
        let from = (x: background[0].doubleValue, y: background[1].doubleValue)
        try page.drag(from: from, to: (from.x - 60, from.y - 40))
        let panned = try #require(try page.evaluate(scroll) as? [NSNumber])
        #expect(
            panned[0].doubleValue - scrolled[0].doubleValue > 30
                || panned[1].doubleValue - scrolled[1].doubleValue > 20, "\(scrolled) → \(panned)")
        #expect(
            try page.evaluate("document.getElementById('panel').dataset.selected ?? null") is NSNull,
            "a drag selects nothing")

        // Keys on the pane and the buttons.
        try page.evaluate("document.getElementById('canvas').focus()")
        try page.press(.plus)
        #expect(abs((try page.number(scale) ?? 0) - zoomed * 1.25) < 0.001)
        try page.press(.minus)
        #expect(abs((try page.number(scale) ?? 0) - zoomed) < 0.001)
        try page.press(.zero)
        #expect(try page.number(scale) == fitted)
        try page.click(at: try page.centre(of: "zoom-in"))
        #expect(abs((try page.number(scale) ?? 0) - fitted * 1.25) < 0.001)
        try page.click(at: try page.centre(of: "zoom-fit"))
        #expect(try page.number(scale) == fitted)
        let activity = try page.activity()
        #expect(activity.problems.isEmpty, "\(activity.problems)")
    }

    @Test("a graph too tall to read whole opens whole, its labels giving way to shapes until one zooms in")
    func labelsGiveWayWhenSmall() throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write("tall.jsonl", tallTrace(rows: 120))
        let url = try writeReport(scratch, trace: trace, options: ["--max-nodes", "0", "--max-edges", "0"])
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: url)
        #expect(try page.number("document.querySelectorAll('#canvas > svg g.node').length") == 121)
        let smallest = try #require(try page.number(smallestText))
        #expect(smallest < 7, "smallest text \(smallest) px")
        let labelsHidden = "document.querySelector('#canvas > svg').classList.contains('shapes-only')"
        #expect(try page.bool(labelsHidden) == true)
        #expect(
            try page.bool(
                "document.getElementById('canvas').scrollHeight <= document.getElementById('canvas').clientHeight + 1")
                == true)
        // Zoomed in until the text reads, the labels are back.
        try page.evaluate("document.getElementById('canvas').focus()")
        while try page.number(smallestText) ?? 99 < 7 { try page.press(.plus) }
        #expect(try page.bool(labelsHidden) == false)
    }

    @Test("focus, depth and hide filter the graph in the page and live in the URL: a reload shows the same view")
    func filtersInTheURL() throws {
        let scratch = try TemporaryFolder()
        let url = try writeReport(scratch, trace: fixture("landmarks-favorites-before.jsonl"))
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: url)
        let shownIDs = "[...document.querySelectorAll('#canvas > svg g.node:not(.filtered)')].map((node) => node.id)"
        let all = try page.strings(shownIDs)
        #expect(all.count == 7)

        try page.evaluate("document.getElementById('filter-focus').focus()")
        try page.type("LandmarkFavoriteButton")
        let focused = try page.strings(shownIDs)
        #expect(focused.count < all.count && !focused.isEmpty)
        try page.evaluate("document.getElementById('filter-depth').focus()")
        try page.type("1")
        let deep = try page.strings(shownIDs)
        #expect(deep.count == 2, "\(deep)")
        #expect(try page.number("document.querySelectorAll('#canvas > svg g.edge:not(.filtered)').length") == 1)
        #expect(try page.string("document.getElementById('filter-status').textContent") == "2 of 7 nodes")
        try page.evaluate("document.getElementById('filter-hide').focus()")
        try page.type("ListItem")
        let hidden = try page.strings(shownIDs)
        #expect(hidden.count == 1)
        #expect(try page.string("location.hash") == "#focus=LandmarkFavoriteButton&depth=1&hide=ListItem")

        try page.reload()
        #expect(try page.string("location.hash") == "#focus=LandmarkFavoriteButton&depth=1&hide=ListItem")
        #expect(try page.string("document.getElementById('filter-focus').value") == "LandmarkFavoriteButton")
        #expect(try page.string("document.getElementById('filter-depth').value") == "1")
        #expect(try page.strings(shownIDs) == hidden)

        // Clearing the filters shows everything again and leaves the URL bare.
        try page.evaluate(
            "for (const id of ['filter-focus', 'filter-depth', 'filter-hide']) { const input = document.getElementById(id); input.value = ''; input.dispatchEvent(new Event('input')); }"
        )
        #expect(try page.strings(shownIDs) == all)
        #expect(try page.string("location.hash") == "")
        #expect(try page.string("location.href") == url.absoluteString)
        let activity = try page.activity()
        #expect(activity.problems.isEmpty, "\(activity.problems)")
    }

    @Test("brushing across the timeline zooms it to that range; Whole trace zooms out")
    func timelineBrush() throws {
        let scratch = try TemporaryFolder()
        let url = try writeReport(scratch, trace: fixture("landmarks-favorites-before.jsonl"))
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: url)
        let range = "document.querySelector('#timeline svg').dataset.range"
        #expect(try page.string(range) == "0:1000")
        #expect(try page.bool("document.getElementById('timeline-whole').hidden") == true)
        let plot = try #require(
            try page.evaluate(
                """
                (() => {
                  const strip = document.querySelector('#timeline svg');
                  strip.scrollIntoView({ block: "center" });
                  const box = strip.querySelector('rect.lane-track').getBoundingClientRect();
                  return [box.x, box.width, box.y + box.height / 2];
                })()
                """) as? [NSNumber])
        let (left, width, middle) = (plot[0].doubleValue, plot[1].doubleValue, plot[2].doubleValue)
        let barsBefore =
            try page.number("document.querySelectorAll('#timeline rect.bar:not(.out-of-range)').length") ?? 0
        try page.drag(from: (left + width * 0.25, middle), to: (left + width * 0.5, middle))
        let zoomed = try #require(try page.string(range)).split(separator: ":").compactMap { Double($0) }
        #expect(zoomed.count == 2 && abs(zoomed[0] - 250) < 5 && abs(zoomed[1] - 500) < 5, "\(zoomed)")
        #expect(try page.bool("document.getElementById('timeline-whole').hidden") == false)
        #expect(
            try page.number("document.querySelectorAll('#timeline g.zoom-axis text').length") ?? 0 >= 2,
            "the zoomed axis has ticks")
        #expect(
            try page.number("document.querySelectorAll('#timeline rect.bar:not(.out-of-range)').length") ?? 0
                < barsBefore)
        try page.click(at: try page.centre(of: "timeline-whole"))
        #expect(try page.string(range) == "0:1000")
        #expect(
            try page.number("document.querySelectorAll('#timeline rect.bar:not(.out-of-range)').length") == barsBefore)
    }
}
