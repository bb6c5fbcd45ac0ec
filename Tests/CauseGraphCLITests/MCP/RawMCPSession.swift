import CauseGraph
import CauseGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `causegraph mcp` driven with raw JSON-RPC lines, no MCP library in
/// between: what a broken or hostile client sends, byte for byte, and each
/// line the server writes back.
final class RawMCPSession: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The server.
    let server: StartedProgram
    /// The server's process id.
    var pid: pid_t { server.pid }
    private let input: FileHandle
    private let inbox = Inbox()

    /// Starts the server with `arguments` after `mcp`, in `directory`.
    init(_ arguments: [String] = [], in directory: URL) throws {
        signal(SIGPIPE, SIG_IGN)
        let stdin = try PrivatePipe()
        let stdout = try PrivatePipe()
        server = try StartedProgram(
            [Causegraph.executable.path, "mcp"] + arguments, handing: [0: stdin.reading, 1: stdout.writing],
            directory: directory.path)
        input = stdin.writing
        // The reading thread holds the inbox, not the session: a session let go of closes the
        // server's input, and its program is killed, rather than both living on with the test run.
        let output = stdout.reading
        let inbox = inbox
        Thread.detachNewThread {
            var pending = Data()
            // `availableData`, not `read(upToCount:)`, which waits until it has the whole count.
            while case let chunk = output.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    inbox.deliver(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
            inbox.close()
        }
    }

    /// Writes `line` and a newline as they are.
    func send(_ line: String) throws {
        try send(Data(line.utf8))
    }

    func send(_ bytes: Data) throws {
        try input.write(contentsOf: bytes + Data([0x0A]))
    }

    /// `initialize` (declaring no roots) and `notifications/initialized`, as a client opens a session.
    func initialize() throws {
        try send(
            #"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#
        )
        _ = try response(to: #""init""#)
        try send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    /// A `tools/call` request line.
    static func call(id: Int, _ tool: String, _ arguments: [String: Any]) throws -> String {
        let request: [String: Any] = [
            "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
    }

    func closeInput() throws {
        try input.close()
    }

    /// The next line the server writes, parsed, within `timeout`.
    func nextMessage(within timeout: Duration = .seconds(60)) throws -> JSONValue {
        try JSONParser.parse(try nextLine(within: timeout))
    }

    /// The next line the server writes, as it wrote it, within `timeout`.
    func nextLine(within timeout: Duration = .seconds(60)) throws -> String {
        let deadline = Date().addingTimeInterval(timeout.timeInterval)
        return try inbox.condition.withLock {
            while inbox.lines.isEmpty {
                if inbox.ended { throw Failure(description: "the server closed its output") }
                guard inbox.condition.wait(until: deadline) else {
                    throw Failure(description: "no message from the server within \(timeout)")
                }
            }
            return inbox.lines.removeFirst()
        }
    }

    /// The response whose `id` is `id` (its JSON text), skipping other messages, within `timeout`.
    func response(to id: String, within timeout: Duration = .seconds(60)) throws -> JSONValue {
        let start = ContinuousClock.now
        while true {
            let remaining = timeout - (ContinuousClock.now - start)
            let message = try nextMessage(within: max(remaining, .milliseconds(1)))
            if message["id"].map(Self.text) == id { return message }
        }
    }

    /// Every line the server writes until it closes its output.
    func remainingMessages(within timeout: Duration = .seconds(60)) throws -> [JSONValue] {
        var messages: [JSONValue] = []
        while true {
            do {
                messages.append(try nextMessage(within: timeout))
            } catch let failure as Failure where failure.description == "the server closed its output" {
                return messages
            }
        }
    }

    /// Waits for the server to exit and returns its status: the exit status,
    /// or the number of the signal that ended it.
    func exitStatus(within timeout: Duration = .seconds(60)) throws -> Int32 {
        try server.end(within: timeout).status
    }

    /// The lines the server wrote and the session has not taken, under `condition`.
    private final class Inbox: @unchecked Sendable {
        let condition = NSCondition()
        var lines: [String] = []
        var ended = false

        func deliver(_ line: String) {
            condition.withLock {
                lines.append(line)
                condition.broadcast()
            }
        }

        /// The server closed its output.
        func close() {
            condition.withLock {
                ended = true
                condition.broadcast()
            }
        }
    }

    /// A JSON value as its text: an id to compare.
    static func text(_ value: JSONValue) -> String {
        switch value.content {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(let number): number.text
        case .string(let string): "\"\(string)\""
        case .array: "[…]"
        case .object: "{…}"
        }
    }
}

extension JSONValue {
    /// A JSON-RPC error's code.
    var errorCode: Int64? { self["error"]?["code"]?.numberValue }
}
