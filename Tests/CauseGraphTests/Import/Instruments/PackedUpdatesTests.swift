import Testing

@testable import CauseGraph

/// Update details keep kind, severity and whether the body ran in a few bits:
/// a new case that no longer fits must fail here, not garble a join.
@Suite("packed update details")
struct PackedUpdatesTests {
    @Test("every kind and every severity fits the bits they are packed in")
    func casesFit() {
        #expect(NodeKind.allCases.count <= 1 << PackedUpdates.kindBits)
        #expect(Severity.allCases.count <= 1 << PackedUpdates.severityBits)
    }

    @Test("every kind, severity and ran flag, known or not, reads back as written")
    func roundTrip() {
        var packed = PackedUpdates()
        var written: [EventJoin.UpdateDetails] = []
        for kind in [nil] + NodeKind.allCases.map(Optional.some) {
            for severity in [nil] + Severity.allCases.map(Optional.some) {
                for ran in [false, true] {
                    var details = EventJoin.UpdateDetails()
                    details.kind = kind
                    details.severity = severity
                    details.ran = ran
                    details.time = Int64(written.count)
                    details.title = "View\(written.count % 3)"
                    packed.append(details)
                    written.append(details)
                }
            }
        }
        for (index, details) in written.enumerated() {
            let read = packed[index]
            #expect(read.kind == details.kind && read.severity == details.severity && read.ran == details.ran)
            #expect(
                read.time == details.time && read.title == details.title && read.duration == nil && read.module == nil)
        }
    }
}
