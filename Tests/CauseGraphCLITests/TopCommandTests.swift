import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite(
    "top command on a terminal (tmux)", .serialized,
    .enabled(if: Tmux.executable != nil, Comment(rawValue: Tmux.unavailable)))
struct TopTerminalTests {
    @Test("redraws the table as the log grows; q quits with status 0, writes --save, and leaves the terminal as it was")
    func watchesAndQuits() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "")
        let save = scratch.path("seen.jsonl")
        let tmux = try Tmux("'\(Causegraph.executable.path)' top '\(log)' --interval 200ms --save '\(save)'")
        try tmux.waitForScreen("the empty table") { $0.contains("causegraph top · \(log) · 0 body runs of 0 views") }
        #expect(try tmux.pane("#{alternate_on}") == "1")
        try append(
            "Row: _count changed.\nRow: _count changed.\nList: unchanged.\nEvil\u{202E}\u{9B}2JRow: @self changed.\n",
            to: log)
        let screen = try tmux.waitForScreen("the three views") { $0.contains("4 body runs of 3 views") }
        #expect(screen.contains("Row "))
        #expect(screen.contains("count 100%"))
        #expect(screen.contains("(no change recorded)"))
        #expect(screen.contains("Evil��2JRow"), "trace text is shown, never obeyed")
        #expect(screen.contains("q quits"))
        try tmux.press("q")
        let after = try tmux.waitForScreen("the exit status") { Self.showsExitStatus($0) }
        #expect(after.contains("EXIT=0"))
        #expect(after.contains("icanon") && !after.contains("-icanon"), "the terminal reads lines again")
        #expect(try tmux.pane("#{alternate_on}") == "0")
        #expect(try tmux.pane("#{cursor_flag}") == "1")
        let saved = try Causegraph.run(["summary", save, "--format", "json"])
        #expect(saved.status == 0)
        #expect(try JSONParser.parse(saved.output)["totals"]?["bodyRan"]?.numberValue == 4)
    }

    @Test("Ctrl-C stops it with 130 and the terminal clean: main screen, cursor shown, line mode and echo back")
    func controlC() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "Row: _count changed.\n")
        let tmux = try Tmux("'\(Causegraph.executable.path)' top '\(log)' --interval 200ms")
        try tmux.waitForScreen("the table") { $0.contains("1 body run of 1 view") }
        try tmux.press("C-c")
        let after = try tmux.waitForScreen("the exit status") { Self.showsExitStatus($0) }
        #expect(after.contains("causegraph: stopped by SIGINT"))
        #expect(after.contains("EXIT=130"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
        #expect(try tmux.pane("#{alternate_on}") == "0")
        #expect(try tmux.pane("#{cursor_flag}") == "1")
    }

    /// `scripts/macos-poll.c` built into `folder`: a preload under which
    /// poll() answers a terminal with POLLNVAL at once, as macOS's does.
    private static func macOSPoll(in folder: TemporaryFolder) throws -> String {
        let library = folder.path("macos-poll.so")
        let compiler = try #require(ProcessRunner.find("cc"), "a C compiler builds the preload")
        let build = try ProcessRunner.run(
            compiler,
            [
                "-shared", "-fPIC", "-O2", "-o", library,
                packageRoot.appendingPathComponent("scripts/macos-poll.c").path, "-ldl",
            ])
        #expect(build.status == 0, "\(build.standardError)")
        return library
    }

    #if os(Linux)
        @Test("where poll() refuses terminals, as on macOS, keys are read with select(): new lines are drawn, q quits")
        func pollRefusesTerminals() throws {
            let scratch = try TemporaryFolder()
            let preload = try Self.macOSPoll(in: scratch)
            let log = try scratch.write("app.log", "")
            let tmux = try Tmux("LD_PRELOAD='\(preload)' '\(Causegraph.executable.path)' top '\(log)' --interval 200ms")
            try tmux.waitForScreen("the empty table") { $0.contains("0 body runs of 0 views") }
            try append("Row: _count changed.\nList: unchanged.\n", to: log)
            try tmux.waitForScreen("the new lines") { $0.contains("2 body runs of 2 views") }
            try append("Row: _count changed.\n", to: log)
            let screen = try tmux.waitForScreen("the third line") { $0.contains("3 body runs of 2 views") }
            #expect(screen.contains("count 100%"))
            try tmux.press("q")
            let after = try tmux.waitForScreen("the exit status") { Self.showsExitStatus($0) }
            #expect(after.contains("EXIT=0"))
        }
    #endif

    @Test("follows the log as tail -F does: a truncated log is read from its start, a rotated one reopened by name")
    func followsByName() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "Row: _count changed.\nRow: _count changed.\nRow: _count changed.\n")
        let tmux = try Tmux("'\(Causegraph.executable.path)' top '\(log)' --interval 200ms")
        try tmux.waitForScreen("the first lines") { $0.contains("3 body runs of 1 view") }
        // Cut to nothing, then a line shorter than what was read: read from the start, no phantom view.
        let handle = try #require(FileHandle(forWritingAtPath: log))
        try handle.truncate(atOffset: 0)
        try handle.close()
        try append("List: unchanged.\n", to: log)
        let truncated = try tmux.waitForScreen("the line after truncation") { $0.contains("4 body runs of 2 views") }
        #expect(truncated.contains("List"))
        // Rotated: the old log is renamed, a new one takes its name.
        try FileManager.default.moveItem(atPath: log, toPath: scratch.path("app.log.1"))
        _ = try scratch.write("app.log", "Grid: @self changed.\n")
        let rotated = try tmux.waitForScreen("the rotated log's line") { $0.contains("5 body runs of 3 views") }
        #expect(rotated.contains("Grid"))
        try append("Grid: @self changed.\n", to: log)
        try tmux.waitForScreen("a line appended to the new log") { $0.contains("6 body runs of 3 views") }
        try tmux.press("q")
        #expect(try tmux.waitForScreen("the exit status") { Self.showsExitStatus($0) }.contains("EXIT=0"))
    }

    @Test("Ctrl-Z leaves the alternate screen and shows the cursor; fg enters it again and redraws")
    func suspendAndContinue() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "Row: _count changed.\n")
        // The redraw must come long before the interval is over; a sanitizer slows both alike.
        let interval = Int(5 * Sanitizer.slowdown)
        let tmux = try Tmux("'\(Causegraph.executable.path)' top '\(log)' --interval \(interval)s")
        // The first frame may come before the log is read: the table shows by the next one.
        try tmux.waitForScreen(timeout: .seconds(interval + 20), "the table") { $0.contains("1 body run of 1 view") }
        #expect(try tmux.pane("#{alternate_on}") == "1")
        try tmux.press("C-z")
        try tmux.waitForScreen("the shell, the job stopped") { _ in (try? tmux.pane("#{alternate_on}")) == "0" }
        #expect(try tmux.pane("#{cursor_flag}") == "1")
        try tmux.type("fg", enter: true)
        // Entering the alternate screen clears it: the table shows again only if redrawn at once,
        // long before the 5 s interval is over.
        let redrawn = try tmux.waitForScreen(timeout: .seconds(3 * Sanitizer.slowdown), "the table redrawn") {
            $0.hasPrefix("causegraph top") && $0.contains("1 body run of 1 view")
        }
        #expect(redrawn.contains("q quits"))
        #expect(try tmux.pane("#{alternate_on}") == "1")
        #expect(try tmux.pane("#{cursor_flag}") == "0")
        try tmux.press("q")
        try tmux.waitForScreen("the shell again") { _ in (try? tmux.pane("#{alternate_on}")) == "0" }
        // The list after the command went on when the job stopped; `$?` after fg is the job's own status.
        // The line may be typed before the job has exited (a sanitizer's exit is slow), and its
        // output then follows the prompt on the prompt's line.
        try tmux.type("echo \"DONE=$?\"", enter: true)
        try tmux.waitForScreen("the job's exit status") { $0.contains("DONE=0") }
        #expect(try tmux.pane("#{cursor_flag}") == "1")
    }

    @Test("the heading shows on a short, narrow screen however many views, and however wide their names")
    func headingStays() throws {
        let scratch = try TemporaryFolder()
        let lines = (1...30).map { "\(String(repeating: "表示", count: 30))\($0): _count changed.\n" }
        let log = try scratch.write("app.log", lines.joined())
        let tmux = try Tmux("'\(Causegraph.executable.path)' top '\(log)' --interval 200ms", columns: 50, rows: 8)
        let screen = try tmux.waitForScreen("the table") { $0.contains("… 26 more") }
        #expect(screen.hasPrefix("causegraph top · "), "\(screen)")
        try tmux.press("q")
        #expect(try tmux.waitForScreen("the exit status") { Self.showsExitStatus($0) }.contains("EXIT=0"))
    }

    @Test("in an 8-column pane every line written fits, the keys line too")
    func eightColumns() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "Row: _count changed.\n")
        let recording = scratch.path("pane.bytes")
        let tmux = try Tmux(
            "'\(Causegraph.executable.path)' top '\(log)' --interval 200ms", columns: 8, rows: 10, recording: recording)
        try tmux.waitForScreen("the keys line") { $0.contains("q quits") }
        try tmux.press("q")
        try tmux.waitForScreen("the exit status") { Self.showsExitStatus($0) }
        // The pane clips what passes its edge (top turns autowrap off), so the bytes tell what was written.
        let written = String(decoding: try #require(FileManager.default.contents(atPath: recording)), as: UTF8.self)
        #expect(written.contains("q quits…"), "\(written)")
        #expect(!written.contains("every"), "\(written)")
    }

    /// Whether the shell has printed the status line; the command line the
    /// pane echoes holds `echo "EXIT=$?"` too, so a line must start with it
    /// and a digit follow.
    private static func showsExitStatus(_ screen: String) -> Bool {
        screen.split(separator: "\n").contains { line in
            line.hasPrefix("EXIT=") && line.dropFirst(5).first?.isNumber == true
        }
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }
}

@Suite("top command through a pipe")
struct TopPipeTests {
    @Test(
        "prints a plain table after every interval, quiet ones too, and the final table at the end of the input, exit 0"
    )
    func snapshots() throws {
        let scratch = try TemporaryFolder()
        let outputPath = scratch.path("stdout.txt")
        #expect(FileManager.default.createFile(atPath: outputPath, contents: nil))
        let input = try PrivatePipe()
        let program = try StartedProgram(
            [Causegraph.executable.path, "top", "-", "--interval", "100ms", "--save", scratch.path("seen.jsonl")],
            descriptors: [1: .file(outputPath, flags: O_WRONLY)], handing: [0: input.reading])
        input.writing.write(
            Data("{\"eventMessage\": \"Row: _count changed.\", \"category\": \"Changed Body Properties\"}\n".utf8))
        let first = try waitForFile(outputPath) { $0.contains("1 body run of 1 view · 1 in the last 100ms") }
        #expect(!first.contains("\u{1B}"), "no terminal sequences in a pipe")
        input.writing.write(
            Data("{\"eventMessage\": \"List: unchanged.\", \"category\": \"Changed Body Properties\"}\n".utf8))
        try waitForFile(outputPath) { $0.contains("2 body runs of 2 views · 1 in the last 100ms") }
        let quiet = try waitForFile(outputPath) { $0.contains("2 body runs of 2 views · 0 in the last 100ms") }
        #expect(quiet.contains("   0      1          0  Row   count 100%"), "a quiet interval still shows the totals")
        try input.writing.close()
        #expect(try program.end(within: .seconds(60)) == .exited(0))
        let text = String(decoding: try scratch.read("stdout.txt"), as: UTF8.self)
        // At the end of the input no interval is under way: every LAST is 0, and the views rank by total, then name.
        #expect(
            text.hasSuffix(
                """
                causegraph top · <stdin> · 2 body runs of 2 views · end of input
                LAST  TOTAL  UNCHANGED  VIEW  DRIVEN BY
                   0      1          1  List  (no change recorded)
                   0      1          0  Row   count 100%

                """))
        #expect(
            text.components(separatedBy: "causegraph top ·").count - 1 >= 4,
            "a snapshot for each of the two busy intervals, at least one quiet one, and the final table")
        let saved = try Causegraph.run(["summary", scratch.path("seen.jsonl"), "--format", "json"])
        #expect(try JSONParser.parse(saved.output)["totals"]?["bodyRan"]?.numberValue == 2)
    }

    @Test(
        "a finished log file into a pipe: the final table only, 10 views and a Left out line, a heading within 80 columns"
    )
    func finishedFile() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: scratch.path(String(repeating: "a-long-folder-name-", count: 4)), withIntermediateDirectories: true)
        let lines = (1...30).map { "View\($0): _count changed.\n" }
        let log = try scratch.write(String(repeating: "a-long-folder-name-", count: 4) + "/app.log", lines.joined())
        let result = try Causegraph.run(["top", log])
        #expect(result.status == 0)
        let output = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(result.output.components(separatedBy: "causegraph top ·").count == 2, "one table: \(result.output)")
        #expect(output.first?.hasSuffix("/app.log · 30 body runs of 30 views · end of input") == true)
        #expect(output.first?.hasPrefix("causegraph top · …") == true, "the path is cut from its start")
        #expect(output[..<12].allSatisfy { $0.count <= 80 }, "\(result.output)")
        #expect(output.count == 1 + 1 + 10 + 2 + 1)
        #expect(
            output[12...13] == [
                "Left out: 20 views (ranked by count);", "--top N shows others, --all shows everything.",
            ])
        let three = try Causegraph.run(["top", log, "--top", "3"])
        #expect(three.output.split(separator: "\n").count == 1 + 1 + 3 + 2)
        #expect(three.output.contains("Left out: 27 views"))
        let all = try Causegraph.run(["top", log, "--all"])
        #expect(all.output.split(separator: "\n").count == 1 + 1 + 30)
        #expect(!all.output.contains("Left out"))
    }

    @Test("--all and --top together, and --top 0, are refused")
    func boundsRefused() throws {
        let both = try Causegraph.run(["top", "app.log", "--all", "--top", "3"])
        #expect(both.status == 2)
        #expect(both.standardError == "error: --all shows everything; give it without --top\n")
        let zero = try Causegraph.run(["top", "app.log", "--top", "0"])
        #expect(zero.standardError == "error: --top 0 is out of range; give 1 or more\n")
    }

    @Test("top reads change logs only, and offers no option of the commands that read other traces")
    func changeLogOptionsOnly() throws {
        for option in [
            ["--input-format", "native"], ["--frame-rate", "120"], ["--classify", "rules.jsonl"], ["--no-cache"],
        ] {
            let result = try Causegraph.run(["top", "app.log"] + option)
            #expect(result.status == 2)
            #expect(result.standardError.hasPrefix("error: unknown option '\(option[0])'"), "\(result.standardError)")
        }
        let help = try Causegraph.run(["top", "--help"]).output
        #expect(!help.contains("--input-format") && !help.contains("--frame-rate") && !help.contains("--quiet"))
    }

    @Test("a bad log is a one-line error, exit 2, and --save writes nothing")
    func badLog() throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(
            ["top", "-", "--save", scratch.path("seen.jsonl")],
            standardInput: Data("{\"eventMessage\": \"Row: _count changed.\"}\n{\"eventMessage\": \n".utf8))
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("<stdin>:2:"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(scratch.entries.isEmpty)
    }

    @Test("an interval too short to read is refused")
    func shortInterval() throws {
        let result = try Causegraph.run(["top", "--interval", "5ms"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: --interval must be 10ms or longer\n")
    }

    @discardableResult
    private func waitForFile(_ path: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + .seconds(20)
        var text = ""
        while ContinuousClock.now < deadline {
            text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            if condition(text) { return text }
            usleep(20_000)
        }
        Issue.record("the output never showed what was expected; it is:\n\(text)")
        return text
    }
}
