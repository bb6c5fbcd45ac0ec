import CauseGraphTestSupport
import Foundation
import Testing

/// xctrace lives and dies with causegraph: it starts with no signal blocked
/// or ignored, in a process group of its own, is killed when causegraph is
/// stopped, and a stalled or chatty one cannot hang causegraph or fill its
/// memory.
@Suite("causegraph command line: xctrace children", .serialized)
struct XctraceChildCommandTests {
    static let standIn = fixture("instruments/recording/xctrace")

    static func bundle(_ scratch: TemporaryFolder) throws -> String {
        let bundle = scratch.path("App.trace")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        return bundle
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        #if os(Linux)
            // A zombie has been killed; only its parent has not reaped it yet.
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !status.contains(") Z ")
        #else
            return kill(pid, 0) == 0
        #endif
    }

    @Test("each xctrace starts with an empty signal mask, nothing ignored, in its own process group")
    func cleanStart() throws {
        #if os(Linux)
            let scratch = try TemporaryFolder()
            let selfLog = scratch.path("self.log")
            let result = try Causegraph.run(
                ["summary", try Self.bundle(scratch), "--no-cache"],
                environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_SELF": selfLog])
            #expect(result.status == 0, "\(result.standardError)")
            let lines = try String(contentsOfFile: selfLog, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 8)
            for line in lines {
                let fields = line.split(separator: " ")
                #expect(fields[1] == fields[3], "its own process group: \(line)")
                // Of the ignored signals only glibc's own two (32 and 33, which
                // no program can reset) may remain; none of 1 to 31.
                let ignored = fields.firstIndex(of: "SigIgn:").flatMap { UInt64(fields[$0 + 1], radix: 16) }
                #expect(line.contains("SigBlk: 0000000000000000") && ignored.map { $0 & 0x7FFF_FFFF } == 0, "\(line)")
            }
        #endif
    }

    @Test("an xctrace that prints nothing for CAUSEGRAPH_XCTRACE_TIMEOUT seconds is stopped: one error line, exit 2")
    func stall() throws {
        let scratch = try TemporaryFolder()
        let selfLog = scratch.path("self.log")
        let started = Date()
        let result = try Causegraph.run(
            ["summary", try Self.bundle(scratch)],
            environment: [
                "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_SLEEP": "30", "CAUSEGRAPH_XCTRACE_TIMEOUT": "1",
                "STANDIN_SELF": selfLog,
            ])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(
            result.standardError.contains(
                ": error: xctrace printed nothing for 1 s and was stopped (CAUSEGRAPH_XCTRACE_TIMEOUT sets how long to wait); the command was: "
            ), "\(result.standardError)")
        // The stand-in and its sleep are gone.
        for line in try String(contentsOfFile: selfLog, encoding: .utf8).split(separator: "\n") {
            let pid = pid_t(line.split(separator: " ")[1])!
            #expect(!Self.isRunning(pid))
        }
        let bad = try Causegraph.run(
            ["summary", try Self.bundle(scratch)],
            environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "CAUSEGRAPH_XCTRACE_TIMEOUT": "never"])
        #expect(
            bad.status == 2 && bad.standardError.contains("CAUSEGRAPH_XCTRACE_TIMEOUT=never is not a number of seconds")
        )
    }

    @Test("SIGTERM, SIGINT or SIGHUP to causegraph kills the running xctrace", arguments: [SIGTERM, SIGINT, SIGHUP])
    func killedWithCausegraph(_ signal: Int32) throws {
        let scratch = try TemporaryFolder()
        let selfLog = scratch.path("self.log")
        let program = try StartedProgram(
            [Causegraph.executable.path, "summary", try Self.bundle(scratch)],
            environment: [
                "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_SLEEP": "60", "STANDIN_SELF": selfLog,
                "CAUSEGRAPH_CACHE_DIR": scratch.path("cache"),
            ])
        let deadline = Date().addingTimeInterval(30)
        var lines: [Substring] = []
        while Date() < deadline, lines.count < 2 {
            lines = ((try? String(contentsOfFile: selfLog, encoding: .utf8)) ?? "").split(separator: "\n")
            Thread.sleep(forTimeInterval: 0.05)
        }
        let pid = try #require(lines.last.flatMap { pid_t($0.split(separator: " ")[1]) })
        #expect(Self.isRunning(pid))
        kill(program.pid, signal)
        #expect(try program.end(within: .seconds(60)) == .exited(128 + signal))
        let gone = Date().addingTimeInterval(5)
        while Date() < gone, Self.isRunning(pid) { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!Self.isRunning(pid), "xctrace outlived causegraph")
        // No entry was made of the read that was stopped.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path("cache/entries"))) ?? []
        #expect(entries.filter { !$0.hasPrefix(".") }.isEmpty)
    }

    @Test("a failing xctrace's message: the line naming the error, cut to 200 characters, of the first 64 KB kept")
    func longMessage() throws {
        let scratch = try TemporaryFolder()
        let message = String(repeating: "x", count: 5_000)
        let result = try Causegraph.run(
            ["summary", try Self.bundle(scratch)],
            environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_FAIL": message])
        #expect(result.status == 2)
        let quoted = "Error: " + String(repeating: "x", count: 192) + "…"
        #expect(result.standardError.contains("xctrace failed (exit status 3): \(quoted); the command was: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test(
        "a disk that fills while a table is kept in a temporary file: one error line, exit 2, no file left",
        .enabled(if: geteuid() == 0, "mounting a 4 KB tmpfs needs root"),
        // ThreadSanitizer's runtime backs the shadow of read-only data with a file it creates in
        // TMPDIR (`$TMPDIR/tsan.rodata.PID`); on a full 4 KB tmpfs its pages cannot be backed, so
        // any sanitized program (`causegraph --version` too) dies of SIGBUS before main.
        .disabled(if: Sanitizer.name == "thread", "ThreadSanitizer's own runtime needs space in TMPDIR"))
    func diskFull() throws {
        #if os(Linux)
            let scratch = try TemporaryFolder()
            let small = scratch.path("small")
            try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
            let mounted = try ProcessRunner.run(
                URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=4k", "tmpfs", small])
            guard mounted.status == 0 else {
                Issue.record("a 4 KB tmpfs could not be mounted (needs root): \(mounted.standardError)")
                return
            }
            defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [small]) }
            let result = try Causegraph.run(
                ["summary", try Self.bundle(scratch)],
                environment: [
                    "CAUSEGRAPH_XCTRACE": Self.standIn, "TMPDIR": small, "CAUSEGRAPH_CACHE_DIR": scratch.path("cache"),
                ])
            #expect(result.status == 2)
            #expect(
                result.standardError.hasSuffix(
                    "(swiftui-updates): error: cannot keep the input in a temporary file: No space left on device\n"),
                "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            let left = try FileManager.default.contentsOfDirectory(atPath: small)
            #expect(left.isEmpty, "\(left)")
            // The cache folder filling is a note, and the command answers.
            let cached = try Causegraph.run(
                ["summary", try Self.bundle(scratch)],
                environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "CAUSEGRAPH_CACHE_DIR": small + "/cache"])
            #expect(cached.status == 0)
            #expect(
                cached.standardError.contains(
                    "note: not cached: cannot write the cache folder: No space left on device"),
                "\(cached.standardError)")
            let entries = try FileManager.default.contentsOfDirectory(atPath: small + "/cache/entries")
            #expect(entries.isEmpty, "\(entries)")
        #endif
    }
}
