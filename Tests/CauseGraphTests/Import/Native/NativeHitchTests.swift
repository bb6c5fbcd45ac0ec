import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("Native format: hitch records")
struct NativeHitchTests {
    /// Every record of a native file, in order.
    private static func records(_ path: String) throws -> [ChangeLogRecorder.Record] {
        var sink = ChangeLogRecorder()
        try NativeTraceReader.read(try ByteStream(path: path), into: &sink)
        return sink.records
    }

    @Test("hitch and hang records survive encoding and reading again, field for field")
    func roundTrip() throws {
        let path = packageRoot.appendingPathComponent("fixtures/landmarks-favorites-hitches.jsonl").path
        let read = try Self.records(path)
        let hitches = read.compactMap { if case .hitch(let hitch) = $0 { hitch } else { nil } }
        #expect(
            hitches == [
                Hitch(
                    kind: .hitch, start: 2_043_666_585, duration: 33_340_000, process: "Landmarks (4242)",
                    narrative: "Potentially expensive app update(s)"),
                Hitch(
                    kind: .hang, start: 3_466_800_000, duration: 265_427_896, hangType: "Microhang",
                    process: "Landmarks (4242)"),
                Hitch(
                    kind: .hitch, start: 4_910_333_137, duration: 16_670_000, process: "Landmarks (4242)",
                    narrative: "Potentially expensive app update(s)"),
                Hitch(
                    kind: .hitch, start: 6_000_000_000, duration: 8_330_000, process: "Landmarks (4242)",
                    narrative: "Expensive commit"),
            ])
        var lines: [String] = []
        for record in read {
            switch record {
            case .begin(let header): lines.append(NativeTraceEncoder.line(header))
            case .event(let event): lines.append(NativeTraceEncoder.line(event))
            case .cause(let cause): lines.append(NativeTraceEncoder.line(cause))
            case .group(let group): lines.append(NativeTraceEncoder.line(group))
            case .hitch(let hitch): lines.append(NativeTraceEncoder.line(hitch))
            }
        }
        let directory = try TemporaryFolder()
        let again = try Self.records(try directory.write("again.jsonl", lines.joined(separator: "\n") + "\n"))
        #expect(again == read)
        // Absent fields are left out; text is JSON-escaped, and an empty string is kept.
        let hang = Hitch(kind: .hang, start: 5, duration: 7, hangType: "Hang \"x\"", process: nil, narrative: "")
        #expect(
            NativeTraceEncoder.line(hang)
                == #"{"hitch": "hang", "start": 5, "duration": 7, "hangType": "Hang \"x\"", "narrative": ""}"#)
    }

    @Test(
        "a bad hitch record is a one-line error at its line and column",
        arguments: [
            (
                #"{"hitch": "frame", "start": 1, "duration": 2}"#,
                #"trace.jsonl:2:11: error: unknown hitch "frame"; expected one of "hitch", "hang""#
            ),
            (#"{"hitch": "hitch", "duration": 2}"#, #"trace.jsonl:2:1: error: missing required key "start""#),
            (
                #"{"hitch": "hang", "start": -1, "duration": 2}"#,
                #"trace.jsonl:2:28: error: "start" must be a whole number from 0 to 9223372036854775807, found -1"#
            ),
            (
                #"{"hitch": "hang", "start": 1, "duration": 2, "hangType": 3}"#,
                #"trace.jsonl:2:58: error: "hangType" must be a string, found a number"#
            ),
        ])
    func badRecords(line: String, expected: String) throws {
        #expect(try importError(ofTrace: traceHeader + "\n" + line + "\n") == expected)
    }
}
