import CauseGraph

/// Test input with the place an error should point at marked in the text
/// itself, `{"node": ‸"1"}`, so the expectation moves with the input when it
/// is edited. The mark is taken out; its line and column (1-based, the
/// column in Unicode scalars, as diagnostics count) are kept.
public struct MarkedText {
    public static let mark: Unicode.Scalar = "‸"

    /// The text without the mark.
    public let text: String
    public let line: Int
    public let column: Int

    /// - Precondition: `marked` holds the mark exactly once.
    public init(_ marked: String) {
        var line = 1
        var column = 1
        var found: (line: Int, column: Int)?
        var text = String.UnicodeScalarView()
        for scalar in marked.unicodeScalars {
            if scalar == Self.mark {
                precondition(found == nil, "the mark ‸ stands more than once in \(marked)")
                found = (line, column)
                continue
            }
            text.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        guard let found else { preconditionFailure("no mark ‸ in \(marked)") }
        self.text = String(text)
        (self.line, self.column) = found
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, as a diagnostic at the mark prints.
    public func error(_ message: String, in file: String) -> String {
        "\(file):\(line):\(column): error: \(message)"
    }
}

extension MarkedText {
    /// Whether `location` is the mark's line and column.
    public func isMarked(_ location: SourceLocation?) -> Bool {
        location?.line == line && location?.column == column
    }
}
