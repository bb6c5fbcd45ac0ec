import CauseGraphTestSupport
import Foundation
import Testing

@Suite("render --each: one graph per trace, in one process")
struct RenderEachCommandTests {
    let traces = ["onoff-toggle.jsonl", "dark-mode.jsonl", "contact-list.jsonl"]

    @Test("each trace of a folder and each trace named gets its own file, the bytes `render TRACE` writes")
    func oneFilePerTrace() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path("recordings")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for trace in traces.dropLast() {
            try FileManager.default.copyItem(atPath: fixture(trace), toPath: "\(folder)/\(trace)")
        }
        try Data("# Recordings\n".utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))

        for format in ["svg", "dot", "json"] {
            let outputs = scratch.path("graphs-\(format)/deeper")
            let run = try Causegraph.run([
                "render", "--each", folder, fixture(traces[2]), "--format", format, "-o", outputs,
            ])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError == "\(folder): note: skipped 1 file that is not a trace ('README.md')\n")
            let names = traces.map { ($0 as NSString).deletingPathExtension + "." + format }
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: outputs).sorted() == names.sorted(),
                "no temporary file is left")
            for (trace, name) in zip(traces, names) {
                let alone = try Causegraph.run(["render", fixture(trace), "--format", format, "-o", "-"])
                try #require(alone.status == 0)
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: "\(outputs)/\(name)")) == alone.standardOutput, "\(name)")
            }
        }
    }

    @Test("shaping and theme options apply to every graph")
    func optionsApplyToEach() throws {
        let scratch = try TemporaryFolder()
        let run = try Causegraph.run([
            "render", "--each", fixture(traces[0]), fixture(traces[1]), "--theme", "dark", "--max-nodes", "3",
            "--format", "dot", "-o", scratch.url.path,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        for trace in traces.prefix(2) {
            let alone = try Causegraph.run([
                "render", fixture(trace), "--theme", "dark", "--max-nodes", "3", "--format", "dot",
            ])
            #expect(try scratch.read((trace as NSString).deletingPathExtension + ".dot") == alone.standardOutput)
        }
    }

    @Test("a trace that fails is named in one line; the others are written; the exit status is 2")
    func failuresAreReportedPerTrace() throws {
        let scratch = try TemporaryFolder()
        let bad = try scratch.write(
            "2-bad.jsonl",
            traceHeaderLine + "\n" + #"{"node": 1, "kind": "body", "title": "A", "owner": "nobody"}"# + "\n")
        let empty = try scratch.write("3-empty.jsonl", "")
        try FileManager.default.copyItem(atPath: fixture(traces[0]), toPath: scratch.path("1-good.jsonl"))
        try FileManager.default.copyItem(atPath: fixture(traces[1]), toPath: scratch.path("4-good.jsonl"))
        let out = scratch.path("out")

        let run = try Causegraph.run([
            "render", "--each", scratch.path("1-good.jsonl"), bad, empty, scratch.path("4-good.jsonl"), "-o", out,
        ])
        #expect(run.status == 2)
        #expect(
            run.standardError == """
                \(bad):2:52: error: unknown owner "nobody"; expected one of "app", "system"
                \(empty): error: empty file: expected a trace

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["1-good.svg", "4-good.svg"])
    }

    @Test(
        "what --each cannot honour is refused before anything is written",
        arguments: [
            (
                ["render", "--each", "A"],
                "error: --each writes one file per trace; name the folder to write them into with -o\n"
            ),
            (
                ["render", "--each", "-", "-o", "OUT"],
                "error: --each names each output after its trace; standard input ('-') has no name\n"
            ),
            (
                ["render", "--each", "A", "-o", "FILE"],
                "error: 'FILE' is not a folder; --each writes one file per trace into the folder named by -o\n"
            ),
            (
                ["render", "--each", "A", "B", "-o", "OUT"],
                "error: 'A' and 'B' would both be rendered to 'OUT/a.svg'; rename one or render them in separate runs\n"
            ),
            (
                ["render", "--each", "A", "-o", ".", "--format", "json"],
                "error: rendering 'A' would overwrite it; choose another folder or --format\n"
            ),
        ])
    func refused(_ arguments: [String], _ message: String) throws {
        let scratch = try TemporaryFolder()
        let a = scratch.path("a.json")
        try FileManager.default.copyItem(atPath: fixture(traces[0]), toPath: a)
        try FileManager.default.createDirectory(atPath: scratch.path("b"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture(traces[1]), toPath: scratch.path("b/a.jsonl"))
        _ = try scratch.write("file", "not a folder")
        let names = ["A": "a.json", "B": "b/a.jsonl", "FILE": "file", "OUT": "out"]
        let run = try Causegraph.run(arguments.map { names[$0] ?? $0 }, in: scratch.url)
        #expect(run.status == 2)
        #expect(
            run.standardError
                == message.replacingOccurrences(of: "'A'", with: "'a.json'").replacingOccurrences(
                    of: "'B'", with: "'b/a.jsonl'"
                )
                .replacingOccurrences(of: "'FILE'", with: "'file'").replacingOccurrences(of: "OUT/", with: "out/"))
        #expect(scratch.entries == ["a.json", "b", "file"])
    }
}
