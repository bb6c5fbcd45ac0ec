import Testing

@testable import CauseGraph

@Suite("how a diff names its two recordings")
struct DiffLabelsTests {
    @Test("the shortest trailing parts that tell the paths apart, never a folder more")
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
    }

    @Test("a label that needs every folder of an absolute path keeps its root '/', and reads as absolute")
    func absoluteWhole() {
        #expect(
            DiffLabels.distinguishing("/work/main/fixtures/a.jsonl", "work/main/fixtures/a.jsonl")
                == ("/work/main/fixtures/a.jsonl", "work/main/fixtures/a.jsonl"))
        #expect(DiffLabels.distinguishing("/x/t.jsonl", "y/x/t.jsonl") == ("/x/t.jsonl", "y/x/t.jsonl"))
        #expect(DiffLabels.distinguishing("/", ".") == ("/", "."))
    }

    @Test("the same path twice, absolute or not, is its file name on both sides")
    func samePathTwice() {
        #expect(
            DiffLabels.distinguishing("/work/main/fixtures/a.jsonl", "/work/main/fixtures/a.jsonl")
                == ("a.jsonl", "a.jsonl"))
        #expect(DiffLabels.distinguishing("fixtures/a.jsonl", "./fixtures/a.jsonl") == ("a.jsonl", "a.jsonl"))
        #expect(DiffLabels.distinguishing("/", "/") == ("/", "/"))
        #expect(DiffLabels.distinguishing("-", "-") == ("standard input", "standard input"))
    }
}
