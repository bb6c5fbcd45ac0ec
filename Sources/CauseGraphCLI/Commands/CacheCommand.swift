import ArgumentParser
import CauseGraph
import Foundation

/// `causegraph cache`: what is kept of `.trace` bundles and large exports
/// already read, and removing it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List or clear what is kept of .trace bundles and large exports already read.",
        discussion: CommandExamples.appending(
            [
                "causegraph cache list":
                    "Each entry: its input, run, size and age.",
                "causegraph cache clear App.trace":
                    "Forget what was read of one recording (of a folder: its exports).",
                "causegraph cache clear":
                    "Forget everything read.",
            ],
            to: """
                The first command that reads a .trace bundle (or Instruments exports or native traces of \
                $CAUSEGRAPH_CACHE_MIN, default 64M, or more) keeps the records it read, so later commands \
                on it answer without xctrace. The cache lives in \
                $CAUSEGRAPH_CACHE_DIR, else ~/Library/Caches/causegraph on macOS and \
                $XDG_CACHE_HOME/causegraph (~/.cache/causegraph) elsewhere, and holds at most \
                $CAUSEGRAPH_CACHE_MAX (default 4G), dropping the least recently used entries. An input \
                that changes is read afresh. --no-cache on any command reads without it.
                """),
        subcommands: [List.self, Clear.self])

    /// The cache the environment names.
    static func cache() throws(Diagnostic) -> TraceCache {
        guard let cache = try TraceCache.standard() else {
            throw .error("no cache folder: set \(TraceCache.directoryVariable) or HOME")
        }
        return cache
    }

    /// `causegraph cache list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List each cache entry: its input, run, size and when it was last used.")

        func run() throws {
            let cache = try CacheCommand.cache()
            let entries = cache.entries()
            let total = entries.reduce(Int64(0)) { total, entry in
                let (sum, overflow) = total.addingReportingOverflow(entry.size)
                return overflow ? .max : sum
            }
            var text =
                "cache: \(VisibleText.singleLine(cache.directory)), \(entries.count) \(entries.count == 1 ? "entry" : "entries"), "
                + "\(ByteCountText.string(total)) of at most \(ByteCountText.string(cache.maximumSize))\n"
            let now = Int64(Date().timeIntervalSince1970)
            for entry in entries {
                let inputs = entry.inputs.map(VisibleText.singleLine).joined(separator: " + ")
                let run: String
                switch entry.kind {
                case "inventory": run = "doctor's table counts"
                case "bundle": run = entry.run.map { "run \($0)" } ?? "the only run"
                case "graph": run = entry.run.map { "graph of run \($0)" } ?? "graph"
                case "native": run = "native trace"
                default: run = "export"
                }
                text +=
                    "\(inputs)  \(run)  \(ByteCountText.string(entry.size))  used \(Self.age(now - entry.lastUsed)) ago\n"
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }

        /// Seconds in the unit that keeps them short.
        static func age(_ seconds: Int64) -> String {
            let seconds = max(seconds, 0)
            switch seconds {
            case ..<60: return "\(seconds) s"
            case ..<3600: return "\(seconds / 60) min"
            case ..<86_400: return "\(seconds / 3600) h"
            default: return "\(seconds / 86_400) d"
            }
        }
    }

    /// `causegraph cache clear [INPUT…]`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove every cache entry, or the entries of the inputs named.")

        @Argument(
            help: ArgumentHelp(
                "The .trace bundles, export files or folders of exports whose entries to remove.", valueName: "input"))
        var inputs: [String] = []

        func run() throws {
            let cache = try CacheCommand.cache()
            let clearing = cache.clear(inputs: inputs.isEmpty ? nil : inputs)
            let directory = VisibleText.singleLine(cache.directory)
            let removed = clearing.removed.count
            // An input nothing was kept of is named, not summed into "removed 0 entries":
            // a mistyped path, or one no command has read yet, reads as such.
            var text =
                removed > 0 || clearing.unmatched.isEmpty
                ? "cache: removed \(removed) \(removed == 1 ? "entry" : "entries") from \(directory)\n" : ""
            for input in clearing.unmatched {
                text += "cache: \(directory) holds nothing read from '\(VisibleText.singleLine(input))'\n"
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
