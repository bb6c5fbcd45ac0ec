import CauseGraph
import Dispatch
import MCP

/// The Model Context Protocol server of `causegraph mcp`, over standard
/// input and output: it lists the tools of ``MCPTool`` and runs their
/// calls one at a time, keeping nothing from one call to the next.
enum MCPServer {
    /// Calls run here, one after another: the protocol library handles each
    /// request in a task of its own, and a call reads whole traces and
    /// renders through libgraphviz, which is better not held on the
    /// concurrency pool's few threads.
    private static let calls = DispatchQueue(label: "causegraph.mcp.calls")

    /// Serves until the client closes standard input.
    static func serve(version: String) async throws {
        let server = Server(
            name: "causegraph",
            version: version,
            instructions: """
                causegraph reads SwiftUI update traces (Instruments exports and .trace bundles, \
                _printChanges()/_logChanges() logs, causegraph JSON Lines) and explains why view \
                bodies ran. Start with `summary` on a trace, ask `why` about the views it names, \
                `render` the cause graph, `diff` two recordings to confirm a fix, `check` one \
                against a budget.
                """,
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: MCPTool.allCases.map(\.definition))
        }
        await server.withMethodHandler(CallTool.self) { call in
            await withCheckedContinuation { continuation in
                calls.async {
                    continuation.resume(returning: MCPToolRunner.call(call.name, arguments: call.arguments))
                }
            }
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
        // Let a call still running when input ended answer before the process exits.
        await withCheckedContinuation { continuation in calls.async { continuation.resume() } }
        await server.stop()
    }
}
