import ArgumentParser
import CauseGraph
import Dispatch
import Foundation

/// `causegraph mcp`: causegraph's questions, for coding agents.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve why, summary, render, diff and check to AI agents over the Model Context Protocol.",
        discussion: """
            Speaks MCP (JSON-RPC) on standard input and output until the client closes standard \
            input; an MCP client starts it (see the README for a client configuration). Each tool \
            takes the arguments of its command and answers with the command's text and its JSON; \
            bad arguments and bad traces are tool errors with the command's one-line message. \
            Calls run one at a time; only render writes, and only the file its `output` names.
            """)

    func run() throws {
        if isatty(STDIN_FILENO) == 1 {
            Terminal.standardError.print(
                Diagnostic(
                    .note,
                    "serving MCP on standard input and output; an MCP client starts this command (Ctrl-D ends it)"))
        }
        let version = CauseGraphCommand.configuration.version
        let failure = ServeFailure()
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await MCPServer.serve(version: version)
            } catch {
                failure.record(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error { throw Diagnostic.error("mcp: \(error)") }
    }
}

/// The error that ended the server, handed from its task to the command.
private final class ServeFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Error?

    func record(_ error: Error) {
        lock.withLock { recorded = error }
    }

    var error: Error? { lock.withLock { recorded } }
}
