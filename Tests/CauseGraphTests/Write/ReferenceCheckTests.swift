import Testing

@testable import CauseGraph

@Suite("Reference check of a written trace")
struct ReferenceCheckTests {
    private func event(_ id: EventID) -> TraceEvent { TraceEvent(id: id, kind: .body, title: "V", owner: .app) }

    @Test("an event id defined twice in one document is refused; the next document may use it again")
    func duplicateEvents() throws {
        var check = ReferenceCheck()
        try check.define(event(1))
        #expect(throws: TraceConsistencyError.duplicateEvent(1)) { try check.define(event(1)) }
        check.begin()
        try check.define(event(1))
    }

    @Test("a link is refused unless both its events were defined before it")
    func undefinedEvents() throws {
        var check = ReferenceCheck()
        try check.define(event(1))
        try check.define(event(2))
        try check.check(TraceCause(from: 1, to: 2, label: .update))
        #expect(throws: TraceConsistencyError.undefinedEvent(3)) {
            try check.check(TraceCause(from: 3, to: 2, label: .update))
        }
        #expect(throws: TraceConsistencyError.undefinedEvent(4)) {
            try check.check(TraceCause(from: 1, to: 4, label: .update))
        }
    }

    @Test("an update group defined twice in one document is refused")
    func duplicateGroups() throws {
        var check = ReferenceCheck()
        try check.define(UpdateGroup(id: 7, label: "Transaction"))
        #expect(throws: TraceConsistencyError.duplicateGroup(7)) {
            try check.define(UpdateGroup(id: 7, label: "Again"))
        }
    }
}
