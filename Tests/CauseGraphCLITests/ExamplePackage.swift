import CauseGraphTestSupport
import Foundation
import Testing

/// A copy of `Examples/DocumentedApp` in a temporary folder, depending on this
/// repository by absolute path, so the plugin runs as it does for a user.
///
/// Every run shares one SwiftPM scratch folder beside the copy: only the first
/// builds the `causegraph` tool.
final class ExamplePackage: Sendable {
    static let source = packageRoot.appendingPathComponent("Examples/DocumentedApp")
    static let relativeDependency = #".package(path: "../..")"#
    /// Folders a local run of the example leaves behind; the copy starts clean.
    private static let leftovers: Set<String> = [".build", ".swiftpm", "Package.resolved", "Resources"]

    /// Removed with everything in it by ``remove()``.
    let temporaryFolder: URL
    let directory: URL
    let scratch: URL

    init() throws {
        temporaryFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "causegraph-plugin-\(UUID().uuidString)")
        directory = temporaryFolder.appendingPathComponent("DocumentedApp")
        scratch = temporaryFolder.appendingPathComponent("scratch")
        try Self.copy(Self.source, to: directory)
        let manifest = directory.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try #require(text.contains(Self.relativeDependency), "the example depends on this repository by relative path")
        let absolute = text.replacingOccurrences(
            of: Self.relativeDependency, with: ".package(path: \(quoted(packageRoot.path)))")
        try Data(absolute.utf8).write(to: manifest)
    }

    func remove() {
        try? FileManager.default.removeItem(at: temporaryFolder)
    }

    /// `swift package --allow-writing-to-package-directory causegraph ARGUMENTS` in the copy.
    func causegraphPlugin(_ arguments: [String]) throws -> CommandResult {
        try swiftPackage(["--allow-writing-to-package-directory", "causegraph"] + arguments)
    }

    /// `swift package ARGUMENTS` in the copy, building into the shared scratch folder.
    func swiftPackage(_ arguments: [String]) throws -> CommandResult {
        // Generous: the first run builds causegraph on a busy machine.
        try ProcessRunner.run(
            try #require(ProcessRunner.find("swift"), "swift is on the PATH"),
            ["package", "--package-path", directory.path, "--scratch-path", scratch.path] + arguments,
            in: directory, timeout: .seconds(1800))
    }

    func url(_ path: String) -> URL { directory.appendingPathComponent(path) }

    func read(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    func write(_ path: String, _ data: Data) throws {
        try FileManager.default.createDirectory(
            at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url(path))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

    /// Every name in a folder, hidden ones too, sorted.
    func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []).sorted()
    }

    private static func copy(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: source.path) where !leftovers.contains(name) {
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: from.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                try copy(from, to: to)
            } else {
                try manager.copyItem(at: from, to: to)
            }
        }
    }
}

private func quoted(_ path: String) -> String {
    "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// Runs a suite against one ``ExamplePackage``, made before its first test and
/// removed after its last.
struct ExamplePackageScope: SuiteTrait, TestScoping {
    @TaskLocal static var current: ExamplePackage?

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let package = try ExamplePackage()
        defer { package.remove() }
        try await Self.$current.withValue(package) { try await function() }
    }
}

extension Trait where Self == ExamplePackageScope {
    /// The suite's tests share one copy of the example package and one build.
    static var examplePackage: Self { Self() }
}
