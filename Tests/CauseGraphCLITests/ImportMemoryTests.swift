import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Peak memory of an import at scale, for each table `make bench` measures:
/// it may grow with the rows an export holds only by a small, bounded amount
/// per row (the per-event state); the figures themselves come from `make bench`.
@Suite(
    "import memory at scale", .serialized,
    // A sanitizer's shadow memory and quarantine grow with every allocation: under one the
    // peak measures the sanitizer, not the import (`make test-asan` / `test-tsan` set this).
    .disabled(
        if: ProcessInfo.processInfo.environment["CAUSEGRAPH_SANITIZER"] != nil, "measured without sanitizers only"),
    .enabled(if: MemoryBounds.calibratedHere, MemoryBounds.elsewhere))
struct ImportMemoryTests {
    static let rows = 50_000

    /// Bytes of peak memory one more row may cost, by table. The import
    /// keeps per event a few packed bytes (its node, whether it was emitted,
    /// an update's details until its causes are read: none when a lone
    /// update table streams) and the values xctrace defines with an id that
    /// some ref names (a census of the refs comes first for the update
    /// tables and `swiftui-full-causes`, whose every row defines ids nothing
    /// names again; there a named list costs its id's entry alone, since it
    /// is read again from the file when asked for), but never a row's text;
    /// all of it grows in fixed-size chunks, not by doubling. Measured growth
    /// (50,000 to 200,000 rows, debug build, three runs each): some 50–60
    /// bytes a row on `swiftui-causes`, 40 on `swiftui-updates` and 55–75 on
    /// `swiftui-full-causes`, where every id's entry and each event's node
    /// cell took 80 and 151. The bounds leave a margin for allocators and
    /// platforms, below those earlier figures.
    static let bytesPerRow = ["swiftui-causes": 120, "swiftui-updates": 75, "swiftui-full-causes": 100]

    @Test(
        "4× the rows: peak memory grows by a bounded amount per row",
        arguments: ["swiftui-causes", "swiftui-updates", "swiftui-full-causes"])
    func peakGrowsBoundedPerRow(table: String) throws {
        let scratch = try TemporaryFolder()
        let small = try GeneratedRecording.write(Self.rows, table, into: scratch)
        let large = try GeneratedRecording.write(Self.rows * 4, table, into: scratch)
        let importPeak = { (path: String) in
            try Self.peakResidentBytes(
                Causegraph.executable.path,
                // Without the cache: the larger export passes the size that is cached, and writing
                // an entry costs a fixed 10 MB or so (measured at 200,000 and 400,000 rows), which
                // would read as growth per row.
                [
                    "render", path, "--format", "json", "--max-nodes", "0", "--max-edges", "0", "-o", "/dev/null",
                    "--no-cache",
                ])
        }
        let smallPeak = try importPeak(small)
        let largePeak = try importPeak(large)
        let growth = max(0, largePeak - smallPeak) / (Self.rows * 3)
        let bound = try #require(Self.bytesPerRow[table])
        #expect(
            growth < bound,
            "\(table): peak \(smallPeak >> 20) MB at \(Self.rows) rows, \(largePeak >> 20) MB at \(Self.rows * 4): \(growth) bytes a row"
        )
    }

    /// Bytes of peak memory one more row may cost the commands that keep
    /// every event until the last is read, by command: `render --group`
    /// (to choose the group's events and their causes) and `why --update`
    /// (to walk one event's causes). Both keep each event and link packed,
    /// a title or backtrace named by index, and pass on or show only the
    /// few they need. Measured growth on `native` (50,000 to 200,000 rows):
    /// 86 and 146 bytes a row (debug build; 93 and 152 release), of which
    /// `why`'s graph takes some 130; keeping each event as read, with its
    /// strings, and `why` an array of links an event, took 309 and 288
    /// (release). The bounds sit between the two.
    static let keepingEventsBytesPerRow = ["render": 200, "why": 210]

    @Test(
        "4× the rows: render --group and why --update grow by a bounded amount per row",
        arguments: [
            ["render", "--group", "1", "--format", "json", "--max-nodes", "0", "--max-edges", "0"],
            ["why", "--update", "4"],
        ])
    func keepingEventsGrowsBoundedPerRow(command: [String]) throws {
        let scratch = try TemporaryFolder()
        let small = try GeneratedRecording.write(Self.rows, "native", into: scratch)
        let large = try GeneratedRecording.write(Self.rows * 4, "native", into: scratch)
        let peak = { (path: String) in
            try Self.peakResidentBytes(
                Causegraph.executable.path,
                [command[0], path] + command.dropFirst() + ["-o", "/dev/null", "--no-cache"])
        }
        let smallPeak = try peak(small)
        let largePeak = try peak(large)
        let growth = max(0, largePeak - smallPeak) / (Self.rows * 3)
        let bound = try #require(Self.keepingEventsBytesPerRow[command[0]])
        #expect(
            growth < bound,
            "\(command.joined(separator: " ")): peak \(smallPeak >> 20) MB at \(Self.rows) rows, \(largePeak >> 20) MB at \(Self.rows * 4): \(growth) bytes a row"
        )
    }

    /// Runs `executable` with its output discarded and returns its peak
    /// resident memory, as the kernel accounted it for that one child.
    ///
    /// A small Python process forks it and reads its usage: a child spawned
    /// straight from the test process shares that process's memory until it
    /// runs the program (posix_spawn), and Linux then counts the test
    /// process's own peak, which grows with the other tests, as the child's.
    static func peakResidentBytes(_ executable: String, _ arguments: [String]) throws -> Int {
        let python = try #require(ProcessRunner.find("python3"), "python3 measures the peak")
        let script = """
            import os, resource, sys
            pid = os.fork()
            if pid == 0:
                quiet = os.open(os.devnull, os.O_RDWR)
                os.dup2(quiet, 1)
                os.dup2(quiet, 2)
                os.execv(sys.argv[1], sys.argv[1:])
            _, status = os.waitpid(pid, 0)
            print(os.waitstatus_to_exitcode(status), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let run = try ProcessRunner.run(python, ["-c", script, executable] + arguments, timeout: .seconds(600))
        let fields = run.output.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(run.status == 0 && fields.count == 2, "the measurement failed: \(run.standardError)")
        try #require(fields[0] == 0, "\(arguments.joined(separator: " ")) exited with status \(fields[0])")
        #if canImport(Darwin)
            return fields[1]  // bytes
        #else
            return fields[1] * 1024  // kilobytes
        #endif
    }
}
