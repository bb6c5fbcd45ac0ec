import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    @Test("a private pipe ends when its writer closes it, though a program started meanwhile took all it could")
    func privatePipe() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let plain = (
            reading: FileHandle(fileDescriptor: ends[0], closeOnDealloc: true),
            writing: FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        )
        let own = try PrivatePipe()
        // A raw posix_spawn with no file actions: the child keeps each descriptor not marked close-on-exec.
        var child: pid_t = 0
        let command = ["/bin/sleep", "30"]
        let arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        try #require(SpawnEnvironment.withBlock { posix_spawn(&child, "/bin/sleep", nil, nil, arguments, $0) } == 0)
        try #require(child > 0)
        defer {
            kill(child, SIGKILL)
            _ = CleanSpawn.wait(child)
        }
        try plain.writing.close()
        try own.writing.close()
        #expect(Self.reachesEnd(own.reading, withinMilliseconds: 10_000))
        // The control: a plain pipe, as Foundation's `Pipe` makes, whose writing end the program still holds.
        #expect(!Self.reachesEnd(plain.reading, withinMilliseconds: 300))
    }

    /// Whether reading `handle` would find the end of the pipe within the time given.
    private static func reachesEnd(_ handle: FileHandle, withinMilliseconds timeout: Int32) -> Bool {
        var watched = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, timeout) == 1 && watched.revents & Int16(POLLHUP) != 0
    }
}
