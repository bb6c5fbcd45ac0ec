import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

@Suite("Hitches traced to their causes")
struct HitchCauseTests {
    @Test("each hitch of the Landmarks recording is tied to its update group and traced back to the tap")
    func landmarks() throws {
        let graph = try fixtureGraph("landmarks-favorites-hitches")
        #expect(graph.hitches.map(\.groups) == [[1], [2], [3], []])
        let causes = HitchCause.all(in: graph)
        #expect(causes.map(\.number) == [1, 2, 3, 4])
        for cause in causes.prefix(3) {
            #expect(cause.updates.first?.node.title == "LandmarkListItemView")
            #expect(cause.updates.first?.count == 24)
            // Five update nodes ran in each group: 24 rows, the list, the button, the scroll view, the graph.
            #expect(cause.updates.map(\.count).reduce(0, +) == 28)
            #expect(cause.chain.map(\.title) == ["LandmarkListItemView", "ModelData.favoritesCollection", "Tap"])
            #expect(cause.rootCauses.map(\.title) == ["Tap"])
        }
        #expect(causes[3].updates.isEmpty && causes[3].chain.isEmpty && causes[3].rootCauses.isEmpty)
        #expect(
            HitchFormatter.chainLine(causes[0]) { $0 }
                == "33.3 ms hitch ← 24 × LandmarkListItemView ← ModelData.favoritesCollection ← Tap")
        #expect(
            HitchFormatter.chainLine(causes[1]) { $0 }
                == "265 ms hang (Microhang) ← 24 × LandmarkListItemView ← ModelData.favoritesCollection ← Tap")
        #expect(HitchFormatter.chainLine(causes[3]) { $0 } == "8.33 ms hitch ← no update overlaps it")
    }

    @Test("a hitch overlaps the groups whose spans meet its own, and counts their updates only")
    func overlap() throws {
        let graph = try graph(
            ofTrace: """
                \(traceHeader)
                {"node": 1, "kind": "state", "title": "@State: a", "owner": "app", "time": 0}
                {"node": 2, "kind": "body", "title": "A", "owner": "app", "time": 100, "duration": 10, "group": 1}
                {"node": 3, "kind": "body", "title": "A", "owner": "app", "time": 120, "duration": 10, "group": 1}
                {"node": 4, "kind": "body", "title": "B", "owner": "app", "time": 1000, "duration": 10, "group": 2}
                {"edge": [1, 2], "label": "update"}
                {"edge": [1, 3], "label": "update"}
                {"edge": [1, 4], "label": "update"}
                {"group": 1, "label": "T", "start": 100, "duration": 100}
                {"group": 2, "label": "T", "start": 1000, "duration": 100}
                {"group": 3, "label": "T", "start": 5000}
                {"hitch": "hitch", "start": 199, "duration": 1}
                {"hitch": "hitch", "start": 200, "duration": 800}
                {"hitch": "hang", "start": 150, "duration": 9223372036854775807}
                {"hitch": "hitch", "start": 5000, "duration": 0}
                {"hitch": "hitch", "start": 100, "duration": 0}
                {"hitch": "hitch", "start": 90000, "duration": 10}
                """)
        // By start; a span ending where a group starts does not overlap it; the hang's end
        // saturates; an empty hitch overlaps the group holding its point in time; group 3, with
        // no duration, was still open when recording stopped and overlaps all after its start.
        #expect(graph.hitches.map(\.hitch.start) == [100, 150, 199, 200, 5000, 90000])
        #expect(graph.hitches.map(\.groups) == [[1], [1, 2, 3], [1], [], [3], [3]])
        let a = try #require(graph.nodes.first { $0.title == "A" }?.id)
        let b = try #require(graph.nodes.first { $0.title == "B" }?.id)
        #expect(graph.hitches[1].updates == [.init(node: a, count: 2), .init(node: b, count: 1)])
        #expect(graph.hitches[2].updates == [.init(node: a, count: 2)])
    }

    @Test("the walk upstream ends on a cycle and is bounded in length")
    func boundedWalk() throws {
        // A chain of 40 bodies, each caused by the next, the last caused by the first.
        var lines = [traceHeader]
        for id in 1...40 {
            lines.append(
                #"{"node": \#(id), "kind": "body", "title": "V\#(id)", "owner": "app", "time": 10, "duration": 1, "group": 1}"#
            )
        }
        for id in 1...40 { lines.append(#"{"edge": [\#(id % 40 + 1), \#(id)], "label": "update"}"#) }
        lines.append(#"{"group": 1, "label": "T", "start": 0, "duration": 100}"#)
        lines.append(#"{"hitch": "hitch", "start": 5, "duration": 10}"#)
        let graph = try graph(ofTrace: lines.joined(separator: "\n"))
        let cause = try HitchCause.numbered(1, in: graph)
        #expect(cause.chain.count == HitchCause.maximumChainLength)
        #expect(Set(cause.chain.map(\.id)).count == cause.chain.count)
        // Nothing outside the cycle caused it: no root cause.
        #expect(cause.rootCauses.isEmpty)
    }

    @Test("asking for a hitch that does not exist says which do")
    func numbers() throws {
        let graph = try fixtureGraph("landmarks-favorites-hitches")
        #expect(throws: Diagnostic.error("no hitch 5: the trace holds hitches 1 to 4")) {
            try HitchCause.numbered(5, in: graph)
        }
        #expect(throws: Diagnostic.error("the trace holds no hitches or hangs")) {
            try HitchCause.numbered(1, in: try fixtureGraph("landmarks-favorites-before"))
        }
    }

    @Test("summary lists the hitches in text, JSON and Markdown, and only when the trace has any")
    func summarySection() throws {
        let summary = TraceSummary(graph: try fixtureGraph("landmarks-favorites-hitches"))
        let text = SummaryFormatter.format(summary, as: .text)
        #expect(
            text.contains(
                "Hitches and hangs\n  1. 33.3 ms hitch ← 24 × LandmarkListItemView ← ModelData.favoritesCollection ←\n       Tap\n     at 2043.667 ms · update group 1 · Potentially expensive app update(s)\n"
            ))
        let json = try JSONParser.parse(SummaryFormatter.format(summary, as: .json))
        let first = try #require(json["hitches"]?.arrayValue?.first)
        #expect(first["duration"]?.numberValue == 33_340_000)
        #expect(first["groups"]?.arrayValue?.compactMap(\.numberValue) == [1])
        #expect(first["updates"]?.arrayValue?.first?["count"]?.numberValue == 24)
        #expect(first["chain"]?.arrayValue?.count == 3)
        #expect(
            SummaryFormatter.format(summary, as: .markdown).contains(
                "### Hitches and hangs\n\n- 1. 33.3 ms hitch ← 24 × LandmarkListItemView ← ModelData.favoritesCollection ← Tap (at 2043.667 ms · update group 1 · Potentially expensive app update(s))"
            ))
        let without = TraceSummary(graph: try fixtureGraph("landmarks-favorites-before"))
        #expect(!SummaryFormatter.format(without, as: .text).contains("Hitches"))
        #expect(!SummaryFormatter.format(without, as: .json).contains("hitches"))
    }

    @Test("a summary cut to a few hitches shows the longest, in the order they happened")
    func longestShown() throws {
        // Twelve hitches a second apart; their durations in milliseconds, not in time order.
        let durations = [20, 90, 35, 300, 17, 17, 224, 48, 60, 17, 33, 120]
        var trace = #"{"causegraph": 1, "app": "App"}"# + "\n"
        for (index, milliseconds) in durations.enumerated() {
            trace +=
                #"{"hitch": "hitch", "start": \#(index + 1)000000000, "duration": \#(milliseconds)000000}"# + "\n"
        }
        let scratch = try TemporaryFolder()
        var diagnostics = Diagnostics()
        let path = try scratch.write("hitches.jsonl", trace)
        let graph = try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
        let summary = TraceSummary(graph: graph).bounded(ListBounds(order: .time, offset: 0, limit: 4))
        // 300, 224, 120 and 90 ms, numbered by time: 4, 7, 12 and 2.
        #expect(summary.hitches.map(\.number) == [2, 4, 7, 12])
        #expect(summary.omitted.hitches == 8)
        let next = TraceSummary(graph: graph).bounded(ListBounds(order: .time, offset: 4, limit: 2))
        #expect(next.hitches.map(\.number) == [8, 9], "60 and 48 ms, after the first four")
    }

    @Test("trace text in a hitch is shown, never obeyed, in every format")
    func hostileText() throws {
        let graph = try graph(
            ofTrace: traceHeader + "\n"
                + #"{"hitch": "hang", "start": 1, "duration": 2, "hangType": "Hang\u001b[31m\n\u202eX", "process": "P\u0007", "narrative": "<b>|*"}"#
        )
        let summary = TraceSummary(graph: graph)
        let text = SummaryFormatter.format(summary, as: .text)
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{7}" })
        #expect(
            text.hasSuffix(
                "Hitches and hangs\n  1. 2 ns hang (Hang␛[31m␊\u{FFFD}X) ← no update overlaps it\n     at 0.000 ms · no update group · <b>|*\n"
            ))
        let markdown = SummaryFormatter.format(summary, as: .markdown)
        #expect(
            markdown.hasSuffix(
                "1. 2 ns hang (Hang␛\\[31m␊\u{FFFD}X) ← no update overlaps it (at 0.000 ms · no update group · &lt;b&gt;\\|\\*)\n"
            ))
        let json = try JSONParser.parse(SummaryFormatter.format(summary, as: .json))
        #expect(json["hitches"]?.arrayValue?.first?["hangType"]?.stringValue == "Hang\u{1B}[31m\n\u{202E}X")
        let detail = HitchFormatter.format(try HitchCause.numbered(1, in: graph), as: .text)
        #expect(!detail.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{7}" })
    }

    @Test("an empty narrative or process is none: no dangling separator, no empty line")
    func emptyText() throws {
        let graph = try graph(
            ofTrace: traceHeader + "\n"
                + #"{"hitch": "hitch", "start": 1, "duration": 2, "process": "", "narrative": ""}"#)
        let cause = try HitchCause.numbered(1, in: graph)
        #expect(HitchFormatter.placeLine(cause) == "at 0.000 ms · no update group")
        #expect(!HitchFormatter.format(cause, as: .text).contains("process:"))
        #expect(
            SummaryFormatter.format(TraceSummary(graph: graph), as: .text).hasSuffix(
                "     at 0.000 ms · no update group\n"))
    }

    @Test("Markdown names a blank title (untitled), as the terminal does")
    func blankTitlesInMarkdown() throws {
        let graph = try graph(
            ofTrace: """
                \(traceHeader)
                {"node": 1, "kind": "gesture", "title": " ", "owner": "app", "time": 1}
                {"node": 2, "kind": "body", "title": "", "owner": "app", "time": 2, "duration": 5, "group": 1}
                {"edge": [1, 2], "label": "update"}
                {"group": 1, "label": "T", "start": 1, "duration": 10}
                {"hitch": "hitch", "start": 3, "duration": 10}
                """)
        let detail = HitchFormatter.format(try HitchCause.numbered(1, in: graph), as: .markdown)
        #expect(detail.contains("- Chain: 10 ns hitch ← 1 × (untitled) ← (untitled)\n- Root causes: (untitled)\n"))
        #expect(detail.contains("| 1 | (untitled) | body |"))
        #expect(
            SummaryFormatter.format(TraceSummary(graph: graph), as: .markdown).contains(
                "1. 10 ns hitch ← 1 × (untitled) ← (untitled) (at"))
    }
}
