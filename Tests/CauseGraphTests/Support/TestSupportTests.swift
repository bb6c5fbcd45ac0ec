import CauseGraphTestSupport
import Foundation
import Testing

/// The helpers other tests lean on: each must fail when it should.
@Suite("test support")
struct TestSupportTests {
    @Test("recording a golden file writes it and fails the test, so a re-record is always seen")
    func recordingFails() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("golden.txt")
        withKnownIssue { try Golden.check("one\ntwo\n", against: path, recording: true) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\n")
        try Golden.check("one\ntwo\n", against: path, recording: false)
        withKnownIssue { try Golden.check("one\n2\n", against: path, recording: false) }
    }

    @Test("a line diff shows the changed lines between a line of context")
    func lineDiff() {
        let diff = LineDiff("a\nb\nc\nd\n", "a\nb\nC\nd\n").description
        #expect(diff == "@@ line 3: 1 old, 1 new @@\n  b\n- c\n+ C\n  d")
        let appended = LineDiff("a\n", "a\nb\n").description
        #expect(appended == "@@ line 2: 0 old, 1 new @@\n  a\n+ b\n  ")
        let long = LineDiff("", (1...30).map(String.init).joined(separator: "\n")).description
        #expect(long.hasSuffix("+ 20\n+ … 10 more lines"))
    }

    @Test("a mark ‸ gives its line and column in Unicode scalars and leaves the text")
    func markedText() {
        let input = MarkedText("first\nCafé ☕️ ‸x")
        #expect(input.text == "first\nCafé ☕️ x")
        #expect(input.line == 2 && input.column == 9)
        #expect(input.error("bad", in: "f.txt") == "f.txt:2:9: error: bad")
    }
}
