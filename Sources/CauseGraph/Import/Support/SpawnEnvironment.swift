import Foundation

/// This process's environment as `posix_spawn` takes it: `NAME=value` C
/// strings and a closing `nil`, each freed once the child has started.
///
/// Built from `ProcessInfo` rather than passed as `environ`, which glibc
/// declares but Darwin's headers do not (C code there reads
/// `_NSGetEnviron()`), so one spelling serves both.
package enum SpawnEnvironment {
    /// Calls `body` with the environment block, valid only during the call.
    ///
    /// - Parameter changes: variables to set over this process's; an empty value removes one.
    package static func withBlock<Result, Failure: Error>(
        changing changes: [String: String] = [:],
        _ body: ([UnsafeMutablePointer<CChar>?]) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let environment = ProcessInfo.processInfo.environment.merging(changes) { $1 }.filter { !$0.value.isEmpty }
        let block = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in block { free(string) } }
        return try body(block)
    }
}
