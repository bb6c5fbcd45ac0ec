import Foundation
import Testing

/// The inputs fuzzing (and the attacks by hand before it) found, replayed
/// through the same harness `make fuzz` runs: each must end in a result or
/// a diagnostic, never a trap.
@Suite("inputs found by fuzzing")
struct FuzzInputTests {
    static let harness = Causegraph.executable.deletingLastPathComponent().appendingPathComponent("causegraph-fuzz")

    @Test("every saved input is handled", arguments: ["instruments", "changes", "native", "title"])
    func replay(_ target: String) throws {
        let folder = fixture("fuzz/\(target)")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        #expect(!inputs.isEmpty)
        let process = Process()
        process.executableURL = Self.harness
        process.arguments = [target, folder]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(message)")
        #expect(printed == "causegraph-fuzz: \(target): replayed \(inputs.count) inputs\n")
    }
}
