import CauseGraph
import CauseGraphTestSupport
import Testing

/// The byte-level encoder against the format's previous definition, kept
/// here verbatim (string building, escaping scalar by scalar), on strings
/// chosen to break a byte-level escaper.
@Suite("Native trace encoding")
struct NativeTraceEncoderTests {
    /// Every escape, every run boundary, and the scalars sharing the lead byte
    /// of U+2028/U+2029 (E2), whole and cut short.
    static let hostile: [String] = [
        "", "a", "\"", "\\", "<", ">", "&", "\u{7F}", "\u{2028}", "\u{2029}",
        "\u{2027}", "\u{202A}", "\u{2020}", "€", "…", "\u{2028}\u{2029}\u{2027}",
        "a\u{2028}", "\u{2029}b", "x€\u{2028}€y", "\u{E2}", "â\u{80}\u{A8}",
        "\r\n", "\t\u{0B}\u{0C}\u{1F}", "nul\u{0}nul", "</script><!--", "a&b<c>d\"e\\f",
        "漢字😀👩‍👩‍👧 e\u{301}", "\u{FEFF}bom", "\u{10FFFF}\u{FFFD}",
        String(repeating: "safe run ", count: 40) + "<" + String(repeating: "é", count: 30),
        "exactly15bytes!", "sixteen bytes <>", "List<Never, ForEach<Array<Landmark>, Int, LandmarkListItemView>>",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    @Test("JSON strings are escaped exactly as before", arguments: hostile)
    func quoting(_ text: String) {
        #expect(JSONText.quoted(text) == PreviousDefinition.quoted(text))
        var bytes: [UInt8] = [0x41]
        JSONText.appendQuoted(text, to: &bytes)
        #expect(bytes == [0x41] + Array(PreviousDefinition.quoted(text).utf8))
    }

    @Test("random mixtures of hostile pieces are escaped exactly as before")
    func randomMixtures() {
        var random = Mixer(seed: 42)
        for _ in 0..<2_000 {
            let text = (0..<random.below(8)).map { _ in Self.hostile[random.below(Self.hostile.count)] }.joined()
            #expect(JSONText.quoted(text) == PreviousDefinition.quoted(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test("integers are written as string interpolation writes them")
    func integers() {
        for value: Int64 in [0, 1, -1, 9, 10, -10, 99, 100, 1_250_023_465, .max, .min, .max - 1, .min + 1] {
            var bytes: [UInt8] = []
            JSONText.appendNumber(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "\(value)")
        }
        // Digits are written in pairs: every length, odd and even, at both ends of it.
        let everyLength = (0..<19).flatMap { power -> [UInt64] in
            let low: UInt64 = (0..<power).reduce(1) { value, _ in value * 10 }
            return [low, low + 1, low * 5 + 3, low * 10 - 1]
        }
        for value: UInt64 in [0, 7, 4_000_000_001, 9_999_999_999_999_999_999, 10_000_000_000_000_000_000, .max]
            + everyLength
        {
            var bytes: [UInt8] = []
            JSONText.appendNumber(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "\(value)")
        }
    }

    @Test("every record shape encodes as before", arguments: hostile)
    func records(_ text: String) {
        let headers = [
            TraceHeader(), TraceHeader(version: 3, app: text, frameRate: 59.94), TraceHeader(app: nil, frameRate: 120),
        ]
        for header in headers {
            #expect(NativeTraceEncoder.line(header) == PreviousDefinition.line(header))
        }
        let events = [
            TraceEvent(id: 0, kind: .gesture, title: text, owner: .app),
            TraceEvent(
                id: .max, kind: .body, title: text, module: text, owner: .system, time: .min, duration: .max,
                ran: false, group: -1, severity: .veryHigh, backtrace: [text, "", text + text]),
            TraceEvent(
                id: 17, kind: .state, title: "@State \(text)", owner: .app, time: 0, ran: false, group: 0,
                backtrace: [text]),
            TraceEvent(
                id: 18, kind: .representable, title: text, module: "", owner: .app, duration: 0, ran: true,
                severity: .low),
        ]
        for event in events {
            #expect(NativeTraceEncoder.line(event) == PreviousDefinition.line(event))
        }
        let causes = [
            TraceCause(from: 1, to: .max, label: .update),
            TraceCause(from: .max, to: 0, label: .creation, time: -5, changed: [text, "count", text]),
        ]
        for cause in causes {
            #expect(NativeTraceEncoder.line(cause) == PreviousDefinition.line(cause))
        }
        let groups = [UpdateGroup(id: .min, label: text), UpdateGroup(id: 3, label: text, start: 12, duration: .max)]
        for group in groups {
            #expect(NativeTraceEncoder.line(group) == PreviousDefinition.line(group))
        }
    }

    @Test("a hostile line reads back as the record it was written from", arguments: hostile)
    func readsBack(_ text: String) throws {
        let event = TraceEvent(id: 5, kind: .body, title: text, module: text, owner: .app, backtrace: [text])
        let trace = "{\"causegraph\": 1}\n" + NativeTraceEncoder.line(event) + "\n"
        var recorder = RecordingSink()
        let directory = try TemporaryFolder()
        var diagnostics = Diagnostics()
        try TraceInput.read(paths: [try directory.write("t.jsonl", trace)], into: &recorder, diagnostics: &diagnostics)
        #expect(recorder.events == [event])
    }
}

/// The native format as `NativeTraceEncoder` and `JSONText` defined it
/// before they wrote bytes, scalar by scalar; since then, JSON escapes what
/// `VisibleText` does not show as it is.
private enum PreviousDefinition {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || VisibleText.isUnsafe(scalar) {
                    for unit in UTF16.encode(scalar)! { result += unicodeEscape(UInt32(unit)) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func strings(_ values: [String]) -> String {
        "[" + values.map { quoted($0) }.joined(separator: ", ") + "]"
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    static func line(_ header: TraceHeader) -> String {
        var fields = ["\"causegraph\": \(header.version)"]
        if let app = header.app { fields.append("\"app\": \(quoted(app))") }
        if let frameRate = header.frameRate { fields.append("\"frameRate\": \(JSONText.number(frameRate))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func line(_ event: TraceEvent) -> String {
        var fields = [
            "\"node\": \(event.id)",
            "\"kind\": \(quoted(event.kind.rawValue))",
            "\"title\": \(quoted(event.title))",
        ]
        if let module = event.module { fields.append("\"module\": \(quoted(module))") }
        fields.append("\"owner\": \(quoted(event.owner.rawValue))")
        if let time = event.time { fields.append("\"time\": \(time)") }
        if let duration = event.duration { fields.append("\"duration\": \(duration)") }
        if event.kind.isUpdate && !event.ran { fields.append("\"ran\": false") }
        if let group = event.group { fields.append("\"group\": \(group)") }
        if let severity = event.severity { fields.append("\"severity\": \(quoted(severity.rawValue))") }
        if !event.backtrace.isEmpty { fields.append("\"backtrace\": \(strings(event.backtrace))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func line(_ cause: TraceCause) -> String {
        var fields = [
            "\"edge\": [\(cause.from), \(cause.to)]",
            "\"label\": \(quoted(cause.label.rawValue))",
        ]
        if let time = cause.time { fields.append("\"time\": \(time)") }
        if !cause.changed.isEmpty { fields.append("\"changed\": \(strings(cause.changed))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func line(_ group: UpdateGroup) -> String {
        var fields = [
            "\"group\": \(group.id)",
            "\"label\": \(quoted(group.label))",
        ]
        if let start = group.start { fields.append("\"start\": \(start)") }
        if let duration = group.duration { fields.append("\"duration\": \(duration)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

/// A small deterministic generator for picking hostile pieces.
private struct Mixer {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func below(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
