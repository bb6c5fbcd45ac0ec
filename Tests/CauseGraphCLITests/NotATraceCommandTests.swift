import CauseGraphTestSupport
import Foundation
import Testing

/// Files that are no trace get a one-line error saying what they are and
/// what to pass instead; a folder sets them aside with a note; an export
/// whose tables hold no update is answered where it can be, refused where
/// views must be drawn.
@Suite("inputs that are not traces, and exports without updates")
struct NotATraceCommandTests {
    let trace = fixture("contact-list.jsonl")
    let hitchesSummary = fixture("real/hitches/hitches-summary-ios18.xml")

    /// causegraph's outputs of `trace`, by file name.
    func outputs(in scratch: TemporaryFolder) throws -> [String: String] {
        let made = [
            "graph.json": ["render", trace, "--format", "json"], "graph.dot": ["render", trace, "--format", "dot"],
            "graph.svg": ["render", trace, "--format", "svg"], "graph.png": ["render", trace, "--format", "png"],
            "graph.pdf": ["render", trace, "--format", "pdf"], "timeline.json": ["timeline", trace],
            "report.html": ["report", trace],
        ]
        for (name, arguments) in made {
            let result = try Causegraph.run(arguments + ["-o", scratch.path(name)])
            #expect(result.status == 0, "\(name): \(result.standardError)")
        }
        return [
            "graph.json":
                "causegraph's graph JSON (render --format json), not a trace: pass the trace it was made from",
            "graph.dot": "a Graphviz DOT graph (render --format dot), not a trace: pass the trace it was made from",
            "graph.svg":
                "an SVG image, not a trace: pass the recording it shows (a .trace, an xctrace export, a change log)",
            "graph.png":
                "a PNG image, not a trace: pass the recording it shows (a .trace, an xctrace export, a change log)",
            "graph.pdf":
                "a PDF document, not a trace: pass the recording it shows (a .trace, an xctrace export, a change log)",
            "timeline.json":
                "causegraph's timeline JSON (causegraph timeline), not a trace: pass the trace it was made from",
            "report.html": "causegraph's HTML report (causegraph report), not a trace: pass the trace it was made from",
        ]
    }

    @Test("each of causegraph's outputs, named as a trace, is one line naming it, exit 2")
    func causegraphOutputsNamed() throws {
        let scratch = try TemporaryFolder()
        for (name, message) in try outputs(in: scratch).sorted(by: { $0.key < $1.key }) {
            let result = try Causegraph.run(["summary", scratch.path(name)])
            #expect(result.status == 2, "\(name)")
            #expect(result.output.isEmpty)
            #expect(result.standardError == "\(scratch.path(name)): error: \(message)\n")
        }
    }

    @Test("a real table of contents: pass the .trace, or the export command of what it lists")
    func tableOfContents() throws {
        let toc = fixture("real/hitches/toc-ios26.xml")
        let result = try Causegraph.run(["render", toc, "--format", "dot"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(toc): error: an xctrace table of contents (xctrace export --toc), which lists tables but holds none of their rows: "
                + "pass the .trace, or export its tables with: xcrun xctrace export --input App.trace --xpath "
                + #"'/trace-toc/run[@number="1"]/data/table[@schema="hitches"]' --output hitches.xml; "#
                + "it lists no SwiftUI table: record with the SwiftUI template (xcrun xctrace record --template SwiftUI)\n"
        )
    }

    @Test("a folder holding causegraph's outputs and a table of contents reads its trace, and says what it skipped")
    func folderSkipsThem() throws {
        let scratch = try TemporaryFolder()
        _ = try outputs(in: scratch)
        try FileManager.default.copyItem(atPath: trace, toPath: scratch.path("contact-list.jsonl"))
        try FileManager.default.copyItem(atPath: fixture("real/hitches/toc-ios26.xml"), toPath: scratch.path("toc.xml"))
        let result = try Causegraph.run(["summary", scratch.url.path])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("ContactList\n"))
        #expect(
            result.standardError
                == "\(scratch.url.path): note: skipped 8 files that are not traces ('graph.dot' (a Graphviz DOT graph), "
                + "'graph.json' (causegraph's graph JSON), 'graph.pdf' (a PDF document), 'graph.png' (a PNG image), "
                + "'graph.svg' (an SVG image) and 3 more)\n")
        let timeline = try Causegraph.run(["timeline", scratch.url.path, "-o", scratch.path("again.json")])
        #expect(timeline.status == 0, "a folder holding a timeline.json is read: \(timeline.standardError)")
    }

    @Test("hitches-summary alone: summary, timeline and why --hitch answer from its hitches and say views are missing")
    func hitchesAloneAnswer() throws {
        let warning =
            "\(hitchesSummary): warning: holds no update events (its tables: hitches-summary); the views need swiftui-causes or swiftui-updates, exported from the .trace\n"
        let summary = try Causegraph.run(["summary", hitchesSummary, "--all"])
        #expect(summary.status == 0)
        #expect(summary.standardError == warning)
        #expect(summary.output.contains("  12. 16.7 ms hitch ← no update overlaps it\n"))
        #expect(summary.output.contains("at 1:00.161.078 · no update group · Commit to Render latency"))

        let scratch = try TemporaryFolder()
        let timeline = try Causegraph.run(["timeline", hitchesSummary, "-o", scratch.path("t.json")])
        #expect(timeline.status == 0)
        #expect(timeline.standardError == warning)
        let events = try String(contentsOfFile: scratch.path("t.json"), encoding: .utf8)
        #expect(events.components(separatedBy: "Pre-Commit(s) latency").count - 1 == 11)

        let why = try Causegraph.run(["why", "--hitch", "1", hitchesSummary])
        #expect(why.status == 0)
        #expect(
            why.output.hasPrefix("Hitch 1: 16.7 ms hitch\n  at 1382.538 ms · no update group · Pre-Commit(s) latency\n")
        )
    }

    @Test("render and report of an export without updates exit 2, naming the tables it holds and those they need")
    func drawingNeedsUpdates() throws {
        let scratch = try TemporaryFolder()
        let changes = fixture("instruments/recording/swiftui-changes.xml")
        for (command, input) in [("render", hitchesSummary), ("report", hitchesSummary), ("render", changes)] {
            let output = scratch.path("\(command).\(command == "render" ? "svg" : "html")")
            let result = try Causegraph.run([command, input, "-o", output])
            let table = input == changes ? "swiftui-changes" : "hitches-summary"
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "\(input): error: holds no update events (its tables: \(table)); \(command) needs swiftui-causes or swiftui-updates to draw views\n"
            )
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("a folder of exports without updates is named in the warning and the error")
    func folderWithoutUpdatesIsNamed() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path("exports")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, source) in [
            ("hitches.xml", hitchesSummary), ("changes.xml", fixture("instruments/recording/swiftui-changes.xml")),
        ] {
            try FileManager.default.copyItem(atPath: source, toPath: folder + "/" + name)
        }
        let summary = try Causegraph.run(["summary", folder])
        #expect(summary.status == 0)
        #expect(summary.standardError.hasPrefix("\(folder): warning: holds no update events (its tables: "))
        let render = try Causegraph.run(["render", folder, "-o", scratch.path("r.svg")])
        #expect(render.status == 2)
        #expect(render.standardError.hasPrefix("\(folder): error: holds no update events (its tables: "))
    }
}
