import CauseGraphTestSupport
import Foundation
import Testing

@Suite("convert")
struct ConvertCommandTests {
    @Test("a long conversion to a large file matches the input graph")
    func largeRoundTrip() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("large.jsonl")
        try SyntheticTrace(views: 1_200).write(to: trace)
        let converted = try Causegraph.run(["convert", trace, "-o", scratch.path("converted.jsonl")])
        #expect(converted.status == 0)
        // The synthetic trace is written by the same encoder, so converting it changes nothing.
        #expect(try scratch.read("converted.jsonl") == scratch.read("large.jsonl"))
        #expect(scratch.entries == ["converted.jsonl", "large.jsonl"])
    }

    @Test(
        "a failed write is reported against the output, with exit status 2",
        .enabled(
            if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full, whose writes fail with ENOSPC"))
    func fullDevice() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("large.jsonl")
        // Larger than the output's buffer, so the write fails while the input is still being read.
        try SyntheticTrace(views: 1_200).write(to: trace)
        let result = try Causegraph.run(["convert", trace, "-o", "/dev/full"])
        #expect(result.status == 2)
        #expect(result.standardError == "/dev/full: error: cannot write: No space left on device\n")
    }
}
