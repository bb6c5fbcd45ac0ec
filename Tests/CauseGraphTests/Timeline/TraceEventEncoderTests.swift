import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// The timeline of a bundled fixture (`name` relative to `fixtures/`, without `.jsonl`).
private func fixtureTimeline(_ name: String, window: TimeWindow? = nil) throws -> TraceTimeline {
    var diagnostics = Diagnostics()
    let path = packageRoot.appendingPathComponent("fixtures/\(name).jsonl").path
    return try TraceTimeline.read(from: [path], window: window, diagnostics: &diagnostics).timeline
}

/// The timeline of native traces given as text, read together.
private func timeline(ofTraces texts: [String]) throws -> TraceTimeline {
    let directory = try TemporaryFolder()
    let paths = try texts.enumerated().map { try directory.write("trace\($0.offset).jsonl", $0.element) }
    var diagnostics = Diagnostics()
    return try TraceTimeline.read(from: paths, diagnostics: &diagnostics).timeline
}

private let ms: Int64 = 1_000_000

@Suite("Trace Event Format timeline")
struct TraceEventEncoderTests {
    @Test("every timed update is one slice on its module's track, with its figures in args", arguments: allFixtures)
    func updatesAreSlices(fixture: String) throws {
        let timeline = try fixtureTimeline(fixture)
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let updates = timeline.events.events.filter { $0.key.kind.isUpdate && $0.time != nil }
        let slices = document.events("X", category: TraceEventEncoder.Category.update)
        #expect(slices.count == updates.count)
        #expect(!updates.isEmpty)
        let processes = document.processNames
        for (update, slice) in zip(
            updates.sorted { ($0.time!, $0.id) < ($1.time!, $1.id) },
            slices.sorted { ($0.start, $0.event!) < ($1.start, $1.event!) })
        {
            #expect(slice.event == Int64(update.id))
            #expect(slice.name == update.key.title)
            #expect(slice.start == update.time)
            #expect(Self.duration(of: slice) == max(update.duration ?? 0, 0))
            #expect(processes[slice.process] == update.key.module ?? TraceTimeline.noModuleName)
            #expect(slice.args?["kind"]?.stringValue == update.key.kind.rawValue)
            #expect(slice.args?["title"]?.stringValue == update.key.title)
            #expect(slice.args?["severity"]?.stringValue == update.severity?.rawValue)
            #expect(slice.args?["ran"]?.content == .bool(update.ran))
            #expect(slice.args?["duration_ns"]?.numberValue == update.duration)
        }
    }

    private static func duration(of slice: TraceEventDocument.Event) -> Int64 {
        TraceEventDocument.Event.nanoseconds(slice.dur!)
    }

    /// Causes and effects at one time: a zero-length creation starting a
    /// longer update on another track and a shorter one on its own, and a
    /// state change at that time too.
    static let simultaneous =
        [
            #"{"causegraph": 1}"#,
            #"{"node": 1, "kind": "other", "title": "Creation of App", "owner": "system", "time": 1000, "duration": 0}"#,
            #"{"node": 2, "kind": "body", "title": "ContentView", "module": "App", "owner": "app", "time": 1000, "duration": 500}"#,
            #"{"node": 3, "kind": "body", "title": "Child", "module": "App", "owner": "app", "time": 1000, "duration": 800}"#,
            #"{"node": 4, "kind": "state", "title": "@State: x", "owner": "app", "time": 1000}"#,
            #"{"edge": [1, 2], "label": "creation"}"#,
            #"{"edge": [2, 3], "label": "update"}"#,
            #"{"edge": [3, 4], "label": "update"}"#,
        ].joined(separator: "\n") + "\n"

    @Test(
        "every cause link is a pair of flow events sharing id, category and name, on the cause's and the effect's tracks",
        arguments: allFixtures + ["simultaneous"])
    func linksAreFlows(fixture: String) throws {
        let timeline =
            fixture == "simultaneous" ? try timeline(ofTraces: [Self.simultaneous]) : try fixtureTimeline(fixture)
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let starts = document.events("s")
        let ends = document.events("f")
        #expect(starts.count == timeline.events.links.count)
        #expect(ends.count == timeline.events.links.count)
        #expect(Set(starts.compactMap(\.id)).count == starts.count, "flow ids are unique")
        // Where each event was drawn: its module slice or its cause instant.
        var drawn: [Int64: TraceEventDocument.Event] = [:]
        for event in document.events("X", category: TraceEventEncoder.Category.update) + document.events("i") {
            drawn[event.event!] = event
        }
        let endsByID = Dictionary(uniqueKeysWithValues: ends.map { ($0.id!, $0) })
        // Each flow event must follow the event it binds to, so a viewer reading in order finds it open.
        let order = Dictionary(
            document.events.enumerated().map { ("\($0.element.phase)\($0.element.id ?? -1)", $0.offset) },
            uniquingKeysWith: { $1 })
        for (index, link) in timeline.events.links.enumerated() {
            let start = try #require(starts.first { $0.id == Int64(index + 1) })
            let end = try #require(endsByID[Int64(index + 1)])
            #expect(start.category == end.category && start.name == end.name && start.name == link.label.rawValue)
            #expect(end.bindingPoint == "e")
            let cause = try #require(drawn[Int64(timeline.events.events[link.from].id)])
            let effect = try #require(drawn[Int64(timeline.events.events[link.to].id)])
            #expect((start.process, start.track, start.ts) == (cause.process, cause.track, cause.ts))
            #expect((end.process, end.track, end.ts) == (effect.process, effect.track, effect.ts))
            #expect(order["s\(index + 1)"]! < order["f\(index + 1)"]!, "the flow starts before it ends in the file")
        }
    }

    @Test("tracks are named: the lanes and Causes in the first process, a process per module", arguments: allFixtures)
    func tracksAreNamed(fixture: String) throws {
        let timeline = try fixtureTimeline(fixture)
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let names = document.trackNames
        for event in document.events where event.phase != "M" {
            #expect(names["\(event.process)/\(event.track)"] != nil, "\(event.phase) \(event.name) is on a named track")
        }
        let lanes = document.events("M").filter { $0.name == "thread_name" && $0.process == 1 }.compactMap {
            $0.args?["name"]?.stringValue
        }
        #expect(
            Array(lanes.prefix(5)) == [
                "Update Groups", "Long View Body Updates", "Long Representable Updates", "Other Long Updates", "Causes",
            ])
        #expect(document.processNames[1] == TraceTimeline.lanesProcessName)
        let modules = Set(
            timeline.events.events.filter { $0.key.kind.isUpdate && $0.time != nil }.map {
                $0.key.module ?? TraceTimeline.noModuleName
            })
        #expect(Set(document.processNames.filter { $0.key != 1 }.values) == modules)
        for instant in document.events("i") {
            #expect(names["\(instant.process)/\(instant.track)"] == "Causes")
            #expect(instant.scope == "t")
        }
    }

    @Test(
        "the slices of each track nest, so a viewer drops none",
        arguments: allFixtures + ["overlapping", "simultaneous"])
    func slicesNest(fixture: String) throws {
        let special = ["overlapping": Self.overlapping, "simultaneous": Self.simultaneous]
        let read: TraceTimeline
        if let text = special[fixture] {
            read = try timeline(ofTraces: [text])
        } else {
            read = try fixtureTimeline(fixture)
        }
        let timeline = read
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        var open: [String: [Int64]] = [:]
        var previousStart: [String: Int64] = [:]
        for slice in document.events("X") {
            let track = "\(slice.process)/\(slice.track)"
            if let start = previousStart[track] {
                #expect(start <= slice.start, "slices of a track are written by start")
            }
            previousStart[track] = slice.start
            var stack = open[track] ?? []
            while let last = stack.last, last <= slice.start { stack.removeLast() }
            if let innermost = stack.last {
                #expect(slice.end <= innermost, "\(slice.name) overlaps its neighbour only partly")
            }
            stack.append(slice.end)
            open[track] = stack
        }
    }

    /// Updates of one module that overlap partly: B starts inside A and ends after it.
    static let overlapping =
        [
            #"{"causegraph": 1, "app": "Test", "frameRate": 60}"#,
            #"{"node": 1, "kind": "body", "title": "A", "module": "M", "owner": "app", "time": 0, "duration": 10000}"#,
            #"{"node": 2, "kind": "body", "title": "B", "module": "M", "owner": "app", "time": 5000, "duration": 10000}"#,
            #"{"node": 3, "kind": "body", "title": "C", "module": "M", "owner": "app", "time": 6000, "duration": 1000}"#,
            #"{"node": 4, "kind": "body", "title": "D", "module": "M", "owner": "app", "time": 20000, "duration": 1000}"#,
        ].joined(separator: "\n") + "\n"

    @Test("partly overlapping updates go to a second track of their module; nested ones share one")
    func overlapsGetRows() throws {
        let timeline = try timeline(ofTraces: [Self.overlapping])
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let names = document.trackNames
        let tracks = Dictionary(
            uniqueKeysWithValues: document.events("X", category: TraceEventEncoder.Category.update).map {
                ($0.name, names["\($0.process)/\($0.track)"]!)
            })
        #expect(tracks == ["A": "Updates", "B": "Updates 2", "C": "Updates", "D": "Updates"])
    }

    @Test("long updates are copied onto their lane; groups are slices on Update Groups")
    func lanes() throws {
        let trace =
            [
                #"{"causegraph": 1, "app": "Test", "frameRate": 50}"#,
                #"{"node": 1, "kind": "body", "title": "Long", "module": "App", "owner": "app", "time": 0, "duration": 3000000, "group": 7}"#,
                #"{"node": 2, "kind": "body", "title": "Short", "module": "App", "owner": "app", "time": 4000000, "duration": 1000, "group": 7}"#,
                #"{"node": 3, "kind": "representable", "title": "Map", "module": "App", "owner": "app", "time": 5000000, "duration": 1300000}"#,
                #"{"node": 4, "kind": "other", "title": "Layout", "owner": "system", "time": 7000000, "duration": 2000000, "severity": "veryHigh"}"#,
                #"{"group": 7, "label": "Transaction for Gesture", "start": 0, "duration": 5000000}"#,
            ].joined(separator: "\n") + "\n"
        let document = try TraceEventDocument(TraceEventEncoder.encode(try timeline(ofTraces: [trace])))
        let names = document.trackNames
        let long = document.events("X", category: TraceEventEncoder.Category.longUpdate).map {
            "\(names["\($0.process)/\($0.track)"]!): \($0.name)"
        }
        #expect(
            long == ["Long View Body Updates: Long", "Long Representable Updates: Map", "Other Long Updates: Layout"])
        let groups = document.events("X", category: TraceEventEncoder.Category.group)
        #expect(groups.map(\.name) == ["Transaction for Gesture"])
        #expect(groups.map { names["\($0.process)/\($0.track)"]! } == ["Update Groups"])
        #expect(groups.first?.dur == "5000" && groups.first?.args?["group"]?.numberValue == 7)
        let slices = document.events("X", category: TraceEventEncoder.Category.update)
        #expect(slices.map { $0.args?["group"]?.numberValue } == [7, 7, nil, nil])
        #expect(
            document.processNames.sorted { $0.key < $1.key }.map(\.value) == [
                TraceTimeline.lanesProcessName, "App", TraceTimeline.noModuleName,
            ])
    }

    @Test("events without a time are left out with their links, and counted")
    func untimedEvents() throws {
        let trace =
            [
                #"{"causegraph": 1}"#,
                #"{"node": 1, "kind": "gesture", "title": "Tap", "owner": "app"}"#,
                #"{"node": 2, "kind": "state", "title": "@State: on", "owner": "app", "time": 1000}"#,
                #"{"node": 3, "kind": "body", "title": "Toggle", "owner": "app", "time": 2000, "duration": 500}"#,
                #"{"edge": [1, 2], "label": "update"}"#,
                #"{"edge": [2, 3], "label": "update"}"#,
                #"{"group": 1, "label": "Transaction"}"#,
            ].joined(separator: "\n") + "\n"
        let timeline = try timeline(ofTraces: [trace])
        #expect((timeline.untimedEvents, timeline.linksLeftOut, timeline.untimedGroups) == (1, 1, 1))
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        #expect(document.events("i").map(\.name) == ["@State: on"])
        #expect(document.events("s").map(\.id) == [2] && document.events("f").map(\.id) == [2])
        let other = document.root["otherData"]
        #expect(other?["untimedEvents"]?.numberValue == 1 && other?["linksLeftOut"]?.numberValue == 1)
        #expect(other?["untimedGroups"]?.numberValue == 1)
        // The effect still names every cause, timed or not.
        let causes = document.events("X").first?.args?["causes"]?.arrayValue ?? []
        #expect(causes.map { $0["title"]?.stringValue } == ["@State: on"])
        #expect(document.events("i").first?.args?["causes"]?.arrayValue?.map { $0["title"]?.stringValue } == ["Tap"])
    }

    @Test("a link whose cause comes after its effect is still a flow, and counted")
    func backwardLinks() throws {
        let trace =
            [
                #"{"causegraph": 1}"#,
                #"{"node": 1, "kind": "body", "title": "Effect", "owner": "app", "time": 1000, "duration": 100}"#,
                #"{"node": 2, "kind": "state", "title": "@State: late", "owner": "app", "time": 5000}"#,
                #"{"edge": [2, 1], "label": "update"}"#,
            ].joined(separator: "\n") + "\n"
        let timeline = try timeline(ofTraces: [trace])
        #expect(timeline.backwardLinks == 1)
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        #expect(document.root["otherData"]?["backwardLinks"]?.numberValue == 1)
        #expect(document.events("s").map(\.ts) == ["5"] && document.events("f").map(\.ts) == ["1"])
    }

    @Test("an update in flight when the recording stopped, its duration a marker near 2⁶⁴, is a slice of length 0")
    func inFlightUpdate() throws {
        var diagnostics = Diagnostics()
        let timeline = try TraceTimeline.read(
            from: [InstrumentsFixtures.path("field/SwiftUILayoutUpdates2.xml")], diagnostics: &diagnostics
        ).timeline
        #expect(timeline.clippedSlices == 0)
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let list = try #require(document.events("X").first { $0.name == "List" })
        #expect(list.start == 2_000_000_000 && list.end == list.start, "at its start, of length 0")
        #expect(list.args?["clipped"] == nil && list.args?["duration_ns"]?.content == .null, "unknown, not cut")
    }

    @Test(
        "a duration past the trace's end, or past the largest time, is cut there without overflow, and marked clipped",
        arguments: [
            (
                [
                    #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "time": 2000000000, "duration": 9223372036854775807}"#,
                    #"{"node": 2, "kind": "body", "title": "B", "owner": "app", "time": 1000000000, "duration": 1000}"#,
                ], Int64.max
            ),
            (
                [
                    #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "time": 9223372036854775797, "duration": 1000000000}"#
                ], Int64(1_000_000_000)
            ),
        ])
    func durationsPastTheEnd(_ records: [String], duration: Int64) throws {
        let trace = ([#"{"causegraph": 1}"#] + records).joined(separator: "\n") + "\n"
        let timeline = try timeline(ofTraces: [trace])
        #expect(timeline.clippedSlices == 1)
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let a = try #require(document.events("X").first { $0.name == "A" })
        #expect(a.args?["clipped"]?.content == .bool(true))
        #expect(a.args?["duration_ns"]?.numberValue == duration)
        #expect(a.end <= Int64.max && a.end >= a.start)
    }

    @Test("several traces: flow ids stay unique and each trace's groups are numbered apart")
    func severalTraces() throws {
        let trace =
            [
                #"{"causegraph": 1}"#,
                #"{"node": 1, "kind": "state", "title": "@State: x", "owner": "app", "time": 1000}"#,
                #"{"node": 2, "kind": "body", "title": "V", "owner": "app", "time": 2000, "duration": 100, "group": 1}"#,
                #"{"edge": [1, 2], "label": "update"}"#,
                #"{"group": 1, "label": "Transaction", "start": 1500, "duration": 1000}"#,
            ].joined(separator: "\n") + "\n"
        let timeline = try timeline(ofTraces: [trace, trace])
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        #expect(Set(document.events("s").compactMap(\.id)) == [1, 2])
        #expect(
            document.events("X", category: TraceEventEncoder.Category.group).compactMap {
                $0.args?["group"]?.numberValue
            } == [1, 2])
        #expect(
            Set(
                document.events("X", category: TraceEventEncoder.Category.update).compactMap {
                    $0.args?["group"]?.numberValue
                }) == [1, 2])
    }

    @Test("hostile titles are escaped: the document parses and every title reads back unchanged")
    func hostileTitles() throws {
        let timeline = try fixtureTimeline("hostile-titles")
        let bytes = TraceEventEncoder.encode(timeline)
        let document = try TraceEventDocument(bytes)
        let drawn = document.events.filter { $0.phase == "X" || $0.phase == "i" }
        let written = Set(drawn.map { $0.args?["title"]?.stringValue ?? $0.args?["label"]?.stringValue ?? "" })
        let titles = Set(timeline.events.events.filter { $0.time != nil }.map(\.key.title))
        #expect(written == titles.union(timeline.groups.filter { $0.start != nil }.map(\.label)))
        for event in drawn {
            let recorded = event.args?["title"]?.stringValue ?? event.args?["label"]?.stringValue ?? ""
            #expect(
                event.name == (recorded.allSatisfy(\.isWhitespace) ? "(untitled)" : recorded),
                "a slice is named by its title")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("<script"), "markup is escaped, so the file can be inlined in a page")
        // One event a line: no title may break a line.
        for line in text.split(separator: "\n").dropFirst().dropLast() {
            let record = line.hasSuffix(",") ? line.dropLast() : line
            #expect((try? JSONParser.parse(String(record))) != nil, "\(record) is one event")
        }
    }

    @Test("a blank title names its slice (untitled); args keep it as recorded")
    func blankTitles() throws {
        let trace =
            [
                #"{"causegraph": 1}"#,
                #"{"node": 1, "kind": "body", "title": " ", "owner": "app", "time": 1000, "duration": 10}"#,
                #"{"group": 1, "label": "", "start": 1000, "duration": 10}"#,
            ].joined(separator: "\n") + "\n"
        let document = try TraceEventDocument(TraceEventEncoder.encode(try timeline(ofTraces: [trace])))
        let update = try #require(document.events("X", category: TraceEventEncoder.Category.update).first)
        #expect(update.name == "(untitled)" && update.args?["title"]?.stringValue == " ")
        let group = try #require(document.events("X", category: TraceEventEncoder.Category.group).first)
        #expect(group.name == "(untitled)" && group.args?["label"]?.stringValue == "")
    }

    @Test("the same trace gives byte-identical output")
    func deterministic() throws {
        let first = TraceEventEncoder.encode(try fixtureTimeline("contact-list"))
        let second = TraceEventEncoder.encode(try fixtureTimeline("contact-list"))
        #expect(first == second)
        var pieces: [UInt8] = []
        TraceEventEncoder.encode(try fixtureTimeline("contact-list")) { pieces.append(contentsOf: $0) }
        #expect(pieces == first, "writing piece by piece gives the same bytes")
    }

    @Test("the window keeps only the events inside it")
    func window() throws {
        let whole = try fixtureTimeline("landmarks-favorites-before")
        let times = whole.events.events.compactMap(\.time).sorted()
        let middle = times[times.count / 2]
        let window = try TimeWindow(start: middle)
        let part = try fixtureTimeline("landmarks-favorites-before", window: window)
        let document = try TraceEventDocument(TraceEventEncoder.encode(part))
        let timed = document.events.filter {
            $0.phase == "X" && $0.category != TraceEventEncoder.Category.group || $0.phase == "i"
        }
        #expect(!timed.isEmpty && timed.count < whole.events.events.count)
        #expect(timed.allSatisfy { $0.start >= middle })
    }

    @Test(
        "microseconds are written exactly, from nanoseconds",
        arguments: [
            (Int64(0), "0"), (1, "0.001"), (10, "0.01"), (1500, "1.5"), (1_234_567, "1234.567"), (-2250, "-2.25"),
            (2 * ms, "2000"), (Int64.max, "9223372036854775.807"), (Int64.min, "-9223372036854775.808"),
        ])
    func microseconds(nanoseconds: Int64, text: String) {
        var bytes: [UInt8] = []
        TraceEventEncoder.appendMicroseconds(nanoseconds, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
    }
}

/// Timelines of small fixtures against their golden files in
/// `fixtures/golden/`, so any change of output shows as a diff to review.
/// Re-record with `CAUSEGRAPH_RECORD=1 swift test --filter TimelineGoldenTests`.
@Suite("Golden timelines")
struct TimelineGoldenTests {
    @Test("the timeline matches the golden file", arguments: ["onoff-toggle", "hostile-titles"])
    func golden(_ name: String) throws {
        let actual = String(decoding: TraceEventEncoder.encode(try fixtureTimeline(name)), as: UTF8.self)
        try Golden.check(actual, against: "fixtures/golden/\(name).timeline.json")
    }
}

@Suite("Trace Event Format timeline: hitches")
struct TimelineHitchTests {
    @Test("each hitch or hang is a slice on the Hitches track of the lanes process, numbered as summary numbers them")
    func hitchSlices() throws {
        let timeline = try fixtureTimeline("landmarks-favorites-hitches")
        let document = try TraceEventDocument(TraceEventEncoder.encode(timeline))
        let slices = document.events("X", category: TraceEventEncoder.Category.hitch)
        #expect(slices.map(\.name) == ["Hitch", "Microhang", "Hitch", "Hitch"])
        #expect(slices.map(\.start) == [2_043_666_585, 3_466_800_000, 4_910_333_137, 6_000_000_000])
        #expect(
            slices.map { TraceEventDocument.Event.nanoseconds($0.dur!) } == [
                33_340_000, 265_427_896, 16_670_000, 8_330_000,
            ])
        #expect(slices.compactMap { $0.args?["number"]?.numberValue } == [1, 2, 3, 4])
        #expect(
            slices[1].args?["hang_type"]?.stringValue == "Microhang" && slices[1].args?["kind"]?.stringValue == "hang")
        #expect(slices[0].args?["narrative"]?.stringValue == "Potentially expensive app update(s)")
        #expect(Set(slices.map(\.track)).count == 1)
        #expect(document.trackNames["\(slices[0].process)/\(slices[0].track)"] == TraceTimeline.hitchesTrackName)
        #expect(document.processNames[slices[0].process] == TraceTimeline.lanesProcessName)
        let summary = TraceSummary(graph: try fixtureGraph("landmarks-favorites-hitches"))
        #expect(summary.hitches.map(\.hitch.start) == timeline.hitches.map(\.start))
    }

    @Test("a trace that records no hitches has no Hitches track")
    func noTrack() throws {
        let document = try TraceEventDocument(
            TraceEventEncoder.encode(try fixtureTimeline("landmarks-favorites-before")))
        #expect(!document.trackNames.values.contains(TraceTimeline.hitchesTrackName))
        #expect(document.events("X", category: TraceEventEncoder.Category.hitch).isEmpty)
    }

    @Test("a window keeps the hitches that overlap it")
    func window() throws {
        let window = try TimeWindow(start: 3_000_000_000, end: 5_000_000_000)
        let timeline = try fixtureTimeline("landmarks-favorites-hitches", window: window)
        #expect(timeline.hitches.map(\.start) == [3_466_800_000, 4_910_333_137])
    }

    @Test("a hang with a blank type is named Hang, its args keep the text")
    func blankHangType() throws {
        let timeline = try timeline(ofTraces: [
            traceHeader + "\n" + #"{"hitch": "hang", "start": 5, "duration": 10, "hangType": ""}"#
        ])
        let slices = try TraceEventDocument(TraceEventEncoder.encode(timeline)).events(
            "X", category: TraceEventEncoder.Category.hitch)
        #expect(slices.map(\.name) == ["Hang"])
        #expect(slices.first?.args?["hang_type"]?.stringValue == "")
    }
}
