/// The formats `causegraph check` writes: those of every report, and two
/// that CI systems read.
package enum CheckFormat: String, CaseIterable, Sendable {
    /// For a CI log or a terminal.
    case text
    /// The same figures as data.
    case json
    /// For a pull-request comment or a job summary.
    case markdown
    /// JUnit XML, which CI systems show as test results: one test case per limit.
    case junit
    /// GitHub Actions workflow commands: an annotation on the budget's line for each limit exceeded.
    case github
}
