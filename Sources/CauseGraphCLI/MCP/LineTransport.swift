import CauseGraph
import Foundation
import Logging
import MCP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The MCP stdio transport of `causegraph mcp`: JSON-RPC messages one a
/// line on standard input and output, in place of the protocol library's
/// `StdioTransport`.
///
/// That transport searched its whole buffer for a newline after every 4 KiB
/// read, so a long line cost quadratic time (8 MB: 78 s), with no limit on
/// its length; it made standard input and output non-blocking, which the
/// client shares; it passed on messages the server then left unanswered (an
/// object as `id`); and it ended the session at end of input while calls
/// were still running, so their answers were lost.
///
/// Here a thread of its own reads with blocking reads, each byte looked at
/// once; a line longer than ``maximumLineLength`` is dropped as it arrives
/// and answered with a JSON-RPC error. A line that is no JSON, or a request
/// with a malformed `id` or `method`, is answered here with the error
/// JSON-RPC prescribes (-32700, -32600), with `id` null where the request's
/// cannot be told; so is a request sent before `initialize` (other than
/// `ping`), which is not served, and an `initialize` whose parameters are
/// not its own (-32602). At end of input, the session ends only once each request
/// received has been answered (or cancelled by the client).
actor LineTransport: Transport {
    nonisolated let logger = Logger(label: "causegraph.mcp", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The longest request line read; a longer one is answered with an error.
    static let maximumLineLength = 64 << 20

    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private let ledger = RequestLedger()
    private let output = LineWriter(descriptor: STDOUT_FILENO)
    private let input: Int32 = STDIN_FILENO
    private var started = false

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let reader = LineReader(
            descriptor: input, continuation: continuation, ledger: ledger, output: output,
            maximumLineLength: Self.maximumLineLength)
        Thread.detachNewThread { reader.run() }
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        // A batch's answers go out as one array.
        let decoder = JSONDecoder()
        let envelopes =
            data.first == UInt8(ascii: "[")
            ? (try? decoder.decode([Envelope].self, from: data)) ?? []
            : (try? decoder.decode(Envelope.self, from: data)).map { [$0] } ?? []
        // Counted as answered even when the write fails (a client that closed its input):
        // the end of the session waits for no answer that cannot be written.
        defer {
            for envelope in envelopes {
                guard let id = envelope.id else { continue }
                if envelope.method == nil { ledger.answered(id) } else { ledger.asked(id) }
            }
        }
        // The protocol library's encoder writes trace text as it is: BiDi controls and invisible
        // characters would reach the agent and whoever reads its log unseen.
        try output.write(Data(JSONText.escapingHiddenScalars(inJSON: [UInt8](data))))
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        messages
    }

    /// The fields of a message that say what it is.
    private struct Envelope: Decodable {
        var id: ID?
        var method: String?
    }
}

/// The requests received and not yet answered, and the requests the server
/// sent the client and has no answer to, so that end of input can wait for
/// the first and fail the second.
private final class RequestLedger: @unchecked Sendable {
    private let condition = NSCondition()
    /// How many requests of each id: a client may reuse one while a call
    /// of it still runs, and each call is owed its answer.
    private var unanswered: [ID: Int] = [:]
    private var asked: Set<ID> = []

    func received(_ id: ID) {
        condition.withLock { unanswered[id, default: 0] += 1 }
    }

    func answered(_ id: ID) {
        condition.withLock {
            if let count = unanswered[id] { unanswered[id] = count > 1 ? count - 1 : nil }
            asked.remove(id)
            condition.broadcast()
        }
    }

    /// A request the client cancelled gets no answer.
    func cancelled(_ id: ID) {
        answered(id)
    }

    /// The client answered a request of the server's.
    func replied(_ id: ID) {
        condition.withLock { _ = asked.remove(id) }
    }

    /// A request the server sent the client.
    func asked(_ id: ID) {
        condition.withLock { _ = asked.insert(id) }
    }

    /// The server's requests still waiting for the client, which will now never answer.
    func takeAsked() -> Set<ID> {
        condition.withLock {
            defer { asked = [] }
            return asked
        }
    }

    /// Waits until every request received has been answered.
    func waitUntilAnswered() {
        condition.withLock {
            while !unanswered.isEmpty { condition.wait() }
        }
    }
}

/// Writes whole lines to a descriptor, one writer at a time.
private final class LineWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ message: Data) throws {
        var line = message
        line.append(0x0A)
        try lock.withLock {
            try line.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < bytes.count {
                    let written = Self.systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                    }
                    offset += written
                }
            }
        }
    }

    /// The system's `write`, which this class's own name hides.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// A JSON-RPC error response, for a line the server cannot hand on.
    func writeError(code: Int, message: String, id: ID?) {
        let idText: String
        switch id {
        case .string(let text)?: idText = JSONString.quoted(text)
        case .number(let number)?: idText = String(number)
        case nil: idText = "null"
        }
        let line =
            #"{"jsonrpc":"2.0","id":\#(idText),"error":{"code":\#(code),"message":\#(JSONString.quoted(message))}}"#
        try? write(Data(line.utf8))
    }
}

/// JSON string literals for the few messages written by hand.
private enum JSONString {
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The reading side: splits standard input into lines and judges each.
private final class LineReader: @unchecked Sendable {
    private let descriptor: Int32
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private let ledger: RequestLedger
    private let output: LineWriter
    private let maximumLineLength: Int
    /// Whether the client has sent `initialize`. Until it has, each request
    /// but `initialize` and `ping` is answered here with an error and goes
    /// no further, as the protocol has a client open the session first: a
    /// call cannot run before the client has said what it is (its roots).
    /// Read and written on the reader's thread only.
    private var opened = false

    init(
        descriptor: Int32, continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation, ledger: RequestLedger,
        output: LineWriter, maximumLineLength: Int
    ) {
        self.descriptor = descriptor
        self.continuation = continuation
        self.ledger = ledger
        self.output = output
        self.maximumLineLength = maximumLineLength
    }

    func run() {
        var line: [UInt8] = []
        var overlong = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            // Each byte is looked at once: the search starts where the last one stopped.
            while start < count {
                let newline = chunk[start..<count].firstIndex(of: 0x0A)
                let end = newline ?? count
                if !overlong {
                    if line.count + (end - start) > maximumLineLength {
                        overlong = true
                        line = []
                    } else {
                        line.append(contentsOf: chunk[start..<end])
                    }
                }
                guard let newline else { break }
                lineEnded(line, overlong: overlong)
                overlong = false
                line = []
                start = newline + 1
            }
        }
        lineEnded(line, overlong: overlong)
        // End of input: the client can no longer answer the server's requests, and the
        // session ends once each call received has been answered.
        for id in ledger.takeAsked() {
            let failure =
                #"{"jsonrpc":"2.0","id":\#(Self.literal(id)),"error":{"code":-32000,"message":"the client closed its input"}}"#
            continuation.yield(Data(failure.utf8))
        }
        ledger.waitUntilAnswered()
        continuation.finish()
    }

    /// A line read to its end: one past the most this server reads was
    /// dropped as it came, and is answered with an error.
    private func lineEnded(_ line: [UInt8], overlong: Bool) {
        if overlong {
            output.writeError(
                code: -32600,
                message:
                    "invalid request: the line is longer than \(maximumLineLength >> 20) MiB, the most this server reads",
                id: nil)
        } else {
            judge(line)
        }
    }

    /// Hands a line on, or answers it with an error here.
    private func judge(_ line: [UInt8]) {
        guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return }
        let data = Data(line)
        let message: Value
        do {
            message = try IncomingMessage.value(of: line)
        } catch {
            output.writeError(code: -32700, message: IncomingMessage.parseError(error), id: nil)
            return
        }
        let items: [Value]
        switch message {
        case .object: items = [message]
        case .array(let batch) where !batch.isEmpty: items = batch
        default:
            output.writeError(code: -32600, message: "invalid request: expected a JSON-RPC object", id: nil)
            return
        }
        var requests: [ID] = []
        var passed: [Value] = []
        for item in items {
            guard case .object(let fields) = item else {
                output.writeError(code: -32600, message: "invalid request: expected a JSON-RPC object", id: nil)
                continue
            }
            let id: ID?
            switch fields["id"] {
            case nil: id = nil
            case .string(let text)?: id = .string(text)
            case .int(let number)?: id = .number(number)
            default:
                output.writeError(
                    code: -32600, message: "invalid request: an id must be a string or an integer", id: nil)
                continue
            }
            guard fields["jsonrpc"] == .string("2.0") else {
                output.writeError(code: -32600, message: "invalid request: 'jsonrpc' must be \"2.0\"", id: id)
                continue
            }
            let method = fields["method"]
            if let method, method.stringValue == nil {
                output.writeError(code: -32600, message: "invalid request: the method must be a string", id: id)
                continue
            }
            if method == nil && fields["result"] == nil && fields["error"] == nil {
                output.writeError(
                    code: -32600, message: "invalid request: neither a method nor a result or error", id: id)
                continue
            }
            if let name = method?.stringValue, let id {
                if name == Initialize.name {
                    // The protocol library answers parameters it cannot read with -32603, an internal error.
                    guard Self.readsAsInitialize(fields["params"]) else {
                        output.writeError(
                            code: -32602,
                            message:
                                "invalid params: initialize takes an object with \"protocolVersion\" (a string), "
                                + "\"capabilities\" and \"clientInfo\" (objects)", id: id)
                        continue
                    }
                    opened = true
                } else if !opened && name != Ping.name {
                    output.writeError(
                        code: -32600, message: "invalid request: the session is not initialized; send initialize first",
                        id: id)
                    continue
                }
            }
            passed.append(item)
            if method != nil, let id { requests.append(id) }
            if method == nil, let id { ledger.replied(id) }
            if method?.stringValue == CancelledNotification.name,
                case .object(let parameters)? = fields["params"]
            {
                switch parameters["requestId"] {
                case .string(let text)?: ledger.cancelled(.string(text))
                case .int(let number)?: ledger.cancelled(.number(number))
                default: break
                }
            }
        }
        guard !passed.isEmpty else { return }
        for id in requests { ledger.received(id) }
        if passed.count == items.count {
            continuation.yield(data)
        } else if let batch = try? JSONEncoder().encode(Value.array(passed)) {
            continuation.yield(batch)
        }
    }

    private static func readsAsInitialize(_ parameters: Value?) -> Bool {
        guard let parameters, !parameters.isNull, let bytes = try? JSONEncoder().encode(parameters) else {
            return false
        }
        return (try? JSONDecoder().decode(Initialize.Parameters.self, from: bytes)) != nil
    }

    private static func literal(_ id: ID) -> String {
        switch id {
        case .string(let text): JSONString.quoted(text)
        case .number(let number): String(number)
        }
    }
}
