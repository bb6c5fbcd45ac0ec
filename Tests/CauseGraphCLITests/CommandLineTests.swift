import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("causegraph command line")
struct CommandLineTests {
    let trace = fixture("onoff-toggle.jsonl")

    @Test(
        "render picks the format from the output's extension",
        arguments: [
            ("graph.svg", Array("<?xml".utf8)), ("graph.png", [0x89, 0x50, 0x4E, 0x47]),
            ("graph.pdf", Array("%PDF-".utf8)),
            ("graph.dot", Array("digraph causegraph {".utf8)), ("graph.gv", Array("digraph causegraph {".utf8)),
            ("graph.json", Array("{\n  \"causegraph\": 1,".utf8)),
        ])
    func formatFromExtension(_ name: String, _ signature: [UInt8]) throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(["render", trace, "-o", scratch.path(name)])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.isEmpty)
        #expect(try [UInt8](scratch.read(name)).starts(with: signature))
        #expect(scratch.entries == [name], "no temporary file is left behind")
    }

    @Test("-o - and no -o write to standard output; --format names the format of a file without a known extension")
    func standardOutput() throws {
        let svg = try Causegraph.run(["render", trace])
        #expect(svg.status == 0)
        #expect(svg.output.hasPrefix("<?xml"))
        let json = try Causegraph.run(["render", trace, "-o", "-", "--format", "json"])
        #expect(json.status == 0)
        let parsed = try JSONParser.parse(json.output)
        guard case .object(let object) = parsed.content, case .array(let nodes)? = object["nodes"]?.content else {
            Issue.record("not a graph")
            return
        }
        #expect(nodes.count == 5)
        let scratch = try TemporaryFolder()
        let dot = try Causegraph.run(["render", trace, "-o", scratch.path("graph.txt"), "--format", "dot"])
        #expect(dot.status == 0)
        #expect(String(decoding: try scratch.read("graph.txt"), as: UTF8.self).hasPrefix("digraph"))
    }

    @Test("an option of one value given twice is a usage error naming it, however spelled; a list option repeats")
    func repeatedOption() throws {
        let scratch = try TemporaryFolder()
        let budget = fixture("budgets/landmarks.yaml")
        let twoBudgets = try Causegraph.run(["check", trace, "--budget", budget, "--budget", budget])
        #expect(twoBudgets.status == 2)
        #expect(
            twoBudgets.standardError
                == "error: '--budget' is given more than once; it takes one value, and the last would silently replace the others\n"
        )
        let output = scratch.path("graph.svg")
        for arguments in [["-o", output, "--output", output], ["--max-nodes=3", "--max-nodes", "4", "-o", output]] {
            let result = try Causegraph.run(["render", trace] + arguments)
            #expect(result.status == 2 && result.standardError.contains("is given more than once"), "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: output), "nothing is written")
        let focused = try Causegraph.run(["render", trace, "--focus", "OnOffView", "--focus", "graph", "-o", output])
        #expect(focused.status == 0, "\(focused.standardError)")
        // After `--`, every word is a trace, however it is spelled.
        let named = try Causegraph.run(["summary", trace, "--top", "3", "--", "--top"])
        #expect(!named.standardError.contains("more than once"))
    }

    @Test(
        "a negative number after an option is its value, refused by the option's own check, not a missing value",
        arguments: [
            (
                ["render", "TRACE", "--max-nodes", "-3"],
                "error: --max-nodes -3 is out of range; give 0 (no limit) or more\n"
            ),
            (["summary", "TRACE", "--top", "-2"], "error: --top -2 is out of range; give 1 or more\n"),
            (
                ["diff", "TRACE", "TRACE", "--exit-code", "--tolerance", "-1"],
                "error: the value '-1' is invalid for '--tolerance <tolerance>': give a percentage up to 1,000,000% (10%), a count (2), or both (10%,2)\n"
            ),
        ])
    func negativeValue(_ arguments: [String], _ message: String) throws {
        let result = try Causegraph.run(arguments.map { $0 == "TRACE" ? trace : $0 })
        #expect(result.status == 2)
        #expect(result.standardError == message)
    }

    @Test("reads standard input given as -")
    func standardInput() throws {
        let result = try Causegraph.run(
            ["render", "-", "--format", "dot"], standardInput: try Data(contentsOf: URL(fileURLWithPath: trace)))
        #expect(result.status == 0)
        #expect(result.output.contains("OnOffView"))
    }

    /// An export from a pipe is kept in a temporary file to be read twice:
    /// binary data there would fill the disk first.
    @Test("an export from a pipe that turns into NUL bytes stops at the first, at its line and column")
    func binaryStandardInput() throws {
        let export = try String(contentsOfFile: fixture("instruments/swiftui-causes.xml"), encoding: .utf8)
        let head = export.split(separator: "\n", omittingEmptySubsequences: false).prefix(20).joined(separator: "\n")
        let input = Data((head + "\n  ").utf8) + Data(count: 16 << 20)
        let result = try Causegraph.run(["summary", "-"], standardInput: input)
        #expect(result.status == 2)
        #expect(result.standardError == "<stdin>:21:3: error: binary data: a NUL byte, which no XML export holds\n")
    }

    @Test("the same input gives byte-identical output on every run", arguments: ["svg", "dot", "json", "png", "pdf"])
    func deterministic(_ format: String) throws {
        let first = try Causegraph.run(["render", fixture("contact-list.jsonl"), "--format", format, "-o", "-"])
        let second = try Causegraph.run(["render", fixture("contact-list.jsonl"), "--format", format, "-o", "-"])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test("bad input: one line naming file, line and column; exit 2; the existing output untouched")
    func badInputKeepsOutput() throws {
        let scratch = try TemporaryFolder()
        let bad = try scratch.write(
            "bad.jsonl",
            traceHeaderLine + "\n" + #"{"node": 1, "kind": "body", "title": "A", "owner": "nobody"}"# + "\n")
        try Data("previous".utf8).write(to: scratch.url.appendingPathComponent("graph.svg"))
        let result = try Causegraph.run(["render", bad, "-o", scratch.path("graph.svg")])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(bad):2:52: error: unknown owner \"nobody\"; expected one of \"app\", \"system\"\n")
        #expect(try scratch.read("graph.svg") == Data("previous".utf8))
        #expect(scratch.entries == ["bad.jsonl", "graph.svg"])
    }

    @Test(
        "usage errors exit 2 with a message; help exits 0",
        arguments: [
            (["render"], "error: missing expected argument '<trace> ...'\n"),
            (["render", "x.jsonl", "--frobnicate"], "error: unknown option '--frobnicate'\n"),
            (["render", "x.jsonl", "--formt", "svg"], "error: unknown option '--formt'. Did you mean '--format'?\n"),
            (["render", "missing.jsonl"], "missing.jsonl: error: cannot open: No such file or directory"),
            (["render", "TRACE", "-o", "graph.bmp"], "cannot tell the format of 'graph.bmp'"),
            (
                ["render", "TRACE", "--frame-rate", "0"],
                "--frame-rate must be between 1 and 1000 frames per second, found 0"
            ),
            (
                ["render", "TRACE", "--frame-rate", "1e-11"],
                "--frame-rate must be between 1 and 1000 frames per second, found 1e-11"
            ),
            (
                ["render", "TRACE", "--engine", "nonesuch", "-o", "-"],
                "error: the value 'nonesuch' is invalid for '--engine <name>'"
            ),
            (
                ["render", "TRACE", "--engine", "nop", "-o", "-"],
                "error: the value 'nop' is invalid for '--engine <name>'"
            ),
            (["diff", "TRACE", "TRACE", "--engine", "patchwork"], "error: the value 'patchwork' is invalid"),
            (["render", "TRACE", "--input-format", "word"], "error: the value 'word' is invalid for '--input-format"),
            (
                ["explain"],
                "error: unknown command 'explain'; the commands are render, why, summary, diff, check, report, timeline, convert, mcp, top, record, cache, doctor, redact\n"
            ),
            (["rendr", "TRACE"], "error: unknown command 'rendr'; did you mean 'render'?\n"),
            (
                ["help", "bogus"],
                "error: unknown command 'bogus'; the commands are render, why, summary, diff, check, report, timeline, convert, mcp, top, record, cache, doctor, redact\n"
            ),
            (["help", "cache", "bogus"], "error: cache has no subcommand 'bogus'; its subcommands are list, clear\n"),
            (["cache", "show"], "error: cache has no subcommand 'show'; its subcommands are list, clear\n"),
            (["cache", "lst"], "error: cache has no subcommand 'lst'; did you mean 'list'?\n"),
            (["help", "render", "list"], "error: render has no subcommands, found 'list'\n"),
            (["summary", "TRACE", "--fan-out", "-3"], "error: --fan-out -3 is out of range; give 1 or more\n"),
            (
                ["why", "TRACE", "--view", "OnOff", "--update", "2"],
                "error: --view and --update ask two different questions; give one of them\n"
            ),
            (
                ["why", "TRACE", "--update", "2", "--regex"],
                "error: --regex applies to --view; give a --view pattern\n"
            ),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try Causegraph.run(arguments.map { $0 == "TRACE" ? trace : $0 })
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "one line: \(result.standardError)")
        #expect(!result.standardError.contains("Usage:"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("help and version exit 0")
    func help() throws {
        let help = try Causegraph.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: causegraph <subcommand>"))
        let renderHelp = try Causegraph.run(["render", "--help"])
        #expect(renderHelp.status == 0)
        #expect(renderHelp.output.contains("--engine"))
        #expect(try Causegraph.run(["--version"]).status == 0)
        let helpRender = try Causegraph.run(["help", "render"])
        #expect(helpRender.status == 0)
        #expect(helpRender.output.contains("USAGE: causegraph render"))
    }

    @Test("help takes a path of subcommands, as `cache --help` tells: help cache list, help cache clear")
    func helpOfSubcommand() throws {
        let cacheHelp = try Causegraph.run(["cache", "--help"])
        #expect(cacheHelp.output.contains("See 'causegraph help cache <subcommand>' for detailed help."))
        for (subcommand, usage) in [
            ("list", "USAGE: causegraph cache list"), ("clear", "USAGE: causegraph cache clear"),
        ] {
            let help = try Causegraph.run(["help", "cache", subcommand])
            #expect(help.status == 0 && help.standardError.isEmpty, "\(help.standardError)")
            #expect(help.output.contains(usage), "\(help.output)")
            #expect(help.output == (try Causegraph.run(["cache", subcommand, "--help"])).output)
        }
    }

    @Test(
        "render and report with no -o on a terminal ask for a file instead of printing markup",
        arguments: [
            (
                ["render", "TRACE"],
                "error: standard output is a terminal; name a file for the graph with -o (or -o - to print it anyway)\n"
            ),
            // PNG is refused on a terminal even with -o -, so that is not offered.
            (
                ["render", "TRACE", "--format", "png"],
                "error: standard output is a terminal; name a file for the graph with -o\n"
            ),
            (
                ["report", "TRACE"],
                "error: standard output is a terminal; name a file for the HTML page with -o (or -o - to print it anyway)\n"
            ),
        ])
    func terminalAsksForAFile(_ arguments: [String], _ message: String) throws {
        let result = try Causegraph.runOnTerminal(arguments.map { $0 == "TRACE" ? trace : $0 })
        #expect(result.status == 2)
        #expect(result.standardError == message)
        #expect(result.standardOutput.isEmpty)
    }

    @Test("-o - on a terminal, and DOT or JSON with no -o, still print")
    func terminalPrintsWhenAsked() throws {
        let svg = try Causegraph.runOnTerminal(["render", trace, "-o", "-"])
        #expect(svg.status == 0)
        #expect(svg.output.hasPrefix("<?xml"))
        #expect(svg.output.hasSuffix("</svg>\n"))
        let dot = try Causegraph.runOnTerminal(["render", trace, "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.output.hasPrefix("digraph"))
    }

    @Test("an output that is a directory is refused")
    func outputDirectory() throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(["render", trace, "-o", scratch.url.path, "--format", "svg"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("is a directory"))
    }

    @Test("convert writes a native trace that renders to the same graph")
    func convertRoundTrip() throws {
        let scratch = try TemporaryFolder()
        for name in ["contact-list", "hostile-titles", "dark-mode"] {
            let converted = try Causegraph.run([
                "convert", fixture("\(name).jsonl"), "-o", scratch.path("\(name).jsonl"),
            ])
            #expect(converted.status == 0)
            let original = try Causegraph.run(["render", fixture("\(name).jsonl"), "--format", "json"])
            let again = try Causegraph.run(["render", scratch.path("\(name).jsonl"), "--format", "json"])
            #expect(again.status == 0)
            #expect(original.output == again.output)
        }
    }
}

let traceHeaderLine = #"{"causegraph": 1}"#

@Suite("input order")
struct InputOrderTests {
    @Test("the same files give the same graph in any order")
    func orderIndependent() throws {
        let a = fixture("onoff-toggle.jsonl")
        let b = fixture("dark-mode.jsonl")
        let forward = try Causegraph.run(["render", a, b, "--format", "json"])
        let backward = try Causegraph.run(["render", b, a, "--format", "json"])
        #expect(forward.status == 0)
        #expect(forward.output == backward.output)
    }
}
