import CauseGraph
import Testing

@Suite("LogTextLine")
struct LogTextLineTests {
    private static let time: Nanoseconds = 1_709_676_441_480_215_000

    /// The line's metadata and its message.
    private func split(_ text: String) throws -> (LogTextLine, String) {
        var text = text
        return try text.withUTF8 { bytes in
            let line = try LogTextLine.parse(bytes)
            return (line, String(decoding: UnsafeBufferPointer(rebasing: bytes[line.messageOffset...]), as: UTF8.self))
        }
    }

    @Test func defaultStyle() throws {
        let (line, message) = try split(
            "2024-03-05 14:07:21.480215-0800 0x2f1c3    Info        0x0                  4821   0    Landmarks: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] LandmarkRow: @self changed."
        )
        #expect(line.time == Self.time)
        #expect(line.process == "Landmarks")
        #expect(line.processID == 4821)
        #expect(line.subsystem == "com.apple.SwiftUI")
        #expect(line.category == "Changed Body Properties")
        #expect(message == "LandmarkRow: @self changed.")
    }

    @Test func defaultStyleWithoutTTLSenderOrCategory() throws {
        let (line, message) = try split(
            "2024-03-05 14:07:21.480215-0800 0x2f1c3 Default 0x0 4821 My App: LandmarkRow: @self changed.")
        #expect(line.process == "My App")
        #expect(line.processID == 4821)
        #expect(line.category == nil)
        #expect(message == "LandmarkRow: @self changed.")
    }

    @Test func compactStyle() throws {
        let (line, message) = try split(
            "2024-03-05 22:07:21.480 I  Landmarks[4821:2f1c3] (SwiftUICore) [com.apple.SwiftUI:Changed Body Properties] Row<Item, Never>: @self changed."
        )
        #expect(line.time == 1_709_676_441_480_000_000)
        #expect(line.process == "Landmarks")
        #expect(line.processID == 4821)
        #expect(line.category == "Changed Body Properties")
        #expect(message == "Row<Item, Never>: @self changed.")
    }

    @Test func compactStyleWithoutTypeAndWithSpacesInTheName() throws {
        let (line, message) = try split("2024-03-05 22:07:21.480 Landmarks Helper[4821:2f1c3] ContentView: unchanged.")
        #expect(line.process == "Landmarks Helper")
        #expect(line.category == nil)
        #expect(message == "ContentView: unchanged.")
        let (typed, _) = try split("2024-03-05 22:07:21.480 Df Landmarks Helper[4821:2f1c3] ContentView: unchanged.")
        #expect(typed.process == "Landmarks Helper")
    }

    @Test func syslogStyle() throws {
        let (line, message) = try split(
            "2024-03-05 14:07:21.480215-0800  localhost Landmarks[4821]: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] Zähler: _zählerstand changed."
        )
        #expect(line.time == Self.time)
        #expect(line.process == "Landmarks")
        #expect(line.processID == 4821)
        #expect(line.category == "Changed Body Properties")
        #expect(message == "Zähler: _zählerstand changed.")
    }

    @Test func messageThatLooksLikeASender() throws {
        let (_, message) = try split(
            "2024-03-05 22:07:21.480 I  Landmarks[4821:2f1c3] (unknown context at $10a4b8c).PrivateRow: @self changed.")
        #expect(message == "(unknown context at $10a4b8c).PrivateRow: @self changed.")
    }

    @Test func timestampThenMessage() throws {
        let (line, message) = try split("2024-03-05 14:07:21.480215-0800 ContentView: @self changed.")
        #expect(line.time == Self.time)
        #expect(line.process == nil)
        #expect(message == "ContentView: @self changed.")
    }

    @Test func linesWithoutTimestampAreAllMessage() throws {
        for text in [
            "ContentView: @self changed.",
            "Timestamp                       Thread     Type        Activity             PID    TTL  ", "",
        ] {
            let (line, message) = try split(text)
            #expect(line == LogTextLine())
            #expect(message == text)
        }
    }

    @Test func impossibleDateIsReported() {
        #expect(throws: LogTimestamp.InvalidValue.self) {
            try split("2024-02-30 14:07:21.480215-0800 0x2f1c3 Info 0x0 4821 0 Landmarks: ContentView: @self changed.")
        }
    }
}
