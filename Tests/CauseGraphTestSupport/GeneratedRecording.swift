import Foundation

/// A realistic recording written by `causegraph-export-gen`, the product
/// `make bench` and the tests of real size share.
public enum GeneratedRecording {
    /// The generator, as SwiftPM builds it beside the tests.
    public static let generator = BuiltProducts.executable("causegraph-export-gen")

    /// A generator run that failed: its arguments and exit status.
    public struct Failed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var status: Int32
        public var description: String { "causegraph-export-gen \(arguments.joined(separator: " ")) exited \(status)" }
    }

    /// Writes one table (`native`, `swiftui-causes`, …) of the recording of
    /// `rows` cause links generated from `seed` into `scratch`, streamed to
    /// the file rather than held in memory, and returns its path.
    public static func write(_ rows: Int, _ table: String, into scratch: TemporaryFolder, seed: Int = 1) throws
        -> String
    {
        let path = scratch.path("\(table)-\(rows)-\(seed).\(table == "native" ? "jsonl" : "xml")")
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let arguments = [String(rows), String(seed), table]
        let program = try StartedProgram(
            [generator.path] + arguments, descriptors: [1: .file(path, flags: O_WRONLY | O_TRUNC)])
        let end = try program.end(within: .seconds(300))
        guard end == .exited(0) else { throw Failed(arguments: arguments, status: end.status) }
        return path
    }
}
