import CauseGraph
import MCP

/// Reads a line from the client into the protocol library's `Value`.
///
/// `JSONDecoder` into `Value` tries each JSON type in turn, throwing at
/// every miss: some 37 µs a string, 7.5 s for a line of 1 MiB of short
/// strings, and superlinear in nesting (a 19 KB line of arrays 480 deep
/// took 25 s), while the reading thread reads nothing else. The strict
/// parser of traces reads a line in linear time instead, and its limits
/// bound what the protocol library decodes again after it: no MCP message
/// nests deeper than a few levels or holds more than a few hundred values.
enum IncomingMessage {
    /// Far above any request or answer of the protocol, far below what would stall the session.
    static let limits = JSONParser.Limits(depth: 16, values: 10_000)

    /// The line's JSON value.
    /// - Throws: a `JSONParser.SyntaxError` whose offset is the byte the line breaks at.
    static func value(of line: [UInt8]) throws(JSONParser.SyntaxError) -> Value {
        let parsed: Result<JSONValue, JSONParser.SyntaxError> = line.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONParser.SyntaxError) -> JSONValue in try JSONParser.parse(bytes, limits: limits) }
        }
        return value(of: try parsed.get())
    }

    private static func value(of json: JSONValue) -> Value {
        switch json.content {
        case .null: .null
        case .bool(let flag): .bool(flag)
        // As `Value` decodes a number: a whole one that fits is an integer.
        case .number(let number): number.int64.flatMap { Int(exactly: $0) }.map(Value.int) ?? .double(number.double)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(value(of:)))
        case .object(let object):
            .object(Dictionary(uniqueKeysWithValues: object.members.map { ($0.key, value(of: $0.value)) }))
        }
    }

    /// The error message for a line that cannot be read: the byte (from 1)
    /// and what is wrong there, never the line's text.
    static func parseError(_ error: JSONParser.SyntaxError) -> String {
        "parse error at byte \(error.offset + 1) of the line: \(error.message)"
    }
}
