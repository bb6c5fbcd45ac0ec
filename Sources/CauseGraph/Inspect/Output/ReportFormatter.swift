/// A writer of one kind of answer in each ``ReportFormat``.
package protocol ReportFormatter {
    /// What it writes.
    associatedtype Report
    /// The answer as text for a terminal or a file, styled with `style`.
    static func text(_ report: Report, style: TextStyle) -> String
    /// The answer as one JSON document.
    static func json(_ report: Report) -> String
    /// The answer as GitHub-flavoured Markdown.
    static func markdown(_ report: Report) -> String
}

extension ReportFormatter {
    /// The answer in `format`; text styled with `style`.
    package static func format(_ report: Report, as format: ReportFormat, style: TextStyle = TextStyle(colour: false))
        -> String
    {
        switch format {
        case .text: text(report, style: style)
        case .json: json(report)
        case .markdown: markdown(report)
        }
    }
}
