import ArgumentParser
import CauseGraph

/// `causegraph timeline`: the trace on a timeline, for Perfetto or Chrome's trace viewer.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Write the trace as a Chrome Trace Event Format timeline (JSON), with the cause links as arrows.",
        discussion: CommandExamples.appending(
            [
                "causegraph timeline App.trace -o trace.json":
                    "A timeline for ui.perfetto.dev, with the causes as arrows.",
                "causegraph timeline App.trace -o trace.json --window 1.2s:2s":
                    "Only what happened between 1.2 s and 2 s.",
            ],
            to: """
                Open the file in ui.perfetto.dev or chrome://tracing. Tracks: the lanes of Instruments' \
                SwiftUI instrument (Update Groups, Long View Body, Long Representable and Other Long \
                Updates) and Causes, then one process per module with every update; each cause link is \
                a flow arrow from its cause to its effect. Events without a time are left out and \
                counted. The timeline keeps every event of the trace in memory (some 44 bytes each), with its slices and arrows.
                """))

    @OptionGroup var input: InputOptions

    @OptionGroup var destination: OutputOption

    /// The file named with `-o`, if any.
    var named: String? { destination.named }

    /// The path to write, `-` for standard output.
    var output: String { destination.path }

    @OptionGroup var window: TimeWindowOption

    func validate() throws {
        try OutputName.refuseOtherFormats(output, writes: "a Chrome Trace Event Format timeline (JSON)", suffix: "json")
    }

    func run() throws {
        try OutputOptions.requireNamedOnTerminal(named, what: "timeline")
        var diagnostics = Diagnostics()
        defer { Terminal.standardError.print(diagnostics) }
        let (timeline, _) = try TraceTimeline.read(
            from: input.traces, settings: input.settings, window: try window.timeWindow(), diagnostics: &diagnostics)
        if let note = Self.note(timeline) { diagnostics.note(note) }
        var written: Int64 = 0
        try OutputFile.writing(to: output) { file throws(Diagnostic) in
            try TraceEventEncoder.encode(timeline) { bytes throws(Diagnostic) in
                try file.write(bytes)
                written += Int64(bytes.count)
            }
        }
        if let note = Self.sizeNote(written, name: named ?? "the timeline") { diagnostics.note(note) }
    }

    /// The size above which a browser may run out of memory opening a JSON
    /// trace: chrome://tracing stops at 256 MB, and Perfetto's in-browser
    /// engine, whose memory is typically limited to 2 GB, needs several
    /// times a JSON trace's size to hold it.
    static let browserSize: Int64 = 256_000_000

    /// Advice for a timeline too large for a browser, `nil` for one that fits.
    static func sizeNote(_ bytes: Int64, name: String) -> String? {
        guard bytes > browserSize else { return nil }
        return "\(name) is \(ProgressMeter.megabytes(bytes)) MB: a browser may run out of memory opening it;"
            + " open it through `trace_processor --httpd` (perfetto.dev/docs/visualization/large-traces),"
            + " or keep a stretch of time with --window"
    }

    /// What the timeline could not show, or `nil` when it shows everything.
    static func note(_ timeline: TraceTimeline) -> String? {
        var parts: [String] = []
        if timeline.untimedEvents > 0 {
            parts.append(
                "left out \(count(timeline.untimedEvents, "event")) without a time"
                    + " and the \(count(timeline.linksLeftOut, "cause link")) touching them")
        }
        if timeline.untimedGroups > 0 {
            parts.append("left out \(count(timeline.untimedGroups, "update group")) without a start")
        }
        if timeline.clippedSlices > 0 {
            parts.append("cut \(count(timeline.clippedSlices, "slice")) running past the end of the trace at its end")
        }
        if timeline.backwardLinks > 0 {
            parts.append(
                "\(count(timeline.backwardLinks, "cause link")) \(timeline.backwardLinks == 1 ? "starts" : "start") after \(timeline.backwardLinks == 1 ? "its effect" : "their effects")"
                    + ": trace viewers may draw no arrow for them")
        }
        // Only where events are drawn: a trace of hitches alone is warned of as holding no updates.
        if timeline.events.links.isEmpty
            && timeline.events.events.contains(where: { $0.time != nil })
        {
            parts.append(
                "the traces hold no cause links, so no arrows: an Instruments export has them in its swiftui-causes table"
            )
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        CountText.format(count) + " " + noun + (count == 1 ? "" : "s")
    }
}
