import Foundation

/// This process's environment as `posix_spawn` takes it: `NAME=value` C
/// strings and a closing `nil`, each freed once the child has started.
///
/// Built from `ProcessInfo` rather than passed as `environ`, which glibc
/// declares but Darwin's headers do not (C code there reads
/// `_NSGetEnviron()`), so one spelling serves both.
package enum SpawnEnvironment {
    /// The `TZ` the user gave (empty: none): read once, before
    /// ``setTimeZone(_:)`` changes it, or at the first spawn when nothing does.
    private static let userTimeZone = ProcessInfo.processInfo.environment["TZ"] ?? ""

    /// Sets this process's time zone, and only this process's: every child
    /// (`xctrace`, `log`, the app `record --launch` starts) gets the user's
    /// back. Called once, before any other thread runs.
    package static func setTimeZone(_ zone: String) {
        _ = userTimeZone
        setenv("TZ", zone, 1)
    }

    /// Calls `body` with the environment block, valid only during the call.
    ///
    /// - Parameter changes: variables to set over this process's; an empty value removes one.
    package static func withBlock<Result, Failure: Error>(
        changing changes: [String: String] = [:],
        _ body: ([UnsafeMutablePointer<CChar>?]) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let environment = ProcessInfo.processInfo.environment.merging(["TZ": userTimeZone]) { $1 }
            .merging(changes) { $1 }
            .filter { !$0.value.isEmpty }
        let block = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in block { free(string) } }
        return try body(block)
    }
}
