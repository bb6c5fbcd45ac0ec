import Testing

@testable import CauseGraph

@Suite("how a diff names its two recordings")
struct DiffLabelsTests {
    @Test("the shortest trailing parts that tell the paths apart, never a folder more, never absolute")
    func shortest() {
        #expect(
            DiffLabels.distinguishing("/Users/me/traces/old.jsonl", "/Users/me/traces/new.jsonl") == (
                "old.jsonl", "new.jsonl"
            ))
        #expect(
            DiffLabels.distinguishing("/ci/runs/before/trace.xml", "/ci/runs/after/trace.xml")
                == ("before/trace.xml", "after/trace.xml"))
        #expect(DiffLabels.distinguishing("trace.xml", "/tmp/old/trace.xml") == ("trace.xml", "old/trace.xml"))
        #expect(DiffLabels.distinguishing("./a.jsonl", "a.jsonl") == ("a.jsonl", "a.jsonl"), "the same file twice")
        #expect(DiffLabels.distinguishing("/a/x/t.jsonl", "/b/x/t.jsonl") == ("a/x/t.jsonl", "b/x/t.jsonl"))
        #expect(DiffLabels.distinguishing("-", "/tmp/after.jsonl") == ("standard input", "after.jsonl"))
        #expect(DiffLabels.distinguishing("/", ".") == (".", "."))
    }
}
