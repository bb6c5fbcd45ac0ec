import ArgumentParser
import CauseGraph

/// Whether a command reads through the cache of inputs already read (see
/// `causegraph cache`): every command that reads traces takes `--no-cache`.
struct CacheOptions: ParsableArguments {
    @Flag(
        help:
            "Neither read nor write the cache of .trace bundles and large exports already read (see causegraph cache).")
    var noCache = false

    func validate() throws {
        if !noCache {
            do { _ = try TraceCache.standard() } catch { throw ValidationError(error.message) }
        }
    }

    /// The cache to read through: `nil` with `--no-cache`, or when there is no home folder to keep it in.
    var cache: TraceCache? { noCache ? nil : (try? TraceCache.standard()) ?? nil }
}
