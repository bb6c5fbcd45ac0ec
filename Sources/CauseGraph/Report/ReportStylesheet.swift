/// The stylesheet of a report page: both themes, the system's fonts only.
///
/// The page's Content-Security-Policy admits exactly this text (by its
/// hash), so it must stay a constant.
enum ReportStylesheet {
    static let text = """

        :root {
          color-scheme: light;
          --page: #f1f5f9; --surface: #ffffff; --text: #0f172a; --muted: #475569; --line: #cbd5e1;
          --accent: #2563eb; --accent-soft: #dbeafe; --match: #7c3aed;
          --low: #94a3b8; --medium: #f59e0b; --high: #dc2626; --veryHigh: #7f1d1d; --track: #f1f5f9;
        }
        html[data-theme="dark"] {
          color-scheme: dark;
          --page: #020617; --surface: #0f172a; --text: #e2e8f0; --muted: #a3b1c6; --line: #334155;
          --accent: #60a5fa; --accent-soft: #1e3a5f; --match: #c4b5fd;
          --low: #64748b; --medium: #fbbf24; --high: #f87171; --veryHigh: #e11d48; --track: #1e293b;
        }
        * { box-sizing: border-box; }
        body {
          margin: 0; background: var(--page); color: var(--text);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        h1, h2, h3 { margin: 0 0 .5rem; line-height: 1.25; }
        h1 { font-size: 1.35rem; }
        h2 { font-size: 1.1rem; }
        h3 { font-size: .95rem; margin-top: 1rem; }
        code, kbd, .frames, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: .85em; }
        kbd { border: 1px solid var(--line); border-radius: 4px; padding: 0 .3em; background: var(--page); }
        button { font: inherit; color: inherit; }
        :focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
        .top {
          display: flex; flex-wrap: wrap; gap: .75rem 2rem; align-items: flex-end; justify-content: space-between;
          padding: 1rem 1.25rem .75rem; background: var(--surface); border-bottom: 1px solid var(--line);
        }
        .facts, .note, .legend, footer { color: var(--muted); margin: .25rem 0 0; overflow-wrap: anywhere; }
        .search { display: flex; align-items: center; gap: .5rem; }
        .search label { font-weight: 600; }
        .search input {
          width: 18rem; max-width: 60vw; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 6px;
          background: var(--page); color: var(--text); font: inherit;
        }
        #search-status { color: var(--muted); min-width: 6rem; }
        main { padding: 1rem 1.25rem; display: grid; gap: 1rem; }
        .card { background: var(--surface); border: 1px solid var(--line); border-radius: 8px; padding: .9rem 1rem; min-width: 0; }
        .workspace { display: grid; grid-template-columns: minmax(0, 1fr) 28rem; gap: 1rem; height: min(72vh, 46rem); min-height: 22rem; }
        @media (max-width: 60rem) { .workspace { grid-template-columns: 1fr; grid-template-rows: 60vh auto; height: auto; } }
        .graph { display: flex; flex-direction: column; padding: 0; overflow: hidden; }
        .graph-tools { display: flex; justify-content: space-between; align-items: center; padding: .4rem .75rem; border-bottom: 1px solid var(--line); }
        .graph-tools .note { margin: 0; }
        .graph-tools button { border: 1px solid var(--line); background: var(--page); border-radius: 6px; padding: .1rem .6rem; cursor: pointer; }
        .canvas { flex: 1; overflow: auto; min-height: 0; display: flex; }
        .canvas > svg { display: block; margin: auto; flex: none; }
        .panel { overflow: auto; }
        .panel dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; margin: .5rem 0; }
        .panel dt { color: var(--muted); }
        .panel dd { margin: 0; overflow-wrap: anywhere; }
        .panel .identity { color: var(--muted); margin: 0; }
        .panel h2 { overflow-wrap: anywhere; }
        .panel ul.links { list-style: none; padding: 0; margin: .25rem 0; }
        .panel ul.links button, .panel .group-link {
          background: none; border: 0; padding: .1rem 0; text-align: left; cursor: pointer; color: var(--accent); overflow-wrap: anywhere;
        }
        .panel ul.links button:hover { text-decoration: underline; }
        .frames { margin: .25rem 0; padding-left: 1.75rem; overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; margin: .25rem 0 .75rem; }
        caption { text-align: left; font-weight: 600; padding: .25rem 0; overflow-wrap: anywhere; }
        th, td { padding: .25rem .5rem; text-align: left; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
        th { color: var(--muted); font-weight: 600; }
        .number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr[data-node] { cursor: pointer; }
        tr[data-node]:hover { background: var(--accent-soft); }
        tr.severity-medium > td:first-child { box-shadow: inset 4px 0 var(--medium); }
        tr.severity-high > td:first-child, tr.severity-veryHigh > td:first-child { box-shadow: inset 4px 0 var(--high); }
        .updates td, .updates th { font-size: .8rem; padding: .15rem .3rem; white-space: nowrap; overflow-wrap: normal; }
        .updates tr.update > td { border-bottom: 0; }
        .updates td.causes { white-space: normal; overflow-wrap: anywhere; color: var(--muted); padding-left: 1.5rem; }
        .result-skipped { color: var(--muted); font-style: italic; }
        .totals { display: flex; flex-wrap: wrap; gap: .5rem 2rem; margin: 0; }
        .totals dt { color: var(--muted); }
        .totals dd { margin: 0; }
        .findings { padding-left: 1.25rem; margin: 0; }
        .finding { margin-bottom: 1rem; }
        .finding h3 { margin: 0 0 .25rem; overflow-wrap: anywhere; }
        .finding .evidence { margin: .25rem 0; padding-left: 1.1rem; color: var(--muted); overflow-wrap: anywhere; }
        .finding .fix { margin: .25rem 0 .4rem; }
        .tag { display: inline-block; padding: 0 .45em; border-radius: 999px; background: var(--high); color: var(--surface); font-size: .8rem; font-weight: 600; }
        button.show { border: 1px solid var(--line); background: var(--page); border-radius: 6px; padding: .2rem .6rem; cursor: pointer; }
        button.show:hover { border-color: var(--accent); }
        .timeline-strip { display: block; width: 100%; height: auto; font-size: 12px; fill: var(--text); }
        .timeline-strip .lane-count { fill: var(--muted); }
        .lane-track { fill: var(--track); }
        .bar { cursor: pointer; }
        .bar:hover, .bar:focus { stroke: var(--text); stroke-width: 1.5; }
        .axis line { stroke: var(--muted); }
        .axis text { fill: var(--muted); font-size: 11px; }
        .bar.severity-veryLow, .bar.severity-low { fill: var(--low); }
        .bar.severity-medium { fill: var(--medium); }
        .bar.severity-high { fill: var(--high); }
        .bar.severity-veryHigh { fill: var(--veryHigh); }
        .swatch.severity-veryLow, .swatch.severity-low { background: var(--low); }
        .swatch.severity-medium { background: var(--medium); }
        .swatch.severity-high { background: var(--high); }
        .swatch.severity-veryHigh { background: var(--veryHigh); }
        .swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin: 0 .2em 0 .8em; vertical-align: -.05em; }
        .swatch:first-child { margin-left: 0; }
        #graph g.node, #graph g.edge { cursor: pointer; }
        #graph g.node { outline: none; }
        #graph svg.highlighting g.node:not(.lit), #graph svg.highlighting g.edge:not(.lit) { opacity: .18; }
        #graph g.node.lit, #graph g.edge.lit { filter: drop-shadow(0 0 2px var(--accent)); }
        #graph g.node.match > g > a > :first-child { stroke: var(--match); stroke-width: 4; }
        #graph g.node.selected, #graph g.edge.selected { filter: drop-shadow(0 0 4px var(--accent)) drop-shadow(0 0 1px var(--accent)); }
        #graph g.node:focus-visible > g > a > :first-child { stroke: var(--accent); stroke-width: 4; }
        footer { padding: 0 1.25rem 1.5rem; font-size: .85rem; }

        """
}
