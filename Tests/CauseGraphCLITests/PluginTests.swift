import CauseGraphTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `swift package causegraph`, run in a copy of `Examples/DocumentedApp` as a user runs it.
/// The plugin runs a causegraph it builds itself, without the sanitizer, so a sanitized run would
/// spend a build of the whole package on code the plain run already tests.
@Suite(
    "causegraph command plugin", .serialized, .examplePackage, .tags(.plugin),
    .disabled(if: Sanitizer.name != nil, "the plugin builds its own causegraph, without the sanitizer"))
struct PluginTests {
    let package: ExamplePackage
    let traces = ["landmarks-after.jsonl", "landmarks-before.jsonl"]
    let outputs = ["landmarks-after.svg", "landmarks-before.svg"]
    static let catalogResources = "Sources/DocumentedApp/DocumentedApp.docc/Resources"

    init() throws {
        package = try #require(ExamplePackageScope.current)
    }

    @Test("renders each trace into the target's DocC catalog: valid SVG, the bytes causegraph render writes")
    func rendersIntoCatalog() throws {
        try? FileManager.default.removeItem(at: package.url(Self.catalogResources))
        let run = try package.causegraphPlugin(["--target", "DocumentedApp", "traces"])
        try #require(run.status == 0, "\(run.standardError)")
        for (trace, output) in zip(traces, outputs) {
            #expect(run.output.contains("wrote \(Self.catalogResources)/\(output) from traces/\(trace)\n"))
        }
        #expect(package.entries(Self.catalogResources) == outputs, "one file per trace, nothing staged left behind")

        for (trace, output) in zip(traces, outputs) {
            let rendered = try package.read("\(Self.catalogResources)/\(output)")
            let svg = try ParsedSVG(rendered)
            #expect(svg.rootElement == "svg")
            #expect(svg.texts.contains("LandmarkListItemView"))
            let direct = try Causegraph.run([
                "render", package.url("traces/\(trace)").path, "--format", "svg", "-o", "-",
            ])
            #expect(direct.status == 0)
            #expect(rendered == direct.standardOutput, "\(output) is exactly what causegraph render writes")
        }
    }

    @Test(
        "a second run and the traces named in another order give byte-identical files; unchanged files are left alone")
    func deterministic() throws {
        let first = try package.causegraphPlugin(["--output", "Graphs/first", "traces"])
        try #require(first.status == 0, "\(first.standardError)")
        let firstBytes = try outputs.map { try package.read("Graphs/first/\($0)") }
        let firstDates = try outputs.map { try modificationDate("Graphs/first/\($0)") }

        let again = try package.causegraphPlugin(["--output", "Graphs/first", "traces"])
        try #require(again.status == 0, "\(again.standardError)")
        #expect(try outputs.map { try package.read("Graphs/first/\($0)") } == firstBytes)
        #expect(try outputs.map { try modificationDate("Graphs/first/\($0)") } == firstDates)
        for output in outputs {
            #expect(again.output.contains("unchanged Graphs/first/\(output)"))
        }

        let reversed = try package.causegraphPlugin([
            "--output", "Graphs/reversed", "traces/\(traces[1])", "traces/\(traces[0])", "./traces/\(traces[1])",
        ])
        try #require(reversed.status == 0, "\(reversed.standardError)")
        #expect(package.entries("Graphs/reversed") == outputs, "a trace named twice is rendered once")
        #expect(try outputs.map { try package.read("Graphs/reversed/\($0)") } == firstBytes)
        let reports = [first, reversed].map { run in
            run.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.map {
                $0.replacingOccurrences(of: "/reversed/", with: "/first/")
            }
        }
        #expect(reports[0] == reports[1], "outputs are reported in path order whatever order the traces were named in")
    }

    @Test("--theme reaches causegraph render unchanged; --suffix names the variant")
    func themePassesThrough() throws {
        let trace = package.url("traces/\(traces[0])").path
        let direct = try Causegraph.run(["render", trace, "--theme", "dark", "--format", "svg", "-o", "-"])
        let run = try package.causegraphPlugin([
            "--output", "Graphs/dark", "--theme", "dark", "--suffix", "~dark", "traces/\(traces[0])",
        ])
        try #require(direct.status == 0, "\(direct.standardError)")
        try #require(run.status == 0, "\(run.standardError)")
        #expect(package.entries("Graphs/dark") == ["landmarks-after~dark.svg"])
        #expect(try package.read("Graphs/dark/landmarks-after~dark.svg") == direct.standardOutput)
    }

    @Test("--suffix: a trace already named like another's variant keeps its own graph")
    func suffixMeetsTraceName() throws {
        try package.write("variants/g.jsonl", package.read("traces/\(traces[0])"))
        try package.write("variants/g~dark.jsonl", package.read("traces/\(traces[1])"))
        let run = try package.causegraphPlugin(["--output", "Graphs/variants", "--suffix", "~dark", "variants"])
        try #require(run.status == 0, "\(run.standardError)")
        #expect(package.entries("Graphs/variants") == ["g~dark.svg", "g~dark~dark.svg"])
        for (trace, output) in [("g.jsonl", "g~dark.svg"), ("g~dark.jsonl", "g~dark~dark.svg")] {
            let direct = try Causegraph.run([
                "render", package.url("variants/\(trace)").path, "--format", "svg", "-o", "-",
            ])
            #expect(
                try package.read("Graphs/variants/\(output)") == direct.standardOutput,
                "\(output) is the graph of \(trace)")
        }
    }

    @Test("a trace that fails: the tool's one-line message, a non-zero exit, and no file written or replaced")
    func failureWritesNothing() throws {
        try package.write("broken/1-good.jsonl", package.read("traces/\(traces[0])"))
        try package.write(
            "broken/2-bad.jsonl",
            Data(
                (traceHeaderLine + "\n" + #"{"node": 1, "kind": "body", "title": "A", "owner": "nobody"}"# + "\n").utf8)
        )
        try package.write("Graphs/kept/1-good.svg", Data("previous".utf8))

        let run = try package.causegraphPlugin(["--output", "Graphs/kept", "broken"])
        #expect(run.status != 0)
        #expect(
            run.standardError.contains(
                #"error: broken/2-bad.jsonl:2:52: error: unknown owner "nobody"; expected one of "app", "system""#
                    + "\n"))
        #expect(
            package.entries("Graphs/kept") == ["1-good.svg"],
            "the good trace is not installed alone; no staging folder is left")
        #expect(try package.read("Graphs/kept/1-good.svg") == Data("previous".utf8))

        let fresh = try package.causegraphPlugin(["--output", "Graphs/new/deeper", "broken"])
        #expect(fresh.status != 0)
        #expect(!package.exists("Graphs/new"), "a folder made for the run is removed again")
    }

    @Test(
        "arguments the plugin cannot honour fail before anything is written",
        arguments: [
            (
                ["traces"],
                "error: name the folder to write into with --output, or a target with a DocC catalog with --target"
            ),
            (
                ["--output", "Graphs/refused", "--target", "DocumentedApp", "traces"],
                "error: give either --output or --target, not both"
            ),
            (
                ["--output", "../outside", "traces"],
                "error: --output ../outside: the folder must be inside the package directory"
            ),
            (
                ["--target", "Nonesuch", "traces"],
                "error: --target Nonesuch: no such Swift target in this package (targets: DocumentedApp)"
            ),
            (["--output", "Graphs/refused", "missing.jsonl"], "error: missing.jsonl: no such trace file or folder"),
            (
                ["--output", "Graphs/refused", "clash/a.log", "clash"],
                "error: 'clash/a.jsonl' and 'clash/a.log' would both be rendered to 'a.svg'"
            ),
            (
                ["--output", "clash", "--format", "log", "clash/a.log"],
                "error: rendering 'clash/a.log' would overwrite it"
            ),
            // On a Mac's disk `a.LOG` is the `a.log` the render would write.
            (
                ["--output", "upper", "--format", "log", "upper/a.LOG"],
                "error: rendering 'upper/a.LOG' would overwrite it"
            ),
            (["--output", "Graphs/refused", "--format", "../svg", "traces"], "error: '../svg' is not a format"),
            (
                ["--output", "Graphs/refused", "--suffix", "/../x", "traces"],
                "error: the suffix '/../x' would reach outside the output folder"
            ),
            (
                ["--output", "Graphs/refused", "--engine", "neato", "traces"],
                "error: unknown option '--engine'; options for `causegraph render` go after '--'"
            ),
            (["--output", "Graphs/refused", "traces", "--", "-o", "x.svg"], "error: '-o' cannot follow '--'"),
            (["--output", "Graphs/refused", "traces", "--", "--frobnicate"], "error: unknown option '--frobnicate'\n"),
            (
                ["--output", "Graphs/refused", "traces", "--", "--engine", "nonesuch"],
                "error: the value 'nonesuch' is invalid for '--engine <name>'"
            ),
        ])
    func refusedArguments(_ arguments: [String], _ message: String) throws {
        try package.write("clash/a.jsonl", package.read("traces/\(traces[0])"))
        try package.write("clash/a.log", package.read("traces/\(traces[0])"))
        try package.write("upper/a.LOG", package.read("traces/\(traces[0])"))
        let run = try package.causegraphPlugin(arguments)
        #expect(run.status != 0)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(!package.exists("Graphs/refused"))
    }

    @Test(
        "DocC embeds the rendered graphs, and a ~dark variant for readers in dark mode",
        .enabled(if: docc != nil, "docc is not installed"))
    func doccEmbedsGraphs() throws {
        let render = try package.causegraphPlugin(["--target", "DocumentedApp", "traces"])
        try #require(render.status == 0, "\(render.standardError)")
        // DocC tells the variant by its name alone; what a dark theme draws is tested above.
        let variant = try package.causegraphPlugin([
            "--target", "DocumentedApp", "--suffix", "~dark", "traces/\(traces[1])",
        ])
        defer {
            try? FileManager.default.removeItem(at: package.url("\(Self.catalogResources)/landmarks-before~dark.svg"))
        }
        try #require(variant.status == 0, "\(variant.standardError)")
        let symbols = try package.swiftPackage(["dump-symbol-graph"])
        try #require(symbols.status == 0, "\(symbols.standardError)")
        let symbolGraphs = try #require(findFolder(holding: "DocumentedApp.symbols.json", under: package.scratch))

        let archive = package.scratch.appendingPathComponent("DocumentedApp.doccarchive")
        let convert = try ProcessRunner.run(
            try #require(docc),
            [
                "convert", package.url("Sources/DocumentedApp/DocumentedApp.docc").path,
                "--additional-symbol-graph-dir", symbolGraphs.path, "--output-path", archive.path,
                "--fallback-display-name", "DocumentedApp", "--fallback-bundle-identifier", "com.example.DocumentedApp",
                "--warnings-as-errors",
            ], in: package.directory, timeout: .seconds(600))
        try #require(convert.status == 0, "\(convert.standardError)")

        let article = try Data(
            contentsOf: archive.appendingPathComponent("data/documentation/documentedapp/whyeveryrowupdated.json"))
        let variants = try imageVariants(inDocCPage: article)
        #expect(
            variants["landmarks-before.svg"] == [
                "light": "/images/com.example.DocumentedApp/landmarks-before.svg",
                "dark": "/images/com.example.DocumentedApp/landmarks-before~dark.svg",
            ])
        #expect(variants["landmarks-after.svg"] == ["light": "/images/com.example.DocumentedApp/landmarks-after.svg"])
        for output in outputs + ["landmarks-before~dark.svg"] {
            let embedded = try Data(
                contentsOf: archive.appendingPathComponent("images/com.example.DocumentedApp/\(output)"))
            #expect(try embedded == package.read("\(Self.catalogResources)/\(output)"))
        }
    }

    private func modificationDate(_ path: String) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: package.url(path).path)[.modificationDate] as? Date)
    }
}

/// The DocC compiler of the toolchain, if there is one.
private let docc: URL? = {
    if let onPath = ProcessRunner.find("docc") { return onPath }
    let xcrun = URL(fileURLWithPath: "/usr/bin/xcrun")
    guard FileManager.default.isExecutableFile(atPath: xcrun.path),
        let found = try? ProcessRunner.run(xcrun, ["--find", "docc"], in: packageRoot, timeout: .seconds(60)),
        found.status == 0
    else { return nil }
    return URL(fileURLWithPath: found.output.trimmingCharacters(in: .whitespacesAndNewlines))
}()

/// For each image a DocC page refers to: its variants' URLs by appearance.
private func imageVariants(inDocCPage page: Data) throws -> [String: [String: String]] {
    let root = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])
    let references = try #require(root["references"] as? [String: Any])
    var images: [String: [String: String]] = [:]
    for (identifier, reference) in references {
        guard let reference = reference as? [String: Any], reference["type"] as? String == "image" else { continue }
        for variant in reference["variants"] as? [[String: Any]] ?? [] {
            let traits = variant["traits"] as? [String] ?? []
            let appearance = traits.first { $0 == "light" || $0 == "dark" } ?? "any"
            images[identifier, default: [:]][appearance] = variant["url"] as? String
        }
    }
    return images
}

private func findFolder(holding name: String, under root: URL) -> URL? {
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        if file.lastPathComponent == name { return file.deletingLastPathComponent() }
    }
    return nil
}

/// An SVG read with a real XML parser: its root element and its text.
private struct ParsedSVG {
    var rootElement: String?
    var texts: [String]

    init(_ data: Data) throws {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        try #require(
            parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "") at line \(parser.lineNumber)")
        rootElement = collector.rootElement
        texts = collector.texts
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var rootElement: String?
        var texts: [String] = []
        private var inText = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if rootElement == nil { rootElement = name }
            if name == "text" {
                inText = true
                texts.append("")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
    }
}
