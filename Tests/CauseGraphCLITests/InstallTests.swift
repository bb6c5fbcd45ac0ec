import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("installed like a Unix tool")
struct InstallTests {
    static let commands = [
        "render", "why", "summary", "diff", "check", "report", "timeline", "convert", "mcp", "top", "record", "cache",
        "doctor", "redact",
    ]

    @Test("bash, zsh and fish completions name every command and their options", arguments: ["bash", "zsh", "fish"])
    func completions(_ shell: String) throws {
        let result = try Causegraph.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        for word in Self.commands + ["max-nodes", "hide-system", "input-format", "storm-window"] {
            #expect(result.output.contains(word), "\(shell) completion lacks \(word)")
        }
    }

    @Test("the help the man page is generated from describes every command")
    func manualSource() throws {
        let result = try Causegraph.run(["--experimental-dump-help"])
        #expect(result.status == 0)
        let dump = try JSONParser.parse(result.output)
        let names = dump["command"]?["subcommands"]?.arrayValue?.compactMap { $0["commandName"]?.stringValue }
        #expect(names?.filter { $0 != "help" } == Self.commands)
        // The man page says where the cache lives.
        let cache = dump["command"]?["subcommands"]?.arrayValue?.first { $0["commandName"]?.stringValue == "cache" }
        let discussion = cache?["discussion"]?.stringValue ?? ""
        #expect(
            ["CAUSEGRAPH_CACHE_DIR", "~/Library/Caches/causegraph", "~/.cache/causegraph", "CAUSEGRAPH_CACHE_MAX"]
                .allSatisfy(discussion.contains), "\(discussion)")
    }

    @Test("every command's help ends with two or three examples of it, each saying what it does")
    func helpExamples() throws {
        for command in Self.commands {
            let help = try Causegraph.run([command, "--help"])
            #expect(help.status == 0)
            let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex(of: "Examples:"), "\(command) --help has no examples")
            let block = lines[(start + 1)...].prefix { !$0.isEmpty }
            let examples = block.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            #expect((2...3).contains(examples.count), "\(command): \(examples)")
            #expect(examples.allSatisfy { $0.contains("causegraph \(command)") }, "\(command): \(examples)")
            #expect(block.count == 2 * examples.count, "each example says what it does: \(block)")
        }
    }

    @Test("the man page's script moves the examples into an EXAMPLES section after EXIT STATUS")
    func manExamples() throws {
        let page = """
            .Sh DESCRIPTION
            .It Em record
            Records.

            Examples:
              causegraph record --device "iPhone 16"
                  Record on a device.
              causegraph record --launch C:\\App
                  Record a launched app.
            .Bl -tag -width 6n
            .El
            .Sh "EXIT STATUS"
            .Ex -std
            .Sh AUTHORS
            """
        let scratch = try TemporaryFolder()
        let input = try scratch.write("causegraph.1", page + "\n")
        let awk = try #require(ProcessRunner.find("awk"))
        let result = try ProcessRunner.run(awk, ["-f", "scripts/man-examples.awk", input], in: packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.output == """
                .Sh DESCRIPTION
                .It Em record
                Records.
                .Bl -tag -width 6n
                .El
                .Sh "EXIT STATUS"
                .Ex -std
                .Sh EXAMPLES
                .Pp
                Record on a device.
                .Dl causegraph record --device \\(dqiPhone 16\\(dq
                .Pp
                Record a launched app.
                .Dl causegraph record --launch C:\\eApp
                .Sh AUTHORS

                """)
    }

    @Test("make install puts the binary, the man page and the completions where tools look for them")
    func makeInstall() throws {
        let make = try #require(ProcessRunner.find("make"), "make is on the PATH")
        let result = try ProcessRunner.run(
            make, ["-n", "install", "DESTDIR=/staging", "PREFIX=/usr"], in: packageRoot, timeout: .seconds(60))
        #expect(result.status == 0)
        let commands = result.output
        for installed in [
            ".build/release/causegraph \"/staging/usr/bin/causegraph\"",
            "causegraph.1 \"/staging/usr/share/man/man1/causegraph.1\"",
            "\"/staging/usr/share/bash-completion/completions/causegraph\"",
            "\"/staging/usr/share/zsh/site-functions/_causegraph\"",
            "\"/staging/usr/share/fish/vendor_completions.d/causegraph.fish\"",
        ] {
            #expect(commands.contains(installed), "make install lacks \(installed)")
        }
        #expect(commands.contains("generate-manual .build/release/causegraph --date "))
        #expect(commands.contains("awk -f scripts/man-examples.awk .build/install-extras/causegraph.1"))
        for shell in ["bash", "zsh", "fish"] {
            #expect(commands.contains("causegraph --generate-completion-script \(shell) > "))
        }
    }

    /// Ruby, for the formula harness; `make test-tools` installs it.
    static let ruby = ProcessRunner.find("ruby")

    @Test(
        "the Homebrew formula declares graphviz, pkgconf and Xcode, builds with swift, and its test block renders a bundled trace",
        .enabled(if: ruby != nil, "needs ruby (make test-tools installs it; macOS has it)"))
    func homebrewFormula() throws {
        let ruby = try #require(Self.ruby)
        let syntax = try ProcessRunner.run(
            ruby, ["-c", "Formula/causegraph.rb"], in: packageRoot, timeout: .seconds(60))
        #expect(syntax.status == 0, "\(syntax.standardError)")
        let harness = try ProcessRunner.run(
            ruby, ["Tests/Formula/formula_harness.rb", packageRoot.path, Causegraph.executable.path], in: packageRoot,
            timeout: .seconds(120))
        #expect(harness.status == 0, "\(harness.output)\(harness.standardError)")
        #expect(harness.output.contains("ok: its test block renders the bundled trace and checks the SVG"))
    }
}
