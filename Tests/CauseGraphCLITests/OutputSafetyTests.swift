import CauseGraphTestSupport
import Foundation
import Testing

/// No output replaces one of the command's inputs, however the path reaches
/// it, and the names of the process's own descriptors are written through.
@Suite("outputs never replace an input")
struct OutputSafetyTests {
    /// Every command that writes a file, each naming its own input as an
    /// output; the input's name has the extension the command's output must
    /// have (its trace is read by content).
    static let commands: [(extension: String, arguments: [String])] = [
        ("jsonl", ["render", "IN", "-o", "OUT", "--format", "json"]),
        ("jsonl", ["render", "IN", "-o", "OUT", "--format", "dot"]),
        ("jsonl", ["convert", "IN", "-o", "OUT"]),
        ("jsonl", ["summary", "IN", "-o", "OUT", "--format", "json"]),
        ("jsonl", ["why", "IN", "--view", "Contact", "-o", "OUT", "--format", "json"]),
        ("jsonl", ["check", "IN", "--budget", fixture("budgets/hitches.yaml"), "-o", "OUT", "--format", "json"]),
        ("jsonl", ["diff", "IN", fixture("contact-list.jsonl"), "--table", "OUT", "--table-format", "json"]),
        ("jsonl", ["diff", fixture("contact-list.jsonl"), "IN", "-o", "OUT", "--format", "json"]),
        ("html", ["report", "IN", "-o", "OUT"]),
        ("json", ["timeline", "IN", "-o", "OUT"]),
    ]

    @Test(
        "each command refuses, exit 2, to write over its input, named as given or through a link or ..",
        arguments: ["same", "symlink", "hardlink", "dotdot"])
    func refused(_ route: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: fixture("contact-list.jsonl")))
        for (pathExtension, command) in Self.commands {
            let scratch = try TemporaryFolder()
            let input = try scratch.write("trace.\(pathExtension)", original)
            let output: String
            switch route {
            case "symlink":
                output = scratch.path("link.\(pathExtension)")
                try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: input)
            case "hardlink":
                output = scratch.path("hard.\(pathExtension)")
                try FileManager.default.linkItem(atPath: input, toPath: output)
            case "dotdot":
                try FileManager.default.createDirectory(atPath: scratch.path("sub"), withIntermediateDirectories: false)
                output = scratch.path("sub/../trace.\(pathExtension)")
            default:
                output = input
            }
            let entries = scratch.entries
            let arguments = command.map { $0 == "IN" ? input : $0 == "OUT" ? output : $0 }
            let result = try Causegraph.run(arguments)
            let line = arguments.joined(separator: " ")
            #expect(result.status == 2, "\(line): \(result.standardError)")
            #expect(
                result.standardError.hasSuffix(
                    "\(output): error: is an input of this command; it would be replaced by the output, so name another output file\n"
                ), "\(line)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(line): \(result.standardError)")
            #expect(try scratch.read("trace.\(pathExtension)") == original, "\(line) changed its input")
            #expect(scratch.entries == entries, "\(line) left debris")
        }
    }

    @Test("standard input read from a file is an input too")
    func standardInput() throws {
        let scratch = try TemporaryFolder()
        let input = try scratch.write(
            "trace.jsonl", try Data(contentsOf: URL(fileURLWithPath: fixture("contact-list.jsonl"))))
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "'\(Causegraph.executable.path)' convert - -o '\(input)' < '\(input)'"])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasSuffix(
                "error: is an input of this command; it would be replaced by the output, so name another output file\n")
        )
    }

    @Test("a --classify rules file is an input, though a native trace never needs it", arguments: ["--no-cache", nil])
    func classifyRules(_ cache: String?) throws {
        let scratch = try TemporaryFolder()
        let rules = try scratch.write("rules.json", "{\"exact\": \"ScrollPrefetch\", \"kind\": \"other\"}\n")
        let result = try Causegraph.run(
            ["render", fixture("contact-list.jsonl"), "--classify", rules, "-o", rules] + (cache.map { [$0] } ?? []))
        #expect(result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix(
                "\(rules): error: is an input of this command; it would be replaced by the output, so name another output file\n"
            ), "\(result.standardError)")
        #expect(try scratch.read("rules.json") == Data("{\"exact\": \"ScrollPrefetch\", \"kind\": \"other\"}\n".utf8))
    }

    @Test("a report written into the folder of the traces may be written again: a file set aside unread is no input")
    func outputBesideTraces() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path("perf")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let trace = folder + "/before.jsonl"
        try FileManager.default.copyItem(atPath: fixture("landmarks-favorites-before.jsonl"), toPath: trace)
        let report = folder + "/report.json"
        let arguments = ["check", folder, "--budget", fixture("budgets/landmarks.yaml"), "-o", report]
        #expect(try Causegraph.run(arguments).status == 1)
        let again = try Causegraph.run(arguments)
        #expect(again.status == 1, "\(again.standardError)")
        #expect(again.standardError.contains("skipped 1 file that is not a trace ('report.json')"))
        // A trace the folder holds is still an input.
        let over = try Causegraph.run(["render", folder, "--format", "dot", "-o", trace])
        #expect(over.status == 2 && over.standardError.contains("\(trace): error: is an input of this command"))
    }

    @Test("--save never replaces the log top watches")
    func topSave() throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("app.log", "Row: _count changed.\n")
        let result = try Causegraph.run(["top", log, "--save", log])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("\(log): error: is an input of this command"))
        #expect(String(decoding: try scratch.read("app.log"), as: UTF8.self) == "Row: _count changed.\n")
    }

    @Test(
        "/dev/stdout, /dev/fd/1 and /proc/self/fd/1 are written through, appending to a log as >> asks",
        arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "//dev/./stdout"])
    func descriptorNames(_ name: String) throws {
        let scratch = try TemporaryFolder()
        let log = try scratch.write("log.txt", "kept\n")
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "'\(Causegraph.executable.path)' render '\(fixture("contact-list.jsonl"))' -o '\(name)' --format json >> '\(log)'",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let text = String(decoding: try scratch.read("log.txt"), as: UTF8.self)
        #expect(text.hasPrefix("kept\n{\n"), "the log was replaced: \(text.prefix(40))")
        #expect(text.contains("\"app\": \"ContactList\""))
        #expect(scratch.entries == ["log.txt"], "no temporary file beside the log")
    }

    @Test(
        "PNG is not poured onto a terminal through /dev/stdout any more than through -",
        arguments: ["-", "/dev/stdout"])
    func binaryOnTerminal(_ output: String) throws {
        let result = try Causegraph.runOnTerminal([
            "render", fixture("contact-list.jsonl"), "--format", "png", "-o", output,
        ])
        #expect(result.status == 2)
        #expect(result.standardError == "error: refusing to write binary output to a terminal; name a file with -o\n")
    }

    @Test("/dev/stderr is written through, and a report to it takes its format from --format")
    func standardError() throws {
        let result = try Causegraph.run([
            "summary", fixture("contact-list.jsonl"), "-o", "/dev/stderr", "--format", "json",
        ])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.standardError.contains("\"app\": \"ContactList\""))
    }
}
