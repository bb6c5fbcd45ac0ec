import CauseGraphTestSupport
import Foundation
import Testing

/// `.trace` bundles, read through a stand-in for Xcode's xctrace
/// (`fixtures/instruments/recording/xctrace`) that serves the recording's
/// table of contents and tables as `xctrace export` does.
@Suite("causegraph command line: Instruments .trace bundles")
struct TraceBundleCommandTests {
    static let standIn = fixture("instruments/recording/xctrace")
    static let tables = [
        "swiftui-causes", "swiftui-updates", "SwiftUIFilteredUpdates", "swiftui-layout-updates", "swiftui-changes",
        "swiftui-update-groups", "hitches", "potential-hangs",
    ]
    .map { fixture("instruments/recording/\($0).xml") }

    /// A scratch folder holding an empty `App.trace` bundle.
    static func bundle() throws -> (TemporaryFolder, String) {
        let scratch = try TemporaryFolder()
        let bundle = scratch.path("App.trace")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        return (scratch, bundle)
    }

    @Test("a bundle gives the graph of its exported tables, each exported once, details first")
    func exportsEachTableOnce() throws {
        let (scratch, bundle) = try Self.bundle()
        let log = scratch.path("calls.log")
        let result = try Causegraph.run(
            ["render", bundle, "--format", "json"],
            environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_LOG": log])
        #expect(result.status == 0, "\(result.standardError)")
        let direct = try Causegraph.run(["render"] + Self.tables + ["--format", "json"])
        #expect(result.output == direct.output)
        // The hitches and hangs tables are exported too.
        let summary = try Causegraph.run(
            ["summary", bundle, "--format", "json"], environment: ["CAUSEGRAPH_XCTRACE": Self.standIn])
        let directSummary = try Causegraph.run(["summary"] + Self.tables + ["--format", "json"])
        #expect(
            summary.output == directSummary.output
                && summary.output.contains(#""kind": "hang", "hangType": "Microhang""#))
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let run = "/trace-toc/run[@number=\"1\"]/data/table"
        #expect(
            calls == [
                "export --input \(bundle) --toc",
                "export --input \(bundle) --xpath \(run)[@schema=\"hitches\"]",
                "export --input \(bundle) --xpath \(run)[@schema=\"potential-hangs\"]",
                "export --input \(bundle) --xpath \(run)[@schema=\"swiftui-update-groups\"]",
                "export --input \(bundle) --xpath \(run)[@schema=\"swiftui-updates\"]",
                "export --input \(bundle) --xpath \(run)[@schema=\"swiftui-layout-updates\"]",
                "export --input \(bundle) --xpath \(run)[@schema=\"swiftui-changes\"]",
                "export --input \(bundle) --xpath \(run)[@schema=\"swiftui-causes\"]",
            ])
    }

    @Test(
        "every command reads a bundle",
        arguments: [
            ["summary"], ["why", "--view", "LandmarkListItemView"], ["why", "--list", "--view", "Landmark"],
            ["report", "-o", "REPORT"],
            ["convert", "-o", "TRACE"], ["render", "-o", "SVG"], ["timeline", "-o", "JSON"],
        ])
    func everyCommand(_ arguments: [String]) throws {
        let (scratch, bundle) = try Self.bundle()
        let resolved = arguments.map {
            [
                "REPORT": scratch.path("r.html"), "TRACE": scratch.path("t.jsonl"), "SVG": scratch.path("g.svg"),
                "JSON": scratch.path("t.json"),
            ][$0] ?? $0
        }
        let result = try Causegraph.run(
            [resolved[0], bundle] + resolved.dropFirst(), environment: ["CAUSEGRAPH_XCTRACE": Self.standIn])
        #expect(result.status == 0, "\(result.standardError)")
        if arguments[0] == "why", arguments.count == 3 {
            #expect(result.output.contains("@Observable ModelData.(Set<Int>)"), "why names the cause")
        }
    }

    @Test("several runs: an error lists them; --run picks one")
    func severalRuns() throws {
        let (scratch, bundle) = try Self.bundle()
        let toc = try String(contentsOfFile: fixture("instruments/recording/toc.xml"), encoding: .utf8)
        let firstRun = toc.components(separatedBy: " <run ")[1].components(separatedBy: "</run>")[0]
        let twoRuns = toc.replacingOccurrences(
            of: "</trace-toc>",
            with: " <run \(firstRun.replacingOccurrences(of: "number=\"1\"", with: "number=\"2\""))</run>\n</trace-toc>"
        )
        let environment = ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TOC": try scratch.write("toc.xml", twoRuns)]
        let refused = try Causegraph.run(["summary", bundle], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.standardError == "\(bundle): error: the recording holds 2 runs (1, 2); pick one with --run N\n")
        let picked = try Causegraph.run(["summary", bundle, "--run", "2"], environment: environment)
        #expect(picked.status == 0, "\(picked.standardError)")
        let missing = try Causegraph.run(["summary", bundle, "--run", "7"], environment: environment)
        #expect(
            missing.status == 2
                && missing.standardError == "\(bundle): error: no run 7 in this recording; its runs: 1, 2\n")
    }

    @Test(
        "without swiftui-updates, every listed SwiftUIFilteredUpdates is exported by position, each event counted once")
    func filteredUpdatesByPosition() throws {
        let (scratch, bundle) = try Self.bundle()
        let toc = try String(contentsOfFile: fixture("instruments/recording/toc.xml"), encoding: .utf8)
            .replacingOccurrences(of: "<table schema=\"swiftui-updates\"/>", with: "<table schema=\"hitches\"/>")
        let log = scratch.path("calls.log")
        let result = try Causegraph.run(
            ["render", bundle, "--format", "json"],
            environment: [
                "CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_TOC": try scratch.write("toc.xml", toc),
                "STANDIN_LOG": log,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        #expect(["[6]", "[7]", "[8]"].allSatisfy { calls.contains("/trace-toc/run[@number=\"1\"]/data/table\($0)") })
        let direct = try Causegraph.run(
            ["render"] + Self.tables.filter { !$0.hasSuffix("/swiftui-updates.xml") } + ["--format", "json"])
        #expect(result.output == direct.output)
        #expect(
            result.output.contains(
                "\"title\": \"LandmarkListItemView\", \"module\": \"Landmarks\", \"owner\": \"app\", \"count\": 3,"))
    }

    @Test("a table of contents that is not one is a one-line error with its position")
    func badTableOfContents() throws {
        let (scratch, bundle) = try Self.bundle()
        let environment = [
            "CAUSEGRAPH_XCTRACE": Self.standIn,
            "STANDIN_TOC": try scratch.write("toc.xml", "<trace-toc>\n <run number=\"x\"/>\n</trace-toc>\n"),
        ]
        let result = try Causegraph.run(["summary", bundle], environment: environment)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(bundle):2:2: error: table of contents: <run> without a whole number in its number attribute\n")
        let cut = [
            "CAUSEGRAPH_XCTRACE": Self.standIn,
            "STANDIN_TOC": try scratch.write("cut.xml", "<trace-toc><run number=\"1\"><data>"),
        ]
        let truncated = try Causegraph.run(["summary", bundle], environment: cut)
        #expect(truncated.status == 2 && truncated.standardError.split(separator: "\n").count == 1)
        #expect(truncated.standardError.hasPrefix("\(bundle):1:"))
    }

    @Test(
        "a bundle's update table is kept in a file and scanned for refs first, as its export file is: an id nothing names is not kept"
    )
    func updateTableGetsItsCensus() throws {
        // The table with one id that no ref names defined a second time: read
        // straight from the pipe, every id would be kept and this one refused.
        let original = try String(contentsOfFile: fixture("instruments/recording/swiftui-updates.xml"), encoding: .utf8)
        try #require(
            original.contains(#" id="127""#) && !original.contains(#" ref="127""#) && !original.contains(#" ref="5""#))
        let table = original.replacingOccurrences(of: #" id="127""#, with: #" id="5""#)
        let scratch = try TemporaryFolder()
        let bundle = scratch.path("App.trace")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let standIn = scratch.path("xctrace")
        try FileManager.default.copyItem(atPath: Self.standIn, toPath: standIn)
        let export = try scratch.write("swiftui-updates.xml", table)
        let toc =
            #"<?xml version="1.0"?><trace-toc><run number="1"><data><table schema="swiftui-updates"/></data></run></trace-toc>"#
        _ = try scratch.write("toc.xml", toc)
        let fromFile = try Causegraph.run(["summary", export, "--format", "json"])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        let fromBundle = try Causegraph.run(
            ["summary", bundle, "--format", "json"], environment: ["CAUSEGRAPH_XCTRACE": standIn])
        #expect(fromBundle.status == 0, "\(fromBundle.standardError)")
        #expect(fromBundle.output == fromFile.output)

        // An export that fails is still one line, before anything is read.
        // (Another recording in the same place: one read of the first is cached.)
        _ = try scratch.write(
            "toc.xml", toc.replacingOccurrences(of: "swiftui-updates", with: "swiftui-layout-updates"))
        _ = try scratch.write("App.trace/form.template", "another recording")
        let failed = try Causegraph.run(["summary", bundle], environment: ["CAUSEGRAPH_XCTRACE": standIn])
        #expect(failed.status == 2)
        #expect(
            failed.standardError.hasPrefix(
                "\(bundle) (swiftui-layout-updates): error: xctrace failed (exit status 2): Error: no table swiftui-layout-updates;"
            ) && failed.standardError.split(separator: "\n").count == 1, "\(failed.standardError)")
    }

    @Test("why names a root cause from the update tables when no causes table was exported")
    func whyWithoutCauses() throws {
        let result = try Causegraph.run([
            "why", fixture("instruments/recording/swiftui-updates.xml"), "--view", "LandmarkListItemView",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("@Observable ModelData.(Set<Int>)"))
    }

    @Test("xctrace failing is one line with its message, exit 2, nothing written")
    func xctraceFails() throws {
        let (scratch, bundle) = try Self.bundle()
        let result = try Causegraph.run(
            ["render", bundle, "-o", scratch.path("g.svg")],
            environment: ["CAUSEGRAPH_XCTRACE": Self.standIn, "STANDIN_FAIL": "Document Missing Template Error"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(bundle): error: xctrace failed (exit status 3): Error: Document Missing Template Error; the command was: \(Self.standIn) export --input \(bundle) --toc\n"
        )
        #expect(scratch.entries == ["App.trace"])
    }

    @Test("without xctrace, one line says what is needed and what to run on the Mac")
    func noXctrace() throws {
        let (scratch, bundle) = try Self.bundle()
        let result = try Causegraph.run(
            ["render", bundle], environment: ["CAUSEGRAPH_XCTRACE": "", "PATH": "/nonexistent"])
        withExtendedLifetime(scratch) {}
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            result.standardError.hasPrefix(
                "\(bundle): error: reading a .trace bundle needs Xcode's xctrace, found on macOS only"))
        #expect(
            result.standardError.contains(
                "xctrace export --input '\(bundle)' --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-causes\"]' --output swiftui-causes.xml"
            ))
    }

    @Test("xctrace is found on PATH, else run through xcrun")
    func foundOnPath() throws {
        let (scratch, bundle) = try Self.bundle()
        let tools = scratch.path("bin")
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        // xcrun runs the tool it is given: here, only xctrace.
        let xcrun = tools + "/xcrun"
        try "#!/bin/sh\n[ \"$1\" = xctrace ] || exit 70\nshift\nexec \(Self.standIn) \"$@\"\n".write(
            toFile: xcrun, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun)
        // Only the tools the stand-in runs, not /usr/bin itself: a Mac has an xctrace there.
        let system = scratch.path("system")
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        for tool in ["cat", "cut", "dirname", "grep", "mkdir", "sed", "sleep", "tr"] {
            guard
                let found = ["/usr/bin", "/bin"].map({ "\($0)/\(tool)" }).first(
                    where: FileManager.default.isExecutableFile)
            else { continue }
            try FileManager.default.createSymbolicLink(atPath: "\(system)/\(tool)", withDestinationPath: found)
        }
        let path = tools + ":" + system
        let viaXcrun = try Causegraph.run(["summary", bundle], environment: ["CAUSEGRAPH_XCTRACE": "", "PATH": path])
        #expect(viaXcrun.status == 0, "\(viaXcrun.standardError)")
        try FileManager.default.removeItem(atPath: xcrun)
        try "#!/bin/sh\nexec \(Self.standIn) \"$@\"\n".write(
            toFile: tools + "/xctrace", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools + "/xctrace")
        let direct = try Causegraph.run(["summary", bundle], environment: ["CAUSEGRAPH_XCTRACE": "", "PATH": path])
        #expect(direct.status == 0, "\(direct.standardError)")
        #expect(direct.output == viaXcrun.output)
    }
}
