import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// What a recorder keeps of a native trace given as text.
private func record(_ text: String, updatesPerNode: Int, listedEvents: Int) throws -> ReportRecorder {
    let directory = try TemporaryFolder()
    let path = try directory.write("trace.jsonl", text)
    var diagnostics = Diagnostics()
    var recorder = ReportRecorder(updatesPerNode: updatesPerNode, listedEvents: listedEvents)
    try TraceInput.read(paths: [path], into: &recorder, diagnostics: &diagnostics)
    return recorder
}

private func body(_ id: Int, _ title: String, at milliseconds: Int) -> String {
    #"{"node": \#(id), "kind": "body", "title": "\#(title)", "owner": "app", "time": \#(milliseconds * 1_000_000), "duration": 1000, "ran": true}"#
}

/// A state change, then ten updates of A arriving latest first, each caused
/// by the state change, then three updates of B in time order.
private let trace =
    ([
        #"{"causegraph": 1, "app": "Test"}"#,
        #"{"node": 100, "kind": "state", "title": "S", "owner": "app", "time": 0}"#,
    ]
    + (1...10).flatMap { n in [body(n, "A", at: 11 - n), #"{"edge": [100, \#(n)], "label": "invalidation"}"#] }
    + [body(11, "B", at: 20), body(12, "B", at: 21), body(13, "B", at: 22)]).joined(separator: "\n") + "\n"

@Suite("Report recorder")
struct ReportRecorderTests {
    private func key(_ title: String, _ kind: NodeKind = .body) -> NodeKey {
        NodeKey(kind: kind, title: title, module: nil, owner: .app)
    }

    @Test("each node lists its earliest updates with their causes, whatever order they arrive in")
    func earliestFirst() throws {
        let recorder = try record(trace, updatesPerNode: 4, listedEvents: 100)
        let a = try #require(recorder.events.listing(of: key("A")))
        #expect(a.events.map(\.event.event.id) == [10, 9, 8, 7], "the updates at 1, 2, 3 and 4 ms")
        #expect(a.more == 6)
        #expect(a.events.allSatisfy { $0.causes.map(\.event) == [100] })
        #expect(recorder.events.updatesPerNode == 4)
    }

    @Test("beyond the events all lists may hold, every list is cut to half as many, and says how many it left out")
    func boundedLists() throws {
        let recorder = try record(trace, updatesPerNode: 4, listedEvents: 5)
        #expect(recorder.events.updatesPerNode == 2)
        let a = try #require(recorder.events.listing(of: key("A")))
        #expect(a.events.map(\.event.event.id) == [10, 9])
        #expect(a.more == 8)
        #expect(a.events.allSatisfy { $0.causes.map(\.event) == [100] }, "links into dropped events are not kept")
        let b = try #require(recorder.events.listing(of: key("B")))
        #expect(b.events.map(\.event.event.id) == [11, 12])
        #expect(b.more == 1)
        let s = try #require(recorder.events.listing(of: key("S", .state)))
        #expect(s.events.map(\.event.event.id) == [100] && s.more == 0)
        #expect(recorder.events.slots.count - recorder.events.free.count <= 5)
    }
}
