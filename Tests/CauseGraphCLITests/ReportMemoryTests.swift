import CauseGraphTestSupport
import Foundation
import Testing

/// Peak memory of `report` at scale: beyond the import's, it keeps only
/// what the page shows (a bounded number of listed events, their causes,
/// and the long updates the timeline bins), never every event. The
/// figures themselves come from `make bench`.
@Suite(
    "report memory at scale", .serialized,
    // As for the import's bound: under a sanitizer the peak measures the sanitizer.
    .disabled(
        if: ProcessInfo.processInfo.environment["CAUSEGRAPH_SANITIZER"] != nil, "measured without sanitizers only"),
    .enabled(if: MemoryBounds.calibratedHere, MemoryBounds.elsewhere))
struct ReportMemoryTests {
    static let rows = 200_000

    /// Bytes `report` may hold beyond the import alone. Its update lists
    /// hold 65,536 events at most (some 48 bytes each, 32 a cause link, and
    /// the id index): measured at some 12 MB at 200,000 rows, 8 MB at 1M.
    /// Keeping every event, as the report did before, cost some 400 bytes a
    /// row (400 MB more than the import at 1M rows).
    static let extraBytes = 32 << 20

    @Test("report on 200,000 rows of swiftui-causes holds a bounded amount beyond the import's peak")
    func reportStaysNearTheImport() throws {
        let scratch = try TemporaryFolder()
        let export = try GeneratedRecording.write(Self.rows, "swiftui-causes", into: scratch)
        let importPeak = try ImportMemoryTests.peakResidentBytes(
            Causegraph.executable.path,
            [
                "render", export, "--format", "json", "--max-nodes", "0", "--max-edges", "0", "-o", "/dev/null",
                "--no-cache",
            ])
        // Both read the export itself: neither writes nor reads a cache entry.
        let reportPeak = try ImportMemoryTests.peakResidentBytes(
            Causegraph.executable.path, ["report", export, "-o", scratch.path("report.html"), "--no-cache"])
        #expect(
            reportPeak - importPeak < Self.extraBytes,
            "import \(importPeak >> 20) MB, report \(reportPeak >> 20) MB at \(Self.rows) rows")
    }
}
