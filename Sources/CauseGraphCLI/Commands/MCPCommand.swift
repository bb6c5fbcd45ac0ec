import ArgumentParser
import CauseGraph
import Dispatch
import Foundation

/// `causegraph mcp`: causegraph's questions, for coding agents.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve why, summary, render, diff, check and doctor to AI agents over the Model Context Protocol.",
        discussion: CommandExamples.appending(
            [
                "causegraph mcp":
                    "Serve the tools on standard input and output, in the working folder.",
                "causegraph mcp --allow ~/Recordings --timeout 300":
                    "Also read recordings under ~/Recordings, and give each call 300 s.",
            ],
            to: """
                Speaks MCP (JSON-RPC) on standard input and output until the client closes standard \
                input; an MCP client starts it (see the README for a client configuration). Each tool \
                takes the arguments of its command and answers with the command's text and its JSON; \
                bad arguments and bad traces are tool errors with the command's one-line message. \
                Calls run side by side, each in a process of its own, within --timeout. They read and \
                write only under the roots the client declares (else the working directory) and the \
                folders --allow names; only render and diff write, and only the files their `output` and \
                `table` name. \
                See docs/mcp.md.
                """))

    @Option(
        name: .customLong("allow"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Folders tool calls may also read and write, besides the client's roots (else the working directory).",
            valueName: "dir"))
    var allowed: [String] = []

    @Option(
        help: ArgumentHelp(
            "Seconds a tool call may take; past it the call is stopped and answered with an error.",
            valueName: "seconds"))
    var timeout: Double = 120

    /// Set in the process that answers one call for the server (see `ToolProcess`).
    @Flag(help: .hidden)
    var call = false

    /// With `--call`: the pid of the server that started the call.
    @Option(help: .hidden)
    var server: Int32?

    /// The longest time limit: a day.
    private static let longestTimeout: Double = 86_400

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= Self.longestTimeout else {
            throw ValidationError("--timeout must be a number of seconds above 0, at most \(Int(Self.longestTimeout))")
        }
    }

    func run() throws {
        if call {
            guard let server else { throw ValidationError("--call needs --server, the pid of the server") }
            try MCPServer.answerOneCall(timeLimit: timeout, server: server)
            return
        }
        let folders = try allowed.map { folder throws(Diagnostic) in
            guard let resolved = Confinement.resolvedFolder(folder) else {
                throw Diagnostic.error("--allow: '\(folder)' is no folder")
            }
            return resolved
        }
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
                try await MCPServer.serve(version: version, allowed: folders, timeLimit: timeout)
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
