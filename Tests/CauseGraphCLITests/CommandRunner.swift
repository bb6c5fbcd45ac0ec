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

    /// - Parameter environment: variables to set (an empty value removes one) over this process's.
    static func run(
        _ arguments: [String], standardInput: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        try ProcessRunner.run(
            executable, arguments, standardInput: standardInput, in: directory, environment: environment)
    }
}
