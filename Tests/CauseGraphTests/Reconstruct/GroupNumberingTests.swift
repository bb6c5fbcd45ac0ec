import Testing

@testable import CauseGraph

@Suite("Group numbering")
struct GroupNumberingTests {
    @Test("one document keeps its trace's ids, in whatever order they are met")
    func oneDocument() {
        var numbering = GroupNumbering()
        for id: GroupID in [30, 10, 20, 10] { _ = numbering.intern(id, document: 0) }
        #expect(numbering.finalIDs() == [30, 10, 20])
    }

    @Test("several documents are numbered 1… by document, then id, whatever order they are met in")
    func severalDocuments() {
        var numbering = GroupNumbering()
        let positions = [(1, 10), (1, 10), (0, 30), (0, 10), (1, 10), (1, 5), (0, 5), (0, 5)].map { document, id in
            numbering.intern(GroupID(id), document: document)
        }
        #expect(positions == [0, 0, 1, 2, 0, 3, 4, 4])
        // (0, 5) → 1, (0, 10) → 2, (0, 30) → 3, (1, 5) → 4, (1, 10) → 5.
        #expect(numbering.finalIDs() == [5, 3, 2, 4, 1])
    }

    @Test("documents without groups do not change the ids of the one that has them")
    func oneDocumentWithGroups() {
        var numbering = GroupNumbering()
        _ = numbering.intern(7, document: 2)
        _ = numbering.intern(3, document: 2)
        #expect(numbering.finalIDs() == [7, 3])
    }
}
