import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraphCLI

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

    @Test(
        "each tool answers with its command's text, byte for byte but for its options named as the tool's arguments, and the command's JSON as structured content"
    )
    func toolsAnswerAsTheirCommands() throws {
        let session = try MCPClient.session([
            ("why", ["traces": [before], "view": "LandmarkListItem"]),
            ("summary", ["traces": [before], "fan_out": 3]),
            ("diff", ["before": before, "after": after]),
            ("check", ["traces": [before], "budget": budget]),
            ("check", ["traces": [after], "budget": budget]),
            ("render", ["traces": [before], "format": "dot", "focus": ["LandmarkListItem"]]),
            ("diff", ["before": before, "after": after, "limit": 1, "offset": 1]),
        ])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 7)
        let commands: [[String]] = [
            ["why", before, "--view", "LandmarkListItem"],
            ["summary", before, "--fan-out", "3"],
            ["diff", before, after],
            ["check", before, "--budget", budget],
            ["check", after, "--budget", budget],
            ["render", before, "--format", "dot", "--focus", "LandmarkListItem", "-o", "-"],
            ["diff", before, after, "--top", "1", "--offset", "1"],
        ]
        for (result, command) in zip(results, commands) {
            #expect(!result.isToolError, "\(command)")
            let cli = try Causegraph.run(command).output
                .replacingOccurrences(of: "--top N or --offset N", with: "'limit' or 'offset'")
                .replacingOccurrences(of: "--all", with: "'all'")
            #expect(result.texts.first == cli, "\(command)")
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
        // `limit` and `offset` page the table as `--top` and `--offset` do: one row, the second.
        #expect(results[6].texts.first?.contains("Left out: ") == true)
        #expect(results[6].texts.first != results[2].texts.first)
        let table = try JSONParser.parse(try Causegraph.run(["diff", before, after, "--table-format", "json"]).output)
        let rows = try #require(table["changes"]?.arrayValue).map(\.changeID)
        #expect(results[2]["structuredContent"]?["changes"]?.arrayValue?.map(\.changeID) == rows)
        #expect(results[2]["structuredContent"]?["truncated"]?.content == .bool(false))
        #expect(results[6]["structuredContent"]?["changes"]?.arrayValue?.map(\.changeID) == [rows[1]])
        #expect(results[6]["structuredContent"]?["omittedChanges"]?.numberValue == Int64(rows.count - 1))
        #expect(results[6]["structuredContent"]?["truncated"]?.content == .bool(true))
    }

    @Test(
        "diff of two long recordings: the structured content is the page the text shows, not every change",
        .disabled(if: Sanitizer.name != nil, "realistic sizes; the sanitizers check the transport on small traces"))
    func diffOfLongRecordingsIsPaged() throws {
        let scratch = try TemporaryFolder()
        // 2,000 links each: their table of every change is some 470 KB.
        let before = try GeneratedRecording.write(2_000, "native", into: scratch)
        let after = try GeneratedRecording.write(2_000, "native", into: scratch, seed: 2)
        let table = try Causegraph.run(["diff", before, after, "--table-format", "json"]).output
        #expect(table.utf8.count > 64 * 1024, "every change is more than an answer holds: \(table.utf8.count) bytes")
        let rows = try #require(try JSONParser.parse(table)["changes"]?.arrayValue).map(\.changeID)
        let session = try MCPClient.session(
            [
                ("diff", ["before": before, "after": after]),
                ("diff", ["before": before, "after": after, "table_format": "json", "limit": 3, "offset": 3]),
            ],
            serverArguments: ["--allow", scratch.url.path])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 2)
        let page = try #require(results[0]["structuredContent"])
        #expect(page["changes"]?.arrayValue?.map(\.changeID) == Array(rows.prefix(ListBounds.defaultLimit)))
        #expect(page["omittedChanges"]?.numberValue == Int64(rows.count - ListBounds.defaultLimit))
        #expect(page["truncated"]?.content == .bool(true))
        let json = try JSONParser.parse(try #require(results[1].texts.first))
        #expect(json["changes"]?.arrayValue?.map(\.changeID) == Array(rows[3..<6]))
        #expect(results[1]["structuredContent"]?["changes"]?.arrayValue?.map(\.changeID) == Array(rows[3..<6]))
    }

    @Test("render returns what shaping left out, as the command prints it, in the tool's own words")
    func renderReturnsItsNotes() throws {
        let session = try MCPClient.session([("render", ["traces": [before], "format": "dot", "max_nodes": 3])])
        let result = try #require(session["results"]?.arrayValue?.first)
        #expect(!result.isToolError)
        let cli = try Causegraph.run(["render", before, "--format", "dot", "--max-nodes", "3", "-o", "-"])
        #expect(cli.standardError.contains("note: showing 3 of 7 nodes"), "\(cli.standardError)")
        #expect(result.texts.first == cli.output)
        let notes = try #require(result.texts.dropFirst().first)
        #expect(notes.contains("note: showing 3 of 7 nodes"), "\(notes)")
        #expect(notes.contains("\nnote: 'max_nodes' 3: ") && notes.contains("('max_nodes' 0 shows all)"), "\(notes)")
        #expect(!notes.contains("--max-nodes"), "\(notes)")
    }

    @Test("a graph larger than a result returns is refused with the way to get it: a file, or fewer nodes")
    func renderTooLargeToReturn() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("big.jsonl")
        try SyntheticTrace(views: 4_000).write(to: trace)
        let cli = try Causegraph.run(["render", trace, "--format", "json", "--max-nodes", "0", "-o", "-"])
        try #require(
            cli.standardOutput.count > MCPToolRunner.largestGraph, "the graph is \(cli.standardOutput.count) bytes")
        let session = try MCPClient.session(
            [
                ("render", ["traces": [trace], "format": "json", "max_nodes": 0]),
                ("render", ["traces": [trace], "format": "json", "max_nodes": 0, "output": scratch.path("big.json")]),
            ],
            serverArguments: ["--allow", scratch.url.path])
        let results = try #require(session["results"]?.arrayValue)
        #expect(results[0].isToolError)
        #expect(
            results[0].texts.first?.hasPrefix("error: the json graph takes ") == true
                && results[0].texts.first?.contains(
                    "more than the 1.0 MiB a result returns; write it to a file with 'output', or draw fewer nodes with 'max_nodes'"
                )
                    == true,
            "\(results[0].texts)")
        #expect(!results[1].isToolError, "\(results[1].texts)")
        #expect(try scratch.read("big.json") == cli.standardOutput)
    }

    @Test("render's max_nodes 0 draws every edge too, as the command's --max-nodes 0 does")
    func renderMaxNodesZero() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("big.jsonl")
        try SyntheticTrace(views: 200).write(to: trace)
        let session = try MCPClient.session(
            [("render", ["traces": [trace], "format": "dot", "max_nodes": 0])],
            serverArguments: ["--allow", scratch.url.path])
        let result = try #require(session["results"]?.arrayValue?.first)
        #expect(!result.isToolError)
        #expect(result.texts.count == 1, "no note of edges left out: \(result.texts.dropFirst())")
        let cli = try Causegraph.run(["render", trace, "--format", "dot", "--max-nodes", "0", "-o", "-"])
        #expect(result.texts.first == cli.output)
    }

    @Test(
        "why and summary stay within 64 KB, text and structured content, however many entries are asked for",
        .disabled(if: Sanitizer.name != nil, "realistic sizes; the sanitizers check the transport on small traces"))
    func resultsAreBounded() throws {
        let scratch = try TemporaryFolder()
        let recording = try GeneratedRecording.write(20_000, "native", into: scratch)
        // A limit for each view whose title has an e: hundreds of results, most of them failing.
        let budget = scratch.path("every-view.yaml")
        try Data("version: 1\nviews:\n  - view: e\n    updates:\n      total: 1\n".utf8).write(
            to: URL(fileURLWithPath: budget))
        let session = try MCPClient.session(
            [
                ("why", ["traces": [recording], "view": "e", "list": true, "limit": 100_000]),
                ("summary", ["traces": [recording], "limit": 100_000]),
                ("summary", ["traces": [recording], "limit": 3, "offset": 3, "sort": "name"]),
                ("why", ["traces": [recording], "view": "e", "list": true, "all": true]),
                ("check", ["traces": [recording], "budget": budget, "all": true]),
            ], serverArguments: ["--allow", scratch.path(".")])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 5)
        for result in results {
            #expect(!result.isToolError)
            #expect((result.texts.first?.utf8.count ?? .max) <= 64 * 1024)
            #expect(Self.jsonSize(try #require(result["structuredContent"])) <= 64 * 1024)
            #expect(result["structuredContent"]?["truncated"]?.content == .bool(true))
        }
        // `all` cannot lift the cut: the last line says why the rest is not there, not to ask for `all`.
        // The line is wrapped at 80 columns, as the command's are.
        let lastLines = (results[3].texts.first ?? "").split(separator: "\n").suffix(2).joined(separator: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(lastLines.contains("the whole answer is larger than the 64 KB a result holds"), "\(lastLines)")
        #expect(!lastLines.contains("'all'"), "\(lastLines)")
        // check keeps its verdict and counts whole, the failures first among the results it keeps.
        let check = try #require(results[4]["structuredContent"])
        #expect(check["passed"]?.content == .bool(false))
        let failed = check["counts"]?["exceeded"]?.numberValue ?? 0
        let kept = check["results"]?.arrayValue ?? []
        #expect(failed > 100 && kept.count > 10, "halved until it fits, no further")
        #expect(check["counts"]?["held"]?.numberValue != nil)
        #expect(kept.allSatisfy { $0["status"]?.stringValue == "exceeded" })
        #expect((check["omittedResults"]?.numberValue ?? 0) + Int64(kept.count) > failed)
        #expect((results[0]["structuredContent"]?["omittedViews"]?.numberValue ?? 0) > 0)
        #expect((results[1]["structuredContent"]?["omitted"]?["views"]?.numberValue ?? 0) > 0)
        let page = try JSONParser.parse(
            try Causegraph.run([
                "summary", recording, "--format", "json", "--top", "3", "--offset", "3", "--sort", "name",
            ]).output)
        let titles = { (summary: JSONValue?) in
            (summary?["modules"]?.arrayValue ?? []).flatMap { $0["views"]?.arrayValue ?? [] }
                .compactMap { $0["title"]?.stringValue }
        }
        #expect(titles(results[2]["structuredContent"]).count == 3)
        #expect(titles(results[2]["structuredContent"]) == titles(page))
    }

    /// The bytes `value` takes as compact JSON, escapes included.
    private static func jsonSize(_ value: JSONValue) -> Int {
        switch value.content {
        case .null: 4
        case .bool(let flag): flag ? 4 : 5
        case .number(let number): number.text.utf8.count
        case .string(let text):
            2 + text.utf8.reduce(0) { $0 + ($1 == 0x22 || $1 == 0x5C ? 2 : $1 < 0x20 ? 6 : 1) }
        case .array(let items): 2 + items.reduce(0) { $0 + jsonSize($1) + 1 }
        case .object(let object):
            2 + object.members.reduce(0) { $0 + $1.key.utf8.count + 4 + jsonSize($1.value) }
        }
    }

    @Test(
        "a long recording's JSON graph is returned with each node's and edge's groups counted, not listed",
        .disabled(if: Sanitizer.name != nil, "realistic sizes; the sanitizers check the transport on small traces"))
    func renderCountsGroupsOfALongRecording() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("long.jsonl")
        try SyntheticTrace(views: 6, frames: 20_000, bodiesPerFrame: 2).write(to: trace)
        let cli = try Causegraph.run(["render", trace, "--format", "json", "-o", "-"])
        // The groups make the graph contract outgrow a result, whatever its nodes.
        try #require(
            cli.standardOutput.count > MCPToolRunner.largestGraph, "the graph is \(cli.standardOutput.count) bytes")
        let contract = try JSONSerialization.jsonObject(with: Data(cli.standardOutput)) as? [String: Any]
        let session = try MCPClient.session(
            [
                ("render", ["traces": [trace], "format": "json"]),
                ("render", ["traces": [trace], "format": "json", "output": scratch.path("long.json")]),
            ],
            serverArguments: ["--allow", scratch.url.path])
        let results = try #require(session["results"]?.arrayValue)
        #expect(!results[0].isToolError, "\(results[0].texts)")
        let returned = try #require(results[0]["structuredContent"])
        #expect(returned["groups"] == nil)
        let listed = (contract?["nodes"] as? [[String: Any]] ?? []).map {
            ($0["groups"] as? [Any]).map { Int64($0.count) }
        }
        let counted = (returned["nodes"]?.arrayValue ?? []).map { $0["groupCount"]?.numberValue }
        #expect(!listed.isEmpty && counted == listed)
        #expect(returned["nodes"]?.arrayValue?.allSatisfy { $0["groups"] == nil } == true)
        let listedEdges = (contract?["edges"] as? [[String: Any]] ?? []).map {
            ($0["groups"] as? [Any]).map { Int64($0.count) }
        }
        #expect(returned["edges"]?.arrayValue?.map { $0["groupCount"]?.numberValue } == listedEdges)
        // A file holds the graph contract whole.
        #expect(try scratch.read("long.json") == cli.standardOutput)
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
        "bad arguments and bad traces are tool errors with the CLI's one-line message, naming the tool's arguments, and the server keeps answering"
    )
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
                ("summary", ["traces": [before]]),
            ], in: scratch.url, serverArguments: ["--allow", packageRoot.path])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 10)
        let cliErrors = try [
            Causegraph.run(["why", before]),
            Causegraph.run(["why", scratch.path("missing.jsonl"), "--view", "Row"]),
            Causegraph.run(["summary", broken]),
            Causegraph.run(["summary", before, "--fan-out", "0"]),
        ].map(\.standardError)
        // The command's words, with its options named as the tool's arguments.
        let respelled = [
            ("--view PATTERN", "'view'"), ("--update ID", "'update'"), ("--hitch N", "'hitch'"),
            ("--input-format", "'input_format'"), ("--fan-out", "'fan_out'"),
        ]
        for (result, cli) in zip(results, cliErrors) {
            #expect(result.isToolError)
            let expected = respelled.reduce(cli) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            let answer = result.texts.first.map { $0 + "\n" } ?? ""
            // A path past 60 characters (the scratch folder's) comes back cut:
            // its folder's start, "…", and the file's name whole; the rest is the CLI's.
            let (file, message) = (answer.prefix { $0 != " " }, answer.drop { $0 != " " })
            let (cliFile, cliMessage) = (expected.prefix { $0 != " " }, expected.drop { $0 != " " })
            #expect(message == cliMessage)
            #expect(
                file == cliFile
                    || (file.count < cliFile.count && file.contains("…")
                        && cliFile.hasSuffix(file.split(separator: "/").last ?? "")),
                "\(file) is \(cliFile) cut")
        }
        #expect(
            results[0].texts.first
                == "error: name a view with 'view', an update event with 'update', or a hitch with 'hitch'")
        #expect(results[3].texts.first == "error: 'fan_out' 0 is out of range; give 1 or more")
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
        #expect(!results[9].isToolError)
        #expect(results[9].texts.first == (try Causegraph.run(["summary", before])).output)
    }

    @Test(
        "options offered since the tools were derived from the commands answer as their commands: hitch, theme, sort and limit, format, diff's output and exit_code"
    )
    func derivedOptions() throws {
        let scratch = try TemporaryFolder()
        let hitches = fixture("landmarks-favorites-hitches.jsonl")
        let graph = scratch.path("diff.svg")
        let session = try MCPClient.session(
            [
                ("why", ["traces": [hitches], "hitch": 2]),
                ("render", ["traces": [before], "format": "dot", "theme": "dark"]),
                ("summary", ["traces": [before], "sort": "name", "limit": 3]),
                ("summary", ["traces": [before], "format": "markdown"]),
                ("diff", ["before": before, "after": after, "output": graph, "exit_code": true]),
                ("check", ["traces": [before], "budget": budget, "format": "junit"]),
                ("why", ["traces": [hitches], "hitch": 0]),
                ("summary", ["traces": [before], "classify": ["/etc/passwd"]]),
                ("diff", ["before": before, "after": after, "output": scratch.path("diff.txt")]),
            ], serverArguments: ["--allow", scratch.path(".")])
        let results = session["results"]?.arrayValue ?? []
        try #require(results.count == 9)
        let commands: [[String]] = [
            ["why", hitches, "--hitch", "2"],
            ["render", before, "--format", "dot", "--theme", "dark", "-o", "-"],
            ["summary", before, "--sort", "name", "--top", "3"],
            ["summary", before, "--format", "markdown"],
            ["diff", before, after],
            ["check", before, "--budget", budget, "--format", "junit"],
        ]
        for (result, command) in zip(results, commands) {
            #expect(!result.isToolError, "\(command)")
            #expect(result.texts.first == (try Causegraph.run(command)).output, "\(command)")
        }
        #expect(results[0].texts.first?.hasPrefix("Hitch 2: 265 ms hang (Microhang)\n") == true)
        #expect(results[0]["structuredContent"]?["number"]?.numberValue == 2)
        #expect(
            results[1].texts.first != (try Causegraph.run(["render", before, "--format", "dot", "-o", "-"])).output)
        #expect(results[3].texts.first?.hasPrefix("#") == true)
        #expect(results[3]["structuredContent"]?["app"]?.stringValue == "Landmarks", "structured content stays JSON")
        #expect(results[4]["structuredContent"]?["exitStatus"]?.numberValue == 1)
        #expect(results[4].texts.dropFirst().first == "wrote the diff graph to \(graph)")
        #expect(String(decoding: try scratch.read("diff.svg"), as: UTF8.self).contains("<svg"))
        #expect(results[5].texts.first?.hasPrefix("<?xml") == true)
        #expect(results[6].isToolError)
        #expect(results[6].texts.first == "error: 'hitch' 0 is out of range; hitches are numbered from 1")
        #expect(results[7].isToolError && results[7].texts.first?.contains("outside") == true)
        #expect(results[8].isToolError && results[8].texts.first?.contains("no graph file's name") == true)
        #expect(scratch.entries == ["diff.svg"], "only the output named, and no temporary file, is written")
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

    @Test("a call's process ends soon after the server is killed, leaving no orphan to run on")
    func noOrphanAfterKill() throws {
        let scratch = try TemporaryFolder()
        let recording = try GeneratedRecording.write(100_000, "native", into: scratch)
        let session = try RawMCPSession(in: scratch.url)
        try session.initialize()
        try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": [recording]]))
        let server = session.pid
        var call: String?
        for _ in 0..<100 where call == nil {
            usleep(50_000)
            call = try Self.shell("pgrep -P \(server)").split(separator: "\n").first.map(String.init)
        }
        let pid = try #require(call, "the call's process started")
        kill(server, SIGKILL)
        var state = "running"
        for _ in 0..<100 {
            // Gone, or a zombie that whoever adopted it has yet to reap.
            state = try Self.shell("ps -o stat= -p \(pid)").trimmingCharacters(in: .whitespacesAndNewlines)
            if state.isEmpty || state.hasPrefix("Z") { break }
            usleep(50_000)
        }
        #expect(state.isEmpty || state.hasPrefix("Z"), "process \(pid) still \(state) 5 s after the server was killed")
    }

    @Test("a call whose server died while it started ends at once, not at its alarm")
    func noOrphanAfterEarlyKill() throws {
        // The server named is not the parent: as when the server was killed
        // before the call read `getppid()`, and the call was adopted.
        let request = try PrivatePipe()
        let call = try StartedProgram(
            [Causegraph.executable.path, "mcp", "--call", "--timeout", "120", "--server", String(getpid() &+ 1)],
            handing: [0: request.reading])
        defer { try? request.writing.close() }
        // The request never comes: without the check the call waits on its standard input for 150 s.
        let end = try? call.end(within: .seconds(30))
        #expect(end != nil, "the orphaned call was still waiting for its request after 30 s")
        #expect(end == .exited(128 + SIGTERM), "the call stops as on SIGTERM, removing its outputs")
    }

    /// What `command` prints, run by the shell.
    private static func shell(_ command: String) throws -> String {
        try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command]).output
    }
}

extension JSONValue {
    /// A row of a diff table by what it names: its element and id, and the change.
    fileprivate var changeID: String {
        [self["element"], self["id"], self["change"]].map { $0?.stringValue ?? "" }.joined(separator: " ")
    }
}
