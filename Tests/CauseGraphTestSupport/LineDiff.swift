/// The lines two texts differ in, for a failed comparison: the lines both
/// share at the start and end are cut, what is left is shown as `-` (old) and
/// `+` (new) lines with a line of context either side. Long runs are cut too,
/// so a file rewritten from top to bottom still prints a readable message.
public struct LineDiff: CustomStringConvertible {
    public static let context = 1
    public static let shownLinesPerSide = 20

    public let description: String

    public init(_ old: String, _ new: String) {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(oldLines.count, newLines.count), oldLines[prefix] == newLines[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(oldLines.count, newLines.count) - prefix,
            oldLines[oldLines.count - 1 - suffix] == newLines[newLines.count - 1 - suffix]
        { suffix += 1 }
        let start = max(prefix - Self.context, 0)
        var lines = [
            "@@ line \(prefix + 1): \(oldLines.count - prefix - suffix) old, \(newLines.count - prefix - suffix) new @@"
        ]
        lines += oldLines[start..<prefix].map { "  \($0)" }
        lines += Self.shown(oldLines[prefix..<(oldLines.count - suffix)], marker: "-")
        lines += Self.shown(newLines[prefix..<(newLines.count - suffix)], marker: "+")
        lines += oldLines[(oldLines.count - suffix)..<min(oldLines.count - suffix + Self.context, oldLines.count)].map {
            "  \($0)"
        }
        description = lines.joined(separator: "\n")
    }

    private static func shown(_ lines: ArraySlice<Substring>, marker: String) -> [String] {
        let shown = lines.prefix(shownLinesPerSide).map { "\(marker) \($0)" }
        return lines.count > shownLinesPerSide
            ? shown + ["\(marker) … \(lines.count - shownLinesPerSide) more lines"] : shown
    }
}
