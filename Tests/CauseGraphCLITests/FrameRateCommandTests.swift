import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("several traces, each at its own frame rate")
struct FrameRateCommandTests {
    /// A trace at `rate` Hz with one body update of `duration` nanoseconds.
    private func trace(_ scratch: TemporaryFolder, _ name: String, rate: Int, view: String, duration: Int) throws
        -> String
    {
        try scratch.write(
            name,
            """
            {"causegraph": 1, "app": "Rates", "frameRate": \(rate)}
            {"node": 1, "kind": "body", "title": "\(view)", "owner": "app", "time": 0, "duration": \(duration)}

            """)
    }

    @Test("render judges each update at its trace's rate, says which rates apply and warns")
    func mixedRates() throws {
        let scratch = try TemporaryFolder()
        // 642 µs is orange at 120 Hz (≥ 1/16 of 8.33 ms) but green at 60 Hz (< 1.04 ms).
        let sixty = try trace(scratch, "a.jsonl", rate: 60, view: "SixtyView", duration: 642_000)
        let hundredTwenty = try trace(scratch, "b.jsonl", rate: 120, view: "FastView", duration: 642_000)
        let result = try Causegraph.run(["render", sixty, hundredTwenty, "--format", "json"])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "warning: the traces were recorded at different frame rates (60 Hz, 120 Hz): each update is judged at its own trace's rate; --frame-rate judges them all at one\n"
        )
        #expect(result.output.contains("\"frameRate\": 60,\n  \"frameRates\": [60, 120],"))
        let json = try JSONParser.parse(result.output)
        guard case .object(let graph) = json.content, case .array(let nodes)? = graph["nodes"]?.content else {
            Issue.record("not a graph")
            return
        }
        var severities: [String: String] = [:]
        for node in nodes {
            guard case .object(let fields) = node.content, case .string(let title)? = fields["title"]?.content,
                case .string(let severity)? = fields["severity"]?.content
            else { continue }
            severities[title] = severity
        }
        #expect(severities == ["SixtyView": "low", "FastView": "medium"])

        // In Markdown, as the text wraps it: the thresholds at each rate, and that the trace's own rating comes first.
        let summary = try Causegraph.run(["summary", sixty, hundredTwenty, "--format", "markdown"])
        #expect(
            summary.output.contains(
                "at 60 Hz; orange ≥ 521 µs, red ≥ 1.04 ms at 120 Hz, each update at its trace's rate, unless the trace rates the update."
            ))
        let why = try Causegraph.run(["why", sixty, hundredTwenty, "--view", "FastView", "--format", "json"])
        #expect(
            why.output.hasPrefix("{\n  \"frameRate\": 60,\n  \"frameRates\": [60, 120],"), "\(why.output.prefix(80))")
        let report = try Causegraph.run(["report", sixty, hundredTwenty, "-o", "-"])
        #expect(report.output.contains("60 Hz, 120 Hz"))
    }

    @Test("--frame-rate judges every trace at one rate, without a warning")
    func oneRate() throws {
        let scratch = try TemporaryFolder()
        let sixty = try trace(scratch, "a.jsonl", rate: 60, view: "SixtyView", duration: 642_000)
        let hundredTwenty = try trace(scratch, "b.jsonl", rate: 120, view: "FastView", duration: 642_000)
        let result = try Causegraph.run(["render", sixty, hundredTwenty, "--format", "json", "--frame-rate", "120"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.output.contains("\"frameRate\": 120,\n  \"nodes\""))
    }
}
