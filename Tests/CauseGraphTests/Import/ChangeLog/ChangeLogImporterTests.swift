import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite("ChangeLogImporter")
struct ChangeLogImporterTests {
    /// 2024-03-05 14:07:21.000000-0800.
    private static let second: Nanoseconds = 1_709_676_441_000_000_000

    /// A `log show` default-style line at `milliseconds` after ``second``.
    private func defaultLine(
        _ milliseconds: Int, _ message: String, process: String = "Landmarks", pid: Int = 4821,
        category: String = "Changed Body Properties"
    ) -> String {
        let fraction = String(milliseconds * 1000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        return
            "2024-03-05 14:07:21.\(padded)-0800 0x2f1c3    Info        0x0                  \(pid)   0    \(process): (SwiftUI) [com.apple.SwiftUI:\(category)] \(message)\n"
    }

    // MARK: Mapping

    @Test func everyEntryBecomesOneCauseOfTheBody() throws {
        let result = try ChangeLogImport("ContentView: @self, @identity, _count, @dependencies, @3, @future changed.\n")
        let cause = { (id: EventID, kind: NodeKind, title: String) in
            TraceEvent(id: id, kind: kind, title: title, owner: .app)
        }
        #expect(
            result.recorder.records == [
                .begin(TraceHeader(app: "input.log")),
                .event(cause(1, .other, "ContentView (parent input)")),
                .event(cause(2, .state, "ContentView.count")),
                .event(cause(3, .observable, "ContentView (observed dependencies)")),
                .event(cause(4, .state, "ContentView.@3")),
                .event(cause(5, .state, "ContentView.@future")),
                .event(TraceEvent(id: 6, kind: .body, title: "ContentView", owner: .app)),
                .cause(TraceCause(from: 1, to: 6, label: .update)),
                .cause(TraceCause(from: 1, to: 6, label: .creation)),
                .cause(TraceCause(from: 2, to: 6, label: .update, changed: ["count"])),
                .cause(TraceCause(from: 3, to: 6, label: .update)),
                .cause(TraceCause(from: 4, to: 6, label: .update, changed: ["@3"])),
                .cause(TraceCause(from: 5, to: 6, label: .update, changed: ["@future"])),
            ])
        let warning = try #require(result.diagnostics.all.first { $0.severity == .warning })
        #expect(warning.message == "unknown change marker @future read as unnamed fields, the first here")
        #expect(warning.location?.line == 1)
    }

    @Test func unchangedIsABodyThatRanWithoutCauses() throws {
        let result = try ChangeLogImport("ContentView: unchanged.\nContentView: _count changed.\n")
        #expect(result.recorder.bodies.map(\.ran) == [true, true])
        #expect(result.recorder.causes.count == 1)
        #expect(
            result.diagnostics.all.map(\.message) == [
                "1 of 2 body evaluations ran with no recorded change (`unchanged.`)"
            ])
        let graph = try graph(of: ["ContentView: unchanged.\n"])
        #expect(graph.nodes.map(\.title) == ["ContentView", GraphBuilder.unrecordedTitle])
        #expect(graph.nodes.map(\.kind) == [.body, .unrecorded])
        #expect(graph.nodes[0].ran == 1)
        #expect(graph.edges.map { "\($0.from)->\($0.to) \($0.kind.rawValue)×\($0.count)" } == ["n2->n1 unrecorded×1"])
    }

    @Test("the notes' counts read with thousands separators")
    func notesGroupThousands() throws {
        let result = try ChangeLogImport(
            String(repeating: "Loaded 12 landmarks\n", count: 1_200)
                + String(repeating: "A: unchanged.\n", count: 1_000))
        #expect(
            result.diagnostics.all.map(\.message) == [
                "skipped 1,200 of 2,200 lines that are not change lines",
                "1,000 of 1,000 body evaluations ran with no recorded change (`unchanged.`)",
            ])
    }

    @Test func standardOutputKeepsOrderAndSkipsOtherLines() throws {
        let result = try ChangeLogImport(
            """
            Landmarks launched
            B: unchanged.
            Loaded 12 landmarks
            A: unchanged.

            C: unchanged.
            """)
        #expect(result.recorder.bodies.map(\.title) == ["B", "A", "C"])
        #expect(result.recorder.bodies.map(\.id) == [1, 2, 3])
        #expect(result.recorder.events.allSatisfy { $0.time == nil && $0.group == nil && $0.module == nil })
        #expect(result.recorder.groups.isEmpty)
        #expect(result.diagnostics.all.first?.message == "skipped 2 of 5 lines that are not change lines")
        #expect(result.diagnostics.all.first?.severity == .note)
    }

    @Test func sameViewAndPropertyMergeIntoCountedEdges() throws {
        let graph = try graph(of: [
            "LandmarkRow: _isFavorite changed.\nLandmarkRow: _isFavorite changed.\nLandmarkRow: @self changed.\n"
        ])
        let state = try #require(graph.nodes.first { $0.title == "LandmarkRow.isFavorite" })
        let body = try #require(graph.nodes.first { $0.title == "LandmarkRow" })
        #expect(body.count == 3)
        let edge = try #require(graph.edges.first { $0.from == state.id })
        #expect(edge.to == body.id)
        #expect(edge.count == 2)
        #expect(edge.kind == .state)
        #expect(edge.changed == ["isFavorite"])
        let parent = try #require(graph.nodes.first { $0.title == "LandmarkRow (parent input)" })
        #expect(parent.kind == .other)
        #expect(graph.edges.first { $0.from == parent.id }?.kind == .update)
    }

    @Test func identityIsACreationEdge() throws {
        let graph = try graph(of: ["Row<Item, Never>: @identity changed.\n"])
        #expect(graph.edges.map(\.kind) == [.creation])
        #expect(graph.edges.map(\.label) == [.creation])
    }

    // MARK: Times, frames and processes

    @Test func timedLinesWithinOneFrameFormAGroup() throws {
        let log =
            defaultLine(0, "A: unchanged.") + defaultLine(10, "B: @self changed.") + defaultLine(17, "C: unchanged.")
            + defaultLine(20, "D: unchanged.")
        let result = try ChangeLogImport(log)
        #expect(
            result.recorder.bodies.map(\.time) == [0, 10, 17, 20].map { Self.second + Nanoseconds($0) * 1_000_000 })
        #expect(result.recorder.bodies.map(\.group) == [1, 1, 2, 2])
        #expect(result.recorder.events.first { $0.kind == .other }?.group == 1)
        #expect(result.recorder.causes.first?.time == Self.second + 10_000_000)
        #expect(
            result.recorder.groups == [
                UpdateGroup(id: 1, label: "Frame", start: Self.second, duration: 10_000_000),
                UpdateGroup(id: 2, label: "Frame", start: Self.second + 17_000_000, duration: 3_000_000),
            ])
        #expect(result.recorder.bodies.allSatisfy { $0.module == "Landmarks" })
    }

    @Test func frameRateSetsTheFrameLength() throws {
        let log = defaultLine(0, "A: unchanged.") + defaultLine(17, "B: unchanged.") + defaultLine(34, "C: unchanged.")
        let slow = try ChangeLogImport(log, frameRate: 30)
        #expect(slow.recorder.bodies.map(\.group) == [1, 1, 2])
        #expect(
            slow.recorder.records.first == .begin(TraceHeader(app: "Landmarks", frameRate: 30)), "titled by the process"
        )
        let fast = try ChangeLogImport(log, frameRate: 120)
        #expect(fast.recorder.bodies.map(\.group) == [1, 2, 3])
    }

    @Test func processesStayApart() throws {
        let log =
            defaultLine(0, "Row: unchanged.")
            + defaultLine(1, "Row: unchanged.", process: "LandmarksWidget", pid: 5310)
            + defaultLine(2, "Row: unchanged.")
        let result = try ChangeLogImport(log)
        #expect(result.recorder.bodies.map(\.module) == ["Landmarks", "LandmarksWidget", "Landmarks"])
        #expect(result.recorder.bodies.map(\.group) == [1, 2, 1])
        let graph = try graph(of: [log])
        #expect(graph.nodes.map(\.module) == ["Landmarks", "LandmarksWidget", nil])
        #expect(graph.nodes.map(\.count) == [2, 1, 3])
    }

    @Test func otherCategoriesAreSkipped() throws {
        let log =
            defaultLine(0, "A: @self changed.", category: "Invalid Configuration") + defaultLine(1, "B: unchanged.")
        let result = try ChangeLogImport(log)
        #expect(result.recorder.bodies.map(\.title) == ["B"])
        #expect(result.diagnostics.all.first?.message == "skipped 1 of 2 lines that are not change lines")
    }

    @Test func strayMessagesOfTheCategoryAreWarnedAbout() throws {
        let log = defaultLine(0, "Something new SwiftUI says") + defaultLine(1, "B: unchanged.")
        let result = try ChangeLogImport(log)
        let warning = try #require(result.diagnostics.all.first { $0.severity == .warning })
        #expect(warning.location?.line == 1)
        #expect(
            warning.message.hasPrefix(
                "skipped 1 message of category “Changed Body Properties” that is not a change line"))
    }

    @Test func jsonEntries() throws {
        let log = """
            [{
              "eventMessage" : "Row: @self changed.",
              "category" : "Changed Body Properties",
              "processImagePath" : "/Applications/Landmarks.app/Contents/MacOS/Landmarks",
              "processID" : 4821,
              "timestamp" : "2024-03-05 14:07:21.000000-0800"
            },{
              "eventMessage" : "Row: unchanged.",
              "processID" : 77,
              "timestamp" : "2024-03-05 14:07:21.005000-0800"
            },{
              "eventType" : "activityCreateEvent",
              "processID" : 77
            }]
            """
        let result = try ChangeLogImport(log, name: "log.json")
        #expect(result.recorder.bodies.map(\.module) == ["Landmarks", "pid 77"])
        #expect(result.recorder.bodies.map(\.time) == [Self.second, Self.second + 5_000_000])
        #expect(result.recorder.bodies.map(\.group) == [1, 2])
        #expect(result.diagnostics.all.first?.message == "skipped 1 of 3 log entries that are not change lines")
    }

    @Test func ndjsonEntries() throws {
        let log = """
            Filtering the log data using "subsystem == \\"com.apple.SwiftUI\\""
            {"eventMessage":"Row: @self changed.","category":"Changed Body Properties","processImagePath":"/x/Landmarks","processID":4821,"timestamp":"2024-03-05 14:07:21.000000-0800"}
            {"eventMessage":"Row: _flag changed.","category":"Invalid Configuration","processImagePath":"/x/Landmarks","processID":4821}

            {"eventMessage":"Zähler: _zählerstand changed.","processImagePath":"/x/Landmarks","processID":4821,"timestamp":"2024-03-05 14:07:21.001000-0800"}
            """
        let result = try ChangeLogImport(log, name: "log.ndjson")
        #expect(result.recorder.bodies.map(\.title) == ["Row", "Zähler"])
        #expect(result.recorder.bodies.map(\.group) == [1, 1])
        #expect(result.recorder.events.contains { $0.title == "Zähler.zählerstand" && $0.kind == .state })
    }

    @Test func byteOrderMarkIsNotPartOfTheText() throws {
        let text = try ChangeLogImport("\u{FEFF}ContentView: unchanged.\n")
        #expect(text.recorder.bodies.map(\.title) == ["ContentView"])
        let lines = try ChangeLogImport("\u{FEFF}{\"eventMessage\":\"ContentView: unchanged.\"}\n", name: "log.ndjson")
        #expect(lines.recorder.bodies.map(\.title) == ["ContentView"])
        let array = try ChangeLogImport("\u{FEFF}[{\"eventMessage\":\"ContentView: unchanged.\"}]\n", name: "log.json")
        #expect(array.recorder.bodies.map(\.title) == ["ContentView"])
    }

    @Test func eachFileIsItsOwnDocument() throws {
        let first = ChangeLogTestFiles.write("A: unchanged.\n")
        let second = ChangeLogTestFiles.write("B: unchanged.\n")
        let result = try ChangeLogImport(paths: [first, second])
        // Files are read in path order.
        let titles = first.utf8.lexicographicallyPrecedes(second.utf8) ? ["A", "B"] : ["B", "A"]
        #expect(
            result.recorder.records == [
                .begin(TraceHeader(app: "input.log")),
                .event(TraceEvent(id: 1, kind: .body, title: titles[0], owner: .app)),
                .begin(TraceHeader(app: "input.log")),
                .event(TraceEvent(id: 1, kind: .body, title: titles[1], owner: .app)),
            ])
    }

    // MARK: Detection

    @Test func detection() {
        let detect = { (text: String) in InputFormat.detect(Array(text.utf8)) }
        #expect(detect("{\"causegraph\": 1}\n{\"node\": 1}\n") == .native)
        #expect(
            detect("<?xml version=\"1.0\"?>\n<trace-query-result>\n") == .instruments,
            "an xctrace export is not a change log")
        #expect(detect("{\"node\": 1, \"kind\": \"body\"}\n") == nil, "JSON objects without log keys are not a log")
        #expect(detect("ContentView: @self changed.\n") == .changes)
        #expect(detect("Some other program output\n") == .changes)
        #expect(detect("[{\n  \"traceID\" : 1,\n  \"eventMessage\" : \"A: unchanged.\"\n}]\n") == .changes)
        #expect(detect("Filtering the log data using \"x\"\n{\"eventMessage\":\"A: unchanged.\"}\n") == .changes)
        #expect(InputFormat.detect([0x00, 0x01, 0xFF, 0xFE, 0x0A]) == nil)
        #expect(InputFormat.detect([0x41, 0xC3]) == .changes, "a character cut by the prefix is still text")
    }

    @Test func layoutOfJSONNeedsLogKeys() {
        #expect(ChangeLogLayout.detect(Array("[{\"eventMessage\": \"A: unchanged.\"}]".utf8))?.layout == .jsonArray)
        #expect(ChangeLogLayout.detect(Array("{\"eventMessage\": \"A: unchanged.\"}".utf8))?.layout == .jsonLines)
        #expect(ChangeLogLayout.detect(Array("[MyApp] started\nA: unchanged.\n".utf8))?.layout == .text)
        let preamble = ChangeLogLayout.detect(
            Array("\u{FEFF}Filtering the log data using \"x\"\n\n[{\"eventMessage\": \"\"}]".utf8))
        #expect(preamble?.layout == .jsonArray)
        #expect(preamble?.preamble == ChangeLogLayout.Preamble(bytes: 3 + 33 + 1, lines: 2))
    }

    @Test func detectedLogsAreImported() throws {
        let result = try ChangeLogImport("Launching\nA: unchanged.\n", format: nil)
        #expect(result.recorder.bodies.map(\.title) == ["A"])
    }

    // MARK: Errors

    @Test func emptyFile() throws {
        let error = try #require(changeLogImportError(""))
        #expect(error.location?.line == 1)
        #expect(error.message.hasPrefix("empty file: expected `_printChanges()` or `_logChanges()` output"))
        let detected = try #require(changeLogImportError("", format: nil))
        #expect(detected.message.hasPrefix("empty file"))
    }

    @Test func noChangeLines() throws {
        let error = try #require(changeLogImportError("hello\nworld\n\nContentView - @self changed.\n"))
        #expect(error.location?.line == nil)
        #expect(
            error.message
                == "no `_printChanges()` or `_logChanges()` change lines among 3 lines; expected lines such as `ContentView: @self, _count changed.` or `ContentView: unchanged.`"
        )
        let one = try #require(changeLogImportError("[]", name: "empty.json"))
        #expect(one.message.hasPrefix("no `_printChanges()` or `_logChanges()` change lines among 1 line;"))
    }

    @Test func binaryGarbage() throws {
        var bytes: [UInt8] = Array("abc".utf8)
        var state: UInt32 = 12345
        for _ in 0..<4000 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        let error = try #require(changeLogImportError(bytes: bytes))
        #expect(error.message == "binary data, not a text log of `_printChanges()` or `_logChanges()` output")
        #expect(error.location?.line == 1)
        #expect(error.location?.column != nil)
        #expect(error.description.contains(":1:"))
        let detected = try #require(changeLogImportError(bytes: bytes, format: nil))
        #expect(detected.message.hasPrefix("unrecognised trace format"))
    }

    /// `--input-format changes` of a pipe of `/dev/urandom` read on for ever: a short line of it
    /// in 250 reads as text.
    @Test("binary data before any change line is refused after 100 lines of it, though some lines read as text")
    func binaryBeforeAnyChangeLine() throws {
        var bytes: [UInt8] = []
        var state: UInt32 = 7
        for line in 0..<1_000 {
            if line % 20 == 19 {
                bytes += Array("plain text\n".utf8)
                continue
            }
            for _ in 0..<40 {
                state = state &* 1_103_515_245 &+ 12345
                bytes.append(UInt8(truncatingIfNeeded: state >> 16) | 0x80)
            }
            bytes.append(0x0A)
        }
        // Read to its end, the change line at the end would have made the rest a warning.
        bytes += Array("A: unchanged.\n".utf8)
        let error = try #require(changeLogImportError(bytes: bytes))
        #expect(error.message == "binary data, not a text log of `_printChanges()` or `_logChanges()` output")
        #expect(error.location?.line == 1)
    }

    @Test func binaryLinesAmongChangeLinesAreWarnedAbout() throws {
        let result = try ChangeLogImport(bytes: Array("A: unchanged.\n".utf8) + [0x41, 0x00, 0x42, 0x0A])
        let warning = try #require(result.diagnostics.all.first { $0.severity == .warning })
        #expect(warning.location == SourceLocation(file: warning.location?.file ?? "", line: 2, column: 2))
    }

    @Test(
        "a real log with a damaged line (invalid UTF-8, a NUL) is detected as a log: the line is skipped, and named",
        arguments: [[0xFF, 0xFE], [0x00]] as [[UInt8]])
    func damagedLineOfARealLog(_ damage: [UInt8]) throws {
        let real = try Data(
            contentsOf: packageRoot.appendingPathComponent("fixtures/real/printchanges-sisoje-mvvm-bd9cebb.txt"))
        // Line 8 is "Sheet: @self changed.": the damage goes after its third letter.
        let line8 = try #require(real.range(of: Data("\nSheet".utf8)))
        var bytes = [UInt8](real)
        bytes.insert(contentsOf: damage, at: line8.lowerBound + 4)
        let result = try ChangeLogImport(bytes: bytes, format: nil)
        let warning = try #require(result.diagnostics.all.first { $0.severity == .warning })
        #expect(warning.location?.line == 8 && warning.location?.column == 4)
        #expect(warning.message == "skipped 1 line of binary data, the first here")
        let whole = try ChangeLogImport(bytes: [UInt8](real), format: nil)
        #expect(result.recorder.records.count < whole.recorder.records.count, "line 8 is lost")
        #expect(!result.recorder.records.isEmpty)
    }

    @Test func truncatedChangeLine() throws {
        let input = MarkedText("A: unchanged.\nContentView: @self, _cou‸")
        let error = try #require(changeLogImportError(input.text))
        #expect(input.isMarked(error.location))
        #expect(error.message.hasPrefix("change line cut short"))
    }

    @Test func truncatedChangeLineInTheChangeCategory() throws {
        let error = try #require(
            changeLogImportError(defaultLine(0, "A: unchanged.") + defaultLine(1, "ContentView: unchan")))
        #expect(error.location?.line == 2)
        #expect(error.message.hasPrefix("change line cut short"))
    }

    @Test func invalidTimestampInText() throws {
        let input = MarkedText("‸2024-02-30 14:07:21.480215-0800 0x2f1c3 Info 0x0 4821 0 Landmarks: A: unchanged.\n")
        let error = try #require(changeLogImportError(input.text))
        #expect(input.isMarked(error.location))
        #expect(error.message == "invalid timestamp: no such date 2024-02-30")
    }

    @Test func malformedNDJSON() throws {
        let input = MarkedText(
            "{\"eventMessage\":\"A: unchanged.\"}\n{\"eventMessage\": \"B: unchanged.\", \"timestamp\": ‸}\n")
        let error = try #require(changeLogImportError(input.text, name: "log.ndjson"))
        #expect(input.isMarked(error.location))
        #expect(error.message == "not JSON: expected a JSON value")
    }

    @Test func truncatedNDJSON() throws {
        let error = try #require(
            changeLogImportError(
                "{\"eventMessage\":\"A: unchanged.\"}\n{\"eventMessage\":\"B: unch", name: "log.ndjson"))
        #expect(error.location?.line == 2)
        #expect(error.message == "not JSON: unterminated string")
    }

    @Test func ndjsonLineThatIsNotAnObject() throws {
        let error = try #require(
            changeLogImportError("{\"eventMessage\":\"A: unchanged.\"}\n[1]\n", name: "log.ndjson"))
        #expect(error.location?.line == 2)
        #expect(error.message == "expected a log entry object, found an array")
    }

    @Test func malformedJSONArrayPointsIntoTheEntry() throws {
        let log = MarkedText(
            "[{\n  \"eventMessage\" : \"A: unchanged.\"\n},{\n  \"eventMessage\" : \"B: unchanged.\",\n  \"processID\" : 12‸x\n}]\n"
        )
        let error = try #require(changeLogImportError(log.text, name: "log.json"))
        #expect(log.isMarked(error.location))
        #expect(error.message == "not JSON: expected ',' or '}' in the object")
    }

    @Test func wrongFieldTypes() throws {
        let numberInput = MarkedText("[{\n  \"eventMessage\" : ‸3\n}]")
        let message = try #require(changeLogImportError(numberInput.text, name: "log.json"))
        #expect(numberInput.isMarked(message.location))
        #expect(message.message == "\"eventMessage\" must be a string, found a number")
        let timeInput = MarkedText("{\"eventMessage\":\"A: unchanged.\",\"timestamp\":‸\"yesterday\"}")
        let time = try #require(changeLogImportError(timeInput.text, name: "log.ndjson"))
        #expect(timeInput.isMarked(time.location))
        #expect(time.message.hasPrefix("\"timestamp\" is not a time"))
        let pid = try #require(
            changeLogImportError("{\"eventMessage\":\"A: unchanged.\",\"processID\":-1}", name: "log.ndjson"))
        #expect(pid.message == "\"processID\" must be a whole number that is zero or more")
    }

    @Test func truncatedJSONArray() throws {
        let unclosed = try #require(
            changeLogImportError("[{\"eventMessage\" : \"A: unchanged.\"},\n", name: "log.json"))
        #expect(unclosed.location?.line == 2)
        #expect(unclosed.message == "the file ends before the JSON array is closed with ']': the log is cut short")
        let inEntry = try #require(
            changeLogImportError(
                "[{\"eventMessage\" : \"A: unchanged.\"},{\n\"eventMessage\" : \"B: unch", name: "log.json"))
        #expect(inEntry.message == "the file ends inside a log entry that starts at line 1: the log is cut short")
    }

    @Test func jsonArrayStructureErrors() throws {
        let trailingCommaInput = MarkedText("[{\"eventMessage\" : \"A: unchanged.\"},‸]")
        let trailingComma = try #require(changeLogImportError(trailingCommaInput.text, name: "log.json"))
        #expect(trailingComma.message == "expected a log entry after ','")
        #expect(trailingCommaInput.isMarked(trailingComma.location))
        let notObject = try #require(
            changeLogImportError("[{\"eventMessage\" : \"A: unchanged.\"}, 3]", name: "log.json"))
        #expect(notObject.message == "expected a log entry object '{'")
        let after = try #require(changeLogImportError("[{\"eventMessage\" : \"A: unchanged.\"}] x", name: "log.json"))
        #expect(after.message == "unexpected text after the JSON array of log entries")
        let missingComma = try #require(
            changeLogImportError("[{\"eventMessage\" : \"A: unchanged.\"} {}]", name: "log.json"))
        #expect(missingComma.message == "expected ',' or ']' after a log entry")
    }

    @Test func truncatedMessageInJSONPointsAtTheMessage() throws {
        let input = MarkedText(
            "[{\n  \"category\" : \"Changed Body Properties\",\n  \"eventMessage\" : ‸\"Row: @self, _fl\"\n}]")
        let error = try #require(changeLogImportError(input.text, name: "log.json"))
        #expect(input.isMarked(error.location))
        #expect(error.message.hasPrefix("change line cut short"))
    }

    @Test func invalidFrameRate() throws {
        let error = try #require(changeLogImportError("A: unchanged.\n", frameRate: 0))
        #expect(error.message == "the frame rate must be between 1 and 1000 frames per second, found 0")
    }

    private func graph(of texts: [String]) throws -> CauseEffectGraph {
        var builder = GraphBuilder()
        var diagnostics = Diagnostics()
        try TraceInput.read(
            paths: texts.map { ChangeLogTestFiles.write($0) }, settings: ImportSettings(format: .changes),
            into: &builder, diagnostics: &diagnostics)
        return builder.finish()
    }
}
