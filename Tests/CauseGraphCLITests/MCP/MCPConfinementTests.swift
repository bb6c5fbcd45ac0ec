import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraphCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `causegraph mcp` reads and writes only under its roots, whatever a
/// call names: the hostile calls of issue 25, over raw JSON-RPC.
@Suite("causegraph mcp is confined to its roots", .serialized)
struct MCPConfinementTests {
    let before = fixture("landmarks-favorites-before.jsonl")

    /// A session in a scratch folder holding a copy of a trace; the folder is the only root.
    private func session(_ arguments: [String] = [], _ body: (RawMCPSession, TemporaryFolder) throws -> Void) throws {
        let scratch = try TemporaryFolder()
        _ = try scratch.write("trace.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
        let session = try RawMCPSession(arguments, in: scratch.url)
        try session.initialize()
        try body(session, scratch)
    }

    /// Makes a call and returns its result's first text block and whether it is an error.
    private func call(_ session: RawMCPSession, _ tool: String, _ arguments: [String: Any]) throws -> (
        text: String, isError: Bool
    ) {
        let id = Int.random(in: 1_000...1_000_000_000)
        try session.send(try RawMCPSession.call(id: id, tool, arguments))
        let result = try session.response(to: String(id))["result"]
        return (result?.texts.first ?? "", result?["isError"]?.content == .bool(true))
    }

    @Test("files outside the roots are refused, and their content and names never appear in the error")
    func readsOnlyUnderRoots() throws {
        try session { session, scratch in
            let passwd = try call(session, "check", ["traces": ["trace.jsonl"], "budget": "/etc/passwd"])
            #expect(passwd.isError)
            #expect(passwd.text.contains("outside the folders this server may use"))
            #expect(!passwd.text.contains("root:"))
            let etc = try call(session, "summary", ["traces": ["/etc"]])
            #expect(etc.isError)
            #expect(!etc.text.contains("passwd") && !etc.text.contains("hosts"))
            let climbing = try call(session, "summary", ["traces": ["../../../../../../etc/passwd"]])
            #expect(climbing.isError && climbing.text.contains("outside"))
            try FileManager.default.createSymbolicLink(
                atPath: scratch.path("link.jsonl"), withDestinationPath: "/etc/passwd")
            let link = try call(session, "summary", ["traces": ["link.jsonl"]])
            #expect(link.isError && link.text.contains("outside") && !link.text.contains("root:"))
            try FileManager.default.createDirectory(atPath: scratch.path("traces"), withIntermediateDirectories: false)
            _ = try scratch.write("traces/a.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
            try FileManager.default.createSymbolicLink(
                atPath: scratch.path("traces/hosts"), withDestinationPath: "/etc/hosts")
            let folder = try call(session, "summary", ["traces": ["traces"]])
            #expect(folder.isError)
            #expect(
                folder.text
                    == "error: 'traces': 'traces/hosts' links outside the folders this server may use; name the folder's traces one by one"
            )
            let inside = try call(session, "summary", ["traces": ["trace.jsonl"]])
            #expect(!inside.isError)
        }
    }

    @Test(
        "a .trace bundle is walked whole: a link at any depth, or through a folder a link leads to, may not leave the roots"
    )
    func bundleLinksAtAnyDepth() throws {
        try session { session, scratch in
            let manager = FileManager.default
            try manager.createDirectory(
                atPath: scratch.path("rec.trace/corespace/run1"), withIntermediateDirectories: true)
            try manager.createDirectory(atPath: scratch.path("shared"), withIntermediateDirectories: false)
            _ = try scratch.write("rec.trace/form.template", "template")
            // Links that stay inside, and one back to the bundle itself: a cycle the walk must end.
            try manager.createSymbolicLink(
                atPath: scratch.path("rec.trace/corespace/run1/shared"), withDestinationPath: scratch.path("shared"))
            try manager.createSymbolicLink(
                atPath: scratch.path("rec.trace/corespace/loop"), withDestinationPath: scratch.path("rec.trace"))
            let clean = try call(session, "summary", ["traces": ["rec.trace"]])
            #expect(!clean.text.contains("links outside"), "\(clean.text)")
            // Three levels down, hidden: xctrace opens it all the same.
            try manager.createSymbolicLink(
                atPath: scratch.path("rec.trace/corespace/run1/.data"), withDestinationPath: "/etc")
            let deep = try call(session, "summary", ["traces": ["rec.trace"]])
            #expect(deep.isError)
            #expect(
                deep.text
                    == "error: 'traces': 'rec.trace/corespace/run1/.data' links outside the folders this server may use; the bundle is not read"
            )
            try manager.removeItem(atPath: scratch.path("rec.trace/corespace/run1/.data"))
            // Through a folder inside the roots that a link leads to: the link out is in that folder.
            try manager.createSymbolicLink(atPath: scratch.path("shared/hosts"), withDestinationPath: "/etc/hosts")
            let through = try call(session, "summary", ["traces": ["rec.trace"]])
            #expect(
                through.text
                    == "error: 'traces': 'rec.trace/corespace/run1/shared/hosts' links outside the folders this server may use; the bundle is not read"
            )
            #expect(!through.text.contains("localhost"))
        }
    }

    @Test("devices, FIFOs, kernel files and the protocol's own standard input are refused")
    func specialFiles() throws {
        // A Mac has no /proc, which `--allow` would refuse as no folder.
        #if os(Linux)
            let (kernelFolders, kernelFiles) = (["/proc"], ["/proc/self/environ"])
        #else
            let (kernelFolders, kernelFiles): ([String], [String]) = ([], [])
        #endif
        try session(["--allow", "/dev"] + kernelFolders) { session, scratch in
            #expect(mkfifo(scratch.path("pipe"), 0o600) == 0)
            for path in ["/dev/stdin", "/dev/zero", "pipe"] + kernelFiles {
                let refused = try call(session, "summary", ["traces": [path]])
                #expect(refused.isError, "\(path)")
                #expect(refused.text.contains("is not a regular file or folder"), "\(path): \(refused.text)")
            }
        }
    }

    @Test("a .env or any other file that is no budget is refused without a word of its content")
    func errorsQuoteNothingOfOtherFiles() throws {
        try session { session, scratch in
            _ = try scratch.write(".env", "API_KEY=sk-live-0123456789\nDATABASE_URL=postgres://u:hunter2@db/app\n")
            _ = try scratch.write("settings.yaml", "password: hunter2\ntoken: sk-live-0123456789\n")
            _ = try scratch.write("list.yaml", "- sk-live-0123456789\n")
            for budget in [".env", "settings.yaml", "list.yaml"] {
                let refused = try call(session, "check", ["traces": ["trace.jsonl"], "budget": budget])
                #expect(refused.isError, "\(budget)")
                #expect(refused.text.contains("expected a budget"), "\(budget): \(refused.text)")
                #expect(
                    !refused.text.contains("sk-live") && !refused.text.contains("hunter2")
                        && !refused.text.contains("password"), "\(budget): \(refused.text)")
                let asTrace = try call(session, "summary", ["traces": [budget]])
                #expect(asTrace.isError)
                #expect(
                    !asTrace.text.contains("sk-live") && !asTrace.text.contains("hunter2"), "\(budget): \(asTrace.text)"
                )
            }
            // In a file that is a budget, a wrong value is quoted: a short excerpt of its first line, escaped.
            _ = try scratch.write(
                "budget.yaml",
                "views:\n  - view: Row\n    updates:\n      total: \"\\e[2J\(String(repeating: "x", count: 100))\"\n")
            // A trace's reader may quote a value at length: the message keeps its start and end, and a
            // call's error line stops at 1,000 characters whatever else (a path) is long.
            _ = try scratch.write(
                "long.jsonl",
                #"{"causegraph": 1, "app": "X", "frameRate": 120}"# + "\n"
                    + #"{"node": 1, "kind": "\#(String(repeating: "k", count: 5_000))", "title": "Tap", "owner": "app", "time": 1}"#
                    + "\n")
            let long = try call(session, "summary", ["traces": ["long.jsonl"]])
            #expect(long.isError && long.text.hasPrefix("long.jsonl:2:") && long.text.contains("k … k"))
            #expect(long.text.count <= 1_001, "\(long.text.count)")
            let quoted = try call(session, "check", ["traces": ["trace.jsonl"], "budget": "budget.yaml"])
            #expect(
                quoted.text
                    == "budget.yaml:4:14: error: views[0].updates.total must be a whole number, 0 or more; found the text \"␛[2J\(String(repeating: "x", count: 36))…\""
            )
        }
    }

    @Test("a file named as classification rules that is none is refused by its position, quoting nothing of it")
    func classifyQuotesNothing() throws {
        try session { session, scratch in
            _ = try scratch.write(
                "export.xml", try Data(contentsOf: URL(fileURLWithPath: fixture("instruments/swiftui-causes.xml"))))
            let files: [(String, String, String)] = [
                (
                    "keys.json", #"{"sk-live-0123": "hunter2"}"#,
                    "keys.json:1:18: error: unknown key in a rule; expected"
                ),
                (
                    "kind.json", #"{"prefix": "x", "kind": "sk-live-0123"}"#,
                    "kind.json:1:25: error: unknown kind; expected"
                ),
                (
                    "owner.json", #"{"kind": "state", "owner": "sk-live-0123"}"#,
                    "owner.json:1:28: error: unknown owner;"
                ),
                (
                    "regex.json", #"{"regex": "sk-live-0123(", "kind": "state"}"#,
                    "regex.json:1:11: error: \"regex\" is not"
                ),
                (
                    "twice.json", #"{"sk-live-0123": 1, "sk-live-0123": 2}"#,
                    "twice.json:1:21: error: not JSON: duplicate key"
                ),
            ]
            for (name, content, expected) in files {
                _ = try scratch.write(name, content + "\n")
                let refused = try call(session, "summary", ["traces": ["export.xml"], "classify": [name]])
                #expect(refused.isError && refused.text.hasPrefix(expected), "\(name): \(refused.text)")
                #expect(
                    !refused.text.contains("sk-live") && !refused.text.contains("hunter2"), "\(name): \(refused.text)")
            }
        }
    }

    @Test("an output must be a graph file, inside the roots, not hidden, and no program; never a device")
    func writesOnlyGraphFilesUnderRoots() throws {
        try session { session, scratch in
            try FileManager.default.createDirectory(
                atPath: scratch.path(".git/hooks"), withIntermediateDirectories: true)
            let hook = try scratch.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
            chmod(hook, 0o755)
            let program = try scratch.write("run.svg", "#!/bin/sh\n")
            chmod(program, 0o755)
            try FileManager.default.createSymbolicLink(
                atPath: scratch.path("out.svg"), withDestinationPath: "/tmp/causegraph-escape.svg")
            try FileManager.default.createDirectory(
                atPath: scratch.path("graphs.dot"), withIntermediateDirectories: false)
            let refusals: [(String, String)] = [
                (".git/hooks/pre-commit", "is no graph file's name"),
                (".git/graph.svg", "is hidden or inside a hidden folder"),
                (".eslintrc.json", "is hidden or inside a hidden folder"),
                ("run.svg", "is an executable file"),
                ("/dev/stdout", "is no graph file's name"),
                ("/dev/null.svg", "is not a regular file or folder"),
                ("/tmp/causegraph-outside.svg", "outside the folders"),
                ("out.svg", "links to no file"),
                ("graphs.dot", "error: 'output': 'graphs.dot' is a folder; name a file to write"),
                ("-", "error: 'output': '-' (standard output) carries the MCP messages here; name a file"),
            ]
            for (output, expected) in refusals {
                let refused = try call(session, "render", ["traces": ["trace.jsonl"], "output": output])
                #expect(refused.isError, "\(output)")
                #expect(refused.text.contains(expected), "\(output): \(refused.text)")
            }
            #expect(String(decoding: try scratch.read(".git/hooks/pre-commit"), as: UTF8.self) == "#!/bin/sh\nexit 0\n")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/causegraph-escape.svg"))
            #expect(!FileManager.default.fileExists(atPath: "/tmp/causegraph-outside.svg"))
            let written = try call(session, "render", ["traces": ["trace.jsonl"], "output": "graphs.svg"])
            #expect(!written.isError, "\(written.text)")
            #expect(String(decoding: try scratch.read("graphs.svg"), as: UTF8.self).contains("<svg"))
            // A name that would turn the agent's text around is written, and echoed escaped.
            let reversed = try call(session, "render", ["traces": ["trace.jsonl"], "output": "\u{202E}gvs.exe.svg"])
            #expect(reversed.text.hasPrefix("wrote the svg graph to \\u{202E}gvs.exe.svg ("), "\(reversed.text)")
        }
    }

    @Test("an output that is a link is checked as the file it leads to, whose own name must say the format")
    func outputThroughLink() throws {
        try session { session, scratch in
            try FileManager.default.createDirectory(atPath: scratch.path("outs"), withIntermediateDirectories: false)
            for name in ["run.sh", "logo.png", "notes.md", "graph.svg"] { _ = try scratch.write("outs/" + name, "") }
            for (link, target) in [
                ("link-to-run.svg", "run.sh"), ("link-to-logo.svg", "logo.png"), ("changes.txt", "notes.md"),
                ("link-to-graph.svg", "graph.svg"),
            ] {
                try FileManager.default.createSymbolicLink(
                    atPath: scratch.path("outs/" + link), withDestinationPath: target)
            }
            let reason = "; the server writes through a link only to a file it would write by its own name"
            for (output, format) in [("outs/link-to-run.svg", ".svg"), ("outs/link-to-logo.svg", ".svg")] {
                let refused = try call(session, "render", ["traces": ["trace.jsonl"], "output": output])
                #expect(refused.isError, "\(output)")
                #expect(
                    refused.text == "error: 'output': '\(output)' links to a file not named \(format)\(reason)",
                    "\(output): \(refused.text)")
            }
            let table = try call(
                session, "diff", ["before": "trace.jsonl", "after": "trace.jsonl", "table": "outs/changes.txt"])
            #expect(
                table.isError
                    && table.text
                        == "error: 'table': 'outs/changes.txt' links to a file not named .text or .txt\(reason)",
                "\(table.text)")
            for name in ["run.sh", "logo.png", "notes.md"] {
                #expect(try scratch.read("outs/" + name).isEmpty, "\(name) is left as it was")
            }
            // A link to a file its own name would let the call write is written through, and stays a link.
            let written = try call(session, "render", ["traces": ["trace.jsonl"], "output": "outs/link-to-graph.svg"])
            #expect(!written.isError, "\(written.text)")
            #expect(String(decoding: try scratch.read("outs/graph.svg"), as: UTF8.self).contains("<svg"))
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("outs/link-to-graph.svg"))
            #expect(link == "graph.svg")
        }
    }

    @Test("an existing file is replaced only when it is empty or a graph causegraph wrote in the format its name says")
    func replacesOnlyItsOwnGraphs() throws {
        try session { session, scratch in
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
            let theirs: [(String, Data)] = [
                ("package.json", Data("{\n  \"name\": \"app\",\n  \"secret\": \"hunter2\"\n}\n".utf8)),
                ("tsconfig.json", Data("{\"compilerOptions\": {}}\n".utf8)),
                ("docs/arch.dot", Data("digraph G {\n  a -> b\n}\n".utf8)),
                ("docs/logo.png", png),
                ("docs/paper.pdf", Data("%PDF-1.7\n%hunter2\n".utf8)),
                ("docs/icon.svg", Data("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8)),
            ]
            try FileManager.default.createDirectory(atPath: scratch.path("docs"), withIntermediateDirectories: false)
            for (name, bytes) in theirs { _ = try scratch.write(name, bytes) }
            for (name, bytes) in theirs {
                let refused = try call(session, "render", ["traces": ["trace.jsonl"], "output": name])
                #expect(
                    refused.isError
                        && refused.text
                            == "error: 'output': '\(name)' exists and is no graph causegraph wrote; the server replaces only its own graphs",
                    "\(name): \(refused.text)")
                #expect(try scratch.read(name) == bytes, "\(name) is left as it was")
            }
            let table = try call(
                session, "diff", ["before": "trace.jsonl", "after": "trace.jsonl", "table": "package.json"])
            #expect(table.isError && table.text.contains("'table': 'package.json' exists and is no table"))
            // A graph of another format is not replaced either: its name says what it holds.
            _ = try call(session, "render", ["traces": ["trace.jsonl"], "output": "graph.dot"])
            try FileManager.default.moveItem(atPath: scratch.path("graph.dot"), toPath: scratch.path("graph.svg"))
            #expect(try call(session, "render", ["traces": ["trace.jsonl"], "output": "graph.svg"]).isError)
            // Its own graphs, in every format, are replaced, and so is an empty file.
            _ = try scratch.write("empty.json", "")
            for name in ["out.svg", "out.png", "out.pdf", "out.dot", "out.gv", "out.json", "empty.json"] {
                for _ in 0..<2 {
                    let written = try call(session, "render", ["traces": ["trace.jsonl"], "output": name])
                    #expect(!written.isError, "\(name): \(written.text)")
                }
            }
            for name in ["diff.json", "diff.svg"] {
                for _ in 0..<2 {
                    let written = try call(
                        session, "diff",
                        ["before": "trace.jsonl", "after": "trace.jsonl", "output": name, "table": "changes.json"])
                    #expect(!written.isError, "\(name): \(written.text)")
                }
            }
            // The table in each of its formats, written again; never under a graph's name, nor over a graph.
            for name in ["changes.txt", "changes.md", "changes.markdown", "changes.json"] {
                for _ in 0..<2 {
                    let written = try call(
                        session, "diff", ["before": "trace.jsonl", "after": "trace.jsonl", "table": name])
                    #expect(!written.isError, "\(name): \(written.text)")
                }
            }
            let markdown = try scratch.read("changes.md")
            #expect(String(decoding: markdown, as: UTF8.self).hasPrefix("## SwiftUI update diff"))
            let underGraphName = try call(
                session, "diff",
                ["before": "trace.jsonl", "after": "trace.jsonl", "table": "t.svg", "table_format": "markdown"])
            #expect(underGraphName.isError && underGraphName.text.contains("'table': 't.svg' is no table file's name"))
            let overGraph = try call(
                session, "diff", ["before": "trace.jsonl", "after": "trace.jsonl", "table": "out.json"])
            #expect(overGraph.isError && overGraph.text.contains("'table': 'out.json' exists and is no table"))
        }
    }

    @Test("--allow widens the roots; a client's roots replace the working directory")
    func rootsAndAllow() throws {
        let elsewhere = try TemporaryFolder()
        _ = try elsewhere.write("other.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
        try session { session, _ in
            let refused = try call(session, "summary", ["traces": [elsewhere.path("other.jsonl")]])
            #expect(refused.isError)
        }
        try session(["--allow", elsewhere.path(".")]) { session, _ in
            let allowed = try call(session, "summary", ["traces": [elsewhere.path("other.jsonl")]])
            #expect(!allowed.isError)
            let inside = try call(session, "summary", ["traces": ["trace.jsonl"]])
            #expect(!inside.isError)
        }
        // A client that declares roots: the server asks for them, and they replace its working directory.
        try rootsSession { session in
            try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": [elsewhere.path("other.jsonl")]]))
            let asked = try session.nextMessage()
            #expect(asked["method"]?.stringValue == "roots/list")
            let id = try #require(asked["id"].map(RawMCPSession.text))
            let uri = URL(fileURLWithPath: elsewhere.path(".")).standardized.absoluteString
            try session.send(#"{"jsonrpc":"2.0","id":\#(id),"result":{"roots":[{"uri":"\#(uri)"}]}}"#)
            #expect(try session.response(to: "1")["result"]?["isError"]?.content != .bool(true))
            try session.send(try RawMCPSession.call(id: 2, "summary", ["traces": ["trace.jsonl"]]))
            let outside = try session.response(to: "2")["result"]
            #expect(outside?["isError"]?.content == .bool(true))
            #expect(outside?.texts.first?.contains("outside the folders") == true)
        }
    }

    @Test("a list argument takes at most 256 values, and a path with a NUL is refused, not cut short")
    func boundedLists() throws {
        try session { session, _ in
            let traces = try call(session, "summary", ["traces": Array(repeating: "trace.jsonl", count: 257)])
            #expect(traces.isError && traces.text.contains("'traces': 257 values; a call takes at most 256"))
            let focus = try call(
                session, "render", ["traces": ["trace.jsonl"], "focus": Array(repeating: "x", count: 300)])
            #expect(focus.isError && focus.text.contains("'focus': 300 values"), "\(focus.text)")
            let enough = try call(
                session, "render",
                ["traces": ["trace.jsonl"], "focus": Array(repeating: "Landmark", count: 256), "format": "dot"])
            #expect(!enough.isError, "\(enough.text)")
            let cut = try call(session, "doctor", ["traces": ["trace.jsonl\u{0}/other.jsonl"]])
            #expect(cut.isError && cut.text.contains("NUL"), "\(cut.text)")
        }
    }

    @Test(
        "a link whose resolved path is longer than realpath returns is refused, not taken for a missing file",
        .enabled(if: linksMayBeLong, "a Mac caps a link's text at 1,024 bytes, so these links cannot be made there"))
    func linkPastPathLimit() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("root"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: scratch.path("outside"), withIntermediateDirectories: false)
        // Twenty folders of 250 characters, made one inside the other by descriptor: 5,000 characters deep.
        let names = (0..<20).map { String(format: "%02d", $0) + String(repeating: "c", count: 248) }
        var folders = [open(scratch.path("outside"), O_RDONLY | O_DIRECTORY)]
        defer {
            // Removed by descriptor, deepest first: the folder's path is too long to name.
            _ = unlinkat(folders.last!, "secret.jsonl", 0)
            for (parent, name) in zip(folders.dropLast(), names).reversed() { _ = unlinkat(parent, name, AT_REMOVEDIR) }
            for folder in folders { close(folder) }
        }
        for name in names {
            #expect(mkdirat(folders.last!, name, 0o755) == 0)
            folders.append(openat(folders.last!, name, O_RDONLY | O_DIRECTORY))
        }
        let secret = openat(folders.last!, "secret.jsonl", O_WRONLY | O_CREAT, 0o644)
        let trace = try Data(contentsOf: URL(fileURLWithPath: before))
        _ = trace.withUnsafeBytes { write(secret, $0.baseAddress, $0.count) }
        close(secret)
        // Two links, each shorter than the limit, that lead there together.
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("outside/hop"), withDestinationPath: names[..<10].joined(separator: "/"))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("root/escape.jsonl"),
            withDestinationPath: scratch.path("outside/hop") + "/" + names[10...].joined(separator: "/")
                + "/secret.jsonl")
        #expect(FileManager.default.isReadableFile(atPath: scratch.path("root/escape.jsonl")), "the kernel opens it")

        let root = try #require(Confinement.resolvedFolder(scratch.path("root")))
        let confinement = Confinement(roots: [root])
        #expect(throws: Diagnostic.self) {
            try confinement.checkInput(scratch.path("root/escape.jsonl"), key: "traces")
        }
        #expect(throws: Diagnostic.self) { try confinement.checkInput(scratch.path("root"), key: "traces") }
        try confinement.checkInput(scratch.path("root/missing.jsonl"), key: "traces")
    }

    /// A session whose client declares roots, with `trace.jsonl` in its working directory.
    private func rootsSession(_ arguments: [String] = [], _ body: (RawMCPSession) throws -> Void) throws {
        let scratch = try TemporaryFolder()
        _ = try scratch.write("trace.jsonl", try Data(contentsOf: URL(fileURLWithPath: before)))
        let session = try RawMCPSession(arguments, in: scratch.url)
        try session.send(
            #"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"roots":{}},"clientInfo":{"name":"raw","version":"1"}}}"#
        )
        _ = try session.response(to: #""init""#)
        try session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        try body(session)
    }

    @Test("a client that declares roots and never lists them gets an error within the listing time, still connected")
    func rootsNeverListed() throws {
        try rootsSession { session in
            let start = ContinuousClock.now
            try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": ["trace.jsonl"]]))
            #expect(try session.nextMessage()["method"]?.stringValue == "roots/list")
            let result = try session.response(to: "1", within: .seconds(30))["result"]
            #expect(ContinuousClock.now - start < .seconds(20))
            #expect(result?["isError"]?.content == .bool(true))
            #expect(result?.texts.first?.contains("did not list them within 10") == true, "\(result?.texts ?? [])")
        }
    }

    @Test("a call waiting for roots the client never lists is answered by its own time limit, when that comes first")
    func rootsNeverListedWithinTimeLimit() throws {
        try rootsSession(["--timeout", "2"]) { session in
            let start = ContinuousClock.now
            try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": ["trace.jsonl"]]))
            #expect(try session.nextMessage()["method"]?.stringValue == "roots/list")
            let result = try session.response(to: "1", within: .seconds(30))["result"]
            // The listing time is 10 s: an answer well before it came at the call's own limit.
            #expect(ContinuousClock.now - start < .seconds(8))
            #expect(result?["isError"]?.content == .bool(true))
            #expect(
                result?.texts.first
                    == "error: the client declares roots but did not list them before the summary tool's time limit "
                    + "of 2 s; causegraph mcp --timeout SECONDS sets the limit", "\(result?.texts ?? [])")
        }
    }

    @Test("calls past the most the server holds are refused at once as busy; those held are answered")
    func boundedQueue() throws {
        try rootsSession { session in
            // Each held call waits for the roots the client never lists, holding its arguments.
            let held = ToolProcess.mostHeld
            for id in 1...(held + 3) {
                try session.send(try RawMCPSession.call(id: id, "summary", ["traces": ["trace.jsonl"]]))
            }
            // Every call is answered: the held ones when the roots' wait ends, the others at once. The
            // order of the answers is left to the scheduler (a loaded machine may run a held call's
            // timer first), so only how many calls were refused, and how, is asserted.
            var results: [Int: JSONValue] = [:]
            while results.count < held + 3 {
                let message = try session.nextMessage(within: .seconds(40))
                guard message["method"] == nil, let id = message["id"]?.numberValue else { continue }
                results[Int(id)] = message["result"]
            }
            let busy =
                "error: the server is busy: \(held) calls are running or waiting, the most it holds; call summary again once one is answered"
            let refused = results.filter { $0.value.texts.first == busy }
            // Calls are taken in as their handlers run, not strictly in the order sent: which three is the scheduler's.
            #expect(refused.count == 3, "the calls past the most held are refused: \(refused.keys.sorted())")
            for (id, result) in results {
                #expect(result["isError"]?.content == .bool(true), "\(id)")
                if refused[id] == nil {
                    #expect(result.texts.first?.contains("did not list them within 10") == true, "\(id)")
                }
            }
        }
    }

    @Test(
        "roots that name no usable local folder grant nothing: not the working directory",
        arguments: [
            "https://example.com/repo", "file:///no/such/folder/anywhere", "file://otherhost/tmp",
        ])
    func unusableRootsGrantNothing(_ uri: String) throws {
        try rootsSession { session in
            try session.send(try RawMCPSession.call(id: 1, "summary", ["traces": ["trace.jsonl"]]))
            let asked = try session.nextMessage()
            let id = try #require(asked["id"].map(RawMCPSession.text))
            try session.send(#"{"jsonrpc":"2.0","id":\#(id),"result":{"roots":[{"uri":"\#(uri)"}]}}"#)
            let result = try session.response(to: "1")["result"]
            #expect(result?["isError"]?.content == .bool(true))
            #expect(
                result?.texts.first == "error: 'traces': no folder is open to calls: the client's roots name no local "
                    + "folder; list a file: root, or start causegraph mcp --allow DIR", "\(result?.texts ?? [])")
        }
    }

    @Test(
        "doctor says what each input holds; one that cannot answer is a result, not an error; it reads only under the roots"
    )
    func doctor() throws {
        try session { session, scratch in
            _ = try scratch.write(
                "empty.xml", try Data(contentsOf: URL(fileURLWithPath: fixture("instruments/field/empty-tables.xml"))))
            let id = 77
            try session.send(try RawMCPSession.call(id: id, "doctor", ["traces": ["trace.jsonl", "empty.xml"]]))
            let result = try #require(try session.response(to: String(id))["result"])
            #expect(result["isError"]?.content != .bool(true))
            let inputs = result["structuredContent"]?["inputs"]?.arrayValue ?? []
            try #require(inputs.count == 2)
            #expect(inputs[0]["canAnswerWhy"]?.content == .bool(true))
            #expect(inputs[1]["kind"]?.stringValue == "export" && inputs[1]["canAnswerWhy"]?.content == .bool(false))
            #expect(result.texts.first?.contains("no rows") == true)
            let outside = try call(session, "doctor", ["traces": ["/etc/passwd"]])
            #expect(outside.isError && outside.text.contains("outside") && !outside.text.contains("root:"))
            let unknown = try call(session, "doctor", ["traces": ["trace.jsonl"], "run": 1])
            #expect(unknown.isError && unknown.text.contains("takes no argument 'run'"))
        }
    }

    @Test("the tools' annotations are truthful: render and diff may replace a file, the others only read")
    func annotations() throws {
        let session = try RawMCPSession(in: packageRoot)
        try session.initialize()
        try session.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let tools = try session.response(to: "1")["result"]?["tools"]?.arrayValue ?? []
        try #require(tools.count == 6)
        for tool in tools {
            let annotations = tool["annotations"]
            if ["render", "diff"].contains(tool["name"]?.stringValue) {
                #expect(annotations?["readOnlyHint"]?.content == .bool(false))
                #expect(annotations?["destructiveHint"]?.content == .bool(true))
            } else {
                #expect(annotations?["readOnlyHint"]?.content == .bool(true), "\(tool["name"]?.stringValue ?? "")")
            }
            #expect(annotations?["openWorldHint"]?.content == .bool(false))
        }
    }
}

/// Whether a symbolic link's text may be longer than 1,024 bytes: Linux's
/// links hold up to 4,095; a Mac's `MAXPATHLEN` caps them at 1,024.
private let linksMayBeLong: Bool = {
    #if os(Linux)
        true
    #else
        false
    #endif
}()
