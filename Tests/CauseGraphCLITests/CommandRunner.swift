import CauseGraphTestSupport
import Foundation

let packageRoot = BuiltProducts.packageRoot

func fixture(_ name: String) -> String {
    packageRoot.appendingPathComponent("fixtures/\(name)").path
}

/// Runs the built `causegraph` executable as a user would.
enum Causegraph {
    /// The executable beside the test bundle, where SwiftPM builds it.
    static let executable = BuiltProducts.executable("causegraph")

    /// A cache folder for the tests, so they neither read nor fill the
    /// user's cache. Each test's bundle is a new folder, so no two tests (or
    /// test runs) share an entry, and the least recently used go beyond 4 GB.
    static let cacheDirectory = NSTemporaryDirectory() + "causegraph-test-cache"

    /// - Parameter environment: variables to set (an empty value removes one) over this process's;
    ///   `CAUSEGRAPH_CACHE_DIR` is ``cacheDirectory`` unless given.
    static func run(
        _ arguments: [String], standardInput: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        try ProcessRunner.run(
            executable, arguments, standardInput: standardInput, in: directory,
            environment: ["CAUSEGRAPH_CACHE_DIR": cacheDirectory].merging(environment) { _, given in given })
    }
}
