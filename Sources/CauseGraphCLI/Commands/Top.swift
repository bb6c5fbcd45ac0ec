import ArgumentParser
import CauseGraph
import Dispatch
import Foundation

/// `causegraph top`: a live view of a change log as it is written.
struct Top: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch a _printChanges()/_logChanges() log as it is written: which view bodies run most, and why.",
        discussion: CommandExamples.appending(
            [
                "causegraph top app.log":
                    "Follow a log being written, as tail -F does.",
                "log stream --style ndjson --process Landmarks | causegraph top -":
                    "Read a piped log stream.",
                "causegraph top --process Landmarks --save session.jsonl":
                    "On a Mac: capture the app's changes itself, and keep them as a trace.",
            ],
            to: """
                Reads the log as it arrives (log stream --style ndjson, a simulator's console, or a \
                file being appended) and, on a terminal, redraws every --interval the views whose \
                bodies ran most in the last interval and in total, how many of those runs had no \
                recorded change, and the property or cause that drove the others; q quits. On a \
                terminal a log file is followed as tail -F follows it (read again from its start when \
                cut shorter, reopened by name when rotated), and Ctrl-Z then fg redraws it. When \
                standard output is not a terminal \
                it prints a plain table of the first --top views (default \(ListBounds.defaultLimit); --all \
                lists every view): of a log file, or a file on standard input, the final table only \
                (give --interval for one after every interval too); of a stream, one after every \
                interval and the final one at its end. --save keeps what it read as a causegraph trace, written when \
                the input ends or q is pressed (not on Ctrl-C). On a Mac, --process NAME starts the \
                capture itself: log stream --style ndjson --level info of SwiftUI's changed-body-properties \
                lines of that process (--simulator: of the booted Simulator, through xcrun simctl spawn booted).
                """))

    @Argument(help: ArgumentHelp("The change log; '-' (the default) reads standard input.", valueName: "log"))
    var log: String = "-"

    @Option(
        help: ArgumentHelp(
            "How often the table is redrawn (default 1s; e.g. 500ms); into a pipe, a log file's tables are then printed too.",
            valueName: "duration"))
    var interval: DurationOption?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show at most this many views (not a pipe's default \(ListBounds.defaultLimit), a terminal's rows).",
            valueName: "n"))
    var top: Int?

    @Flag(help: "Into a pipe: list every view.")
    var all = false

    @Option(
        help: ArgumentHelp("Also write what was read as a causegraph JSON Lines trace to this file.", valueName: "file")
    )
    var save: String?

    @Option(
        help: ArgumentHelp(
            "Capture the _logChanges() lines of this process (name or pid) with log stream (macOS), instead of reading a log.",
            valueName: "name"))
    var process: String?

    @Flag(help: "With --process: capture from the booted Simulator (xcrun simctl spawn booted log stream).")
    var simulator = false

    func validate() throws {
        try ListOptions.validate(top: top, offset: 0, all: all)
        if period.nanoseconds < 10_000_000 { throw ValidationError("--interval must be 10ms or longer") }
        if process != nil && log != "-" { throw ValidationError("give a log or --process NAME, not both") }
        if simulator && process == nil { throw ValidationError("--simulator goes with --process NAME") }
        if process == nil && log == "-" && isatty(STDIN_FILENO) == 1 {
            throw ValidationError("standard input is a terminal; pipe a log into causegraph top, or name a log file")
        }
        if save == "-" { throw ValidationError("--save needs a file; standard output shows the table") }
        if let save {
            try OutputName.refuseOtherFormats(
                save, writes: "a causegraph JSON Lines trace", suffix: "jsonl", alsoAllowed: ["ndjson", "json"])
        }
    }

    func run() throws {
        let screen = LiveScreen()
        // A file is followed only where someone watches it; elsewhere its end is the end.
        let live = LiveReading(follows: screen != nil)
        let capture = try process.map { try LogStreamCapture(process: $0, simulator: simulator, live: live) }
        let stream = try capture?.stream ?? ByteStream(path: log, live: live)
        let saved = try save.map { try OutputFile(path: $0) }
        // A change log is all it reads, and as it arrives: no format to choose, no cache, no durations to judge.
        var settings = ImportSettings(format: .changes)
        settings.spelling = CommandSpelling.current
        let reader = LogReader(stream: stream, settings: settings, saved: saved)
        reader.start()
        let heading = { (ended: Bool) in
            TopFormatter.Heading(source: stream.name, interval: period.defaultValueDescription, ended: ended)
        }
        if let screen {
            let quit = watch(on: screen, reader: reader, live: live, heading: heading)
            // Quitting before any change line came is no error, and leaves nothing to save.
            try capture?.finish(stopped: quit || reader.failure != nil)
            if quit && reader.withTally({ $0.bodies }) == 0 { return }
        } else {
            // A file's end is the end here: its intervals would time the reading, not the app.
            let everyInterval = interval != nil || capture != nil || !stream.canRewind
            try print(reader: reader, heading: heading, everyInterval: everyInterval)
            try capture?.finish(stopped: reader.failure != nil)
        }
        Terminal.standardError.print(reader.diagnostics)
        if let failure = reader.failure { throw failure }
        try saved?.commit()
    }

    /// Redraws the table on the terminal until `q` (and returns `true`), or until the input fails.
    private func watch(
        on screen: LiveScreen, reader: LogReader, live: LiveReading, heading: (Bool) -> TopFormatter.Heading
    ) -> Bool {
        screen.enter()
        defer { screen.leave() }
        var next = DispatchTime.now() + .nanoseconds(Int(period.nanoseconds))
        var ended = false
        while true {
            let (rows, columns) = screen.size
            // At the end of an interval its counts are drawn, then started again, as when printing
            // to a pipe: started first, "in the last 1s" would count the microseconds since.
            let endsInterval = DispatchTime.now() >= next
            let table = reader.withTally { tally -> String in
                defer { if endsInterval { tally.startInterval() } }
                return TopFormatter.format(
                    tally, heading: heading(ended), rows: min(max(rows - 4, 1), top ?? .max), width: columns,
                    keys: true,
                    style: TextStyle(colour: TerminalEnvironment.allowsColour(on: STDOUT_FILENO)))
            }
            if endsInterval { next = next + .nanoseconds(Int(period.nanoseconds)) }
            screen.draw(table)
            if ended && reader.failure != nil { return false }
            while DispatchTime.now() < next {
                if let key = screen.key(before: min(next, DispatchTime.now() + .milliseconds(100))),
                    key == UInt8(ascii: "q") || key == UInt8(ascii: "Q")
                {
                    live.stop()
                    _ = reader.wait()
                    return true
                }
                if !ended && reader.hasEnded {
                    ended = true
                    break
                }
                if screen.wantsRedraw { break }
            }
        }
    }

    /// Prints the final table, and with `everyInterval` a table after every
    /// interval before it, quiet ones too (so a reader of the output can tell
    /// a quiet app from a stalled pipe).
    private func print(reader: LogReader, heading: (Bool) -> TopFormatter.Heading, everyInterval: Bool) throws {
        let rows = all ? nil : top ?? ListBounds.defaultLimit
        let leftOut = { (views: Int) in
            ListOptions.leftOut(
                ["\(CountText.format(views)) " + (views == 1 ? "view" : "views")], order: .count, paging: "--top N")
                ?? ""
        }
        var next = DispatchTime.now() + .nanoseconds(Int(period.nanoseconds))
        while everyInterval && !reader.wait(until: next) {
            next = next + .nanoseconds(Int(period.nanoseconds))
            let table = reader.withTally { tally -> String in
                defer { tally.startInterval() }
                return TopFormatter.format(tally, heading: heading(false), rows: rows, leftOut: leftOut)
            }
            try Self.write(table + "\n")
        }
        _ = reader.wait()
        guard reader.failure == nil else { return }
        try Self.write(
            reader.withTally { TopFormatter.format($0, heading: heading(true), rows: rows, leftOut: leftOut) })
    }

    /// How often the table is drawn: `--interval`, or each second.
    private var period: DurationOption { interval ?? DurationOption(nanoseconds: 1_000_000_000) }

    private static func write(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}

/// Reads the log on a thread of its own into a tally the command's thread
/// reads, and, with `--save`, into a native trace.
private final class LogReader: @unchecked Sendable {
    private let stream: ByteStream
    private let settings: ImportSettings
    private weak var saved: OutputFile?
    private let lock = NSLock()
    private var tally = LiveTally()
    private var ended = false
    private var readFailure: Error?
    private(set) var diagnostics = Diagnostics()
    private let finished = DispatchSemaphore(value: 0)

    init(stream: ByteStream, settings: ImportSettings, saved: OutputFile?) {
        self.stream = stream
        self.settings = settings
        self.saved = saved
    }

    func start() {
        Thread.detachNewThread { [self] in
            let (failure, diagnostics) = read()
            lock.withLock {
                readFailure = failure
                self.diagnostics = diagnostics
                ended = true
            }
            finished.signal()
        }
    }

    /// Reads the whole log. The saved trace is held only while reading, so
    /// once the input failed the command's own reference is the last, and
    /// the temporary file goes with it.
    private func read() -> (Error?, Diagnostics) {
        var diagnostics = Diagnostics()
        do {
            if let saved {
                var sink = TeeSink(SharedTallySink(reader: self), NativeTraceWriter(output: saved))
                try ChangeLogImporter.read([stream], settings: settings, into: &sink, diagnostics: &diagnostics)
            } else {
                var sink = SharedTallySink(reader: self)
                try ChangeLogImporter.read([stream], settings: settings, into: &sink, diagnostics: &diagnostics)
            }
            return (nil, diagnostics)
        } catch {
            return (error, diagnostics)
        }
    }

    func withTally<Result>(_ body: (inout LiveTally) -> Result) -> Result {
        lock.withLock { body(&tally) }
    }

    var hasEnded: Bool { lock.withLock { ended } }
    var failure: Error? { lock.withLock { readFailure } }

    /// Waits for the end of the input; `false` when `deadline` came first.
    func wait(until deadline: DispatchTime = .distantFuture) -> Bool {
        guard finished.wait(timeout: deadline) == .success else { return false }
        finished.signal()
        return true
    }

    /// Feeds the reader's tally, under its lock.
    private struct SharedTallySink: TraceSink {
        let reader: LogReader

        mutating func begin(_ header: TraceHeader) {}
        mutating func add(_ event: TraceEvent) { reader.withTally { $0.add(event) } }
        mutating func add(_ cause: TraceCause) { reader.withTally { $0.add(cause) } }
        mutating func add(_ group: UpdateGroup) {}
        mutating func add(_ hitch: Hitch) {}
    }
}
