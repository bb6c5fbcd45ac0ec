import Foundation

/// The sanitizer the test run is built with, as `make test-asan` and
/// `make test-tsan` say through `CAUSEGRAPH_SANITIZER`.
public enum Sanitizer {
    /// `address`, `thread`, or `nil` for a plain build.
    public static let name = ProcessInfo.processInfo.environment["CAUSEGRAPH_SANITIZER"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// How many times longer a sanitized causegraph takes: ThreadSanitizer's
    /// runs took 5 to 15 times the plain build's in CI, AddressSanitizer's 2
    /// to 3. Bounds on wall time that prove something finishes at all (a
    /// cache answering without exporting, a pattern without backtracking) are
    /// stretched by this, not dropped.
    public static var slowdown: Double {
        switch name {
        case "thread": 15
        case "address": 4
        default: 1
        }
    }
}
