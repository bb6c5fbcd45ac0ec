import CauseGraphTestSupport
import Foundation
import Testing

/// The inputs fuzzing (and the attacks by hand before it) found, replayed
/// through the same harness `make fuzz` runs: each must end in a result or
/// a diagnostic, never a trap.
@Suite("inputs found by fuzzing")
struct FuzzInputTests {
    static let harness = Causegraph.executable.deletingLastPathComponent().appendingPathComponent("causegraph-fuzz")

    @Test(
        "every saved input is handled", arguments: ["instruments", "changes", "native", "title", "budget", "options"])
    func replay(_ target: String) throws {
        let folder = fixture("fuzz/\(target)")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        #expect(!inputs.isEmpty)
        let run = try ProcessRunner.run(Self.harness, [target, folder], timeout: .seconds(300))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output == "causegraph-fuzz: \(target): replayed \(inputs.count) inputs\n")
    }
}
