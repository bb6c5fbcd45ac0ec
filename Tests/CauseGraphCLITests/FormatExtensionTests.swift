import CauseGraph
import Testing

@testable import CauseGraphCLI

/// `-o`'s extension names the format when `--format` does not: `check`
/// reads the extensions of `why` and `summary`, and `.xml` for JUnit.
@Suite("formats named by an output file's extension")
struct FormatExtensionTests {
    @Test(
        "check and the reports read the same extensions, in any case",
        arguments: [
            ("txt", ReportFormat.text), ("TEXT", .text), ("json", .json), ("md", .markdown), ("Markdown", .markdown),
        ])
    func sharedExtensions(pathExtension: String, report: ReportFormat) {
        #expect(ReportFormat(pathExtension: pathExtension) == report)
        #expect(CheckFormat(pathExtension: pathExtension) == CheckFormat(rawValue: report.rawValue))
    }

    @Test("only check reads .xml, as JUnit; neither reads an extension it has no format for")
    func checkOnlyExtensions() {
        #expect(CheckFormat(pathExtension: "XML") == .junit)
        #expect(ReportFormat(pathExtension: "xml") == nil)
        for unknown in ["yaml", "", "github"] {
            #expect(CheckFormat(pathExtension: unknown) == nil)
            #expect(ReportFormat(pathExtension: unknown) == nil)
        }
    }
}
