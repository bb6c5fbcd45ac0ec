import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// `causegraph redact`: the shape stays, the app's names go, the system's stay.
@Suite("causegraph redact")
struct RedactCommandTests {
    static let instrumentsTables = [
        "swiftui-causes", "swiftui-updates", "swiftui-layout-updates", "swiftui-changes", "swiftui-update-groups",
    ].map { fixture("instruments/recording/\($0).xml") }

    /// The graph's nodes as (kind, owner, title) and its edges as (kind, label, count), sorted.
    static func shape(_ inputs: [String]) throws -> (nodes: [[String]], edges: [[String]], titles: [String: String]) {
        let result = try Causegraph.run(
            ["render"] + inputs + ["--format", "json", "--max-nodes", "0", "--max-edges", "0"])
        #expect(result.status == 0, "\(result.standardError)")
        let graph = try JSONParser.parse(result.output)
        let nodes = try #require(graph["nodes"]?.arrayValue)
        var titles: [String: String] = [:]
        for node in nodes { titles[node["title"]?.stringValue ?? ""] = node["owner"]?.stringValue }
        let edges = try #require(graph["edges"]?.arrayValue)
        return (
            nodes.map {
                [$0["kind"]?.stringValue ?? "", $0["owner"]?.stringValue ?? "", "\($0["count"]?.numberValue ?? -1)"]
            }
            .sorted { $0.joined(separator: " ") < $1.joined(separator: " ") },
            edges.map {
                [$0["kind"]?.stringValue ?? "", $0["label"]?.stringValue ?? "", "\($0["count"]?.numberValue ?? -1)"]
            }
            .sorted { $0.joined(separator: " ") < $1.joined(separator: " ") },
            titles
        )
    }

    static func identifiers(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    @Test(
        "shape kept, app names gone, system names kept, deterministic",
        arguments: [["contact-list.jsonl"], ["INSTRUMENTS"]])
    func redacts(_ names: [String]) throws {
        let inputs = names == ["INSTRUMENTS"] ? Self.instrumentsTables : names.map(fixture)
        let scratch = try TemporaryFolder()
        let redacted = scratch.path("redacted.jsonl")
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact"] + inputs + ["-o", redacted, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let before = try Self.shape(inputs)
        let after = try Self.shape([redacted])
        #expect(after.nodes == before.nodes && after.edges == before.edges && !before.nodes.isEmpty)
        // Every app name in the map is gone from the redacted trace, and the map names some.
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        #expect(mapping.count >= 3)
        let text = try String(contentsOfFile: redacted, encoding: .utf8)
        let words = Self.identifiers(text)
        for name in mapping.keys { #expect(!words.contains(name), "\(name) is gone") }
        // The system's titles are as they were.
        for (title, owner) in before.titles where owner == "system" {
            #expect(after.titles[title] == "system", "\(title) stays")
        }
        // The app's titles are all renamed.
        for (title, owner) in before.titles where owner == "app" && title.contains(where: \.isLowercase) {
            let appWords = Self.identifiers(title).filter { mapping[$0] != nil }
            if !appWords.isEmpty { #expect(after.titles[title] == nil, "\(title) is renamed") }
        }
        // Deterministic; a salt changes the pseudonyms, the same salt gives the same ones.
        let again = try Causegraph.run(["redact"] + inputs + ["-o", "-"])
        #expect(again.output == text)
        let salted = try Causegraph.run(["redact"] + inputs + ["--salt", "s3cret"])
        let saltedAgain = try Causegraph.run(["redact"] + inputs + ["--salt", "s3cret"])
        let otherSalt = try Causegraph.run(["redact"] + inputs + ["--salt", "other"])
        #expect(salted.output == saltedAgain.output && salted.output != text && salted.output != otherSalt.output)
    }

    /// The words of a document's values: its text, minus element and
    /// attribute names, so a name can be looked for in what the recording says.
    static func valueWords(_ text: String) -> Set<String> {
        identifiers(
            text.replacingOccurrences(of: #"</?[A-Za-z][A-Za-z0-9-]*"#, with: " ", options: .regularExpression)
                .replacingOccurrences(of: #"[A-Za-z][A-Za-z0-9-]*=""#, with: " ", options: .regularExpression))
    }

    /// The `id="N"` and `ref="N"` attributes of a document, in order.
    static func internedIDs(_ text: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #" (?:id|ref)="[0-9]+""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!])
        }
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Checks a folder or file of redacted copies against the originals:
    /// the same graph, the same interned ids, none of the map's names, and
    /// the same bytes on a second run; another salt gives other bytes.
    static func checkCopies(
        of inputs: [String], named outputs: [String], to output: String, in scratch: TemporaryFolder
    )
        throws
    {
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact"] + inputs + ["-o", output, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let before = try shape(inputs)
        let after = try shape(outputs)
        #expect(after.nodes == before.nodes && after.edges == before.edges && !before.nodes.isEmpty)
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        #expect(mapping.count >= 3)
        // The system's titles stay the system's, as they were but for the app's
        // types they name (`ForEach<Array<Item>, Int, Row>`).
        for (title, owner) in before.titles where owner == "system" {
            #expect(after.titles[RedactedText.renamed(title, by: mapping)] == "system", "\(title) stays")
        }
        var texts: [String] = []
        for (input, output) in zip(inputs, outputs) {
            let text = try read(output)
            texts.append(text)
            #expect(try internedIDs(text) == internedIDs(read(input)), "\(output): ids and refs as they were")
            let words = valueWords(text)
            for name in mapping.keys where !name.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                #expect(!words.contains(name), "\(name) is gone from \(output)")
            }
        }
        let again = scratch.path("again") + "/"
        let salted = scratch.path("salted") + "/"
        #expect(try Causegraph.run(["redact"] + inputs + ["-o", again]).status == 0)
        #expect(try Causegraph.run(["redact"] + inputs + ["-o", salted, "--salt", "s3cret"]).status == 0)
        for (index, output) in outputs.enumerated() {
            let name = (output as NSString).lastPathComponent
            #expect(try read(again + name) == texts[index], "\(name): deterministic")
            #expect(try read(salted + name) != texts[index], "\(name): the salt changes the pseudonyms")
        }
    }

    /// `summary --all`'s findings of `inputs` as sorted-key JSON, without
    /// the node and edge ids, which follow the titles and so differ in a
    /// redacted copy.
    static func findings(_ inputs: [String]) throws -> String {
        let result = try Causegraph.run(["summary", "--all", "--recreations", "1", "--format", "json"] + inputs)
        #expect(result.status == 0, "\(result.standardError)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let findings = try #require(summary["findings"] as? [[String: Any]])
        let withoutIDs = findings.map { $0.filter { $0.key != "nodes" && $0.key != "edge" } }
        let data = try JSONSerialization.data(withJSONObject: withoutIDs, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }

    @Test(
        "a redacted recording's findings are the original's but for the names, where views tie",
        arguments: [1, 2, 3])
    func keepsFindings(seed: Int) throws {
        let scratch = try TemporaryFolder()
        let inputs = try ["swiftui-causes", "swiftui-updates", "swiftui-update-groups"].map {
            try GeneratedRecording.write(2_000, $0, into: scratch, seed: seed)
        }
        let folder = scratch.path("redacted") + "/"
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact"] + inputs + ["-o", folder, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        let before = try Self.findings(inputs)
        let after = try Self.findings(inputs.map { folder + ($0 as NSString).lastPathComponent })
        #expect(before.contains("\"kind\" : \"environmentChurn\""))
        #expect(RedactedText.renamed(before, by: mapping) == after)
    }

    @Test("a folder of exports is redacted as its files are when named: each keeps its format and its name")
    func redactsFolderAsItsFiles() throws {
        let scratch = try TemporaryFolder()
        let recording = scratch.path("recording")
        try FileManager.default.createDirectory(atPath: recording, withIntermediateDirectories: false)
        let tables = ["swiftui-causes", "swiftui-updates", "swiftui-update-groups"]
        var inputs: [String] = []
        for table in tables {
            let generated = try GeneratedRecording.write(1_000, table, into: scratch, seed: 4)
            let input = recording + "/" + table + ".xml"
            try FileManager.default.moveItem(atPath: generated, toPath: input)
            inputs.append(input)
        }
        let fromFolder = scratch.path("from-folder") + "/"
        let fromFiles = scratch.path("from-files") + "/"
        let folderRun = try Causegraph.run(["redact", recording, "-o", fromFolder])
        #expect(folderRun.status == 0, "\(folderRun.standardError)")
        #expect(try Causegraph.run(["redact"] + inputs + ["-o", fromFiles]).status == 0)
        let names = tables.map { $0 + ".xml" }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fromFolder).sorted() == names.sorted())
        for name in names {
            #expect(try Self.read(fromFolder + name) == Self.read(fromFiles + name), "\(name) as when named")
        }
        // One redacted export written to a file keeps its format too.
        let single = scratch.path("single")
        try FileManager.default.createDirectory(atPath: single, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: inputs[0], toPath: single + "/" + names[0])
        let copy = scratch.path("copy.xml")
        #expect(try Causegraph.run(["redact", single, "-o", copy]).status == 0)
        #expect(try Self.read(copy) == Self.read(fromFiles + names[0]))
    }

    @Test("a multi-table export keeps its format, its graph, its ids and refs; app names go")
    func redactsExportTables() throws {
        let scratch = try TemporaryFolder()
        let inputs = try ["swiftui-updates", "swiftui-causes", "swiftui-changes", "swiftui-update-groups"].map {
            try GeneratedRecording.write(3_000, $0, into: scratch, seed: 7)
        }
        let folder = scratch.path("redacted") + "/"
        try Self.checkCopies(
            of: inputs, named: inputs.map { folder + ($0 as NSString).lastPathComponent }, to: folder, in: scratch)
        // The system's words in values stay.
        let updates = try Self.read(folder + (inputs[0] as NSString).lastPathComponent)
        #expect(updates.contains("SwiftUI") && updates.contains("<schema name=\"swiftui-updates\">"))
    }

    @Test("every table is redacted: a real export's app frames, binary and paths go, the system's stay")
    func redactsRealBacktraces() throws {
        let scratch = try TemporaryFolder()
        let input = fixture("real/frames/detected-fs-antipattern.xml")
        let output = scratch.path("redacted.xml")
        let result = try Causegraph.run(["redact", input, "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try Self.read(output)
        let original = try Self.read(input)
        #expect(try Self.internedIDs(text) == Self.internedIDs(original))
        for name in ["PromptManager", "simonfortelny", "AttachmentsSection", "PDFRasterizer", "addFromFilesystem"] {
            #expect(original.contains(name) && !text.contains(name), "\(name) is gone")
        }
        for kept in [
            "CGDataProviderCreateWithURL", "/System/Library/Frameworks/SwiftUI.framework/Versions/A/SwiftUI",
            "libsystem_kernel.dylib", "-[PDFDocument initWithURL:]", "closure #1 in closure #4 in",
            "/&lt;compiler-generated&gt;", "<schema name=\"detected-fs-antipattern\"",
        ] {
            #expect(text.contains(kept), "\(kept) stays")
        }
        #expect(text.utf8.count > original.utf8.count / 2)
    }

    @Test(
        "a change log keeps its format and its graph; app names go",
        arguments: [
            "real/printchanges-sisoje-mvvm-bd9cebb.txt", "real/logchanges-openswiftui-compat-messages.txt",
            "logs/log-show-default.log", "logs/log-stream.ndjson", "logs/log-show.json", "logs/stdout.txt",
        ])
    func redactsChangeLog(_ name: String) throws {
        let scratch = try TemporaryFolder()
        let input = fixture(name)
        let output = scratch.path((name as NSString).lastPathComponent)
        try Self.checkCopies(of: [input], named: [output], to: output, in: scratch)
        if name.hasSuffix("ndjson") {
            let text = try Self.read(output)
            #expect(text.contains("\"eventMessage\":") && text.contains("com.apple.SwiftUI"))
            #expect(!text.contains("/Users/dev/"), "the user's folder is gone")
        }
    }

    @Test(
        "what is no change line is the app's own output: a line of text is blanked, a log entry loses its message",
        arguments: ["logs/stdout.txt", "logs/log-stream.ndjson", "logs/log-show.json", "logs/log-show-default.log"])
    func blanksOtherOutput(_ name: String) throws {
        let scratch = try TemporaryFolder()
        let input = fixture(name)
        let output = scratch.path((name as NSString).lastPathComponent)
        let result = try Causegraph.run(["redact", input, "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        let before = try Self.read(input)
        let after = try Self.read(output)
        #expect(
            after.split(separator: "\n", omittingEmptySubsequences: false).count
                == before.split(separator: "\n", omittingEmptySubsequences: false).count, "line numbers stay")
        let others = [
            "Landmarks launched", "Loaded 12 landmarks", "Favorites filter", "Turtle Rock", "Message from debugger",
            "Accessing State's value outside", "Filtering the log data",
        ]
        #expect(others.contains { before.contains($0) }, "\(name) holds lines that are no change lines")
        for text in others { #expect(!after.contains(text), "\(text) is gone from \(name)") }
        if name.hasSuffix("json") {
            #expect(after.contains("\"eventMessage\":\"\"") || after.contains("\"eventMessage\" : \"\""))
            #expect(after.contains("%{public}s: %{public}s changed."), "a change line's format stays")
        }
    }

    @Test("an export's comments are left out: their prose can name anything, and they mean nothing to a reader")
    func dropsComments() throws {
        let scratch = try TemporaryFolder()
        let input = fixture("instruments/swiftui-causes.xml")
        #expect(try Self.read(input).contains("<!--"))
        let output = scratch.path("swiftui-causes.xml")
        try Self.checkCopies(of: [input], named: [output], to: output, in: scratch)
        #expect(!(try Self.read(output).contains("<!--")))
    }

    @Test("a change log's views become views, and the words causegraph's reading adds stay, so the trace reads alike")
    func changeLogKeepsItsReading() throws {
        let scratch = try TemporaryFolder()
        let redacted = scratch.path("redacted.jsonl")
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact", fixture("logs/log-show-default.log"), "-o", redacted, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        for word in ["parent", "input", "observed", "dependencies", "@16"] {
            #expect(mapping[word] == nil, "\(word) is no name of the app's")
        }
        // Met first as the owner of its state and its parent input, and still a view.
        for view in ["LandmarkList", "LandmarkRow", "CategoryItem"] {
            #expect(mapping[view]?.hasPrefix("View") == true, "\(view) is \(mapping[view] ?? "not renamed")")
        }
        let text = try Self.read(redacted)
        let row = try #require(mapping["LandmarkRow"])
        let item = try #require(mapping["CategoryItem"])
        #expect(text.contains("\(row) (parent input)") && text.contains("\(item).@16"))
    }

    @Test(
        "a malformed export, even of a table causegraph does not read, is exit 2 naming file, line and column; nothing is written"
    )
    func refusesMalformedExport() throws {
        let scratch = try TemporaryFolder()
        let input = try scratch.write(
            "bad.xml",
            Data(
                "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema name=\"time-profile\"></schema>\n<row><string id=\"1\" fmt=\"a\">x</strin></row></node></trace-query-result>\n"
                    .utf8))
        let output = scratch.path("out.xml")
        let result = try Causegraph.run(["redact", input, "-o", output])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("\(input):4:30: error: end tag </strin> does not match <string>"))
        #expect(!FileManager.default.fileExists(atPath: output))
        // A character the importer refuses is refused too, though no table is imported: a copy to share holds none.
        let control = try scratch.write(
            "control.xml",
            Data(
                "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema name=\"time-profile\"></schema>\n<row><string id=\"1\" fmt=\"a\">x\u{0}y</string></row></node></trace-query-result>\n"
                    .utf8))
        let refused = try Causegraph.run(["redact", control, "-o", output])
        #expect(refused.status == 2)
        #expect(refused.standardError == "\(control):4:30: error: control character U+0000 is not allowed in XML\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Whether `word` is one of the pseudonyms redact gives (`Type3`, `View12Representable`).
    static func isPseudonym(_ word: String) -> Bool {
        word.range(of: #"^(View|Type|property|Module|App|Path)[0-9]+x*(Representable)?$"#, options: .regularExpression)
            != nil
    }

    @Test("the app's types in a system view's generic arguments go, at any depth, each under one pseudonym everywhere")
    func renamesAppTypesInGenericArguments() throws {
        let scratch = try TemporaryFolder()
        // `Row`, `Card`, `CardView` and `CardKit` stand only in the system's nodes; `Item` also in the app's state.
        let titles = [
            "ForEach<Array<Item>, Int, Row>",
            "List<Never, ForEach<Array<Item>, Int, Row>>",
            "ScrollView<LazyVStack<ForEach<Array<Optional<Card>>, Int, ModifiedContent<CardView, _PaddingLayout>>>>",
            "VStack<TupleView<(Text, Optional<ForEach<Array<Card>, Int, CardView>>)>>",
            "@State Binding<Optional<Card>>",
        ]
        var lines = [#"{"causegraph": 1, "app": "Shop"}"#]
        for (index, title) in titles.enumerated() {
            let isState = title.hasPrefix("@State")
            // Only an update node has a duration.
            let duration = isState ? "" : #", "duration": 5"#
            lines.append(
                #"{"node": \#(index + 1), "kind": "\#(isState ? "state" : "body")", "title": "\#(title)", "#
                    + #""owner": "system", "module": "CardKit", "time": \#(10 + index)\#(duration)}"#)
        }
        lines.append(#"{"node": 9, "kind": "state", "title": "@State Item.isExpanded", "owner": "app", "time": 9}"#)
        lines.append(#"{"edge": [9, 1], "label": "update", "time": 10}"#)
        let input = try scratch.write("trace.jsonl", Data((lines.joined(separator: "\n") + "\n").utf8))
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact", input, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        let appNames = ["Shop", "Item", "Row", "Card", "CardView", "CardKit", "isExpanded"]
        for name in appNames { #expect(mapping[name] != nil, "\(name) has a pseudonym") }
        let words = Self.identifiers(result.output)
        for name in appNames { #expect(!words.contains(name), "\(name) is gone") }
        // Each title keeps its brackets, commas and SwiftUI's names, with each
        // app type under the one pseudonym the map gives it.
        let redacted = try result.output.split(separator: "\n").compactMap {
            try JSONParser.parse(String($0))["title"]?.stringValue
        }
        #expect(redacted == (titles + ["@State Item.isExpanded"]).map { RedactedText.renamed($0, by: mapping) })
        let framework: Set = [
            "ForEach", "Array", "Int", "List", "Never", "ScrollView", "LazyVStack", "Optional", "ModifiedContent",
            "_PaddingLayout", "VStack", "TupleView", "Text", "State", "Binding",
        ]
        for title in redacted {
            for word in Self.identifiers(title) where !framework.contains(word) {
                #expect(Self.isPseudonym(word), "\(word) of \(title) is a pseudonym")
            }
        }
        #expect(redacted[0] == "ForEach<Array<\(mapping["Item"]!)>, Int, \(mapping["Row"]!)>")
    }

    @Test(
        "an export and a change log redacted together: the app's types in SwiftUI's generic views go, named alike in both"
    )
    func renamesGenericArgumentsAcrossFormats() throws {
        let scratch = try TemporaryFolder()
        let export = try GeneratedRecording.write(2_000, "swiftui-causes", into: scratch, seed: 1)
        let original = try Self.read(export)
        #expect(original.contains("ForEach&lt;Array&lt;Card&gt;, Int, CardView&gt;"))
        #expect(original.contains("ForEach&lt;Array&lt;Item&gt;, Int, Row&gt;"))
        let log = try scratch.write(
            "changes.txt",
            Data(
                """
                ScrollView<LazyVStack<ForEach<Array<Item>, Int, Row>>>: @self changed.
                CardView: @self, _isExpanded changed.

                """.utf8))
        let folder = scratch.path("redacted") + "/"
        let map = scratch.path("map.json")
        let result = try Causegraph.run(["redact", export, log, "-o", folder, "--map", map])
        #expect(result.status == 0, "\(result.standardError)")
        let mapping = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: map))) as? [String: String])
        let redactedExport = try Self.read(folder + (export as NSString).lastPathComponent)
        let redactedLog = try Self.read(folder + "changes.txt")
        for name in ["Item", "Row", "Card", "CardView", "isExpanded"] {
            #expect(mapping[name] != nil, "\(name) has a pseudonym")
            #expect(!Self.valueWords(redactedExport).contains(name), "\(name) is gone from the export")
            #expect(!Self.identifiers(redactedLog).contains(name), "\(name) is gone from the log")
        }
        let item = try #require(mapping["Item"])
        let row = try #require(mapping["Row"])
        let card = try #require(mapping["Card"])
        let cardView = try #require(mapping["CardView"])
        #expect(redactedExport.contains("ForEach&lt;Array&lt;\(card)&gt;, Int, \(cardView)&gt;"))
        #expect(redactedExport.contains("ForEach&lt;Array&lt;\(item)&gt;, Int, \(row)&gt;"))
        #expect(
            redactedLog
                == "ScrollView<LazyVStack<ForEach<Array<\(item)>, Int, \(row)>>>: @self changed.\n"
                + "\(cardView): @self, _\(mapping["isExpanded"]!) changed.\n")
    }

    @Test("an app or process name of several words loses every word")
    func appNameOfSeveralWords() throws {
        let scratch = try TemporaryFolder()
        let input = try scratch.write(
            "trace.jsonl",
            Data(
                #"""
                {"causegraph": 1, "app": "ACME Secret-Project 2 (Beta)"}
                {"node": 1, "kind": "body", "title": "ContentView", "owner": "app", "time": 10, "duration": 5}
                {"hitch": "hitch", "start": 10, "duration": 5, "process": "Classified Tool (4242)"}

                """#.utf8))
        let result = try Causegraph.run(["redact", input])
        #expect(result.status == 0, "\(result.standardError)")
        let words = Self.identifiers(result.output)
        for name in ["ACME", "Secret", "Project", "Beta", "Classified", "Tool", "ContentView"] {
            #expect(!words.contains(name), "\(name) is gone")
        }
        #expect(result.output.contains("(4242)"), "a process id is no name")
    }

    @Test("the map and the redacted trace cannot share a file or standard output: exit 2, nothing written")
    func refusesMapOverTrace() throws {
        let scratch = try TemporaryFolder()
        let output = scratch.path("out.jsonl")
        // The last names one file on a Mac, whose disks do not tell case apart: there the map would replace the trace.
        for arguments in [
            ["-o", output, "--map", output], ["-o", output, "--map", scratch.path("./out.jsonl")],
            ["-o", output, "--map", scratch.path("OUT.jsonl")],
        ] {
            let result = try Causegraph.run(["redact", fixture("contact-list.jsonl")] + arguments)
            #expect(result.status == 2)
            #expect(result.standardError.contains("-o and --map name the same file"), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        let both = try Causegraph.run(["redact", fixture("contact-list.jsonl"), "--map", "-"])
        #expect(both.status == 2 && both.output.isEmpty)
        #expect(both.standardError.contains("cannot both go to standard output"), "\(both.standardError)")
    }

    @Test("-o and --map through a link to a file not yet written, or two hard links of one file, are one file: refused")
    func refusesMapOverTraceThroughLinks() throws {
        let scratch = try TemporaryFolder()
        let output = scratch.path("out.jsonl")
        let symbolic = scratch.path("link.json")
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: "out.jsonl")
        let existing = try scratch.write("trace.jsonl", "kept\n")
        let second = scratch.path("second.json")
        try #require(link(existing, second) == 0)
        for (trace, map) in [(output, symbolic), (symbolic, output), (existing, second)] {
            let result = try Causegraph.run(["redact", fixture("contact-list.jsonl"), "-o", trace, "--map", map])
            #expect(result.status == 2)
            #expect(result.standardError.contains("-o and --map name the same file"), "\(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "kept\n")
    }

    @Test("two inputs whose names a Mac would not tell apart are refused before either is written into the folder")
    func namesThatFoldTogether() throws {
        let scratch = try TemporaryFolder()
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: false)
        }
        let first = scratch.path("a/App.jsonl")
        let second = scratch.path("b/app.jsonl")
        try FileManager.default.copyItem(atPath: fixture("contact-list.jsonl"), toPath: first)
        try FileManager.default.copyItem(atPath: fixture("onoff-toggle.jsonl"), toPath: second)
        let result = try Causegraph.run(["redact", first, second, "-o", scratch.path("out") + "/"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: '\(second)' and '\(first)' would both be written as app.jsonl: redact them into separate folders\n"
        )
        #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("out"))) ?? [] == [])
    }

    @Test("standard input cannot be read twice: exit 2")
    func refusesStandardInput() throws {
        let result = try Causegraph.run(
            ["redact", "-"], standardInput: try Data(contentsOf: URL(fileURLWithPath: fixture("contact-list.jsonl"))))
        #expect(result.status == 2 && result.standardError.contains("not standard input"))
    }
}
