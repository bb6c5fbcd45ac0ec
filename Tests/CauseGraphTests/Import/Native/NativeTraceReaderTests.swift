import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

@Suite("Native JSON Lines reader")
struct NativeTraceReaderTests {
    @Test("reads the example of the format documentation")
    func readsExample() throws {
        let graph = try graph(
            ofTrace: """
                {"causegraph": 1, "app": "Landmarks", "frameRate": 120}
                {"node": 1, "kind": "gesture", "title": "Tap", "owner": "app", "time": 1000000}
                {"node": 2, "kind": "observable", "title": "ModelData.favoritesCollection", "owner": "app", "time": 1000500, "backtrace": ["ModelData.toggleFavorite(_:)", "closure #1 in LandmarkListItemView.body.getter"]}
                {"node": 3, "kind": "body", "title": "LandmarkListItemView", "module": "Landmarks", "owner": "app", "time": 1200000, "duration": 350000, "ran": true, "group": 1}
                {"edge": [1, 2], "label": "update", "time": 1000500}
                {"edge": [2, 3], "label": "update", "time": 1200000, "changed": ["favoritesCollection"]}
                {"group": 1, "label": "Transaction for Gesture", "start": 1100000, "duration": 2000000}
                """)
        #expect(graph.app == "Landmarks")
        #expect(graph.frameRate == 120)
        #expect(graph.nodes.map(\.title) == ["Tap", "ModelData.favoritesCollection", "LandmarkListItemView"])
        #expect(
            graph.nodes[1].backtrace == [
                "ModelData.toggleFavorite(_:)", "closure #1 in LandmarkListItemView.body.getter",
            ])
        #expect(graph.nodes[2].module == "Landmarks")
        #expect(graph.nodes[2].totalDuration == 350_000)
        #expect(graph.edges.map(\.kind) == [.gesture, .observable])
        #expect(graph.edges[1].changed == ["favoritesCollection"])
        #expect(
            graph.groups == [
                UpdateGroup(id: 1, label: "Transaction for Gesture", start: 1_100_000, duration: 2_000_000)
            ])
    }

    @Test("ignores unknown keys, blank lines, null optionals and CRLF line ends")
    func lenientWhereDocumented() throws {
        let graph = try graph(
            ofTrace: traceHeader + "\r\n\r\n"
                + #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "module": null, "future": {"x": [1]}}"#
                + "\r\n"
                + "   \n")
        // The body's run has no cause link: the graph's own node accounts for it.
        #expect(graph.nodes.map(\.kind) == [.body, .unrecorded])
        #expect(graph.nodes[0].module == nil)
    }

    /// Windows editors and tools put one before the text.
    @Test("a byte-order mark before the header is read past, also by format detection")
    func byteOrderMark() throws {
        let trace = "\u{FEFF}" + traceHeader + "\n" + #"{"node": 1, "kind": "body", "title": "A", "owner": "app"}"#
        #expect(InputFormat.detect(Array(trace.utf8)) == .native)
        let nodes = try graph(ofTrace: trace).nodes
        #expect(nodes.map(\.kind) == [.body, .unrecorded])
        #expect(nodes.first?.title == "A")
    }

    @Test("a second header starts a new document whose ids may repeat")
    func concatenatedDocuments() throws {
        let document = traceHeader + "\n" + #"{"node": 1, "kind": "body", "title": "A", "owner": "app"}"# + "\n"
        let graph = try graph(ofTrace: document + document)
        #expect(graph.nodes.map(\.kind) == [.body, .unrecorded])
        #expect(graph.nodes.map(\.count) == [2, 2])
    }

    @Test(
        "every error names the file, line and column (at ‸)",
        arguments: [
            // Syntax.
            (#"{"node": 1, "kind": "body"‸"#, "not JSON: expected ',' or '}' in the object"),
            (#"{"node": 1,‸, }"#, "not JSON: expected a quoted key"),
            (#"‸["node"]"#, "expected a JSON object, found an array"),
            ("‸not json", "not JSON: expected a JSON value"),
            // Missing required keys.
            (#"‸{"node": 1, "kind": "body", "owner": "app"}"#, #"missing required key "title""#),
            (#"  ‸{"node": 1, "title": "A", "owner": "app"}"#, #"missing required key "kind""#),
            (#"‸{"edge": [1, 1]}"#, #"missing required key "label""#),
            (#"‸{"group": 1}"#, #"missing required key "label""#),
            (#"‸{"title": "A"}"#, #"expected a "node", "edge", "group" or "hitch" record"#),
            // Wrong types.
            (
                #"{"node": ‸"1", "kind": "body", "title": "A", "owner": "app"}"#,
                #""node" must be a whole number from 0 to 9223372036854775807, found a string"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": ‸7, "owner": "app"}"#,
                #""title" must be a string, found a number"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "time": ‸1.5}"#,
                #""time" must be a whole number from 0 to 9223372036854775807, found 1.5"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "duration": ‸-3}"#,
                #""duration" must be a whole number from 0 to 9223372036854775807, found -3"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "ran": ‸"yes"}"#,
                #""ran" must be true or false, found a string"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "backtrace": ["f", ‸2]}"#,
                #""backtrace" must hold strings, found a number"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "time": ‸99999999999999999999}"#,
                #""time" must be a whole number from 0 to 9223372036854775807, found 99999999999999999999"#
            ),
            (
                #"{"node": ‸9223372036854775808, "kind": "body", "title": "A", "owner": "app"}"#,
                #""node" must be a whole number from 0 to 9223372036854775807, found 9223372036854775808"#
            ),
            // A node's group may be negative, but is whole and fits in 64 bits.
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "group": ‸1.5}"#,
                #""group" must be a whole number that fits in 64 bits, found 1.5"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "group": ‸-9223372036854775809}"#,
                #""group" must be a whole number that fits in 64 bits, found -9223372036854775809"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "group": ‸1e400}"#,
                #""group" must be a whole number that fits in 64 bits, found 1e400"#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "group": ‸"7"}"#,
                #""group" must be a whole number that fits in 64 bits, found a string"#
            ),
            // Unknown values.
            (
                #"{"node": 1, "kind": ‸"layout", "title": "A", "owner": "app"}"#,
                #"unknown kind "layout"; expected one of "gesture", "state", "observable", "externalEnvironment", "environmentWriter", "body", "representable", "other""#
            ),
            (
                #"{"node": 1, "kind": ‸"unrecorded", "title": "A", "owner": "app"}"#,
                #"unknown kind "unrecorded"; expected one of "gesture", "state", "observable", "externalEnvironment", "environmentWriter", "body", "representable", "other""#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": ‸"user"}"#,
                #"unknown owner "user"; expected one of "app", "system""#
            ),
            (
                #"{"node": 1, "kind": "body", "title": "A", "owner": "app", "severity": ‸"huge"}"#,
                #"unknown severity "huge"; expected one of "veryLow", "low", "medium", "high", "veryHigh""#
            ),
            (
                #"{"node": 1, "kind": "gesture", "title": "A", "owner": "app", "duration": ‸5}"#,
                #""duration" applies only to update nodes (body, representable, other), not gesture"#
            ),
            (#"‸{"node": 1, "edge": [1, 1], "label": "update"}"#, #"a record is a "node" or an "edge", not both"#),
        ])
    func errors(markedLine: String, message: String) throws {
        let input = MarkedText(traceHeader + "\n" + markedLine + "\n")
        #expect(try importError(ofTrace: input.text) == input.error(message, in: "trace.jsonl"))
    }

    /// Expects reading the header and `markedLines` to fail with `message` at the mark ‸.
    private func expectError(
        _ markedLines: [String], _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let input = MarkedText(([traceHeader] + markedLines).joined(separator: "\n"))
        #expect(
            try importError(ofTrace: input.text) == input.error(message, in: "trace.jsonl"),
            sourceLocation: sourceLocation)
    }

    @Test("references are checked: duplicate ids, undefined nodes and groups")
    func references() throws {
        let node1 = #"{"node": 1, "kind": "gesture", "title": "Tap", "owner": "app"}"#
        try expectError(
            [node1, #"{"node": ‸1, "kind": "gesture", "title": "Tap", "owner": "app"}"#], "node 1 is already defined")
        try expectError(
            [node1, #"{"edge": [1, ‸2], "label": "update"}"#],
            "edge names node 2, which is not defined before this line")
        try expectError(
            [#"{"edge": [‸1, 2], "label": "creation"}"#, node1],
            "edge names node 1, which is not defined before this line")
        try expectError([node1, #"{"edge": [1, 1], "label": ‸""}"#], #""label" must not be empty"#)
        try expectError(
            [#"{"node": 4, "kind": "body", "title": "A", "owner": "app", "group": ‸9}"#],
            "update group 9 is never defined")
        try expectError(
            [#"{"group": 2, "label": "T"}"#, #"{"group": ‸2, "label": "T"}"#], "update group 2 is already defined")
    }

    @Test("the header is required, first, and of a known version")
    func header() throws {
        #expect(try importError(ofTrace: "") == "trace.jsonl: error: empty file: expected a trace")
        #expect(try importError(ofTrace: "\n \n") == "trace.jsonl: error: empty file: expected a trace")
        #expect(
            try importError(ofTrace: #"{"node": 1, "kind": "body", "title": "A", "owner": "app"}"#)
                == "trace.jsonl:1: error: unrecognised trace format (known: \(InputFormat.allCases.map(\.rawValue).joined(separator: ", "))); name one with inputFormat"
        )
        for (marked, message) in [
            (#"{"causegraph": ‸2}"#, "unsupported trace format version 2; this causegraph reads version 1"),
            (#"{"causegraph": 1, "frameRate": ‸0}"#, #""frameRate" must be a positive number"#),
            (
                #"{"causegraph": 1, "frameRate": ‸1e-11}"#,
                #""frameRate" must be between 1 and 1000 frames per second, found 1e-11"#
            ),
            (
                #"{"causegraph": 1, "frameRate": ‸2000}"#,
                #""frameRate" must be between 1 and 1000 frames per second, found 2000"#
            ),
        ] {
            let input = MarkedText(marked)
            #expect(try importError(ofTrace: input.text) == input.error(message, in: "trace.jsonl"))
        }
    }

    @Test("columns count characters, not bytes")
    func unicodeColumns() throws {
        try expectError(
            [#"{"node": 1, "kind": "body", "title": "Café ☕️", "owner": ‸3}"#],
            #""owner" must be a string, found a number"#)
        // The helper counts scalars too: the column written out keeps this test from passing if both counted bytes.
        #expect(MarkedText(#"{"node": 1, "kind": "body", "title": "Café ☕️", "owner": ‸3}"#).column == 58)
    }

    @Test("invalid UTF-8 is an error at its column")
    func invalidUTF8() throws {
        let directory = try TemporaryFolder()
        var bytes = Array((traceHeader + "\n" + #"{"node": 1, "kind": "body", "title": "A"#).utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"", "owner": "app"}"#.utf8)
        let path = directory.path("bad.jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var diagnostics = Diagnostics()
        #expect {
            _ = try TracePipeline().reconstruct([path], diagnostics: &diagnostics).graph
        } throws: { error in
            (error as? Diagnostic)?.location == SourceLocation(file: path, line: 2, column: 40)
        }
    }
}
