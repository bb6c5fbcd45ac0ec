import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// The shell scripts of action.yml's check and summary steps, run with bash
/// as the runner runs them: inputs through the environment, outputs in
/// `$GITHUB_OUTPUT`, the summary in `$GITHUB_STEP_SUMMARY`.
@Suite(
    "action.yml's scripts",
    .enabled(if: CITools.yamlPython != nil, Comment(rawValue: CITools.yamlUnavailable)))
struct ActionScriptTests {
    /// The `run:` script of the step with `id`, read with ruamel.yaml.
    private func script(_ id: String) throws -> String {
        let python = try #require(CITools.yamlPython)
        let result = try ProcessRunner.run(
            python,
            [
                "-c",
                """
                import sys
                from ruamel.yaml import YAML
                steps = YAML(typ='safe').load(open('action.yml'))['runs']['steps']
                print(next(s['run'] for s in steps if s.get('id') == sys.argv[1]), end='')
                """,
                id,
            ], in: packageRoot)
        try #require(result.status == 0, "\(result.standardError)")
        return result.output
    }

    private func run(_ id: String, _ environment: [String: String]) throws -> CommandResult {
        try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", try script(id)], in: packageRoot, environment: environment)
    }

    /// `KEY=value` lines of a `$GITHUB_OUTPUT` file.
    private func outputs(_ path: String) throws -> [String: String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Dictionary(
            text.split(separator: "\n").map { line in
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { $1 })
    }

    @Test("a limit exceeded: annotations, the JUnit report, passed=false; the summary step then fails")
    func failing() throws {
        let scratch = try TemporaryFolder()
        let output = try scratch.write("output", "")
        let check = try run(
            "check",
            [
                "RUNNER_TEMP": scratch.url.path, "GITHUB_OUTPUT": output, "CAUSEGRAPH": Causegraph.executable.path,
                "TRACES": "fixtures/landmarks-favorites-before.jsonl\n", "BUDGET": "fixtures/budgets/landmarks.yaml",
                "JUNIT": scratch.path("junit.xml"),
            ])
        #expect(check.status == 0, "the step records the failure for the summary step: \(check.standardError)")
        #expect(check.output.contains("\n::error file=fixtures/budgets/landmarks.yaml,line=13,col=14,"))
        let values = try outputs(output)
        #expect(values["passed"] == "false" && values["status"] == "1")
        #expect(FileManager.default.fileExists(atPath: scratch.path("junit.xml")))
        let summaryFile = try scratch.write("summary.md", "")
        let summary = try run(
            "summary", ["OUT": try #require(values["dir"]), "STATUS": "1", "GITHUB_STEP_SUMMARY": summaryFile])
        #expect(summary.status == 1)
        let text = try String(contentsOfFile: summaryFile, encoding: .utf8)
        #expect(text.hasPrefix("## causegraph check: 5 of 11 limits exceeded\n"))
        #expect(!text.contains("SwiftUI update diff"), "no baseline, no diff")
    }

    @Test("with a baseline: passed=true, and the summary holds the report, the diff table and a link to the picture")
    func baseline() throws {
        let scratch = try TemporaryFolder()
        let output = try scratch.write("output", "")
        let check = try run(
            "check",
            [
                "RUNNER_TEMP": scratch.url.path, "GITHUB_OUTPUT": output, "CAUSEGRAPH": Causegraph.executable.path,
                "TRACES": "fixtures/landmarks-favorites-after.jsonl", "BUDGET": "fixtures/budgets/landmarks.yaml",
                "BASELINE": "fixtures/landmarks-favorites-before.jsonl", "TOLERANCE": "10%,2",
                "JUNIT": scratch.path("junit.xml"),
            ])
        #expect(check.status == 0, "\(check.standardError)")
        let values = try outputs(output)
        #expect(values["passed"] == "true")
        let summaryFile = try scratch.write("summary.md", "previous step's summary\n")
        let summary = try run(
            "summary",
            [
                "OUT": try #require(values["dir"]), "STATUS": "0", "GITHUB_STEP_SUMMARY": summaryFile,
                "ARTIFACT_URL": "https://github.com/o/r/actions/runs/1/artifacts/2",
            ])
        #expect(summary.status == 0, "\(summary.standardError)")
        let text = try String(contentsOfFile: summaryFile, encoding: .utf8)
        #expect(text.hasPrefix("previous step's summary\n## causegraph check: every limit holds (11)\n"))
        #expect(text.contains("\n## SwiftUI update diff: Landmarks\n"))
        // GitHub strips data: images from a summary: the picture is linked.
        #expect(!text.contains("data:image"))
        #expect(text.contains("[causegraph artifact](https://github.com/o/r/actions/runs/1/artifacts/2)"))
        #expect(text.utf8.count < 1_000_000)
    }

    @Test("bad input stops the step with exit status 2")
    func badInput() throws {
        let scratch = try TemporaryFolder()
        let check = try run(
            "check",
            [
                "RUNNER_TEMP": scratch.url.path, "GITHUB_OUTPUT": try scratch.write("output", ""),
                "CAUSEGRAPH": Causegraph.executable.path, "TRACES": scratch.path("missing.jsonl"),
                "BUDGET": "fixtures/budgets/landmarks.yaml", "JUNIT": scratch.path("junit.xml"),
            ])
        #expect(check.status == 2)
        #expect(check.standardError.contains("missing.jsonl: error: cannot open"))
    }
}
