import Testing

@testable import CauseGraph

@Suite("Diagnostics")
struct DiagnosticsTests {
    @Test("a diagnostic said again is kept once, in the place it was first said; one of another place or words is kept")
    func duplicatesKeptOnce() {
        var diagnostics = Diagnostics()
        let folder = SourceLocation(file: "traces")
        for _ in 0..<256 { diagnostics.note("skipped 6 folders", at: folder) }
        diagnostics.warn("2 lines skipped")
        diagnostics.note("skipped 6 folders", at: SourceLocation(file: "other"))
        diagnostics.warn("skipped 6 folders", at: folder)
        diagnostics.note("skipped 6 folders", at: folder)
        #expect(
            diagnostics.all.map(\.description) == [
                "traces: note: skipped 6 folders", "warning: 2 lines skipped", "other: note: skipped 6 folders",
                "traces: warning: skipped 6 folders",
            ])
    }

    @Test("placing diagnostics in a file keeps once what is then said twice there")
    func placedDuplicatesKeptOnce() {
        var diagnostics = Diagnostics()
        diagnostics.warn("2 lines skipped", at: SourceLocation(file: "a.log"))
        diagnostics.warn("2 lines skipped")
        diagnostics.note("read 3 runs")
        diagnostics.place(unplacedIn: "a.log")
        diagnostics.warn("2 lines skipped", at: SourceLocation(file: "a.log"))
        diagnostics.remove(Diagnostic(.note, "read 3 runs", at: SourceLocation(file: "a.log")))
        diagnostics.note("read 3 runs", at: SourceLocation(file: "a.log"))
        #expect(diagnostics.all.map(\.description) == ["a.log: warning: 2 lines skipped", "a.log: note: read 3 runs"])
    }
}
