import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("Line reader")
struct LineReaderTests {
    private func lines(of bytes: [UInt8]) throws -> [String] {
        let directory = try TemporaryFolder()
        let path = directory.path("lines.txt")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var lines: [String] = []
        var numbers: [Int] = []
        try LineReader(try ByteStream(path: path)).forEachLine { line, number in
            lines.append(String(decoding: line, as: UTF8.self))
            numbers.append(number)
        }
        #expect(numbers == Array(1...max(lines.count, 1)).prefix(lines.count).map { $0 })
        return lines
    }

    @Test("splits on LF, drops CR before it, keeps a last line without an end")
    func splits() throws {
        #expect(try lines(of: Array("a\r\nb\n\nc".utf8)) == ["a", "b", "", "c"])
        #expect(try lines(of: Array("a\n".utf8)) == ["a"])
        #expect(try lines(of: []) == [])
    }

    @Test("a byte-order mark before the first line is dropped; one later is text")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try lines(of: mark + Array("a\n".utf8) + mark + Array("b".utf8)) == ["a", "\u{FEFF}b"])
        #expect(try lines(of: mark) == [""])
    }

    @Test("lines that straddle read chunks come out whole")
    func chunkBoundaries() throws {
        let long = String(repeating: "x", count: ByteStream.chunkSize + 17)
        let text = "first\n" + long + "\nlast"
        #expect(try lines(of: Array(text.utf8)) == ["first", long, "last"])
    }
}
