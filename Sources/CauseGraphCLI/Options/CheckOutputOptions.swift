import ArgumentParser
import CauseGraph

extension CheckFormat: FormatNamedByExtension {
    /// The extensions of ``ReportFormat``, and `.xml` for JUnit; workflow
    /// commands have no extension of their own and are named by `--format`.
    var pathExtensions: [String] {
        switch self {
        case .text, .json, .markdown: ReportFormat(rawValue: rawValue)?.pathExtensions ?? []
        case .junit: ["xml"]
        case .github: []
        }
    }

    /// Workflow commands are text: a file of them is given text's extension.
    var fileExtension: String { pathExtensions.first ?? ReportFormat.text.fileExtension }
}

extension CheckFormat: ReportFormatOption {
    static let formatHelp =
        "text (for a terminal), json, markdown (for a pull request), junit (XML for CI test reports) or github (annotations on the budget's lines); default: from -o's extension (.txt, .json, .md, .xml), else text."
}

/// Where `check`'s report goes and in which format: those of ``ReportOptions``,
/// and JUnit XML and GitHub workflow commands for CI.
typealias CheckOutputOptions = ReportOutputOptions<CheckFormat>
