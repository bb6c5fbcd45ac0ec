import CauseGraphTestSupport
import Foundation
import Testing

/// `causegraph record`, through the stand-in xctrace
/// (`fixtures/instruments/recording/xctrace`), whose `record` makes the
/// bundle its `export` then serves.
@Suite("causegraph command line: record")
struct RecordCommandTests {
    static let standIn = fixture("instruments/recording/xctrace")

    static func environment(_ scratch: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        [
            "CAUSEGRAPH_XCTRACE": standIn, "STANDIN_LOG": scratch.path("calls.log"),
            "CAUSEGRAPH_CACHE_DIR": scratch.path("cache"),
        ].merging(extra) { _, given in given }
    }

    static func calls(_ scratch: TemporaryFolder) throws -> [String] {
        try String(contentsOfFile: scratch.path("calls.log"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(
        "record runs xctrace record with the SwiftUI template and every option, then prints the summary; the recording is cached"
    )
    func recordsThenSummarises() throws {
        let scratch = try TemporaryFolder()
        let output = scratch.path("New.trace")
        let result = try Causegraph.run(
            [
                "record", "--launch", "/Apps/Landmarks.app", "--device", "iPhone 17", "--time-limit", "30s", "-o",
                output,
                "--", "-reset", "yes",
            ], environment: Self.environment(scratch))
        #expect(result.status == 0, "\(result.standardError)")
        let calls = try Self.calls(scratch)
        #expect(
            calls.prefix(2) == [
                "list templates",
                "record --template SwiftUI --output \(output) --device iPhone 17 --time-limit 30s --launch -- /Apps/Landmarks.app -reset yes",
            ])
        // xctrace's progress passes through, then the summary of the new recording.
        #expect(
            result.output.hasPrefix("Starting recording with the SwiftUI template.\nOutput file saved as: \(output)\n"))
        #expect(result.standardError.hasPrefix("Recording... 50%\n"))
        let summary = try Causegraph.run(["summary", output], environment: Self.environment(scratch))
        #expect(result.output.hasSuffix(summary.output) && summary.output.contains("20 events"))
        #expect(try Self.calls(scratch).count == calls.count, "the summary after record reads the cache")
    }

    @Test("without the SwiftUI template, --instrument SwiftUI; without -o, a dated name in the current folder")
    func instrumentAndDatedName() throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(
            ["record", "--attach", "Landmarks"], in: scratch.url,
            environment: Self.environment(scratch, ["STANDIN_NO_TEMPLATE": "1"]))
        #expect(result.status == 0, "\(result.standardError)")
        let record = try #require(try Self.calls(scratch).first { $0.hasPrefix("record ") })
        let name = try #require(scratch.entries.first { $0.hasSuffix(".trace") })
        #expect(name.range(of: #"^Recording-\d{4}-\d\d-\d\d-\d{6}\.trace$"#, options: .regularExpression) != nil)
        #expect(record == "record --instrument SwiftUI --output \(name) --attach Landmarks")
        // --attach: the warning comes first.
        #expect(
            result.standardError.hasPrefix(
                "warning: SwiftUI tables often come back empty for an attached process; prefer --launch PATH\n"))
    }

    @Test("without xctrace: one line saying recording needs Xcode on a Mac, with the export command; exit 2")
    func noXctrace() throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(
            ["record", "--launch", "/Apps/App.app"],
            environment: ["CAUSEGRAPH_XCTRACE": "", "PATH": "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(
            result.standardError.hasPrefix(
                "error: recording needs Xcode's xctrace, on a Mac; there run: xcrun xctrace record"))
        #expect(result.standardError.contains("xcrun xctrace export --input App.trace --xpath"))
        #expect(scratch.entries.isEmpty)
    }

    @Test(
        "a failing xctrace record: one line quoting its message, the status explained",
        arguments: [
            ("54", "exit status 54, finalizing the recording was cut short"), ("2", "exit status 2, the attach failed"),
            ("9", "exit status 9"),
        ])
    func failingRecord(_ status: String, _ explained: String) throws {
        let scratch = try TemporaryFolder()
        let output = scratch.path("Failed.trace")
        let result = try Causegraph.run(
            ["record", "--attach", "42", "-o", output],
            environment: Self.environment(
                scratch, ["STANDIN_RECORD_FAIL": "it went wrong", "STANDIN_FAIL_STATUS": status]))
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.last
                == "\(output): error: xctrace failed (\(explained)): Error: it went wrong; the command was: \(Self.standIn) record --template SwiftUI --output \(output) --attach 42"
        )
    }

    @Test("the options are checked before xctrace runs")
    func usage() throws {
        for arguments in [
            ["record"], ["record", "--launch", "a", "--attach", "b"], ["record", "--attach", "b", "--", "x"],
            ["record", "--launch", "a", "--time-limit", "soon"], ["record", "--launch", "a", "-o", "out.json"],
        ] {
            let scratch = try TemporaryFolder()
            let result = try Causegraph.run(arguments, environment: Self.environment(scratch))
            #expect(result.status == 2 && result.standardError.split(separator: "\n").count == 1, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("calls.log")), "\(arguments)")
        }
    }

    @Test("Ctrl-C stops the recording as xctrace does: it finalizes, and the summary follows")
    func interruptStopsRecording() throws {
        let scratch = try TemporaryFolder()
        let output = scratch.path("Stopped.trace")
        let out = try PrivatePipe()
        let program = try StartedProgram(
            [Causegraph.executable.path, "record", "--launch", "/Apps/App.app", "-o", output],
            handing: [1: out.writing], environment: Self.environment(scratch, ["STANDIN_RECORD_UNTIL_INTERRUPT": "1"]))
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? Self.calls(scratch))?.contains(where: { $0.hasPrefix("record ") }) != true {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.3)
        kill(program.pid, SIGINT)
        let text = String(decoding: out.reading.readDataToEndOfFile(), as: UTF8.self)
        #expect(try program.end(within: .seconds(60)) == .exited(0))
        #expect(
            text.contains("Recording stopped; output file saved as: \(output)") && text.contains("20 events"), "\(text)"
        )
    }
}
