import CauseGraphTestSupport
import Foundation
import MCP
import Testing

@testable import CauseGraphCLI

/// The MCP tools against their commands' own declarations
/// (`--experimental-dump-help`): every option is offered or excluded for a
/// stated reason, each argument is the option it names, and docs/mcp.md
/// shows the same tables.
@Suite("MCP tool tables, derived from the commands")
struct MCPToolTableTests {
    @Test("every option of each command is offered over MCP or excluded with its reason")
    func everyOptionIsOfferedOrExcluded() {
        for tool in MCPTool.allCases {
            let help = CommandHelp(of: tool.command)
            #expect(!help.arguments.isEmpty, "\(tool): no arguments read from _dumpHelp()")
            let offered = Set(tool.arguments.map(\.option))
            for argument in help.arguments where !offered.contains(argument.key) {
                #expect(
                    tool.exclusions[argument.key] != nil,
                    """
                    \(tool.command._commandName) \(argument.spellings.last ?? argument.key) is not offered over MCP: \
                    add it to MCPTool.arguments of .\(tool) (a value, flag, repeated option or a path \
                    confined by Confinement), or to MCPTool.exclusions with the reason
                    """)
            }
            for (option, reason) in tool.exclusions {
                #expect(help.argument(option) != nil, "\(tool) excludes '\(option)', which its command does not have")
                #expect(!offered.contains(option), "\(tool) both offers and excludes '\(option)'")
                #expect(!reason.isEmpty)
            }
        }
    }

    @Test("at most 3 options of why, summary, render, diff and check are excluded, 3 names in all")
    func fewExclusions() {
        let tools: [MCPTool] = [.why, .summary, .render, .diff, .check]
        for tool in tools { #expect(tool.exclusions.count <= 3, "\(tool): \(tool.exclusions.keys.sorted())") }
        let names = Set(tools.flatMap(\.exclusions.keys))
        #expect(names.count <= 3, "\(names.sorted())")
    }

    @Test("each argument is the option it names: flags are booleans, repeated options lists, positionals paths")
    func argumentsMatchTheirOptions() throws {
        for tool in MCPTool.allCases {
            let help = CommandHelp(of: tool.command)
            #expect(Set(tool.arguments.map(\.name)).count == tool.arguments.count, "\(tool): a name is given twice")
            for argument in tool.arguments {
                let option = try #require(help.argument(argument.option), "\(tool): no option '\(argument.option)'")
                switch argument.passing {
                case .flag: #expect(option.kind == .flag, "\(tool) \(argument.name)")
                case .positionalPaths, .positionalPath: #expect(option.kind == .positional, "\(tool) \(argument.name)")
                case .repeated, .inputPaths:
                    #expect(option.kind == .option && option.isRepeating, "\(tool) \(argument.name)")
                case .value, .inputPath, .outputPath:
                    #expect(option.kind == .option && !option.isRepeating, "\(tool) \(argument.name)")
                }
                #expect(
                    (argument.passing == .positionalPaths) == (option.kind == .positional && option.isRepeating),
                    "\(tool) \(argument.name)")
            }
        }
    }

    @Test("the schemas take their help, values and defaults from the options' declarations")
    func schemasFromDeclarations() {
        let render = MCPTool.render.definition.inputSchema
        let properties = render.objectValue?["properties"]?.objectValue ?? [:]
        #expect(properties["theme"]?.objectValue?["enum"] == ["light", "dark"])
        #expect(properties["format"]?.objectValue?["enum"] == ["svg", "png", "pdf", "dot", "json"])
        #expect(properties["max_nodes"]?.objectValue?["type"] == "integer")
        #expect(properties["max_nodes"]?.objectValue?["description"]?.stringValue?.hasSuffix("Default: 80.") == true)
        #expect(properties["classify"]?.objectValue?["type"] == "array")
        #expect(properties["traces"]?.objectValue?["minItems"] == 1)
        // An option's help names the other arguments as the tool does.
        #expect(
            properties["regex"]?.objectValue?["description"]?.stringValue
                == "Read `focus` and `ignore` patterns as regular expressions instead of substrings.")
        let summary = MCPTool.summary.definition.inputSchema.objectValue?["properties"]?.objectValue ?? [:]
        #expect(summary["sort"]?.objectValue?["enum"] == ["time", "count", "name"])
        #expect(summary["limit"]?.objectValue?["type"] == "integer")
        #expect(summary["top"] == nil)
    }

    @Test("errors over MCP name the tool's arguments, not the command's options")
    func errorsNameArguments() {
        let spelling = MCPTool.why.spelling
        #expect(
            spelling.respelled(
                "name a view with --view PATTERN, an update event with --update ID, or a hitch with --hitch N",
                quote: "'") == "name a view with 'view', an update event with 'update', or a hitch with 'hitch'")
        #expect(spelling.respelled("--hitch 0 is out of range", quote: "'") == "'hitch' 0 is out of range")
        #expect(spelling.respelled("--top N or --all", quote: "'") == "'limit' or 'all'")
        // What the tool does not offer, and what only looks like an option, keep their spelling.
        #expect(
            spelling.respelled("--quiet, a-b --viewer - '--view.jsonl' --list/x", quote: "'")
                == "--quiet, a-b --viewer - '--view.jsonl' --list/x")
        #expect(spelling.respelled("--list.", quote: "'") == "'list'.")
        // A value the client gave is quoted to the letter; ArgumentParser's quoted option becomes the argument.
        #expect(
            spelling.respelled("no update matches '--list'", quote: "'", values: ["--list"])
                == "no update matches '--list'")
        #expect(spelling.respelled("Unknown option '--list'", quote: "'") == "Unknown option 'list'")
        #expect(
            spelling.respelled("The value 'native --no-cache' is invalid for '--input-format <format>'", quote: "'")
                == "The value 'native --no-cache' is invalid for 'input_format'")
        #expect(spelling.respelled("Missing value for '--top <n>'", quote: "'") == "Missing value for 'limit'")
        #expect(spelling.respelled("give --top <n> or --all", quote: "'") == "give 'limit' or 'all'")
        #expect(spelling.respelled("'--top <n' is cut", quote: "'") == "'--top <n' is cut")
        #expect(
            MCPTool.render.spelling.respelled("Missing value for '--window <start:end>'", quote: "'")
                == "Missing value for 'window'")
        #expect(spelling.respelled("'--top' and --all, can't", quote: "'") == "'limit' and 'all', can't")
        #expect(MCPTool.render.spelling.respelled("from -o's extension", quote: "`") == "from `output`'s extension")
        // What the library quotes in double quotes is what was given, kept to the letter.
        #expect(
            MCPTool.check.spelling.respelled(#"--window: "--baseline" is not a time; give --window 1s:"#, quote: "'")
                == #"'window': "--baseline" is not a time; give 'window' 1s:"#)
        // A single quote inside a value the client gave opens no span that a later quote would close.
        #expect(
            spelling.respelled(#"--window: "a'b" is not a time; see '--top <n>'"#, quote: "'")
                == #"'window': "a'b" is not a time; see 'limit'"#)
        #expect(
            MCPTool.diff.spelling.respelled("as `git diff --exit-code` does", quote: "'")
                == "as `git diff --exit-code` does")
    }

    @Test("each tool's description is prose: no run of spaces, no line break")
    func descriptionsAreProse() {
        for tool in MCPTool.allCases {
            let description = tool.definition.description ?? ""
            #expect(!description.isEmpty && !description.contains("  ") && !description.contains("\n"), "\(tool)")
        }
    }

    @Test("docs/mcp.md's argument tables are the tools' tables")
    func documentationIsGenerated() throws {
        let path = packageRoot.appendingPathComponent("docs/mcp.md")
        let document = try String(contentsOf: path, encoding: .utf8)
        let start =
            "<!-- generated: MCPTool.argumentTables; CAUSEGRAPH_RECORD=1 swift test --filter MCPToolTable re-records -->\n"
        let end = "<!-- end of generated tables -->"
        let head = try #require(document.range(of: start), "docs/mcp.md has no generated section")
        let tail = try #require(document.range(of: end, range: head.upperBound..<document.endIndex))
        let documented = String(document[head.upperBound..<tail.lowerBound])
        let generated = MCPTool.argumentTables
        if ProcessInfo.processInfo.environment["CAUSEGRAPH_RECORD"] == "1" {
            try Data((document[..<head.upperBound] + generated + document[tail.lowerBound...]).utf8).write(to: path)
            Issue.record("recorded docs/mcp.md's tables; review the diff, then run again without CAUSEGRAPH_RECORD")
            return
        }
        #expect(
            documented == generated,
            "docs/mcp.md's tables differ (- document, + generated); CAUSEGRAPH_RECORD=1 re-records them\n\(LineDiff(documented, generated))"
        )
    }
}
