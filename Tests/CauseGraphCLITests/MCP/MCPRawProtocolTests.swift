import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `causegraph mcp` under raw JSON-RPC: the lines a broken or hostile
/// client writes, and what the server answers to each.
@Suite("causegraph mcp, driven with raw JSON-RPC lines", .serialized)
struct MCPRawProtocolTests {
    let before = fixture("landmarks-favorites-before.jsonl")

    @Test(
        "an id that is an object, an array, a boolean, a fraction or null gets -32600 with id null; the next call is answered"
    )
    func malformedIDs() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.initialize()
        for id in [#"{"a":1}"#, "[1]", "true", "1.5", "null"] {
            try session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/list"}"#)
            let answer = try session.nextMessage()
            #expect(answer.errorCode == -32600, "id \(id)")
            #expect(answer["id"]?.isNull == true, "id \(id)")
        }
        try session.send(#"{"jsonrpc":"2.0","id":7,"method":7}"#)
        #expect(try session.response(to: "7").errorCode == -32600)
        try session.send(#"{"jsonrpc":"1.0","id":8,"method":"tools/list"}"#)
        #expect(try session.response(to: "8").errorCode == -32600)
        try session.send("{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"tools/li")
        let unparsed = try session.nextMessage()
        #expect(unparsed.errorCode == -32700)
        #expect(unparsed["id"]?.isNull == true)
        // JSON nested 100,000 deep is refused before anything parses it further.
        try session.send(
            #"{"jsonrpc":"2.0","id":12,"method":"ping","params":{"x":"#
                + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}")
        let deep = try session.nextMessage()
        #expect(deep.errorCode == -32700)
        #expect(deep["id"]?.isNull == true)
        try session.send(try RawMCPSession.call(id: 10, "summary", ["traces": [before]]))
        let answer = try session.response(to: "10")
        #expect(answer["result"]?["isError"]?.content != .bool(true))
        #expect(answer["result"].map(\.texts)?.first == (try Causegraph.run(["summary", before])).output)
    }

    @Test(
        "a line of many nested or many small values is refused at once with -32700 naming its byte; the session reads on"
    )
    func costlyLines() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.initialize()
        let started = ContinuousClock.now
        // Twenty arrays 480 deep, 19 KB: decoded into the protocol library's values, 25 s.
        let deep = String(repeating: "[", count: 480) + String(repeating: "]", count: 480)
        let nested = #"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":["#
        try session.send(nested + Array(repeating: deep, count: 20).joined(separator: ",") + "]}}")
        let refusedDeep = try session.nextMessage()
        #expect(refusedDeep.errorCode == -32700)
        #expect(refusedDeep["id"]?.isNull == true)
        // `x`'s array, the third level, opens at byte 55; the 17th level opens 14 bytes on.
        #expect(
            refusedDeep["error"]?["message"]?.stringValue
                == "parse error at byte 69 of the line: JSON nested more than 16 levels deep")
        // 200,000 short strings, 1 MiB: 7.5 s.
        let strings = Array(repeating: #""ab""#, count: 200_000).joined(separator: ",")
        try session.send(#"{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":["# + strings + "]}}")
        let refusedWide = try session.nextMessage()
        #expect(refusedWide.errorCode == -32700)
        #expect(refusedWide["error"]?["message"]?.stringValue?.hasSuffix("more than 10000 JSON values") == true)
        try session.send(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)
        #expect(try session.response(to: "4")["result"] != nil)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(5 * Sanitizer.slowdown), "the two lines took \(elapsed)")
    }

    @Test("trace text the protocol library writes reaches the client with its hidden scalars escaped, the same text")
    func hiddenScalarsEscaped() throws {
        let scratch = try TemporaryFolder()
        let hidden = "Safe\u{202E}\u{2066}txt.exe\u{9B}31m\u{E0041}\u{200B}Row"
        try Data(
            """
            {"causegraph": 1, "app": "A"}
            {"node": 1, "kind": "state", "title": "tap", "owner": "app"}
            {"node": 2, "kind": "body", "title": \(JSONText.quoted(hidden)), "owner": "app", "ran": true}
            {"edge": [1, 2], "label": "update"}

            """.utf8
        ).write(to: scratch.url.appendingPathComponent("t.jsonl"))
        let session = try RawMCPSession(in: scratch.url)
        try session.initialize()
        try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": ["t.jsonl"], "format": "json"]))
        let line = try session.nextLine()
        for scalar in hidden.unicodeScalars where VisibleText.isUnsafe(scalar) {
            #expect(!line.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) written as it is")
        }
        let answer = try JSONParser.parse(line)
        #expect(answer["id"].map(RawMCPSession.text) == "1")
        // Read back, the structured result holds the title to the letter.
        #expect(line.contains(#"Safe\u202e\u2066txt.exe\u009b31m\udb40\udc41\u200bRow"#))
        #expect(answer["result"]?["structuredContent"] != nil)
    }

    @Test("a batch's bad items are each answered with an error, and its good ones are served")
    func batchWithBadItems() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.initialize()
        try session.send(
            #"[{"jsonrpc":"2.0","id":23,"method":"ping"},5,{"jsonrpc":"1.0","id":24,"method":"ping"},{"jsonrpc":"2.0","id":25,"method":"tools/list"}]"#
        )
        var errors: [(id: String, code: Int64?)] = []
        var served: Set<String> = []
        while served.count < 2 {
            let message = try session.nextMessage()
            let answers: [JSONValue] = if case .array(let items) = message.content { items } else { [message] }
            for answer in answers {
                let id = answer["id"].map(RawMCPSession.text) ?? "null"
                if answer["result"] != nil { served.insert(id) } else { errors.append((id, answer.errorCode)) }
            }
        }
        #expect(served == ["23", "25"])
        #expect(errors.map(\.id) == ["null", "24"])
        #expect(errors.allSatisfy { $0.code == -32600 })
    }

    @Test("a client that reuses a running call's id still gets both answers before the end of input ends the session")
    func reusedIDs() throws {
        let scratch = try TemporaryFolder()
        let session = try RawMCPSession(["--allow", packageRoot.path], in: scratch.url)
        try session.initialize()
        try session.send(try Self.slowCall(id: 5))
        try session.send(try RawMCPSession.call(id: 5, "summary", ["traces": [before]]))
        #expect(try session.response(to: "5")["result"] != nil)
        try session.closeInput()
        let rest = try session.remainingMessages(within: .seconds(120))
        #expect(rest.filter { $0["id"].map(RawMCPSession.text) == "5" }.count == 1, "the slow call's answer")
        #expect(try session.exitStatus() == 0)
    }

    @Test("requests before initialize, but ping, get -32600 and run nothing; after it the same call is served")
    func callsBeforeInitialize() throws {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write("trace.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
        let session = try RawMCPSession(in: scratch.url)
        let render = ["traces": [trace], "output": "graph.svg"] as [String: Any]
        try session.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        try session.send(try RawMCPSession.call(id: 2, "render", render))
        try session.send(
            "[" + (try RawMCPSession.call(id: 3, "render", render)) + #",{"jsonrpc":"2.0","id":4,"method":"ping"}]"#)
        try session.send(#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#)
        for id in ["1", "2", "3"] {
            let refused = try session.response(to: id)
            #expect(refused.errorCode == -32600, "\(id)")
            #expect(refused["error"]?["message"]?.stringValue?.contains("send initialize first") == true, "\(id)")
        }
        let batch = try session.nextMessage()
        #expect(
            batch.arrayValue?.count == 1 && batch.arrayValue?.first?["result"] != nil, "the batch's ping is answered")
        #expect(try session.response(to: "5")["result"] != nil)
        #expect(scratch.entries == ["trace.jsonl"], "no call ran")
        try session.initialize()
        try session.send(try RawMCPSession.call(id: 6, "render", render))
        #expect(try session.response(to: "6")["result"]?["isError"]?.content != .bool(true))
        #expect(scratch.entries == ["graph.svg", "trace.jsonl"])
    }

    @Test(
        "parameters a method cannot read and an unknown tool get -32602, not -32603; a bad argument stays a tool error"
    )
    func invalidParameters() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.send(#"{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":5}}"#)
        try session.send(#"{"jsonrpc":"2.0","id":"b","method":"initialize"}"#)
        for id in ["\"a\"", "\"b\""] {
            let refused = try session.response(to: id)
            #expect(refused.errorCode == -32602, "\(id)")
            #expect(refused["error"]?["message"]?.stringValue?.hasPrefix("invalid params: initialize takes") == true)
        }
        try session.initialize()
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":5}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"summary","arguments":"x"}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":[1]}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"cursor":5}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"no\u202Etool","arguments":{}}}"#,
        ]
        for request in requests { try session.send(request) }
        // Answered in any order: each request is handled on its own.
        var answers: [String: JSONValue] = [:]
        for _ in requests {
            let answer = try session.nextMessage()
            answers[answer["id"].map(RawMCPSession.text) ?? ""] = answer
        }
        for id in 1...6 {
            #expect(answers[String(id)]?.errorCode == -32602, "\(id)")
            #expect(answers[String(id)]?["error"]?["message"]?.stringValue?.contains(" takes ") == true, "\(id)")
        }
        let unknown = try #require(answers["7"])
        #expect(unknown.errorCode == -32602)
        #expect(
            unknown["error"]?["message"]?.stringValue
                == "Invalid params: no tool 'no\\u{202E}tool'; the tools are why, summary, render, diff, check, doctor")
        try session.send(try RawMCPSession.call(id: 8, "summary", ["traces": [before], "colour": true]))
        let argument = try session.response(to: "8")
        #expect(argument["result"]?["isError"]?.content == .bool(true), "a bad argument is the tool's error")
        #expect(argument["result"].map(\.texts)?.first == "error: the summary tool takes no argument 'colour'")
        try session.send(#"{"jsonrpc":"2.0","id":9,"method":"tools/list"}"#)
        #expect(try session.response(to: "9")["result"]?["tools"] != nil)
    }

    @Test("a command's error quotes a long path or name as an excerpt, so it stays one short line")
    func longPathsExcerpted() throws {
        let scratch = try TemporaryFolder()
        let folder = Array(repeating: String(repeating: "d", count: 60), count: 5).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        // 316 characters: the path a command names whole in its error.
        let trace = folder + "/trace.jsonl"
        _ = try scratch.write(trace, "not a trace\n")
        let session = try RawMCPSession(in: scratch.url)
        try session.initialize()
        try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": [trace]]))
        let file = try #require(try session.response(to: "1")["result"]?.texts.first)
        #expect(
            file.hasPrefix(
                String(folder.prefix(48)) + "…/trace.jsonl: error: no `_printChanges()` or `_logChanges()` change lines"
            ),
            "the file's name stays whole: \(file)")
        #expect(!file.contains(folder) && !file.contains("\n") && file.count < 250, "\(file)")
        // A name quoted in the message is cut the same way; a short one stays whole.
        let long = String(repeating: "g", count: 70) + ".jsonl"
        _ = try scratch.write(folder + "/" + long, "not a trace either\n")
        try session.send(try RawMCPSession.call(id: 2, "summary", ["traces": [folder]]))
        let names = try #require(try session.response(to: "2")["result"]?.texts.first)
        #expect(names.contains("'\(long.prefix(60))…'") && !names.contains(long), "\(names)")
        #expect(names.contains("'trace.jsonl'"), "\(names)")
        #expect(names.hasPrefix(String(folder.prefix(60)) + "…: error: "), "\(names)")
    }

    /// The result of each call `calls` makes of a scratch copy of `before`
    /// (the path it is given), made one at a time: `response(to:)` passes
    /// over other answers, and calls side by side may end in any order.
    private func results(of calls: (String) -> [(tool: String, arguments: [String: Any])]) throws -> [JSONValue?] {
        let scratch = try TemporaryFolder()
        let trace = try scratch.write("trace.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
        let session = try RawMCPSession(in: scratch.url)
        try session.initialize()
        var results: [JSONValue?] = []
        for (id, call) in calls(trace).enumerated() {
            try session.send(try RawMCPSession.call(id: id + 1, call.tool, call.arguments))
            results.append(try session.response(to: "\(id + 1)")["result"])
        }
        return results
    }

    @Test("what a bounded summary or why left out names the tools' arguments, not the command's options")
    func leftOutNamesArguments() throws {
        let results = try results { trace in
            [
                ("summary", ["traces": [trace], "limit": 1]),
                ("why", ["traces": [trace], "view": "Landmark", "limit": 1, "list": true]),
            ]
        }
        for result in results {
            let text = (result?.texts ?? []).joined(separator: "\n")
            let line = try #require(text.range(of: "\nLeft out:").map { text[$0.upperBound...] }, "\(text)")
            #expect(line.contains("'limit' or 'offset'") && line.contains("'all' shows everything"), "\(line)")
            #expect(!line.contains("--"), "\(line)")
        }
    }

    @Test("an error quotes the client's values to the letter, and ArgumentParser's options as the arguments")
    func valuesQuotedAsGiven() throws {
        let errors = [
            "error: no update matches '--list'",
            "error: the value 'native --no-cache' is invalid for 'input_format'",
            "error: the value '1.5' is invalid for 'limit'",
        ]
        let results = try results { trace in
            [
                ("why", ["traces": [trace], "view": "--list"]),
                ("summary", ["traces": [trace], "input_format": "native --no-cache"]),
                ("summary", ["traces": [trace], "limit": 1.5]),
            ]
        }
        for (result, error) in zip(results, errors) {
            let text = try #require(result?.texts.first)
            #expect(result?["isError"]?.content == .bool(true))
            #expect(text.hasPrefix(error), "\(text)")
        }
    }

    @Test("traces that are missing or an empty list are named as the tool's argument, not the command's <trace>")
    func missingTracesNamedAsArgument() throws {
        let results = try results { trace in
            [
                ("summary", ["traces": [String]()]),
                ("why", ["view": "Landmark"]),
                ("doctor", ["traces": [String]()]),
                ("diff", ["after": trace]),
            ]
        }
        let errors = [
            "error: 'traces': give at least one trace", "error: 'traces': give at least one trace",
            "error: 'traces': give at least one trace", "error: 'before': give a trace",
        ]
        for (result, error) in zip(results, errors) {
            #expect(result?["isError"]?.content == .bool(true))
            #expect(result?.texts.first == error, "\(result?.texts ?? [])")
        }
    }

    @Test("a request line is read in time linear in its length, and one past 64 MiB is answered with -32600")
    func longLines() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.initialize()
        // 8 MB in one argument: the protocol library's transport took 78 s over such a line.
        let long = String(repeating: "a", count: 8 << 20)
        let started = ContinuousClock.now
        try session.send(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"pad":"\#(long)"}}}"#)
        let pong = try session.response(to: "1", within: .seconds(60))
        #expect(pong["result"] != nil)
        try session.send(try RawMCPSession.call(id: 11, "summary", ["traces": [before], "pad": long]))
        let refused = try session.response(to: "11", within: .seconds(60))
        #expect(refused["result"]?.texts.first == "error: the summary tool takes no argument 'pad'")
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(10 * Sanitizer.slowdown), "two 8 MB lines took \(elapsed)")

        var overlong = Data(
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"why","arguments":{"view":""#.utf8)
        overlong.append(Data(repeating: UInt8(ascii: "b"), count: (64 << 20) + 1))
        overlong.append(Data(#""}}}"#.utf8))
        try session.send(overlong)
        let cut = try session.nextMessage(within: .seconds(120))
        #expect(cut.errorCode == -32600)
        #expect(cut["id"]?.isNull == true)
        #expect(cut["error"]?["message"]?.stringValue?.contains("64 MiB") == true)
        try session.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#)
        #expect(try session.response(to: "3")["result"]?["tools"]?.arrayValue?.count == 6)
    }

    @Test("calls sent just before the end of input are all answered before the server exits")
    func endOfInputFlushesAnswers() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.initialize()
        for id in 1...3 {
            try session.send(try RawMCPSession.call(id: id, "summary", ["traces": [before]]))
        }
        try session.send(#"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#)
        try session.closeInput()
        let answers = try session.remainingMessages()
        #expect(Set(answers.compactMap { $0["id"].map(RawMCPSession.text) }) == ["1", "2", "3", "4"])
        #expect(answers.allSatisfy { $0["result"] != nil })
        #expect(try session.exitStatus() == 0)
    }

    @Test("calls run side by side, each within --timeout: a slow call is stopped and answered with an error")
    func timeLimit() throws {
        let scratch = try TemporaryFolder()
        let slow = scratch.path("slow.jsonl")
        try SyntheticTrace(views: 2_000, frames: 40_000).write(to: slow)
        let session = try RawMCPSession(["--timeout", "0.1"], in: scratch.url)
        try session.initialize()
        let started = ContinuousClock.now
        try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": [slow]]))
        let answer = try session.response(to: "1", within: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(answer["result"]?["isError"]?.content == .bool(true))
        #expect(
            answer["result"].map(\.texts)?.first
                == "error: the summary tool passed its time limit of 0.1 s and was stopped; causegraph mcp --timeout SECONDS sets the limit"
        )
        #expect(try Self.children(of: session.pid, within: .seconds(5)).isEmpty)

        // A slow call and a quick one at once: the quick one is not held up.
        try SyntheticTrace(views: 5, frames: 5).write(to: scratch.path("quick.jsonl"))
        let relaxed = try RawMCPSession(["--timeout", "60"], in: scratch.url)
        try relaxed.initialize()
        try relaxed.send(try RawMCPSession.call(id: 1, "summary", ["traces": [slow]]))
        try relaxed.send(try RawMCPSession.call(id: 2, "summary", ["traces": [scratch.path("quick.jsonl")]]))
        let first = try relaxed.nextMessage(within: .seconds(60))
        #expect(first["id"].map(RawMCPSession.text) == "2")
    }

    @Test(
        "notifications/cancelled stops the call: it is not answered, and the server exits at once at the end of input")
    func cancellation() throws {
        let scratch = try TemporaryFolder()
        let session = try RawMCPSession(["--allow", packageRoot.path], in: scratch.url)
        try session.initialize()
        try session.send(try Self.slowCall(id: 1))
        Thread.sleep(forTimeInterval: 0.3)
        try session.send(
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}}"#)
        try session.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
        #expect(try session.response(to: "2")["result"] != nil)
        #expect(try Self.children(of: session.pid, within: .seconds(5)).isEmpty)
        let started = ContinuousClock.now
        try session.closeInput()
        let rest = try session.remainingMessages()
        #expect(rest.allSatisfy { $0["id"].map(RawMCPSession.text) != "1" }, "a cancelled call gets no answer")
        #expect(try session.exitStatus() == 0)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test(
        "inputs that crash a command (a deep budget, a huge tolerance) end only the call's process: tool errors, and the server answers on"
    )
    func crashingInput() throws {
        let scratch = try TemporaryFolder()
        let deep = try scratch.write(
            "deep.yaml",
            "views: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n")
        let session = try RawMCPSession(["--allow", packageRoot.path], in: scratch.url)
        try session.initialize()
        try session.send(try RawMCPSession.call(id: 1, "check", ["traces": [before], "budget": deep]))
        let answer = try session.response(to: "1")
        #expect(answer["result"]?["isError"]?.content == .bool(true))
        let message = answer["result"]?.texts.first ?? ""
        // Until budgets are refused past a depth, the reader overflows its stack: the call's process ends, not the server.
        #expect(message.contains("deep.yaml") || message.contains("ended with signal"), "\(message)")
        // Until every numeric option is range-checked, this tolerance traps converting to Int.
        try session.send(
            try RawMCPSession.call(
                id: 2, "check",
                [
                    "traces": [before], "budget": fixture("budgets/landmarks.yaml"), "baseline": [before],
                    "tolerance": "99999999999999999999%",
                ]))
        let trapped = try session.response(to: "2")["result"]
        #expect(trapped?["isError"]?.content == .bool(true))
        let trap = trapped?.texts.first ?? ""
        #expect(trap.contains("tolerance") || trap.contains("ended with signal"), "\(trap)")
        try session.send(try RawMCPSession.call(id: 3, "summary", ["traces": [before]]))
        #expect(try session.response(to: "3")["result"]?["isError"]?.content != .bool(true))
    }

    /// The processes whose parent is `pid`, once none is left or `timeout` passes.
    static func children(of pid: Int32, within timeout: Duration) throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let listed = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["pgrep", "-P", String(pid)])
            let children = listed.output.split(separator: "\n").map(String.init)
            if children.isEmpty || ContinuousClock.now > deadline { return children }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    @Test("a bad --timeout or --allow is a usage error, exit 2, with one line")
    func badOptions() throws {
        let zero = try Causegraph.run(["mcp", "--timeout", "0"], standardInput: Data())
        #expect(zero.status == 2)
        #expect(zero.standardError == "error: --timeout must be a number of seconds above 0, at most 86400\n")
        let file = try Causegraph.run(["mcp", "--allow", before], standardInput: Data())
        #expect(file.status == 2)
        #expect(file.standardError == "error: --allow: '\(before)' is no folder\n")
    }

    @Test("SIGTERM to the server ends the processes of the calls it was running")
    func signalEndsCalls() throws {
        let scratch = try TemporaryFolder()
        let session = try RawMCPSession(["--allow", packageRoot.path], in: scratch.url)
        try session.initialize()
        try session.send(try Self.slowCall(id: 1))
        var calls: [String] = []
        for _ in 0..<50 where calls.isEmpty {
            Thread.sleep(forTimeInterval: 0.02)
            calls = try Self.children(of: session.pid, within: .zero)
        }
        let call = try #require(calls.first.flatMap { Int32($0) })
        // Past reading its request (a call cut off before it has it all just ends), into its work.
        Thread.sleep(forTimeInterval: 1)
        kill(session.pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while try Self.isRunning(call) && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try !Self.isRunning(call), "the call's process \(call) outlived the server")
        #expect(try session.exitStatus() == 143)
    }

    /// Whether `pid` is a process that has not ended (a zombie has ended: only its parent has not looked).
    static func isRunning(_ pid: Int32) throws -> Bool {
        let state = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["ps", "-o", "stat=", "-p", String(pid)])
        let text = state.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return !text.isEmpty && !text.hasPrefix("Z")
    }

    /// A call that runs for many seconds: `why` about a view named by a megabyte, whose
    /// "did you mean" compares it with every title.
    static func slowCall(id: Int) throws -> String {
        try RawMCPSession.call(
            id: id, "why",
            ["traces": [fixture("landmarks-favorites-before.jsonl")], "view": String(repeating: "q", count: 1 << 20)])
    }
}
