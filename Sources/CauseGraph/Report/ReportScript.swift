/// The script of a report page (`report.js`, embedded at build time): hover
/// highlighting, the details panel, search, keyboard navigation, panning and
/// zooming the graph, zooming the timeline to a brushed range, and the focus,
/// hide and depth filters, kept in the page's URL.
///
/// It reads the graph and the panel's data from the page's JSON blocks and
/// writes trace text only through `textContent` and attribute setters, never
/// as markup. The page's Content-Security-Policy admits exactly these bytes
/// (by their hash, see ``ContentSecurityPolicy``).
enum ReportScript {
    static let text = String(decoding: PackageResources.report_js, as: UTF8.self)
}
