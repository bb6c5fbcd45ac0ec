import CauseGraph
import CauseGraphTestSupport
import Foundation
import Testing

/// `causegraph doctor`, and inputs that hold nothing to read: on bundles
/// through the stand-in xctrace (`fixtures/instruments/recording/xctrace`),
/// and on the samples of `fixtures/instruments/field`.
@Suite("causegraph doctor and inputs that hold nothing")
struct DoctorCommandTests {
    static let standIn = fixture("instruments/recording/xctrace")
    static let healthyTables = [
        "swiftui-causes", "swiftui-updates", "swiftui-layout-updates", "swiftui-changes", "swiftui-update-groups",
        "hitches",
    ]

    /// A scratch folder with an empty `App.trace` bundle.
    static func bundle() throws -> (TemporaryFolder, String) {
        let scratch = try TemporaryFolder()
        let bundle = scratch.path("App.trace")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        return (scratch, bundle)
    }

    /// The rows of a fixture table, counted here independently of causegraph.
    static func rows(_ schema: String) throws -> Int {
        let text = try String(contentsOfFile: fixture("instruments/recording/\(schema).xml"), encoding: .utf8)
        return text.components(separatedBy: "<row>").count - 1
    }

    /// A table of contents of one launched run on a device, listing ``healthyTables``; its path.
    static func healthyTableOfContents(in scratch: TemporaryFolder) throws -> String {
        try scratch.write(
            "toc.xml",
            """
            <?xml version="1.0"?>
            <trace-toc><run number="1"><info><target><device platform="iOS" model="iPhone 17 Pro" name="Ann's iPhone" os-version="26.1 (23B85)"/>\
            <process type="launched" name="Landmarks" pid="4242"/></target><summary><intruments-recording-settings>\
            <instruments-version>27.2 (27B5019j)</instruments-version><template-name>SwiftUI</template-name></intruments-recording-settings>\
            </summary></info><data>
            """ + Self.healthyTables.map { "<table schema=\"\($0)\"/>" }.joined() + "</data></run></trace-toc>\n")
    }

    @Test("a healthy bundle: its run, device, launch, template, version and every table's rows; exit 0")
    func healthyBundle() throws {
        let (scratch, bundle) = try Self.bundle()
        let toc = try Self.healthyTableOfContents(in: scratch)
        let log = scratch.path("calls.log")
        let environment = ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TOC": toc, "STANDIN_LOG": log]
        let text = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.output.hasPrefix("\(bundle): Instruments .trace bundle\n"))
        #expect(
            text.output.contains(
                "  run 1: device Ann's iPhone (iOS 26.1 (23B85)), process Landmarks launched, template SwiftUI, Instruments 27.2 (27B5019j)\n"
            ))
        for schema in Self.healthyTables {
            let rows = try Self.rows(schema)
            #expect(rows > 0)
            let line = text.output.split(separator: "\n").first { $0.hasPrefix("    \(schema) ") }
            #expect(line?.hasSuffix(" \(rows) row\(rows == 1 ? "" : "s")  read") == true, "\(schema): \(rows) rows")
        }
        #expect(
            text.output.contains(
                "    causegraph reads: hitches, swiftui-update-groups, swiftui-updates, swiftui-layout-updates, swiftui-changes, swiftui-causes\n"
            ))
        #expect(
            !text.output.contains("missing:") && text.output.hasSuffix("  answers \"why did this body run\": yes\n"))
        // Each table exported once, after the table of contents.
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 1 + Self.healthyTables.count && calls[0].hasSuffix("--toc"))

        let json = try Causegraph.run(["doctor", bundle, "--format", "json"], environment: environment)
        #expect(json.status == 0)
        let input = try #require(try JSONParser.parse(json.output)["inputs"]?.arrayValue?.first)
        #expect(input["kind"]?.stringValue == "bundle" && input["canAnswerWhy"]?.content == .bool(true))
        let run = try #require(input["runs"]?.arrayValue?.first)
        #expect(run["simulator"]?.content == .bool(false) && run["launch"]?.stringValue == "launched")
        let tables = try #require(run["tables"]?.arrayValue)
        #expect(tables.compactMap { $0["schema"]?.stringValue } == Self.healthyTables)
        #expect(try tables.map { $0["rows"]?.numberValue } == Self.healthyTables.map { Int64(try Self.rows($0)) })
    }

    @Test(
        "xctrace runs in the user's time zone, not the UTC causegraph draws in", arguments: ["Europe/Paris", ""])
    func userTimeZone(_ zone: String) throws {
        let (scratch, bundle) = try Self.bundle()
        let seen = scratch.path("tz.log")
        let environment = [
            "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TOC": try Self.healthyTableOfContents(in: scratch),
            "STANDIN_TZ": seen, "CAUSEGRAPH_CACHE_DIR": scratch.path("cache"), "TZ": zone,
        ]
        let result = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let zones = Set(try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n"))
        #expect(zones == [zone.isEmpty ? "unset" : Substring(zone)])
    }

    @Test("a table xctrace cannot export is a problem of its own; the others are counted, and nothing is kept")
    func oneTableFails() throws {
        let (scratch, bundle) = try Self.bundle()
        let toc = try Self.healthyTableOfContents(in: scratch)
        let served = scratch.path("served")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: false)
        for schema in Self.healthyTables where schema != "swiftui-changes" {
            try FileManager.default.copyItem(
                atPath: fixture("instruments/recording/\(schema).xml"), toPath: "\(served)/\(schema).xml")
        }
        let log = scratch.path("calls.log")
        let environment = [
            "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TOC": toc, "STANDIN_TABLES": served, "STANDIN_LOG": log,
            "CAUSEGRAPH_CACHE_DIR": scratch.path("cache"),
        ]
        let first = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(first.standardError.isEmpty, "\(first.standardError)")
        for schema in Self.healthyTables where schema != "swiftui-changes" {
            let rows = try Self.rows(schema)
            #expect(first.output.contains("    \(schema)  ") && first.output.contains(" \(rows) row"), "\(schema)")
        }
        #expect(
            first.output.split(separator: "\n").contains {
                $0.hasPrefix("    swiftui-changes ") && $0.hasSuffix(" rows not counted  read")
            }, "\(first.output)")
        #expect(
            first.output.contains(
                "    - swiftui-changes could not be exported, so its rows are not counted: "), "\(first.output)")
        #expect(first.output.contains("Error: no table swiftui-changes"), "xctrace's own words")
        #expect(first.output.contains("fix: xcrun xctrace export --input \(bundle) --xpath"))
        // A failed count is not kept: the next doctor exports again.
        _ = try Causegraph.run(["doctor", bundle], environment: environment)
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 2 * (1 + Self.healthyTables.count))
    }

    @Test("a bundle's tables are counted once: doctor again exports nothing; change, damage, --no-cache count again")
    func countsAreCached() throws {
        let (scratch, bundle) = try Self.bundle()
        let log = scratch.path("calls.log")
        let cache = scratch.path("cache")
        let environment = [
            "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TOC": try Self.healthyTableOfContents(in: scratch),
            "STANDIN_LOG": log, "CAUSEGRAPH_CACHE_DIR": cache,
        ]
        func calls() throws -> Int {
            try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count
        }
        let first = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(first.status == 0 && first.standardError.isEmpty, "\(first.standardError)")
        let exportsPerCount = try calls()
        #expect(exportsPerCount > 1, "the table of contents, then each table")

        let again = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(again.output == first.output && again.standardError.isEmpty)
        #expect(try calls() == exportsPerCount, "the second doctor ran no xctrace")
        let json = try Causegraph.run(["doctor", bundle, "--format", "json"], environment: environment)
        #expect(json.status == 0)
        #expect(try calls() == exportsPerCount)
        let list = try Causegraph.run(["cache", "list"], environment: environment)
        #expect(list.output.contains("  doctor's table counts  "), "\(list.output)")

        let uncached = try Causegraph.run(["doctor", bundle, "--no-cache"], environment: environment)
        #expect(uncached.output == first.output)
        #expect(try calls() == 2 * exportsPerCount)

        _ = try scratch.write("App.trace/run1.data", "a file the recording gained")
        let changed = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(changed.output == first.output)
        #expect(try calls() == 3 * exportsPerCount, "a changed bundle misses")

        let entries = try FileManager.default.contentsOfDirectory(atPath: cache + "/entries")
        let documents = try entries.filter {
            try FileManager.default.contentsOfDirectory(atPath: cache + "/entries/" + $0).contains("document.json")
        }
        #expect(documents.count == 2)
        for entry in documents {
            let document = cache + "/entries/" + entry + "/document.json"
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: document)))
            bytes[bytes.count / 2] ^= 0x20
            try Data(bytes).write(to: URL(fileURLWithPath: document))
        }
        let damaged = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(damaged.output == first.output)
        #expect(try calls() == 4 * exportsPerCount)
        #expect(
            damaged.standardError.hasPrefix(
                "\(bundle): note: the cache entry of this input is damaged (its document does not match its checksum)"),
            "\(damaged.standardError)")
        let repaired = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(repaired.standardError.isEmpty)
        #expect(try calls() == 4 * exportsPerCount, "the damaged entry was replaced")
    }

    /// A Simulator recording of an attached process whose tables came back with their schemas alone.
    static func emptyBundle() throws -> (TemporaryFolder, String, [String: String]) {
        let (scratch, bundle) = try Self.bundle()
        let tables = scratch.path("tables")
        try FileManager.default.createDirectory(atPath: tables, withIntermediateDirectories: true)
        for schema in ["swiftui-causes", "swiftui-updates", "swiftui-update-groups"] {
            let header = try String(
                contentsOfFile: fixture("instruments/recording/\(schema).xml"), encoding: .utf8
            ).components(separatedBy: "\n<row>")[0]
            _ = try scratch.write("tables/\(schema).xml", header + "\n</node></trace-query-result>\n")
        }
        try FileManager.default.copyItem(
            atPath: fixture("instruments/field/time-profile.xml"), toPath: scratch.path("tables/time-profile.xml"))
        return (
            scratch, bundle,
            [
                "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TABLES": tables,
                "STANDIN_TOC": fixture("instruments/field/toc-simulator-attached.xml"),
            ]
        )
    }

    @Test("an empty Simulator recording of an attached process: doctor says why and what to run; exit 1")
    func emptySimulatorAttachedBundle() throws {
        let (scratch, bundle, environment) = try Self.emptyBundle()
        defer { withExtendedLifetime(scratch) {} }
        let result = try Causegraph.run(["doctor", bundle], environment: environment)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.output.contains("device iPhone 17 Pro (iOS Simulator 26.0 (23A343)), process Landmarks attached"))
        #expect(result.output.contains("    swiftui-causes         0 rows  read\n"))
        #expect(
            result.output.contains(
                "    time-profile           1 row  skipped: Time Profiler samples name no SwiftUI update or cause\n"))
        #expect(result.output.contains("    - SwiftUI tables are empty on the Simulator: record on a device\n"))
        #expect(result.output.contains("    - attached process: record with --launch\n      fix: xcrun xctrace record"))
        #expect(result.output.hasSuffix("answers \"why did this body run\": no\n"))
        // Any other command: one line naming what it holds, pointing to doctor; exit 2.
        let render = try Causegraph.run(["render", bundle, "--format", "json"], environment: environment)
        #expect(render.status == 2 && render.output.isEmpty)
        #expect(
            render.standardError
                == "\(bundle): error: its SwiftUI tables have no rows: swiftui-update-groups, swiftui-updates, swiftui-causes; see why with: causegraph doctor \(bundle)\n"
        )
    }

    @Test("a recording never finalized: Document Missing Template Error, exit 1")
    func unfinalizedBundle() throws {
        let (scratch, bundle) = try Self.bundle()
        defer { withExtendedLifetime(scratch) {} }
        let result = try Causegraph.run(
            ["doctor", bundle, "--format", "json"],
            environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_FAIL": "Document Missing Template Error"])
        #expect(result.status == 1, "\(result.standardError)")
        let problems = try JSONParser.parse(result.output)["inputs"]?.arrayValue?.first?["problems"]?.arrayValue
        #expect(
            problems?.first?["message"]?.stringValue
                == "Document Missing Template Error: the recording was not finalized")
    }

    @Test("a time-profile export: every command exits 2 with one line; doctor says what it holds")
    func tablesCausegraphDoesNotRead() throws {
        let path = fixture("instruments/field/time-profile.xml")
        for command in [["summary"], ["render", "--format", "json"], ["why", "--view", "Row"]] {
            let result = try Causegraph.run([command[0], path] + command.dropFirst())
            #expect(result.status == 2 && result.output.isEmpty, "\(command)")
            #expect(
                result.standardError
                    == "\(path): error: holds no table causegraph reads (only time-profile); see why with: causegraph doctor \(path)\n",
                "\(command)")
        }
        let doctor = try Causegraph.run(["doctor", path])
        #expect(doctor.status == 1)
        #expect(
            doctor.output.contains(
                "  time-profile  1 row  skipped: Time Profiler samples name no SwiftUI update or cause\n"))
        #expect(doctor.output.contains("    - no SwiftUI table: export swiftui-causes and swiftui-updates\n"))
    }

    @Test("each kind of input is named; an export without update groups says so; exit 0 when every input answers")
    func kindsOfInput() throws {
        let scratch = try TemporaryFolder()
        let graph = try Causegraph.run(["render", fixture("contact-list.jsonl"), "--format", "json"])
        let output = try scratch.write("graph.json", graph.output)
        let result = try Causegraph.run([
            "doctor", fixture("instruments/recording/swiftui-updates.xml"), fixture("contact-list.jsonl"),
            fixture("instruments/field/toc-simulator-attached.xml"), output,
        ])
        #expect(result.status == 1, "the table of contents and the graph cannot answer")
        let kinds = result.output.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map {
            $0.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? ""
        }
        #expect(
            kinds == [
                "Instruments export (xctrace export)", "causegraph native trace",
                "table of contents (xctrace export --toc)",
                "causegraph output",
            ])
        #expect(result.output.contains("    - no update groups: swiftui-update-groups was not exported"))
        let answering = try Causegraph.run([
            "doctor", fixture("instruments/recording/swiftui-updates.xml"), fixture("contact-list.jsonl"),
        ])
        #expect(answering.status == 0, "\(answering.standardError)")
        let native = try Causegraph.run(["doctor", fixture("contact-list.jsonl"), "--format", "json"])
        let records = try #require(try JSONParser.parse(native.output)["inputs"]?.arrayValue?.first?["records"])
        // Every node line of the native trace is an event.
        let nodeLines = try String(contentsOfFile: fixture("contact-list.jsonl"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("{\"node\"") }.count
        #expect(records["events"]?.numberValue == Int64(nodeLines) && (records["updates"]?.numberValue ?? 0) > 0)
    }

    @Test("exports given together are one recording: a table one lacks and another holds is no problem of either")
    func exportsTogether() throws {
        let tables = ["swiftui-causes", "swiftui-update-groups", "swiftui-updates", "swiftui-changes"].map {
            fixture("instruments/recording/\($0).xml")
        }
        let together = try Causegraph.run(["doctor"] + tables + ["--format", "json"])
        #expect(together.status == 0, "\(together.output)")
        let inputs = try JSONParser.parse(together.output)["inputs"]?.arrayValue ?? []
        try #require(inputs.count == 4)
        for input in inputs {
            #expect(input["canAnswerWhy"]?.content == .bool(true))
            #expect(input["problems"]?.arrayValue?.isEmpty ?? true, "\(input["path"]?.stringValue ?? "")")
        }
        // Alone, the groups table answers nothing, and the causes lack groups.
        #expect(try Causegraph.run(["doctor", tables[1]]).status == 1)
        #expect(try Causegraph.run(["doctor", tables[0]]).output.contains("swiftui-update-groups was not exported"))
    }

    @Test("a document of every table: the full causes are not read beside swiftui-causes, and doctor says so")
    func oneDocumentOfEveryTable() throws {
        let result = try Causegraph.run(["doctor", fixture("instruments/recording/all-tables.xml"), "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let input = try #require(try JSONParser.parse(result.output)["inputs"]?.arrayValue?.first)
        let tables = try #require(input["tables"]?.arrayValue)
        let full = try #require(tables.first { $0["schema"]?.stringValue == "swiftui-full-causes" })
        #expect(full["read"]?.content == .bool(false) && full["rows"]?.numberValue == 13)
        #expect(tables.filter { $0["read"]?.content == .bool(true) }.count == tables.count - 1)
        #expect(input["reads"]?.arrayValue?.last?.stringValue == "swiftui-causes")
    }

    @Test("exports given together: the full causes in a file of their own are not read beside swiftui-causes")
    func fullCausesBesideCauses() throws {
        let tables = ["swiftui-causes", "swiftui-full-causes"].map { fixture("instruments/recording/\($0).xml") }
        let result = try Causegraph.run(["doctor"] + tables + ["--format", "json"])
        let inputs = try JSONParser.parse(result.output)["inputs"]?.arrayValue ?? []
        try #require(inputs.count == 2)
        #expect(inputs[0]["reads"]?.arrayValue?.map(\.stringValue) == ["swiftui-causes"])
        #expect(inputs[1]["reads"]?.arrayValue?.isEmpty == true)
        let full = try #require(inputs[1]["tables"]?.arrayValue?.first)
        #expect(full["read"]?.content == .bool(false))
        // Alone, it is read.
        let alone = try Causegraph.run(["doctor", tables[1], "--format", "json"])
        let input = try #require(try JSONParser.parse(alone.output)["inputs"]?.arrayValue?.first)
        #expect(input["reads"]?.arrayValue?.map(\.stringValue) == ["swiftui-full-causes"])
    }

    @Test("counts read with thousands separators; the links are cause links, not the causes summary counts")
    func separators() throws {
        let scratch = try TemporaryFolder()
        let path = try GeneratedRecording.write(20_000, "native", into: scratch)
        let result = try Causegraph.run(["doctor", path])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.output.split(separator: "\n").first { $0.contains(" events (") })
        let counts = try Regex(
            #"  \d{1,3}(,\d{3})+ events \(\d{1,3}(,\d{3})+ updates\), 20,000 cause links, \d{1,3}(,\d{3})* update groups"#
        )
        #expect(line.wholeMatch(of: counts) != nil, "\(line)")
        let export = try GeneratedRecording.write(20_000, "swiftui-causes", into: scratch)
        let tables = try Causegraph.run(["doctor", export])
        #expect(tables.output.contains(" 20,000 rows  read\n"), "\(tables.output)")
    }

    @Test("bad input: exit 2 with one line")
    func badInput() throws {
        let scratch = try TemporaryFolder()
        let junk = try scratch.write("junk.bin", "\u{1}\u{2}not a trace\u{3}")
        let result = try Causegraph.run(["doctor", junk])
        #expect(result.status == 2 && result.output.isEmpty)
        #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains("\(junk)"))
        let missing = try Causegraph.run(["doctor", scratch.path("none.xml")])
        #expect(missing.status == 2 && missing.standardError.split(separator: "\n").count == 1)
        let none = try Causegraph.run(["doctor"])
        #expect(none.status == 2 && none.standardError.hasPrefix("error: missing expected argument '<input> ...'"))
    }

    @Test(
        "standard input, a FIFO or a device, which doctor and redact would open twice, is refused in one line, not waited on",
        arguments: ["doctor", "redact"])
    func refusesWhatCannotBeOpenedTwice(_ command: String) throws {
        let scratch = try TemporaryFolder()
        // No process writes to it: opening it would wait for ever.
        let fifo = scratch.path("trace.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let trace = try Data(contentsOf: URL(fileURLWithPath: fixture("contact-list.jsonl")))
        for (input, shown) in [(fifo, fifo), ("/dev/zero", "/dev/zero"), ("-", "<stdin>")] {
            let output = command == "redact" ? ["-o", scratch.path("out.jsonl")] : []
            let result = try Causegraph.run([command, input] + output, standardInput: trace)
            #expect(result.status == 2, "\(input)")
            #expect(
                result.standardError
                    == "\(shown): error: \(command) reads its input more than once: give a file, not standard input, a pipe or a device\n"
            )
        }
    }

    @Test("an empty file or a picture gets the words every other command gives it", arguments: ["summary", "doctor"])
    func sameWordsAsTheCommands(_ command: String) throws {
        let scratch = try TemporaryFolder()
        let empty = try scratch.write("empty.jsonl", "")
        let picture = try scratch.write("graph.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))
        let emptyResult = try Causegraph.run([command, empty])
        #expect(emptyResult.status == 2)
        #expect(emptyResult.standardError == "\(empty): error: empty file: expected a trace\n")
        let pictureResult = try Causegraph.run([command, picture])
        #expect(pictureResult.status == 2)
        #expect(
            pictureResult.standardError
                == "\(picture): error: a PNG image, not a trace: pass the recording it shows (a .trace, an xctrace export, a change log)\n"
        )
    }

    @Test("an export no command can read (cut short, a malformed cell) is the error every command gives, exit 2")
    func unreadableExport() throws {
        let scratch = try TemporaryFolder()
        let whole = try String(contentsOfFile: fixture("instruments/recording/swiftui-causes.xml"), encoding: .utf8)
        let cut = try scratch.write("cut.xml", String(whole.prefix(whole.count * 2 / 3)))
        let malformed = try scratch.write(
            "malformed.xml", whole.replacingOccurrences(of: "</event-time>", with: "x</event-time>"))
        for export in [cut, malformed] {
            let summary = try Causegraph.run(["summary", export, "--no-cache"])
            #expect(summary.status == 2)
            let doctor = try Causegraph.run(["doctor", export, "--no-cache"])
            #expect(doctor.status == 2 && doctor.output.isEmpty, "\(doctor.output)")
            #expect(doctor.standardError == summary.standardError, "\(export)")
        }
    }
}
