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
