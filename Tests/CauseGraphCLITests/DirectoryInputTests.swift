import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("folders and streams as traces")
struct DirectoryInputTests {
    let trace = fixture("onoff-toggle.jsonl")

    @Test("a FIFO inside a folder is skipped with a note, not opened (which would block for ever)")
    func fifoInFolderDoesNotHang() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: trace, toPath: scratch.path("onoff.jsonl"))
        #expect(mkfifo(scratch.path("pipe"), 0o600) == 0)
        let result = try ProcessRunner.run(
            Causegraph.executable, ["render", scratch.url.path, "--format", "dot"], in: scratch.url,
            timeout: .seconds(60))
        #expect(result.status == 0)
        #expect(result.output.contains("OnOffView"))
        #expect(
            result.standardError == "\(scratch.url.path): note: skipped 1 entry that is not a regular file ('pipe')\n")
    }

    @Test("a FIFO named directly is read as a stream")
    func fifoNamedDirectly() throws {
        let scratch = try TemporaryFolder()
        let pipe = scratch.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        // Should the read fail, the writer still blocked on the FIFO is killed once the test lets go of it.
        let writer = try StartedProgram(["/bin/sh", "-c", "cat \"$0\" > \"$1\"", trace, pipe])
        let result = try withExtendedLifetime(writer) {
            try ProcessRunner.run(
                Causegraph.executable, ["render", pipe, "--format", "dot"], in: scratch.url, timeout: .seconds(60))
        }
        #expect(result.status == 0)
        #expect(result.output.contains("OnOffView"))
        #expect(result.standardError.isEmpty)
    }

    @Test("a folder of exports with a README, a rendered graph and a subfolder renders its traces")
    func folderAsUsersKeepIt() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path("recordings")
        try FileManager.default.createDirectory(atPath: folder + "/old", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: trace, toPath: folder + "/onoff.jsonl")
        try Data("# Recordings\n\nMade on an iPhone 15.\n".utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))
        let graph = try Causegraph.run(["render", trace, "-o", folder + "/graph.json"])
        #expect(graph.status == 0)
        let result = try Causegraph.run(["render", folder, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output == (try Causegraph.run(["render", trace, "--format", "json"])).output)
        #expect(
            result.standardError
                == "\(folder): note: skipped 2 files that are not traces ('README.md', 'graph.json' (causegraph's graph JSON)) and 1 folder ('old/')\n"
        )

        let explicit = try Causegraph.run(["render", folder, "--format", "json", "--input-format", "native"])
        #expect(explicit.status == 2)
        #expect(
            explicit.standardError.hasPrefix(
                "\(folder): note: skipped 1 folder ('old/')\n\(folder)/README.md:1:1: error:"))
    }

    @Test("a folder with no trace left says what it skipped")
    func nothingLeft() throws {
        let scratch = try TemporaryFolder()
        _ = try scratch.write("notes.txt", "nothing to see\n")
        let result = try Causegraph.run(["render", scratch.url.path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(scratch.url.path): error: directory holds no trace files; skipped 1 file that is not a trace ('notes.txt')\n"
        )
        #expect(result.standardOutput.isEmpty)
    }
}
