import Foundation
import Testing

@testable import CauseGraph

@Suite("live tally of a change log")
struct LiveTallyTests {
    /// The tally of `log`, read as `causegraph top` reads it.
    private func tally(_ log: String) throws -> LiveTally {
        let path = ChangeLogTestFiles.write(Array(log.utf8))
        var tally = LiveTally()
        var diagnostics = Diagnostics()
        try ChangeLogImporter.read(
            [try ByteStream(path: path)], settings: ImportSettings(), into: &tally, diagnostics: &diagnostics)
        return tally
    }

    @Test("counts each view's runs, the unchanged ones, and what drove the others, once per run")
    func counts() throws {
        let tally = try tally(
            """
            Row: @self, @identity changed.
            Row: _count changed.
            Row: _count, _title changed.
            Row: unchanged.
            List: @dependencies changed.

            """)
        #expect(tally.bodies == 5)
        let ranking = tally.ranking
        #expect(ranking.map(\.view) == ["Row", "List"])
        let row = try #require(ranking.first)
        #expect(row.total == 4)
        #expect(row.recent == 4)
        #expect(row.unchanged == 1)
        #expect(row.causes == ["parent input": 1, "new identity": 1, "count": 2, "title": 1])
        #expect(row.mainCause?.name == "count")
        #expect(ranking.last?.causes == ["observed dependencies": 1])
        // Two of the three changed runs, rounded as `why` rounds: 67%, not 66%.
        let text = TopFormatter.format(
            tally, heading: TopFormatter.Heading(source: "app.log", interval: "1s", ended: true))
        #expect(text.contains("Row   count 67%"), "\(text)")
    }

    @Test("a new interval ranks the views by their runs since, then by total")
    func intervals() throws {
        var tally = try tally("A: _x changed.\nA: _x changed.\nB: _y changed.\n")
        tally.startInterval()
        #expect(tally.recentBodies == 0)
        #expect(tally.ranking.map(\.view) == ["A", "B"])
        tally.add(TraceEvent(id: 100, kind: .body, title: "B", owner: .app))
        #expect(tally.ranking.map(\.view) == ["B", "A"])
        #expect(tally.ranking.map(\.recent) == [1, 0])
        #expect(tally.recentBodies == 1)
        #expect(tally.bodies == 4)
    }

    @Test("the table escapes trace text for the terminal and cuts lines to its width")
    func table() throws {
        var tally = try tally("Plain: unchanged.\n")
        tally.add(TraceEvent(id: 100, kind: .state, title: "Evil\u{1B}[2JView._x\u{202E}", owner: .app))
        tally.add(TraceEvent(id: 101, kind: .body, title: "Evil\u{1B}[2JView", owner: .app))
        tally.add(TraceCause(from: 100, to: 101, label: .update))
        let heading = TopFormatter.Heading(source: "app\u{7}.log", interval: "1s", ended: true)
        let text = TopFormatter.format(tally, heading: heading)
        #expect(
            text == """
                causegraph top · app␇.log · 2 body runs of 2 views · end of input
                LAST  TOTAL  UNCHANGED  VIEW          DRIVEN BY
                   1      1          0  Evil␛[2JView  _x� 100%
                   1      1          1  Plain         (no change recorded)

                """)
        let narrow = TopFormatter.format(tally, heading: heading, rows: 1, width: 20)
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 20 })
        #expect(narrow.hasSuffix("… 1 more\n"))
    }

    @Test("the heading keeps the log's file name whole: its folders give way first, then the command's name")
    func headingKeepsFileName() throws {
        let tally = try tally("Row: _count changed.\nList: unchanged.\n")
        func heading(_ source: String, width: Int? = nil) -> Substring {
            let heading = TopFormatter.Heading(source: source, interval: "1s", ended: true)
            return TopFormatter.format(tally, heading: heading, width: width).split(separator: "\n")[0]
        }
        let totals = " · 2 body runs of 2 views · end of input"
        #expect(heading("/Users/someone/logs/app.log") == "causegraph top · …/someone/logs/app.log" + totals)
        #expect(
            heading("/Users/someone/Library/Developer/Xcode/DerivedData/landmarks-favorites-session.log")
                == "…/landmarks-favorites-session.log" + totals)
        #expect(heading("logs/app.log", width: 67) == "causegraph top · …/app.log" + totals)
    }

    @Test("a 40-column pane shrinks the view column first, and every cut ends in an ellipsis")
    func narrowPane() throws {
        var tally = try tally("LandmarkFavoritesCollectionRowDetailView: _isFavorite changed.\n")
        tally.add(TraceEvent(id: 100, kind: .body, title: "漢字の長いビュー名前です", owner: .app))
        let heading = TopFormatter.Heading(source: "app.log", interval: "1s", ended: true)
        let text = TopFormatter.format(tally, heading: heading, width: 40)
        let lines = text.split(separator: "\n").map(String.init)
        // Display columns, not characters: each of the kanji and kana takes two.
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 40 }, "\(lines)")
        let rows = lines.dropFirst(2)
        #expect(
            rows.contains { $0.contains("LandmarkF") && $0.contains("… ") }, "the long title is cut with an ellipsis")
        #expect(rows.contains { $0.contains("漢字") && $0.contains("…") }, "the wide title is cut by its columns")
        #expect(rows.allSatisfy { $0.hasSuffix("…") || $0.contains("%") || $0.contains("recorded") })
        #expect(lines[0].hasSuffix("…"), "the heading is cut with an ellipsis too")
    }

    @Test("in an 8-column pane every line fits, the keys line too", arguments: [false, true])
    func eightColumns(ended: Bool) throws {
        let tally = try tally("Row: _count changed.\nList: unchanged.\n")
        let heading = TopFormatter.Heading(source: "app.log", interval: "200ms", ended: ended)
        let text = TopFormatter.format(tally, heading: heading, rows: 1, width: 8, keys: true)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 8 }, "\(lines)")
        #expect(lines.suffix(2) == ["", ended ? "q quits" : "q quits…"], "\(lines)")
        #expect(
            TopFormatter.format(tally, heading: heading, keys: true).hasSuffix(
                ended ? "\n\nq quits\n" : "\n\nq quits · every 200ms\n"))
    }
}

@Suite("live byte stream")
struct LiveByteStreamTests {
    @Test("a followed file is read as it grows, and a stop ends it like the end of the input")
    func followsAndStops() throws {
        let path = ChangeLogTestFiles.write(Array("A: _x changed.\n".utf8))
        let live = LiveReading(follows: true)
        let stream = try ByteStream(path: path, live: live)
        #expect(try stream.prefix(4096, isEnough: { $0.contains(0x0A) }) == Array("A: _x changed.\n".utf8))
        #expect(try stream.nextChunk() == Array("A: _x changed.\n".utf8))
        let appender = try #require(FileHandle(forWritingAtPath: path))
        appender.seekToEndOfFile()
        appender.write(Data("B: _y changed.\n".utf8))
        try appender.close()
        #expect(try stream.nextChunk() == Array("B: _y changed.\n".utf8))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { live.stop() }
        #expect(try stream.nextChunk() == nil)
        #expect(stream.isAtEnd)
    }

    @Test(
        "a followed log cut short or rotated is numbered again from its first line, as an error there names it",
        arguments: [false, true])
    func startingOverNumbersAgain(rotated: Bool) throws {
        let path = ChangeLogTestFiles.write(Array("A: _x changed.\nA: _x changed.\nA: _x chan".utf8))
        let live = LiveReading(follows: true)
        let stream = try ByteStream(path: path, live: live)
        let text = Data("B: _y changed.\nB: _y\n".utf8)
        var lines: [(Int, String)] = []
        try LineReader(stream).forEachLine { line, number in
            lines.append((number, String(decoding: line, as: UTF8.self)))
            // The whole first file is read by now, its last line held back: it starts over.
            if lines.count == 2 {
                if rotated {
                    // A new file takes the name, as a rotated log's does.
                    try text.write(to: URL(fileURLWithPath: path + ".new"))
                    #expect(rename(path + ".new", path) == 0)
                } else {
                    // Cut and written again in place, as `> log` does.
                    let handle = try #require(FileHandle(forWritingAtPath: path))
                    try handle.truncate(atOffset: 0)
                    try handle.write(contentsOf: text)
                    try handle.close()
                }
            }
            if lines.count == 5 { live.stop() }
        }
        #expect(stream.restarts == 1)
        #expect(lines.map(\.0) == [1, 2, 3, 1, 2])
        #expect(lines.map(\.1) == ["A: _x changed.", "A: _x changed.", "A: _x chan", "B: _y changed.", "B: _y"])
    }

    @Test("a live pipe's prefix is what arrived, up to a whole line after the preamble, not the detection length")
    func eagerPrefix() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let stream = ByteStream(name: "<pipe>", descriptor: descriptors[0], live: LiveReading(follows: false))
        let text = Array(
            "Filtering the log data using \"subsystem == 1\"\n{\"eventMessage\": \"A: _x changed.\"}\n".utf8)
        _ = text.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        // The writer stays open for a while: only a live stream answers before it closes.
        let closed = LockedFlag()
        let writer = descriptors[1]
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(5)) {
            closed.set()
            close(writer)
        }
        #expect(try stream.prefix(4096, isEnough: ChangeLogLayout.isDecided) == text)
        #expect(!closed.isSet, "the prefix waited for the end of the input")
    }
}

private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
