/// A report on a trace as one self-contained HTML page: the graph as inline
/// SVG, a timeline of update groups and long updates, the findings and the
/// summary, with a small script to explore them.
///
/// The page loads nothing: its stylesheet, script and data are inline, it
/// uses the system's fonts, and its Content-Security-Policy forbids any
/// fetch and any script but its own. Trace text is escaped for HTML text
/// and attributes (``HTMLText``) and for inline JSON (`JSONText`), and the
/// page's script shows it only as text. The same trace always gives the
/// same bytes.
package struct HTMLReport {
    /// The whole graph, which the summary, findings and timeline describe.
    package var graph: CauseEffectGraph
    /// The graph drawn: `graph` shaped by a ``GraphShaper``, with its
    /// legend; `nil` draws all of `graph`. Its nodes keep their ids, so rows
    /// and bars about nodes it shows select them.
    package var drawn: ShapedGraph?
    /// The events the page lists and bins, as ``TracePipeline/reconstructForReport(_:diagnostics:)`` kept them.
    package var events: ReportEvents
    /// The colours of the page and its picture.
    package var theme: Theme
    /// What to call the traces read, in the page's heading (file names, say).
    package var sources: [String]
    /// When a pattern counts as a finding. The graph must have been built
    /// with a burst window equal to their storm window.
    package var thresholds: FindingThresholds
    /// How the picture's legend and the graph data name the filters given.
    package var spelling: SettingSpelling = .neutral

    /// How many of a node's events its update list shows at most.
    package static let updatesPerNode = 200

    /// A report of `graph`, its picture `drawn` (or all of it), `events`, in `theme`, naming `sources`.
    package init(
        graph: CauseEffectGraph, drawn: ShapedGraph? = nil, events: ReportEvents, theme: Theme = .light,
        sources: [String] = [],
        thresholds: FindingThresholds = FindingThresholds()
    ) {
        self.graph = graph
        self.drawn = drawn
        self.events = events
        self.theme = theme
        self.sources = sources
        self.thresholds = thresholds
    }

    /// The page.
    ///
    /// - Parameter renderSVG: lays out the drawn graph's DOT text (encoded
    ///   in the report's theme) and returns the SVG document; the library
    ///   itself draws nothing, so it needs no C.
    package func html<Failure: Error>(renderingSVG renderSVG: (_ dot: String) throws(Failure) -> String) throws(Failure)
        -> String
    {
        let picture = drawn?.graph ?? graph
        let legend = drawn?.legend
        let svg = try renderSVG(
            DOTEncoder(style: theme.style, spelling: spelling).encode(
                picture, legend: legend, shares: drawn?.focusShares, heat: UpdateHeat(of: graph)))
        let shown = Set(picture.nodes.map(\.id))
        let strip = Timeline(graph: graph, events: events)
        let summary = TraceSummary(graph: graph, thresholds: thresholds)
        let title = (graph.app ?? "Trace") + " · causegraph report"
        var lines = [
            "<!DOCTYPE html>",
            "<html lang=\"en\" data-theme=\"\(theme.rawValue)\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"\(ContentSecurityPolicy.policy(stylesheet: ReportStylesheet.text, script: ReportScript.text))\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"color-scheme\" content=\"\(theme.rawValue)\">",
            "<meta name=\"generator\" content=\"causegraph\">",
            "<title>\(HTMLText.escape(title))</title>",
            "<link rel=\"icon\" href=\"data:,\">",
            "<style>\(ReportStylesheet.text)</style>",
            "</head>",
            "<body>",
        ]
        lines += header(summary, picture: picture)
        lines.append("<main>")
        lines.append("<div class=\"workspace\">")
        lines.append("<section id=\"graph\" class=\"graph card\" aria-label=\"Cause and effect graph\">")
        lines.append(
            "<div class=\"graph-tools\"><span class=\"note\">Cause and effect graph</span><span class=\"zoom-tools\">"
                + "<button type=\"button\" id=\"zoom-out\" aria-label=\"Zoom out ( - )\">−</button>"
                + "<output id=\"zoom-level\" aria-live=\"polite\">100%</output>"
                + "<button type=\"button\" id=\"zoom-in\" aria-label=\"Zoom in ( + )\">+</button>"
                + "<button type=\"button\" id=\"zoom-fit\" aria-label=\"Fit to the pane ( 0 )\">Fit</button></span></div>"
        )
        lines.append(
            "<div class=\"graph-filters\">"
                + "<label>Focus <input id=\"filter-focus\" type=\"search\" placeholder=\"title\" autocomplete=\"off\" spellcheck=\"false\"></label>"
                + "<label>Depth <input id=\"filter-depth\" type=\"number\" min=\"0\" step=\"1\" placeholder=\"all\"></label>"
                + "<label>Hide <input id=\"filter-hide\" type=\"search\" placeholder=\"title\" autocomplete=\"off\" spellcheck=\"false\"></label>"
                + "<output id=\"filter-status\" aria-live=\"polite\"></output></div>")
        lines.append(
            "<div id=\"canvas\" class=\"canvas\" tabindex=\"0\" aria-label=\"Graph: drag or arrow keys pan, the wheel or + and - zoom, 0 fits\">"
        )
        lines.append(InlineSVG.element(of: svg) ?? "<p class=\"note\">The graph could not be drawn.</p>")
        lines.append("</div>")
        lines.append("<div id=\"hover-card\" class=\"hover-card\" role=\"tooltip\" hidden></div>")
        lines.append("</section>")
        lines += panel()
        lines.append("</div>")
        lines += timeline(strip, selectable: shown)
        lines.append(SummaryMarkup.findings(summary.findings, selectable: shown))
        lines.append(SummaryMarkup.summary(summary, selectable: shown))
        lines.append("</main>")
        lines.append(
            "<footer><p>Made by causegraph from a SwiftUI update trace. Cause nodes on the left, their effects to the right; blue: the app, grey: the system; an update's fill: its share of all update time, on the ramp in the picture's legend; orange and red borders: most of its time in long updates, red for longer than a frame; dashed and dimmed: bodies checked and skipped. Zoomed out, labels give way to shapes: hover or click a node for its figures.</p></footer>"
        )
        lines.append(
            "<script type=\"application/json\" id=\"graph-data\">\n\(GraphJSONEncoder.encodeWithoutGroups(picture, shaping: legend, spelling: spelling))</script>"
        )
        lines.append(
            "<script type=\"application/json\" id=\"report-data\">\n\(ReportData.json(graph: picture, whole: graph, events: events, timelineGroups: strip.openedGroups))\n</script>"
        )
        lines.append("<script>\(ReportScript.text)</script>")
        lines.append("</body>")
        lines.append("</html>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func header(_ summary: TraceSummary, picture: CauseEffectGraph) -> [String] {
        var facts = sources.map(HTMLText.escape)
        facts.append(graph.frameRates.map { "\(JSONText.number($0)) Hz" }.joined(separator: ", "))
        facts.append(CountText.string(summary.totals.events, "event"))
        facts.append(
            picture.nodes.count == graph.nodes.count
                ? CountText.string(graph.nodes.count, "node")
                : "\(picture.nodes.count) of \(CountText.string(graph.nodes.count, "node")) drawn")
        facts.append(CountText.string(summary.findings.count, "finding"))
        var lines = [
            "<header class=\"top\">",
            "<div class=\"heading\"><h1>\(HTMLText.escape(graph.app ?? "Trace"))</h1><p class=\"facts\">\(facts.joined(separator: " · "))</p></div>",
            "<div class=\"search\" role=\"search\">",
            "<label for=\"search\">Find a view</label>",
            "<input id=\"search\" type=\"search\" list=\"titles\" placeholder=\"View or cause title  ( / )\" autocomplete=\"off\" spellcheck=\"false\">",
            "<output id=\"search-status\" for=\"search\" aria-live=\"polite\"></output>",
            "</div>",
            "<datalist id=\"titles\">",
        ]
        var seen: Set<String> = []
        for node in picture.nodes + graph.nodes where seen.insert(node.title).inserted {
            lines.append("<option value=\"\(HTMLText.escape(node.title))\"></option>")
        }
        lines.append("</datalist>")
        lines.append("</header>")
        return lines
    }

    private func panel() -> [String] {
        [
            "<aside id=\"panel\" class=\"panel card\" aria-label=\"Details\" tabindex=\"-1\">",
            "<div id=\"panel-content\">",
            "<h2>Details</h2>",
            "<p>Hover a node to light up the nodes of the same update and its edges. Click a node or an edge for its figures, its updates and backtrace.</p>",
            "<ul class=\"keys\">",
            "<li><kbd>Tab</kbd> moves between nodes, <kbd>Enter</kbd> shows one</li>",
            "<li><kbd>→</kbd> an effect, <kbd>←</kbd> a cause, <kbd>↓</kbd> <kbd>↑</kbd> the next or previous node</li>",
            "<li><kbd>/</kbd> finds a view, <kbd>Enter</kbd> goes to the next match</li>",
            "<li><kbd>Esc</kbd> clears the selection</li>",
            "<li><kbd>+</kbd> <kbd>-</kbd> or the wheel zoom, <kbd>0</kbd> fits, dragging pans</li>",
            "</ul>",
            "</div>",
            "</aside>",
        ]
    }

    private func timeline(_ strip: Timeline, selectable: Set<String>) -> [String] {
        var lines = [
            "<section id=\"timeline\" class=\"card\" aria-labelledby=\"timeline-heading\">",
            "<h2 id=\"timeline-heading\">Timeline <button type=\"button\" id=\"timeline-whole\" hidden>Whole trace</button></h2>",
            "<p class=\"note\">A bar is as tall as the share of its time at its colour. Drag across the strip to zoom to a range.</p>",
        ]
        if strip.lanes.allSatisfy({ $0.count == 0 }) {
            lines.append("<p class=\"note\">The trace records no update group and no long update with a time.</p>")
        }
        lines.append(TimelineMarkup.svg(strip, selectable: selectable))
        lines.append(
            "<p class=\"legend\"><span class=\"swatch severity-low\"></span> update group within a frame <span class=\"swatch severity-medium\"></span> orange: at least 1/16 of a frame <span class=\"swatch severity-high\"></span> red: at least 1/8 <span class=\"swatch severity-veryHigh\"></span> longer than a frame</p>"
        )
        lines.append("</section>")
        return lines
    }
}
