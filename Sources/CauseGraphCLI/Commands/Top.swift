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
                it prints a plain table after every interval, and the final table \
                at the end of the input. --save keeps what it read as a causegraph trace, written when \
                the input ends or q is pressed (not on Ctrl-C). On a Mac, --process NAME starts the \
                capture itself: log stream --style ndjson --level info of SwiftUI's changed-body-properties \
                lines of that process (--simulator: of the booted Simulator, through xcrun simctl spawn booted).
                """))

    @Argument(help: ArgumentHelp("The change log; '-' (the default) reads standard input.", valueName: "log"))
    var log: String = "-"

    @Option(help: ArgumentHelp("How often the table is redrawn (e.g. 1s, 500ms).", valueName: "duration"))
    var interval = DurationOption(argument: "1s")!

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

    @OptionGroup var reading: ReadingOptions

    func validate() throws {
        if interval.nanoseconds < 10_000_000 { throw ValidationError("--interval must be 10ms or longer") }
        if process != nil && log != "-" { throw ValidationError("give a log or --process NAME, not both") }
        if simulator && process == nil { throw ValidationError("--simulator goes with --process NAME") }
        if process == nil && log == "-" && isatty(STDIN_FILENO) == 1 {
            throw ValidationError("standard input is a terminal; pipe a log into causegraph top, or name a log file")
        }
        if save == "-" { throw ValidationError("--save needs a file; standard output shows the table") }
    }

    func run() throws {
        let screen = LiveScreen()
        // A file is followed only where someone watches it; elsewhere its end is the end.
        let live = LiveReading(follows: screen != nil)
        let capture = try process.map { try LogStreamCapture(process: $0, simulator: simulator, live: live) }
        let stream = try capture?.stream ?? ByteStream(path: log, live: live)
        let saved = try save.map { try OutputFile(path: $0) }
        let reader = LogReader(stream: stream, settings: reading.settings, saved: saved)
        reader.start()
        let heading = { (ended: Bool) in
            TopFormatter.Heading(source: stream.name, interval: interval.defaultValueDescription, ended: ended)
        }
        if let screen {
            let quit = watch(on: screen, reader: reader, live: live, heading: heading)
            // Quitting before any change line came is no error, and leaves nothing to save.
            try capture?.finish(stopped: quit || reader.failure != nil)
            if quit && reader.withTally({ $0.bodies }) == 0 { return }
        } else {
            try print(reader: reader, heading: heading)
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
        var next = DispatchTime.now() + .nanoseconds(Int(interval.nanoseconds))
        var ended = false
        while true {
            let (rows, columns) = screen.size
            // At the end of an interval its counts are drawn, then started again, as when printing
            // to a pipe: started first, "in the last 1s" would count the microseconds since.
            let endsInterval = DispatchTime.now() >= next
            let table = reader.withTally { tally -> String in
                defer { if endsInterval { tally.startInterval() } }
                return TopFormatter.format(
                    tally, heading: heading(ended), rows: max(rows - 4, 1), width: columns, keys: true,
                    style: TextStyle(colour: TerminalEnvironment.allowsColour(on: STDOUT_FILENO)))
            }
            if endsInterval { next = next + .nanoseconds(Int(interval.nanoseconds)) }
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

    /// Prints a table after every interval, quiet ones too (so a reader of the
    /// output can tell a quiet app from a stalled pipe), and the final one.
    private func print(reader: LogReader, heading: (Bool) -> TopFormatter.Heading) throws {
        var next = DispatchTime.now() + .nanoseconds(Int(interval.nanoseconds))
        while !reader.wait(until: next) {
            next = next + .nanoseconds(Int(interval.nanoseconds))
            let table = reader.withTally { tally -> String in
                defer { tally.startInterval() }
                return TopFormatter.format(tally, heading: heading(false))
            }
            try Self.write(table + "\n")
        }
        guard reader.failure == nil else { return }
        try Self.write(reader.withTally { TopFormatter.format($0, heading: heading(true)) })
    }

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
