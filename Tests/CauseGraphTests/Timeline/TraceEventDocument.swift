import CauseGraph
import CauseGraphTestSupport

/// A Chrome Trace Event Format document as a viewer reads it, parsed with
/// the library's JSON parser, for tests to check its structure.
struct TraceEventDocument {
    /// One entry of `traceEvents`.
    struct Event {
        var phase: String
        var category: String?
        var name: String
        var process: Int64
        var track: Int64
        /// The timestamp as written, exact.
        var ts: String?
        var dur: String?
        var id: Int64?
        var bindingPoint: String?
        var scope: String?
        var args: JSONValue?

        /// A timestamp or duration in nanoseconds, read from its exact decimal text.
        static func nanoseconds(_ text: String) -> Int64 {
            let negative = text.hasPrefix("-")
            let digits = negative ? String(text.dropFirst()) : text
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            var value = Int64(parts[0])! * 1000
            if parts.count == 2 {
                let fraction = parts[1] + String(repeating: "0", count: 3 - parts[1].count)
                value += Int64(fraction)!
            }
            return negative ? -value : value
        }

        var start: Int64 { Self.nanoseconds(ts!) }
        var end: Int64 { start + Self.nanoseconds(dur!) }
        var event: Int64? { args?["event"]?.numberValue }
    }

    let root: JSONValue
    let events: [Event]

    init(_ bytes: [UInt8]) throws {
        root = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        events = try (root["traceEvents"]?.arrayValue ?? []).map { value in
            func text(_ key: String) -> String? {
                guard case .number(let number)? = value[key]?.content else { return value[key]?.stringValue }
                return number.text
            }
            guard let phase = value["ph"]?.stringValue, let name = value["name"]?.stringValue,
                let process = value["pid"]?.numberValue, let track = value["tid"]?.numberValue
            else { throw DocumentError(description: "an event lacks ph, name, pid or tid") }
            return Event(
                phase: phase, category: value["cat"]?.stringValue, name: name, process: process, track: track,
                ts: text("ts"), dur: text("dur"), id: value["id"]?.numberValue, bindingPoint: value["bp"]?.stringValue,
                scope: value["s"]?.stringValue, args: value["args"])
        }
    }

    struct DocumentError: Error, CustomStringConvertible {
        var description: String
    }

    func events(_ phase: String, category: String? = nil) -> [Event] {
        events.filter { $0.phase == phase && (category == nil || $0.category == category) }
    }

    /// The name each (process, track) pair was given by `thread_name` metadata.
    var trackNames: [String: String] {
        var names: [String: String] = [:]
        for event in events("M") where event.name == "thread_name" {
            names["\(event.process)/\(event.track)"] = event.args?["name"]?.stringValue
        }
        return names
    }

    /// The name each process was given by `process_name` metadata.
    var processNames: [Int64: String] {
        var names: [Int64: String] = [:]
        for event in events("M") where event.name == "process_name" {
            names[event.process] = event.args?["name"]?.stringValue
        }
        return names
    }
}
