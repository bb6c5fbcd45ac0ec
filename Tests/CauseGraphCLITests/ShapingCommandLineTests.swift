import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("causegraph render: shaping options")
struct ShapingCommandLineTests {
    let landmarks = fixture("landmarks-favorites-before.jsonl")

    /// The node titles of a JSON graph, and whether it carries a shaping report.
    private func json(_ result: CommandResult) throws -> (nodes: [String], isShaped: Bool) {
        let parsed = try JSONParser.parse(result.output)
        guard case .object(let object) = parsed.content, case .array(let nodes)? = object["nodes"]?.content,
            let shaping = object["shaping"]
        else {
            Issue.record("not a graph")
            return ([], false)
        }
        let titles = nodes.compactMap { node -> String? in
            guard case .object(let fields) = node.content, case .string(let title)? = fields["title"]?.content else {
                return nil
            }
            return title
        }
        if case .null = shaping.content { return (titles, false) }
        return (titles, true)
    }

    @Test("--focus with --depth keeps the paths into the matching views")
    func focus() throws {
        let result = try Causegraph.run([
            "render", landmarks, "--format", "json", "--focus", "LandmarkFavoriteButton", "--depth", "1",
        ])
        #expect(result.status == 0)
        let graph = try json(result)
        #expect(graph.nodes == ["LandmarkFavoriteButton", "LandmarkListItemView"])
        #expect(graph.isShaped)
        #expect(
            result.standardError
                == "note: showing 2 of 7 nodes and 1 of 6 edges\nnote: --focus \"LandmarkFavoriteButton\" --depth 1: 5 nodes not on a cause path into a match dropped\n"
        )
    }

    @Test("with --focus, labels show the share of the focused updates each node and edge explains")
    func focusShares() throws {
        let focused = try Causegraph.run(["render", landmarks, "--format", "dot", "--focus", "LandmarkFavoriteButton"])
        #expect(focused.status == 0)
        #expect(
            focused.output.contains("%: the share of the 3 updates of the focused nodes each node and edge explains"))
        #expect(focused.output.contains("3 updates · 180 µs · 100%"))
        #expect(focused.output.contains("label=\"update ×3 · 100%\""))
        let plain = try Causegraph.run(["render", landmarks, "--format", "dot"])
        #expect(!plain.output.contains("%: the share") && !plain.output.contains(" · 100%"))
    }

    @Test("--regex reads patterns as regular expressions; without it they are substrings")
    func regex() throws {
        let substring = try Causegraph.run(["render", landmarks, "--format", "json", "--ignore", "^Landmark.*View$"])
        #expect(try json(substring).nodes.count == 7, "no title contains the pattern literally")
        let regex = try Causegraph.run([
            "render", landmarks, "--format", "json", "--regex", "--ignore", "^Landmark.*View$",
        ])
        #expect(regex.status == 0)
        #expect(try json(regex).nodes == ["Tap", "ModelData.favoritesCollection"])
    }

    @Test("--hide-system, --min-count and --max-nodes in the JSON, each with what it removed")
    func filters() throws {
        let result = try Causegraph.run([
            "render", landmarks, "--format", "json", "--hide-system", "--min-count", "3", "--max-nodes", "3",
        ])
        #expect(result.status == 0)
        let graph = try json(result)
        // Tap is the root cause of every update: it is kept with its path to the heaviest update, the list items.
        #expect(graph.nodes == ["Tap", "ModelData.favoritesCollection", "LandmarkListItemView"])
        #expect(graph.isShaped)
        #expect(
            result.output.contains(
                #""option": "--hide-system", "setting": "hideSystem", "value": true, "removedNodes": 2"#))
        #expect(
            result.output.contains(#""option": "--min-count 3", "setting": "minCount", "value": 3, "removedNodes": 0"#))
        #expect(
            result.output.contains(#""option": "--max-nodes 3", "setting": "maxNodes", "value": 3, "removedNodes": 2"#))
    }

    @Test("--node-fraction and --edge-fraction in the note and the JSON")
    func fractions() throws {
        let result = try Causegraph.run([
            "render", landmarks, "--format", "json", "--node-fraction", "10%", "--edge-fraction", "0.5",
        ])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: showing 4 of 7 nodes and 3 of 6 edges\nnote: --node-fraction 10%: 3 nodes explaining less than that share of 84 updates dropped\n"
        )
        #expect(
            result.output.contains(
                #"{"filter": "nodeFraction", "option": "--node-fraction 10%", "setting": "nodeFraction", "value": 0.1, "removedNodes": 3, "#
            ))
        #expect(
            result.output.contains(
                #"{"filter": "edgeFraction", "option": "--edge-fraction 0.5", "setting": "edgeFraction", "value": 0.5, "removedNodes": 0, "#
            ))
    }

    @Test("--window keeps only the events in the time range")
    func window() throws {
        // The second tap's transaction starts at 3.47 s; the third at 4.91 s.
        let result = try Causegraph.run(["render", landmarks, "--format", "json", "--window", "3s:4.5s"])
        #expect(result.status == 0)
        #expect(result.output.contains(#""title": "LandmarkListItemView""#))
        #expect(result.output.contains(#""count": 24, "ran": 24"#), "one tap's worth of list items")
        #expect(
            result.output.contains(
                #"{"filter": "window", "option": "--window 3s:4.5s", "setting": "window", "value": {"start": 3000000000, "end": 4500000000}, "removedNodes": 0, "removedEvents": 60"#
            ))
    }

    /// A long recording is asked about a stretch at a time: the 10th minute of 47.
    @Test("summary and why read only the window, say what it left out, and refuse one that holds no event")
    func windowedAnswers() throws {
        let summary = try Causegraph.run(["summary", landmarks, "--window", "3s:4.5s"])
        #expect(summary.status == 0)
        #expect(summary.output.contains(#/LandmarkListItemView +24 +24 /#), "one tap's worth of list items")
        #expect(
            summary.standardError.contains("note: --window 3s:4.5s: 60 events, 58 links and 2 update groups outside"))
        let why = try Causegraph.run([
            "why", landmarks, "--view", "LandmarkListItemView", "--list", "--window", "3s:4.5s",
        ])
        #expect(why.status == 0)
        #expect(why.output.contains("24 updates"))
        #expect(why.standardError.contains("note: --window 3s:4.5s: 60 events, 58 links and 2 update groups outside"))
        // Event 1, the first tap, is at 2.04 s: what was asked for may lie outside the window, and the error says so.
        let outside = try Causegraph.run(["why", landmarks, "--update", "1", "--window", "3s:4.5s"])
        #expect(outside.status == 2)
        #expect(outside.standardError.hasSuffix("error: no event with id 1 in the trace inside --window 3s:4.5s\n"))
        for command in [["summary", landmarks], ["why", landmarks, "--view", "List"]] {
            let empty = try Causegraph.run(command + ["--window", "1h:"])
            #expect(empty.status == 2)
            #expect(empty.standardError == "error: no event of the trace is inside --window 3600s..\n")
        }
    }

    @Test("the SVG carries the legend and dotted residual edges")
    func svgLegend() throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run([
            "render", fixture("environment-writer.jsonl"), "-o", scratch.path("graph.svg"), "--hide-system",
            "--max-nodes", "4",
        ])
        #expect(result.status == 0)
        // Graphviz writes hyphens in text as &#45;.
        let svg = String(decoding: try scratch.read("graph.svg"), as: UTF8.self).replacingOccurrences(
            of: "&#45;", with: "-")
        #expect(svg.contains(">shown: 4 of 9 nodes, 2 of 8 edges (+ 1 dotted), 33 of 72 events<"))
        #expect(svg.contains(">--hide-system: 2 system nodes folded into dotted edges<"))
        #expect(svg.contains(">dotted edges: cause links through nodes not shown<"))
        #expect(svg.contains(#"<g id="r1" class="edge kind-state label-update residual">"#))
        #expect(svg.contains("stroke-dasharray=\"1,5\""), "dotted")
        #expect(svg.components(separatedBy: "<g id=\"n").count - 1 == 4)
    }

    @Test(
        "errors are one line and exit 2",
        arguments: [
            (["--focus", "Nonesuch"], "error: --focus \"Nonesuch\" matches no node title; nothing is left to draw"),
            (["--regex", "--focus", "("], "invalid regular expression '('"),
            (["--focus", ""], "error: --focus must not be empty: it would match every title; give part of a title\n"),
            (
                ["--ignore", ""],
                "error: --ignore must not be empty: it would match every title; give part of a title\n"
            ),
            (["--min-count", "1000"], "error: --min-count 1000 removed every node (no node has 1000 events or more)"),
            (["--ignore", "a"], "error: --ignore \"a\" removed every node"),
            (["--window", "100s:"], "error: no event of the trace is inside --window 100s..; nothing is left to draw"),
            (["--window", "2s:1s"], "--window: the window ends before it starts"),
            (["--window", "soon"], "--window: expected START:END"),
            (["--window", "1d:"], "--window: \"1d\" is not a time"),
            (["--depth", "2"], "--depth applies to --focus"),
            (["--focus", "Tap", "--depth=-1"], "error: --depth -1 is out of range; give 0 or more\n"),
            (["--max-nodes=-5"], "error: --max-nodes -5 is out of range; give 0 (no limit) or more\n"),
            (["--max-nodes", "-1"], "error: --max-nodes -1 is out of range; give 0 (no limit) or more\n"),
            (["--max-edges", "-2"], "error: --max-edges -2 is out of range; give 0 (no limit) or more\n"),
            (["--min-count", "-1"], "error: --min-count -1 is out of range; give 0 or more\n"),
            (["--max-nodes", "many"], "error: the value 'many' is invalid for '--max-nodes"),
            (
                ["--node-fraction", "150%"],
                "error: --node-fraction \"150%\" is out of range; give 0% to 100%, or a fraction from 0 to 1\n"
            ),
            (
                ["--edge-fraction", "some"],
                "error: --edge-fraction \"some\" is not a share; give a percentage (0.5%) or a fraction (0.005)\n"
            ),
        ])
    func errors(_ options: [String], _ message: String) throws {
        let scratch = try TemporaryFolder()
        let result = try Causegraph.run(["render", landmarks, "-o", scratch.path("graph.svg")] + options)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(scratch.entries.isEmpty, "nothing written")
    }

    @Test("help lists every shaping option")
    func help() throws {
        let help = try Causegraph.run(["render", "--help"])
        #expect(help.status == 0)
        for option in [
            "--focus", "--depth", "--ignore", "--regex", "--hide-system", "--min-count", "--max-nodes", "--window",
        ] {
            #expect(help.output.contains(option), "\(option) missing from help")
        }
    }

    @Test("with the defaults a trace of 10,000 distinct nodes renders to SVG with at most 80 nodes, quickly")
    func largeTrace() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("big.jsonl")
        try SyntheticTrace(views: 5_000).write(to: trace)
        let started = ContinuousClock.now
        let result = try Causegraph.run(["render", trace, "-o", scratch.path("big.svg")])
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: showing 80 of 10,009 nodes and 81 of 21,516 edges (+ 63 dotted)\nnote: --max-nodes 80: 9,923 nodes explaining the fewest updates dropped (--max-nodes 0 shows all)\nnote: --max-edges 150: 240 edges explaining the fewest updates not drawn (--max-edges 0 draws all)\nnote: fan-outs: 9 nodes driven by the same cause, with nothing drawn after them, folded into 3, and 6 edges with them (--unfold shows them)\n"
        )
        let svg = String(decoding: try scratch.read("big.svg"), as: UTF8.self)
        // The folds freed room, so the limit chose 86 nodes, 9 of which fold into 3.
        #expect(svg.components(separatedBy: "<g id=\"n").count - 1 == 77)
        #expect(svg.components(separatedBy: "<g id=\"f").count - 1 == 3, "three folds")
        #expect(svg.contains(">shown: 80 of 10,009 nodes, "))
        #expect(svg.contains("explaining the fewest updates dropped"))
        // The picture fits a screen: neither side more than 2.5 times the other.
        let size = try #require(svg.firstMatch(of: /<svg width="([0-9.]+)pt" height="([0-9.]+)pt"/))
        let (width, height) = (try #require(Double(size.1)), try #require(Double(size.2)))
        #expect(max(width, height) <= 2.5 * min(width, height), "\(width) × \(height) pt")
        // A debug build on a shared machine takes a few seconds; a layout of
        // thousands of nodes would take hours.
        #expect(elapsed < .seconds(60), "render took \(elapsed)")
    }
}

@Suite("what shaping removed, in the note and the legend")
struct ShapingNoteTests {
    let landmarks = fixture("landmarks-favorites-before.jsonl")

    @Test("--hide-system says what it hid, and promises no dotted edges it did not draw")
    func hideSystem() throws {
        let result = try Causegraph.run(["render", landmarks, "--hide-system", "--format", "dot"])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: showing 5 of 7 nodes and 4 of 6 edges\nnote: --hide-system: 2 system nodes hidden, with no cause link through them\n"
        )
        #expect(result.output.contains("--hide-system: 2 system nodes hidden, with no cause link through them"))
        #expect(!result.output.contains("dotted"))
        let one = try Causegraph.run(["render", fixture("contact-list.jsonl"), "--hide-system", "--format", "dot"])
        #expect(one.standardError.contains("--hide-system: 1 system node hidden, with no cause link through it\n"))
    }

    @Test("--max-edges says how many edges it left out, even when every node is shown")
    func maxEdges() throws {
        let result = try Causegraph.run(["render", landmarks, "--max-edges", "2", "--format", "dot"])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "note: showing 7 of 7 nodes and 2 of 6 edges\nnote: --max-edges 2: 4 edges explaining the fewest updates not drawn (--max-edges 0 draws all)\n"
        )
    }

    @Test("--max-nodes 0 draws every edge too, unless --max-edges is given: no cause stands without an edge")
    func maxNodesZeroDrawsEveryEdge() throws {
        let scratch = try TemporaryFolder()
        let trace = scratch.path("big.jsonl")
        try SyntheticTrace(views: 200).write(to: trace)
        let all = try Causegraph.run(["render", trace, "--max-nodes", "0", "--format", "json"])
        #expect(all.status == 0)
        #expect(all.standardError == "", "nothing left out: \(all.standardError)")
        #expect(try JSONParser.parse(all.output)["shaping"]?.isNull == true)
        let bounded = try Causegraph.run([
            "render", trace, "--max-nodes", "0", "--max-edges", "150", "--format", "json",
        ])
        #expect(bounded.status == 0)
        #expect(bounded.standardError.contains("\nnote: --max-edges 150: "), "\(bounded.standardError)")
    }

    @Test("removedEvents counts the events of the nodes --focus and --ignore dropped")
    func removedEvents() throws {
        let ignored = try Causegraph.run(["render", landmarks, "--ignore", "UIScroll", "--format", "json"])
        #expect(
            ignored.output.contains(
                #"{"filter": "ignore", "option": "--ignore \"UIScroll\"", "setting": "ignore", "value": [{"text": "UIScroll", "regex": false}], "removedNodes": 1, "removedEvents": 3,"#
            ))
        let focused = try Causegraph.run([
            "render", landmarks, "--focus", "LandmarkFavoriteButton", "--depth", "1", "--format", "json",
        ])
        #expect(
            focused.output.contains(
                #""shown": {"nodes": 2, "edges": 1, "events": 75}, "total": {"nodes": 7, "edges": 6, "events": 90}"#))
        #expect(
            focused.output.contains(
                #"{"filter": "focus", "option": "--focus \"LandmarkFavoriteButton\" --depth 1", "setting": "focus", "value": {"patterns": [{"text": "LandmarkFavoriteButton", "regex": false}], "depth": 1}, "removedNodes": 5, "removedEvents": 15,"#
            ))
    }

    @Test("--storm-window shows its default as it would be typed")
    func stormWindowDefault() throws {
        let help = try Causegraph.run(["summary", "--help"])
        let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("The rebuild storm window (e.g. 5ms, 800us). (default: 5ms)"))
    }
}

@Suite("the same options on every command")
struct ConsistentOptionTests {
    let before = fixture("landmarks-favorites-before.jsonl")
    let after = fixture("landmarks-favorites-after.jsonl")

    @Test("diff --theme dark draws the diff on a dark background")
    func diffTheme() throws {
        let light = try Causegraph.run(["diff", before, after, "-o", "-", "--format", "dot"])
        let dark = try Causegraph.run(["diff", before, after, "-o", "-", "--format", "dot", "--theme", "dark"])
        #expect(dark.status == 0)
        #expect(light.output.contains("bgcolor=\"#ffffff\""))
        #expect(dark.output.contains("bgcolor=\"#0f172a\""))
        #expect(!dark.output.contains("#dcfce7"), "no light fills on the dark page")
    }

    @Test("report --engine lays the graph out with that engine")
    func reportEngine() throws {
        let dot = try Causegraph.run(["report", before, "-o", "-"])
        let neato = try Causegraph.run(["report", before, "-o", "-", "--engine", "neato"])
        #expect(neato.status == 0)
        #expect(neato.output != dot.output)
        let nop = try Causegraph.run(["report", before, "-o", "-", "--engine", "nop"])
        #expect(nop.status == 2)
        // The parser's list of names, on the one line of every error.
        #expect(
            nop.standardError
                == "error: the value 'nop' is invalid for '--engine <name>'. Please provide one of the following: dot, neato, fdp, sfdp, circo, twopi\n"
        )
    }

    @Test(
        "a window holding only a hang draws no empty graph, and diff shows no node removed for it; summary and timeline keep the hang"
    )
    func windowOfAHangOnly() throws {
        let trace = fixture("landmarks-favorites-hitches.jsonl")
        // The Microhang from 3.467 s lasts 265 ms; no event is between 3.5 s and 3.6 s.
        let window = ["--window", "3.5s:3.6s"]
        let message =
            "error: no event of the trace is inside --window 3.5s:3.6s, only 1 hitch or hang: a graph draws events, so nothing is left to draw; summary and timeline show hitches\n"
        for command in [["render", trace, "--format", "dot", "-o", "-"], ["report", trace, "-o", "-"]] {
            let result = try Causegraph.run(command + window)
            #expect(result.status == 2)
            #expect(result.standardError == message, "\(command[0])")
        }
        let diff = try Causegraph.run(["diff", trace, fixture("landmarks-favorites-after.jsonl")] + window)
        #expect(diff.status == 2)
        #expect(diff.standardError == "\(trace): error: no event of the trace is inside --window 3.5s:3.6s\n")
        let summary = try Causegraph.run(["summary", trace] + window)
        #expect(summary.status == 0 && summary.output.contains("265 ms hang (Microhang)"), "\(summary.standardError)")
        let timeline = try Causegraph.run(["timeline", trace, "-o", "-"] + window)
        #expect(timeline.status == 0 && timeline.output.contains("Microhang"), "\(timeline.standardError)")
    }

    @Test("--classify on traces that are not Instruments exports says it does not apply")
    func classifyNative() throws {
        let scratch = try TemporaryFolder()
        let rules = try scratch.write("rules.jsonl", #"{"match": "Tap", "kind": "gesture"}"# + "\n")
        let result = try Causegraph.run(["render", before, "--classify", rules, "--format", "dot"])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "warning: --classify applies to Instruments exports, whose node titles need classifying; none of the traces read is one\n"
        )
    }
}
