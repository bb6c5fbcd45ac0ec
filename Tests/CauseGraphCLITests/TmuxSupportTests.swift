import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("tmux for the terminal tests")
struct TmuxSupportTests {
    @Test(
        "the server obeys kill-server and inherits none of the test run's pipes",
        .enabled(if: Tmux.executable != nil, "\(Tmux.unavailable)"))
    func serverStartsClean() throws {
        // A pipe another test could be waiting on the end of, open while the server starts.
        var held: [Int32] = [0, 0]
        try #require(pipe(&held) == 0)
        defer { for descriptor in held { close(descriptor) } }

        let tmux = try Tmux("true")
        #if os(Linux)
            let pipeInode = try inode(of: "/proc/self/fd/\(held[1])")
            let serverDescriptors = try FileManager.default.contentsOfDirectory(
                atPath: "/proc/\(tmux.serverProcess)/fd")
            let inherited = serverDescriptors.filter {
                (try? inode(of: "/proc/\(tmux.serverProcess)/fd/\($0)")) == pipeInode
            }
            #expect(inherited.isEmpty, "the server holds the test's pipe as descriptors \(inherited)")
        #endif
        try tmux.close()
        #expect(!Tmux.isRunning(tmux.serverProcess))
    }

    private func inode(of link: String) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: link)
    }
}
