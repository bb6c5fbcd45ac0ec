import ArgumentParser
import CauseGraph

extension CheckFormat: FormatNamedByExtension {
    /// The extensions of ``ReportFormat``, and `.xml` for JUnit; workflow
    /// commands have no extension of their own and are named by `--format`.
    init?(pathExtension: String) {
        if let shared = ReportFormat(pathExtension: pathExtension) {
            self.init(rawValue: shared.rawValue)
        } else if pathExtension.lowercased() == "xml" {
            self = .junit
        } else {
            return nil
        }
    }

    var fileExtension: String {
        switch self {
        case .text, .github: "txt"
        case .json: "json"
        case .markdown: "md"
        case .junit: "xml"
        }
    }
}

extension CheckFormat: ReportFormatOption {
    static let formatHelp =
        "text (for a terminal), json, markdown (for a pull request), junit (XML for CI test reports) or github (annotations on the budget's lines); default: from -o's extension (.txt, .json, .md, .xml), else text."
}

/// Where `check`'s report goes and in which format: those of ``ReportOptions``,
/// and JUnit XML and GitHub workflow commands for CI.
typealias CheckOutputOptions = ReportOutputOptions<CheckFormat>
