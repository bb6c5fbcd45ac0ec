import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite(
    "causegraph mcp, driven by the Python MCP SDK's client", .serialized,
    .enabled(if: MCPClient.python != nil, Comment(rawValue: MCPClient.unavailable)))
struct MCPServerTests {
    let before = fixture("landmarks-favorites-before.jsonl")
    let after = fixture("landmarks-favorites-after.jsonl")
    let budget = fixture("budgets/landmarks.yaml")

    @Test(
        "initialize names the server; the six tools are listed, each with a description and an object schema of its arguments"
    )
    func listsTools() throws {
        let session = try MCPClient.session([])
        #expect(session["initialize"]?["serverInfo"]?["name"]?.stringValue == "causegraph")
        #expect(session["initialize"]?["instructions"]?.stringValue?.contains("summary") == true)
        let tools = session["tools"]?.arrayValue ?? []
        #expect(
            tools.compactMap { $0["name"]?.stringValue } == ["why", "summary", "render", "diff", "check", "doctor"])
        for tool in tools {
            let schema = tool["inputSchema"]
            #expect(schema?["type"]?.stringValue == "object")
            #expect(
                (tool["description"]?.stringValue?.count ?? 0) > 100,
                "an agent needs to know when to call \(tool["name"]?.stringValue ?? "")")
        }
        let why = tools.first { $0["name"]?.stringValue == "why" }
        #expect(why?["inputSchema"]?["required"]?.arrayValue?.compactMap(\.stringValue) == ["traces"])
        #expect(why?["inputSchema"]?["properties"]?["traces"]?["type"]?.stringValue == "array")
        let diff = tools.first { $0["name"]?.stringValue == "diff" }
        #expect(diff?["inputSchema"]?["required"]?.arrayValue?.compactMap(\.stringValue) == ["before", "after"])
    }

    @Test("each tool answers with its command's text, byte for byte, and the command's JSON as structured content")
    func toolsAnswerAsTheirCommands() throws {
        let session = try MCPClient.session([
            ("why", ["traces": [before], "view": "LandmarkListItem"]),
            ("summary", ["traces": [before], "fan_out": 3]),
            ("diff", ["before": before, "after": after]),
            ("check", ["traces": [before], "budget": budget]),
            ("check", ["traces": [after], "budget": budget]),
            ("render", ["traces": [before], "format": "dot", "focus": ["LandmarkListItem"]]),
        ])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 6)
        let commands: [[String]] = [
            ["why", before, "--view", "LandmarkListItem"],
            ["summary", before, "--fan-out", "3"],
            ["diff", before, after],
            ["check", before, "--budget", budget],
            ["check", after, "--budget", budget],
            ["render", before, "--format", "dot", "--focus", "LandmarkListItem", "-o", "-"],
        ]
        for (result, command) in zip(results, commands) {
            #expect(!result.isToolError, "\(command)")
            let cli = try Causegraph.run(command)
            #expect(result.texts.first == cli.output, "\(command)")
        }
        let summaryJSON = try JSONParser.parse(
            try Causegraph.run(["summary", before, "--fan-out", "3", "--format", "json"]).output)
        #expect(
            results[1]["structuredContent"]?["findings"]?.arrayValue?.count
                == summaryJSON["findings"]?.arrayValue?.count)
        #expect(results[1]["structuredContent"]?["app"]?.stringValue == "Landmarks")
        #expect(results[2]["structuredContent"]?["changes"]?.arrayValue?.isEmpty == false)
        #expect(
            results[0]["structuredContent"]?["views"]?.arrayValue?.first?["node"]?["title"]?.stringValue
                == "LandmarkListItemView")
        #expect(results[3]["structuredContent"]?["passed"]?.content == .bool(false))
        #expect(results[4]["structuredContent"]?["passed"]?.content == .bool(true))
        #expect(results[5]["content"]?.arrayValue?.first?["text"]?.stringValue?.hasPrefix("digraph") == true)
    }

    @Test("render returns PNG as image content, and with output writes that file and nothing else")
    func renderImagesAndFiles() throws {
        let scratch = try TemporaryFolder()
        let session = try MCPClient.session(
            [
                ("render", ["traces": [before], "format": "png"]),
                ("render", ["traces": [before], "output": scratch.path("graph.svg")]),
                ("render", ["traces": [before], "format": "json"]),
            ], serverArguments: ["--allow", scratch.path(".")])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 3)
        let image = results[0]["content"]?.arrayValue?.first
        #expect(image?["type"]?.stringValue == "image")
        #expect(image?["mimeType"]?.stringValue == "image/png")
        let png = Data(base64Encoded: image?["data"]?.stringValue ?? "") ?? Data()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(results[1].texts.first?.hasPrefix("wrote the svg graph to \(scratch.path("graph.svg"))") == true)
        #expect(results[1]["structuredContent"]?["format"]?.stringValue == "svg")
        #expect(scratch.entries == ["graph.svg"], "no temporary file is left beside the output")
        let svg = String(decoding: try scratch.read("graph.svg"), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(results[2]["structuredContent"]?["nodes"]?.arrayValue?.isEmpty == false)
    }

    @Test(
        "bad arguments and bad traces are tool errors with the CLI's one-line message, and the server keeps answering")
    func errorsKeepTheServerAlive() throws {
        let scratch = try TemporaryFolder()
        let broken = try scratch.write("broken.jsonl", "{\"kind\": \"event\", \"id\": \n")
        let session = try MCPClient.session(
            [
                ("why", ["traces": [before]]),
                ("why", ["traces": [scratch.path("missing.jsonl")], "view": "Row"]),
                ("summary", ["traces": [broken]]),
                ("summary", ["traces": [before], "fan_out": 0]),
                ("why", ["traces": ["-"], "view": "Row"]),
                ("why", ["traces": [before], "view": "Row", "colour": true]),
                ("why", ["traces": [before], "view": 3.5]),
                ("render", ["traces": [before], "format": "pdf"]),
                ("render", ["traces": [before], "format": "svg", "output": "--help.svg"]),
                ("nosuchtool", [:]),
                ("summary", ["traces": [before]]),
            ], in: scratch.url, serverArguments: ["--allow", packageRoot.path])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 11)
        let cliErrors = try [
            Causegraph.run(["why", before]),
            Causegraph.run(["why", scratch.path("missing.jsonl"), "--view", "Row"]),
            Causegraph.run(["summary", broken]),
            Causegraph.run(["summary", before, "--fan-out", "0"]),
        ].map(\.standardError)
        for (result, cli) in zip(results, cliErrors) {
            #expect(result.isToolError)
            #expect(result.texts.first.map { $0 + "\n" } == cli)
        }
        #expect(
            results[4].texts.first == "error: 'traces': '-' (standard input) carries the MCP messages here; name a file"
        )
        #expect(results[5].texts.first == "error: the why tool takes no argument 'colour'")
        #expect(results[6].texts.first == "error: the why tool's 'view' must be a string")
        #expect(
            results[7].texts.first
                == "error: a PDF is only written to a file; name one with 'output', or ask for svg or png")
        // An output that looks like an option is still a file name, relative to the server's directory.
        #expect(!results[8].isToolError)
        #expect(String(decoding: try scratch.read("--help.svg"), as: UTF8.self).contains("<svg"))
        #expect(
            results[9].texts.first
                == "error: no tool 'nosuchtool'; the tools are why, summary, render, diff, check, doctor")
        #expect(!results[10].isToolError)
        #expect(results[10].texts.first == (try Causegraph.run(["summary", before])).output)
    }

    @Test("a client's roots, listed through the SDK's roots callback, are where calls may read")
    func clientRoots() throws {
        let scratch = try TemporaryFolder()
        let copy = try scratch.write("trace.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
        let session = try MCPClient.session(
            [("summary", ["traces": [copy]]), ("summary", ["traces": [before]])],
            roots: [URL(fileURLWithPath: scratch.path(".")).standardized.absoluteString])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 2)
        #expect(!results[0].isToolError)
        #expect(results[0].texts.first == (try Causegraph.run(["summary", copy])).output)
        #expect(results[1].isToolError, "the package folder is the working directory, but not a root")
        #expect(results[1].texts.first?.contains("is outside the folders this server may use") == true)
    }
}
