import CauseGraphTestSupport
import Foundation
import Testing

/// `top --process NAME`: the capture top starts itself, through a stand-in
/// for macOS's `log` (and `xcrun`) that records its arguments and plays a
/// captured `log stream --style ndjson`.
@Suite("causegraph command line: top --process")
struct TopProcessCommandTests {
    static let capture = fixture("logs/log-stream.ndjson")

    /// A folder holding stand-ins for `log` and `xcrun` that write their
    /// arguments, one a line, to `arguments.txt` and print the capture.
    static func standIns(_ scratch: TemporaryFolder, status: Int = 0) throws -> String {
        let folder = scratch.path("bin")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["log", "xcrun"] {
            let script = """
                #!/bin/sh
                echo "\(name)" > "\(scratch.path("arguments.txt"))"
                for argument in "$@"; do echo "$argument" >> "\(scratch.path("arguments.txt"))"; done
                cat "\(capture)"
                [ \(status) -eq 0 ] || echo "log: Could not find the process" >&2
                exit \(status)
                """
            let path = try scratch.write("bin/\(name)", script)
            #expect(chmod(path, 0o755) == 0)
        }
        return folder
    }

    @Test("top --process NAME runs log stream with SwiftUI's predicate and shows what top of the piped log shows")
    func followsTheProcess() throws {
        let scratch = try TemporaryFolder()
        let bin = try Self.standIns(scratch)
        let result = try Causegraph.run(
            ["top", "--process", "Landmarks", "--interval", "10s"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        let arguments = try String(contentsOfFile: scratch.path("arguments.txt"), encoding: .utf8)
        #expect(
            arguments == """
                log
                stream
                --style
                ndjson
                --level
                info
                --predicate
                subsystem == "com.apple.SwiftUI" AND category == "Changed Body Properties" AND process == "Landmarks"

                """)
        let piped = try Causegraph.run(
            ["top", "-", "--interval", "10s"], standardInput: try Data(contentsOf: URL(fileURLWithPath: Self.capture)))
        #expect(!piped.output.isEmpty)
        #expect(
            result.output
                == piped.output.replacingOccurrences(
                    of: "causegraph top · <stdin> ·", with: "causegraph top · log stream (Landmarks) ·"))
    }

    @Test("--simulator goes through xcrun simctl spawn booted; a pid and quotes in a name make a sound predicate")
    func simulatorAndPredicate() throws {
        let scratch = try TemporaryFolder()
        let bin = try Self.standIns(scratch)
        let result = try Causegraph.run(
            ["top", "--process", "My \"App\"", "--simulator"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        let arguments = try String(contentsOfFile: scratch.path("arguments.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(arguments.prefix(6) == ["xcrun", "simctl", "spawn", "booted", "log", "stream"])
        #expect(
            arguments.last
                == #"subsystem == "com.apple.SwiftUI" AND category == "Changed Body Properties" AND process == "My \"App\"""#
        )
        _ = try Causegraph.run(["top", "--process", "4242"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        let byPid = try String(contentsOfFile: scratch.path("arguments.txt"), encoding: .utf8)
        #expect(byPid.hasSuffix("AND processIdentifier == 4242\n"))
    }

    @Test("without log: one line saying it needs a Mac, with the pipe to use; exit 2")
    func needsAMac() throws {
        let result = try Causegraph.run(["top", "--process", "Landmarks"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: top --process needs macOS's log command (a Mac); on the Mac, pipe it in instead: log stream --style ndjson --level info --predicate 'subsystem == \"com.apple.SwiftUI\" AND category == \"Changed Body Properties\" AND process == \"Landmarks\"' | causegraph top\n"
        )
        let simulator = try Causegraph.run(
            ["top", "--process", "Landmarks", "--simulator"], environment: ["PATH": "/nonexistent"])
        #expect(simulator.status == 2 && simulator.standardError.contains("| causegraph top\n"))
        #expect(simulator.standardError.contains("xcrun simctl spawn booted log stream --style ndjson"))
    }

    @Test(
        "a log stream that fails is one line quoting it, exit 2; --process with a log, or --simulator alone, is refused"
    )
    func failures() throws {
        let scratch = try TemporaryFolder()
        let bin = try Self.standIns(scratch, status: 1)
        let result = try Causegraph.run(["top", "--process", "Nope"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "log stream (Nope): error: log stream failed (exit status 1): log: Could not find the process; the command was: "
            ),
            "\(result.standardError)")
        for arguments in [["top", "x.log", "--process", "A"], ["top", "--simulator", "-"]] {
            let refused = try Causegraph.run(arguments)
            #expect(refused.status == 2 && refused.standardError.split(separator: "\n").count == 1, "\(arguments)")
        }
    }
}
