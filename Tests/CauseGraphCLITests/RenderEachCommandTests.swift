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

    @Test(
        "a folder's Instruments exports are one recording, drawn once under the folder's name beside its other traces")
    func exportFolderIsOneRecording() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path("run.2")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        var exports: [String] = []
        for table in ["swiftui-causes", "swiftui-updates", "swiftui-update-groups", "swiftui-changes"] {
            let export = folder + "/" + table + ".xml"
            try FileManager.default.moveItem(
                atPath: try GeneratedRecording.write(500, table, into: scratch, seed: 2), toPath: export)
            exports.append(export)
        }
        try FileManager.default.copyItem(atPath: fixture(traces[0]), toPath: folder + "/" + traces[0])
        let outputs = scratch.path("graphs")
        let run = try Causegraph.run(["render", "--each", folder, "--format", "dot", "-o", outputs])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: outputs).sorted() == ["onoff-toggle.dot", "run.2.dot"])
        let together = try Causegraph.run(["render"] + exports + ["--format", "dot", "-o", "-"])
        try #require(together.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: outputs + "/run.2.dot")) == together.standardOutput)
    }

    @Test("each trace's notes name the trace they are about")
    func notesNameTheirTrace() throws {
        let scratch = try TemporaryFolder()
        let named = traces.prefix(2).map { fixture($0) }
        let run = try Causegraph.run(["render", "--each"] + named + ["--max-nodes", "2", "-o", scratch.path("out")])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { line in named.contains { line.hasPrefix("\($0): note: ") } })
        for trace in named { #expect(lines.contains { $0.hasPrefix("\(trace): note: showing 2 of ") }) }
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

    @Test("--focus draws each graph's shares of the focused updates, as render of one trace does")
    func focusSharesInEach() throws {
        let scratch = try TemporaryFolder()
        let trace = "landmarks-favorites-before.jsonl"
        let focus = ["--focus", "LandmarkListItemView", "--format", "dot"]
        let run = try Causegraph.run(["render", "--each", fixture(trace), "-o", scratch.url.path] + focus)
        #expect(run.status == 0, "\(run.standardError)")
        let each = try scratch.read("landmarks-favorites-before.dot")
        let alone = try Causegraph.run(["render", fixture(trace)] + focus)
        #expect(each == alone.standardOutput)
        // Every update of the list items is explained by the favourites collection, and by the taps.
        #expect(String(decoding: each, as: UTF8.self).components(separatedBy: "100%").count > 2)
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

    @Test(
        "two traces whose outputs are one file on a Mac (case, or NFC against NFD) are refused, naming both, before anything is written",
        arguments: [
            ("App.jsonl", "app.jsonl", "App.svg", "app.svg"),
            ("Caf\u{E9}.jsonl", "Cafe\u{301}.jsonl", "Caf\u{E9}.svg", "Cafe\u{301}.svg"),
        ])
    func refusedWhereAMacWouldMerge(_ first: String, _ second: String, _ firstOutput: String, _ secondOutput: String)
        throws
    {
        let scratch = try TemporaryFolder()
        // In two folders, which a Mac's volume, where the two names are one, can hold too.
        for (folder, name, trace) in [("a", first, traces[0]), ("b", second, traces[1])] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: fixture(trace), toPath: scratch.path("\(folder)/\(name)"))
        }
        let run = try Causegraph.run(["render", "--each", "a/\(first)", "b/\(second)", "-o", "out"], in: scratch.url)
        #expect(run.status == 2)
        #expect(
            run.standardError.unicodeScalars.elementsEqual(
                """
                error: 'a/\(first)' and 'b/\(second)' would be rendered to 'out/\(firstOutput)' and \
                'out/\(secondOutput)', one file on a Mac, where names ignore case and Unicode normalization; rename one or \
                render them in separate runs

                """.unicodeScalars), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")), "nothing is written")

        // One folder holding both, where the volume tells them apart (Linux; on a Mac they are one file).
        let folder = scratch.path("recordings")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scratch.path("a/\(first)"), toPath: "\(folder)/\(first)")
        guard
            (try? FileManager.default.copyItem(atPath: scratch.path("b/\(second)"), toPath: "\(folder)/\(second)"))
                != nil
        else { return }
        let wholeFolder = try Causegraph.run(["render", "--each", "recordings", "-o", "out"], in: scratch.url)
        #expect(wholeFolder.status == 2)
        #expect(wholeFolder.standardError.split(separator: "\n").count == 1)
        for name in [first, second] {
            #expect(
                wholeFolder.standardError.unicodeScalars.split(separator: "'").contains {
                    Substring.UnicodeScalarView($0).elementsEqual("recordings/\(name)".unicodeScalars)
                }, "names \(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")), "nothing is written")
    }

    @Test("an output that is its own trace on a Mac (the same name in other case) is refused")
    func refusedWhereAMacWouldReplaceTheTrace() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: fixture(traces[0]), toPath: scratch.path("Graph.JSON"))
        let run = try Causegraph.run(
            ["render", "--each", "Graph.JSON", "-o", ".", "--format", "json"], in: scratch.url)
        #expect(run.status == 2)
        #expect(
            run.standardError == "error: rendering 'Graph.JSON' would overwrite it; choose another folder or --format\n"
        )
        #expect(scratch.entries == ["Graph.JSON"])
    }
}
