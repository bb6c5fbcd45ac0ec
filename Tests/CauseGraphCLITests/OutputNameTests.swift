import CauseGraphTestSupport
import Foundation
import Testing

@Suite("formats from the output's name")
struct OutputNameTests {
    let trace = fixture("onoff-toggle.jsonl")

    @Test(
        "summary, why and check pick text, JSON or Markdown from -o's extension",
        arguments: [
            (["summary", "TRACE"], "summary"), (["why", "TRACE", "--view", "OnOff"], "why"),
            (["check", "TRACE", "--budget", "BUDGET"], "check"),
        ])
    func reportFormats(_ arguments: [String], _ name: String) throws {
        let scratch = try TemporaryFolder()
        let budget = try scratch.write("budget.yaml", "version: 1\nlongUpdates:\n  high: 100\n")
        let resolved = arguments.map { $0 == "TRACE" ? trace : $0 == "BUDGET" ? budget : $0 }
        for (file, format) in [("r.json", "json"), ("r.md", "markdown"), ("r.txt", "text")] {
            let named = try Causegraph.run(resolved + ["-o", scratch.path(file)])
            #expect(named.status == 0, "\(name) -o \(file): \(named.standardError)")
            let explicit = try Causegraph.run(resolved + ["--format", format])
            #expect(try scratch.read(file) == explicit.standardOutput, "\(name) -o \(file) writes \(format)")
        }
    }

    @Test("diff picks the table's format from --table's extension")
    func diffTable() throws {
        let scratch = try TemporaryFolder()
        let before = fixture("landmarks-favorites-before.jsonl")
        let after = fixture("landmarks-favorites-after.jsonl")
        let named = try Causegraph.run(["diff", before, after, "--table", scratch.path("changes.md")])
        #expect(named.status == 0)
        let explicit = try Causegraph.run(["diff", before, after, "--table-format", "markdown"])
        #expect(try scratch.read("changes.md") == explicit.standardOutput)
    }

    @Test(
        "an extension that contradicts the format, none at all, or a directory is refused with a message that says so",
        arguments: [
            (
                ["render", "TRACE", "-o", "OUT/y.png", "--format", "svg"],
                "error: the extension of 'OUT/y.png' says png but --format says svg; make them agree\n"
            ),
            (
                ["render", "TRACE", "-o", "OUT/graph"],
                "error: 'OUT/graph' has no extension to tell the format by; add one or name one of svg, png, pdf, dot, json with --format\n"
            ),
            (
                ["render", "TRACE", "-o", "OUT"],
                "error: 'OUT' is a directory; name a file to write, such as 'OUT/out.svg'\n"
            ),
            (
                ["summary", "TRACE", "-o", "OUT/s.json", "--format", "markdown"],
                "error: the extension of 'OUT/s.json' says json but --format says markdown; make them agree\n"
            ),
            (
                ["why", "TRACE", "--view", "OnOff", "-o", "OUT/why"],
                "error: 'OUT/why' has no extension to tell the format by; add one or name one of text, json, markdown with --format\n"
            ),
            (
                ["summary", "TRACE", "-o", "OUT"],
                "error: 'OUT' is a directory; name a file to write, such as 'OUT/out.txt'\n"
            ),
            (
                ["diff", "TRACE", "TRACE", "--table", "OUT/t.md", "--table-format", "json"],
                "error: the extension of 'OUT/t.md' says markdown but --table-format says json; make them agree\n"
            ),
            (
                ["diff", "TRACE", "TRACE", "-o", "OUT/d.pdf", "--format", "svg"],
                "error: the extension of 'OUT/d.pdf' says pdf but --format says svg; make them agree\n"
            ),
            (
                ["convert", "TRACE", "-o", "OUT/x.svg"],
                "error: the extension of 'OUT/x.svg' says svg, but this command writes a causegraph JSON Lines trace; name it .jsonl\n"
            ),
            (
                ["report", "TRACE", "-o", "OUT/r.md"],
                "error: the extension of 'OUT/r.md' says markdown, but this command writes an HTML page; name it .html\n"
            ),
            (
                ["convert", "TRACE", "-o", "OUT/x.xml"],
                "error: the extension of 'OUT/x.xml' says xml, but this command writes a causegraph JSON Lines trace; name it .jsonl\n"
            ),
            // redact keeps an export's format and a change log's.
            (
                ["redact", "EXPORT", "-o", "OUT/x.svg"],
                "error: the extension of 'OUT/x.svg' says svg, but this command writes an xctrace export; name it .xml\n"
            ),
            (
                ["redact", "LOG", "-o", "OUT/x.xml"],
                "error: the extension of 'OUT/x.xml' says xml, but this command writes a change log; name it .log\n"
            ),
            (
                ["top", "LOG", "--save", "OUT/s.svg"],
                "error: the extension of 'OUT/s.svg' says svg, but this command writes a causegraph JSON Lines trace; name it .jsonl\n"
            ),
        ])
    func refused(_ arguments: [String], _ message: String) throws {
        let scratch = try TemporaryFolder()
        let out = scratch.url.path
        let inputs = [
            "TRACE": trace, "EXPORT": fixture("instruments/recording/swiftui-causes.xml"),
            "LOG": fixture("logs/log-show-default.log"),
        ]
        let result = try Causegraph.run(
            arguments.map { inputs[$0] ?? $0.replacingOccurrences(of: "OUT", with: out) })
        #expect(result.status == 2)
        #expect(result.standardError == message.replacingOccurrences(of: "OUT", with: out))
        #expect(scratch.entries.isEmpty, "nothing written")
    }

    @Test("a named pipe whose name names a format gets that format, as a file of that name would")
    func namedPipe() throws {
        let scratch = try TemporaryFolder()
        let pipe = scratch.path("summary.json")
        #expect(mkfifo(pipe, 0o600) == 0)
        let copy = scratch.path("copy")
        // Should the command fail, the reader still blocked on the FIFO is killed once the test lets go of it.
        let reader = try StartedProgram(["/bin/sh", "-c", "cat \"$0\" > \"$1\"", pipe, copy])
        let result = try withExtendedLifetime(reader) { try Causegraph.run(["summary", trace, "-o", pipe]) }
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try reader.end(within: .seconds(60)) == .exited(0))
        let explicit = try Causegraph.run(["summary", trace, "--format", "json"])
        #expect(try scratch.read("copy") == explicit.standardOutput)
    }

    @Test("a device is written through whatever its name")
    func device() throws {
        let result = try Causegraph.run(["render", trace, "-o", "/dev/null"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }
}
