import CauseGraph
import Foundation
import Testing

@Suite("Atomic output")
struct OutputFileTests {
    @Test("nothing appears until commit, then the whole file at once")
    func commit() throws {
        let directory = try TemporaryDirectory()
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
        let directory = try TemporaryDirectory()
        let path = try directory.file("out.txt", "keep me")
        do {
            let file = try OutputFile(path: path)
            try file.write(String(repeating: "z", count: 2 << 20))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.txt"])
    }

    @Test("a missing folder is an error naming the output")
    func missingFolder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("no/such/out.txt")
        #expect(throws: Diagnostic.error("cannot write: No such file or directory", at: SourceLocation(file: path))) {
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
        let directory = try TemporaryDirectory()
        let target = try directory.file("target.txt", "old")
        let link = directory.path("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let file = try OutputFile(path: link)
        try file.write("new")
        try file.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }
}
