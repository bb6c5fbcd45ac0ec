import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a user sees on a real terminal: `NO_COLOR` and `TERM=dumb` hold on
/// every stream, error lines too, and `top`'s "in the last N" counts the
/// lines that arrived in that interval, as it does through a pipe.
@Suite(
    "NO_COLOR, TERM=dumb and top's interval on a terminal (tmux)", .serialized,
    .enabled(if: Tmux.executable != nil, Comment(rawValue: Tmux.unavailable)))
struct TerminalEnvironmentTests {
    static let escape = "\u{1B}["

    /// The error line a missing trace gives on a terminal, run with `variables` set (and no
    /// `NO_COLOR` the test run may have).
    func errorLine(_ variables: String) throws -> String {
        let tmux = try Tmux(
            "env -u NO_COLOR \(variables) '\(Causegraph.executable.path)' summary /nonexistent/trace.jsonl")
        try tmux.waitForScreen("the exit status") { $0.contains("EXIT=2") }
        let screen = try tmux.screen(escapes: true)
        return try #require(screen.split(separator: "\n").first { $0.contains("cannot open") }.map(String.init))
    }

    @Test("error lines are coloured on a terminal, but not with NO_COLOR or TERM=dumb")
    func errorLines() throws {
        let coloured = try errorLine("TERM=xterm")
        #expect(coloured.contains(Self.escape), "a terminal colours the severity: \(coloured)")
        for variables in ["TERM=xterm NO_COLOR=1", "TERM=dumb"] {
            let line = try errorLine(variables)
            #expect(!line.contains(Self.escape), "\(variables): \(line)")
            #expect(line.hasSuffix("/nonexistent/trace.jsonl: error: cannot open: No such file or directory"))
        }
    }

    @Test("TERM=dumb: top prints its tables as to a pipe, with no full screen and no colour")
    func dumbTop() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "Row: _count changed.\n")
        let tmux = try Tmux("TERM=dumb '\(Causegraph.executable.path)' top '\(log)' --interval 200ms")
        try tmux.waitForScreen("a table") { $0.contains("1 body run of 1 view") }
        #expect(try tmux.pane("#{alternate_on}") == "0")
        #expect(!(try tmux.screen(escapes: true)).contains(Self.escape))
        try tmux.press("C-c")
    }

    @Test("top's 'in the last 500ms' counts the lines of that interval in every frame, about 10 at 20 a second")
    func intervalCountsOnATerminal() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "")
        let tmux = try Tmux("'\(Causegraph.executable.path)' top '\(log)' --interval 500ms")
        try tmux.waitForScreen("the empty table") { $0.contains("0 body runs of 0 views") }
        let handle = try #require(FileHandle(forWritingAtPath: log))
        defer { try? handle.close() }
        var counts: [Int] = []
        let start = ContinuousClock.now
        var written = 0
        // A line every 50 ms for 4 s; the frames are read from the second second on.
        while ContinuousClock.now - start < .seconds(4) {
            handle.write(Data("Row: _count changed.\n".utf8))
            written += 1
            usleep(50_000)
            if ContinuousClock.now - start > .milliseconds(1500), let count = try Self.recent(in: tmux.screen()) {
                counts.append(count)
            }
        }
        try tmux.press("q")
        #expect(counts.count >= 10)
        // Through a pipe a frame counts 8 to 12 here; a frame drawn just after its interval began counted 0 or 1.
        #expect(counts.allSatisfy { $0 >= 4 }, "frames counted \(counts) of \(written) lines")
    }

    /// The number before "in the last" in the heading.
    static func recent(in screen: String) -> Int? {
        guard let range = screen.range(of: " in the last ") else { return nil }
        let before = screen[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }
        return Int(String(before.reversed()).replacingOccurrences(of: ",", with: ""))
    }
}
