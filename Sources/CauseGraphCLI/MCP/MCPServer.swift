import CauseGraph
import Dispatch
import Foundation
import MCP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Model Context Protocol server of `causegraph mcp`, over standard
/// input and output: it lists the tools of ``MCPTool`` and runs each call
/// in a process of its own (``ToolProcess``), side by side, confined to its
/// roots (``MCPRoots``) and within its time limit, keeping nothing from one
/// call to the next.
enum MCPServer {
    /// Serves until the client closes standard input and every call received is answered.
    ///
    /// - Parameters:
    ///   - allowed: resolved folders calls may use whatever the client's roots.
    ///   - timeLimit: seconds a call may take, from its arrival to its answer.
    static func serve(version: String, allowed: [String], timeLimit: Double) async throws {
        // A client that closes its end is an end of the session, not a signal that kills the server.
        signal(SIGPIPE, SIG_IGN)
        // Each call leads a process group of its own, which a signal to the server's group does not reach.
        SignalExit.onStop { ToolProcess.stopAll() }
        let roots = MCPRoots(allowed: allowed)
        let server = Server(
            name: "causegraph",
            version: version,
            instructions: """
                causegraph reads SwiftUI update traces (Instruments exports and .trace bundles, \
                _printChanges()/_logChanges() logs, causegraph JSON Lines) and explains why view \
                bodies ran. Start with `summary` on a trace, ask `why` about the views it names, \
                `render` the cause graph, `diff` two recordings to confirm a fix, `check` one \
                against a budget; `doctor` says why a recording gives nothing.
                """,
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(Unread<ListTools>.self) { parameters in
            _ = try Unread<ListTools>.read(parameters, expecting: "an object, its \"cursor\" a string when given")
            return ListTools.Result(tools: MCPTool.allCases.map(\.definition))
        }
        await server.withMethodHandler(Unread<CallTool>.self) { [weak server] parameters in
            let deadline = DispatchTime.now() + timeLimit
            let call = try Unread<CallTool>.read(
                parameters, expecting: "an object with the tool's \"name\" (a string) and its \"arguments\" (an object)"
            )
            guard MCPTool(rawValue: call.name) != nil else {
                throw MCPError.invalidParams(
                    "no tool '\(Confinement.shown(call.name))'; the tools are "
                        + MCPTool.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard let server else { throw MCPError.internalError("the server has stopped") }
            let outcome = await ToolProcess.holding(call.name) { () async -> ToolProcess.Outcome in
                let confinement: Confinement
                do throws(Diagnostic) {
                    confinement = try await roots.confinement(
                        asking: server, for: call.name, by: deadline, timeLimit: timeLimit)
                } catch {
                    return .answered(
                        CallTool.Result(
                            content: [.text(text: error.description, annotations: nil, _meta: nil)], isError: true))
                }
                let request = ToolCallRequest(name: call.name, arguments: call.arguments, roots: confinement.roots)
                return await ToolProcess.run(request, deadline: deadline, timeLimit: timeLimit)
            }
            switch outcome {
            case .answered(let result): return result
            case .cancelled: throw CancellationError()
            }
        }
        await server.onNotification(RootsListChangedNotification.self) { _ in await roots.rootsChanged() }
        try await server.start(transport: LineTransport()) { _, capabilities in
            await roots.clientDeclares(roots: capabilities.roots != nil)
        }
        await server.waitUntilCompleted()
        await server.stop()
    }

    /// A method whose parameters reach its handler as they were sent, for
    /// the handler to read: the protocol library answers parameters it cannot
    /// read with -32603, an internal error, where the fault is the client's
    /// (-32602, invalid params).
    private enum Unread<Read: Method>: Method {
        typealias Parameters = Value
        typealias Result = Read.Result
        static var name: String { Read.name }

        /// The parameters read as the method's, or -32602 saying what they should hold (`expected`).
        static func read(_ parameters: Value, expecting expected: String) throws -> Read.Parameters {
            do {
                let bytes = try JSONEncoder().encode(parameters.isNull ? Value.object([:]) : parameters)
                return try JSONDecoder().decode(Read.Parameters.self, from: bytes)
            } catch {
                throw MCPError.invalidParams("\(Read.name) takes \(expected)")
            }
        }
    }

    /// The process of one call (`causegraph mcp --call`): reads the call on
    /// standard input, answers it on standard output.
    /// `server` is the pid of the server that started it.
    static func answerOneCall(timeLimit: Double, server: pid_t) throws {
        // Should the server be gone, the call ends by itself soon after its limit.
        alarm(UInt32(min(timeLimit, Double(UInt32.max - 60)).rounded(.up)) + 30)
        endWhenOrphaned(from: server)
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let request: ToolCallRequest
        do {
            request = try JSONDecoder().decode(ToolCallRequest.self, from: input)
        } catch {
            throw Diagnostic.error("mcp --call: the call is not readable: \(error)")
        }
        let result = MCPToolRunner.call(
            request.name, arguments: request.arguments, confinement: Confinement(roots: request.roots))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(result))
    }

    /// Ends the call within a second of the server's end, however it ended
    /// (a SIGKILL runs none of its clean-up): no one is left to read the
    /// answer, and the call would otherwise run on to its alarm. The end is
    /// a SIGTERM to itself, so the stop removes the call's unfinished outputs
    /// and kills what it runs, as for any command.
    ///
    /// The server's pid comes from the server, not from `getppid()` at
    /// start: a server killed while the call was still starting (a slow
    /// start, as under a sanitizer) has already left it to another parent,
    /// which the call would then take for its server and wait on forever.
    private static func endWhenOrphaned(from server: pid_t) {
        Thread.detachNewThread {
            while getppid() == server { sleep(1) }
            kill(getpid(), SIGTERM)
        }
    }
}
