import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("Atomic output")
struct OutputFileTests {
    @Test("nothing appears until commit, then the whole file at once")
    func commit() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("out.txt")
        let file = try OutputFile(path: path)
        try file.write(String(repeating: "y", count: 3 << 20))
        #expect(!FileManager.default.fileExists(atPath: path))
        try file.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 3 << 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.txt"])
    }

    @Test("an abandoned write leaves the existing file and no temporary file")
    func abandon() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("out.txt", "keep me")
        do {
            let file = try OutputFile(path: path)
            try file.write(String(repeating: "z", count: 2 << 20))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.txt"])
    }

    @Test("a missing folder is an error naming the output and the folder")
    func missingFolder() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("no/such/out.txt")
        let expected = Diagnostic.error(
            "cannot write: cannot create a file in '\(directory.path("no/such"))/': No such file or directory",
            at: SourceLocation(file: path))
        #expect(throws: expected) { _ = try OutputFile(path: path) }
    }

    @Test("a path through a file, not a folder, is an error naming the output")
    func pathThroughFile() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("plain.txt", "keep me") + "/out.txt"
        #expect(throws: Diagnostic.error("cannot write: Not a directory", at: SourceLocation(file: path))) {
            _ = try OutputFile(path: path)
        }
    }
}

@Suite("Output to special files")
struct SpecialOutputTests {
    @Test("a device is written through, never replaced")
    func devNull() throws {
        let file = try OutputFile(path: "/dev/null")
        try file.write("discarded")
        try file.commit()
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("a symbolic link keeps pointing at the file it names, which is replaced")
    func symbolicLink() throws {
        let directory = try TemporaryFolder()
        let target = try directory.write("target.txt", "old")
        let link = directory.path("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let file = try OutputFile(path: link)
        try file.write("new")
        try file.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }

    @Test(
        "a link to a file not yet written is kept, and the file it names is made",
        arguments: [("absolute", true), ("relative, through a second link", false)])
    func danglingLink(_ name: String, absolute: Bool) throws {
        let directory = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: false)
        let target = directory.path("sub/made.txt")
        let link = directory.path("link.txt")
        if absolute {
            #expect(symlink(target, link) == 0)
        } else {
            #expect(symlink("made.txt", directory.path("sub/inner.txt")) == 0)
            #expect(symlink("sub/inner.txt", link) == 0)
        }
        try OutputFile.write("new", to: link)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path("sub")).sorted()
                == (absolute ? ["made.txt"] : ["inner.txt", "made.txt"]))
    }

    @Test("a loop of links is an error naming the output, and nothing is written")
    func linkLoop() throws {
        let directory = try TemporaryFolder()
        let link = directory.path("a.txt")
        #expect(symlink("b.txt", link) == 0)
        #expect(symlink("a.txt", directory.path("b.txt")) == 0)
        #expect(
            throws: Diagnostic.error("cannot write: Too many levels of symbolic links", at: SourceLocation(file: link))
        ) {
            try OutputFile.write("new", to: link)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["a.txt", "b.txt"])
    }
}

@Suite("Replaced outputs keep their permissions")
struct OutputPermissionTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test("a replaced file keeps its mode", arguments: [0o600, 0o640, 0o444, 0o755] as [mode_t])
    func mode(_ mode: mode_t) throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("out.txt", "old")
        #expect(chmod(path, mode) == 0)
        let file = try OutputFile(path: path)
        try file.write("new")
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(Self.mode(path) == mode)
    }

    @Test("a private file stays private while it is being written")
    func temporaryIsPrivate() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("out.txt", "old")
        #expect(chmod(path, 0o600) == 0)
        let file = try OutputFile(path: path)
        try file.write("new")
        let temporary = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).first { $0 != "out.txt" })
        #expect(Self.mode(directory.path(temporary)) == 0o600)
        try file.commit()
    }

    @Test("a new file's mode follows the umask")
    func newFile() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("out.txt")
        let mask = umask(0o027)
        defer { umask(mask) }
        let file = try OutputFile(path: path)
        try file.commit()
        #expect(Self.mode(path) == 0o640)
    }

    @Test(
        "a replaced file keeps its owner and group, where the process may set them",
        .enabled(if: geteuid() == 0, "only root may give a file away"))
    func owner() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write("out.txt", "old")
        #expect(chown(path, 65_534, 65_534) == 0)
        let file = try OutputFile(path: path)
        try file.write("new")
        try file.commit()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_uid == 65_534)
        #expect(info.st_gid == 65_534)
    }
}
