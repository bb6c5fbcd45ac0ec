import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("progress on standard error", .serialized)
struct ProgressCommandTests {
    /// A generated recording large enough that reading it takes well over a second in a debug build.
    private static func largeTrace(_ scratch: TemporaryFolder) throws -> String {
        try GeneratedRecording.write(60000, "native", into: scratch)
    }

    @Test(
        "on a terminal, reading for over a second shows the share read, the rate and the time left, then clears the line"
    )
    func terminal() throws {
        let scratch = try TemporaryFolder()
        let trace = try Self.largeTrace(scratch)
        let result = try Causegraph.runOnTerminal(
            ["render", trace, "--format", "json", "-o", scratch.path("graph.json")], standardErrorOnTerminal: true)
        #expect(result.status == 0)
        let lines = result.output.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        let progress = lines.filter { $0.hasPrefix("reading ") }
        #expect(!progress.isEmpty, "\(result.output.prefix(400))")
        let pattern = /reading ([0-9.]+)% · [0-9,.]+ of ([0-9,.]+) MB · [0-9,.]+ MB\/s · [0-9]+ s left/
        for line in progress { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
        let shares = progress.compactMap { line in line.firstMatch(of: pattern).flatMap { Double($0.1) } }
        #expect(shares == shares.sorted(), "the share only grows")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int)
        let tenths = size / 100_000
        #expect(progress.allSatisfy { $0.contains(" of \(CountText.format(tenths / 10)).\(tenths % 10) MB") })
        #expect(lines.last.map { !$0.hasPrefix("reading") } ?? true, "no progress is left on the screen")
    }

    @Test("Ctrl-C while the line shows clears it before the stop's line, which starts at the left edge")
    func interrupted() throws {
        let scratch = try TemporaryFolder()
        let trace = try Self.largeTrace(scratch)
        let result = try Causegraph.runOnTerminal(
            ["render", trace, "--format", "json", "-o", scratch.path("graph.json")], standardErrorOnTerminal: true,
            interruptWhen: { $0.contains("reading ") })
        #expect(result.status == 128 + SIGINT)
        let stop = try #require(result.output.range(of: "causegraph: stopped by SIGINT"), "\(result.output)")
        #expect(result.output[..<stop.lowerBound].hasSuffix("\r\u{1B}[K"), "\(result.output.suffix(300))")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("graph.json")))
    }

    @Test("through a pipe, or with --quiet on a terminal, nothing is shown")
    func silent() throws {
        let scratch = try TemporaryFolder()
        let trace = try Self.largeTrace(scratch)
        let piped = try Causegraph.run(["render", trace, "--format", "json", "-o", scratch.path("graph.json")])
        #expect(piped.status == 0)
        #expect(
            !piped.standardError.contains("reading") && !piped.standardError.contains("\r"), "\(piped.standardError)")
        let quiet = try Causegraph.runOnTerminal(
            ["render", trace, "--format", "json", "-o", scratch.path("quiet.json"), "--quiet"],
            standardErrorOnTerminal: true)
        #expect(quiet.status == 0)
        #expect(!quiet.output.contains("reading"), "\(quiet.output.prefix(400))")
    }
}
