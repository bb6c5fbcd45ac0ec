import CauseGraphTestSupport
import Foundation

/// The Python tools the CI outputs are checked with, from the virtual
/// environment `make ci-tools` makes in .build/ci-venv: junitparser (reads
/// the JUnit report), check-jsonschema and zizmor (validate action.yml).
enum CITools {
    static let folder = packageRoot.appendingPathComponent(".build/ci-venv/bin")

    /// The venv's Python when it imports junitparser.
    static let junitPython = python(importing: "junitparser")

    /// The venv's Python when it imports ruamel.yaml (which check-jsonschema brings), to read action.yml.
    static let yamlPython = python(importing: "ruamel.yaml")

    private static func python(importing module: String) -> URL? {
        let python = folder.appendingPathComponent("python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return nil }
        let probe = try? ProcessRunner.run(python, ["-c", "import \(module)"], in: packageRoot, timeout: .seconds(60))
        return probe?.status == 0 ? python : nil
    }

    /// A tool of the venv, when installed.
    static func tool(_ name: String) -> URL? {
        let url = folder.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    static let junitUnavailable = "no junitparser in .build/ci-venv: `make ci-tools` installs it"
    static let yamlUnavailable = "no ruamel.yaml in .build/ci-venv (check-jsonschema brings it): `make ci-tools`"
    static let validatorsUnavailable = "no check-jsonschema or zizmor in .build/ci-venv: `make ci-tools` installs them"

    /// Reads a JUnit file with junitparser and returns what it understood, as JSON.
    static let readerScript = """
        import json, sys
        from junitparser import JUnitXml, TestSuite
        xml = JUnitXml.fromfile(sys.argv[1])
        suites = [xml] if isinstance(xml, TestSuite) else list(xml)
        out = {"root": type(xml).__name__, "tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "suites": []}
        for suite in suites:
            cases = []
            for case in suite:
                results = [{"kind": type(r).__name__, "type": r.type, "message": r.message, "text": r.text} for r in case.result]
                cases.append({"name": case.name, "classname": case.classname, "file": case._elem.get("file"),
                              "line": case._elem.get("line"), "passed": case.is_passed, "results": results,
                              "out": case.system_out})
            props = [{"name": p.name, "value": p.value} for p in suite.properties()]
            out["suites"].append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                                  "cases": cases, "properties": props})
        print(json.dumps(out))
        """
}
