/// The stylesheet of a report page (`report.css`, embedded at build time):
/// both themes, the system's fonts only.
///
/// The page's Content-Security-Policy admits exactly these bytes (by their
/// hash, see ``ContentSecurityPolicy``).
enum ReportStylesheet {
    static let text = String(decoding: PackageResources.report_css, as: UTF8.self)
}
