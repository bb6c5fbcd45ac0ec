import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("browser test support", .tags(.browser))
struct BrowserSupportTests {
    @Test("a browser that never answers times out, and its process group is ended")
    func unresponsiveBrowser() throws {
        let scratch = try TemporaryFolder()
        let marker = scratch.path("started")
        let fake = try scratch.write("fake-browser", "#!/bin/sh\necho $$ > '\(marker)'\nsleep 60 &\nwait\n")
        chmod(fake, 0o755)
        // Only the one-second deadline can end the wait: the fake never answers.
        #expect {
            _ = try Chromium(executable: fake, timeout: 1)
        } throws: { error in
            "\(error)".contains("timed out waiting for Browser.getVersion")
        }
        let pid = try #require(
            Int32(
                String(decoding: try scratch.read("started"), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the fake browser is gone")
        #if os(Linux)
            // SIGKILL is delivered asynchronously: give the group's processes a moment to die.
            var living = livingMembers(ofGroup: pid)
            for _ in 0..<100 where !living.isEmpty {
                usleep(20_000)
                living = livingMembers(ofGroup: pid)
            }
            #expect(living.isEmpty, "and so is everything it started")
        #endif
    }

    #if os(Linux)
        /// The processes of a process group that are not zombies (a zombie waits for init to reap it).
        private func livingMembers(ofGroup group: Int32) -> [Int32] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> Int32? in
                guard let pid = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return nil }
                // After "pid (name) ": state, parent, process group.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 2, fields[0] != "Z", Int32(fields[2]) == group else { return nil }
                return pid
            }
        }
    #endif

    @Test("a browser that quits at once is reported, not waited for")
    func quittingBrowser() throws {
        let scratch = try TemporaryFolder()
        let fake = try scratch.write("fake-browser", "#!/bin/sh\necho 'cannot open display' >&2\nexit 1\n")
        chmod(fake, 0o755)
        #expect {
            _ = try Chromium(executable: fake, timeout: 20)
        } throws: { error in
            // Whether it quits before or after the first command is written, the failure says so, with its own words.
            "\(error)".contains("the browser quit") && "\(error)".contains("Browser.getVersion")
                && "\(error)".contains("cannot open display")
        }
    }

    @Test("PNG decoding: a Graphviz PNG has its size, a white background and the app's blue fill")
    func decodesPNG() throws {
        let result = try Causegraph.run(["render", fixture("onoff-toggle.jsonl"), "--format", "png", "-o", "-"])
        #expect(result.status == 0)
        let bytes = [UInt8](result.standardOutput)
        let image = try PNGImage(bytes)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(image.width == width && image.height == height && width > 100 && height > 50)
        #expect(image.colour(x: 1, y: 1) == (255, 255, 255))
        var blue = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.colour(x: x, y: y) == (0xdb, 0xea, 0xfe) { blue += 1 }
        }
        #expect(blue > 500, "\(blue) pixels of the app fill")
        #expect(throws: PNGImage.Failure.self) { try PNGImage(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: PNGImage.Failure.self) { try PNGImage(Array("GIF89a".utf8)) }
    }
}
