import CauseGraph
import CauseGraphTestSupport
import Foundation

/// The official Python MCP SDK's client (Tests/Clients/mcp_client.py),
/// driving `causegraph mcp` over standard input and output: one session,
/// initialize, list the tools, then each call in order.
enum MCPClient {
    /// A Python that imports `mcp`: `$CAUSEGRAPH_MCP_PYTHON`, else the
    /// virtual environment `make test` makes, else `python3` on the `PATH`.
    static let python: URL? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let chosen = environment["CAUSEGRAPH_MCP_PYTHON"], !chosen.isEmpty {
            candidates.append(URL(fileURLWithPath: chosen))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/mcp-venv/bin/python3"))
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            candidates.append(URL(fileURLWithPath: String(directory)).appendingPathComponent("python3"))
        }
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { return false }
            let probe = try? ProcessRunner.run(candidate, ["-c", "import mcp"], in: packageRoot, timeout: .seconds(60))
            return probe?.status == 0
        }
    }()

    static let unavailable =
        "no Python with the `mcp` package: `make test` installs it into .build/mcp-venv, or set CAUSEGRAPH_MCP_PYTHON"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the session saw: `initialize`'s result, the tools listed and each call's result, as the protocol spells them.
    ///
    /// - Parameters:
    ///   - serverArguments: what follows `causegraph mcp` on the server's command line.
    ///   - roots: the client's roots (`file:` URIs), when it declares any.
    static func session(
        _ calls: [(name: String, arguments: [String: Any])], in directory: URL = packageRoot,
        serverArguments: [String] = [], roots: [String]? = nil
    ) throws -> JSONValue {
        guard let python else { throw Failure(description: unavailable) }
        let list = calls.map { ["name": $0.name, "arguments": $0.arguments] as [String: Any] }
        let callsJSON = String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
        let script = packageRoot.appendingPathComponent("Tests/Clients/mcp_client.py").path
        var arguments = [script, Causegraph.executable.path, callsJSON, Self.json(serverArguments)]
        if let roots { arguments.append(Self.json(roots)) }
        // A bound on a hang, not on speed: a sanitized server's calls take several times as long.
        let result = try ProcessRunner.run(
            python, arguments, in: directory, timeout: .seconds(120 * Sanitizer.slowdown))
        guard result.status == 0 else {
            throw Failure(description: "the MCP client failed (\(result.status)): \(result.standardError)")
        }
        return try JSONParser.parse(result.output)
    }

    private static func json(_ list: [String]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: list)) ?? Data("[]".utf8), as: UTF8.self)
    }
}

extension JSONValue {
    /// A tool result's text blocks, in order.
    var texts: [String] {
        (self["content"]?.arrayValue ?? []).filter { $0["type"]?.stringValue == "text" }.compactMap {
            $0["text"]?.stringValue
        }
    }

    var isToolError: Bool {
        if case .bool(true) = self["isError"]?.content { return true }
        return false
    }
}
