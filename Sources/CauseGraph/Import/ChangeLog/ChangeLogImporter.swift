/// Reads the lines `Self._printChanges()` and `Self._logChanges()` write,
/// one per body evaluation (`ContentView: @self, _count changed.`), into the
/// same cause graph an Instruments trace gives.
///
/// It reads captured standard output (change lines among any other output),
/// `log stream` / `log show` text in the default, compact and syslog styles
/// (see ``LogTextLine``), and their `--style json` (one array, read entry by
/// entry) and `--style ndjson` (one entry a line) output, taking each entry's
/// `eventMessage`, `timestamp`, `processImagePath`, `processID` and
/// `category`. Messages of another category than ``category`` are skipped;
/// so are lines that are not change lines, which are counted in a note.
/// ``ChangeLineMapper`` says what each line becomes. Each file is one trace
/// document.
package enum ChangeLogImporter: TraceImporter {
    /// The category `_logChanges()` logs under (subsystem `com.apple.SwiftUI`).
    package static let category = "Changed Body Properties"

    package static func looksLikeFormat(_ prefix: [UInt8]) -> Bool {
        // Almost any text could hold change lines, so this format must be
        // tried after every format with a signature of its own.
        ChangeLogLayout.detect(prefix) != nil
    }

    /// Whether the first bytes of a file show change lines, not only text
    /// that could hold them: how a file found in a folder is told from a
    /// README or notes kept beside the traces.
    static func showsChangeLines(_ prefix: [UInt8]) -> Bool {
        guard let (layout, _) = ChangeLogLayout.detect(prefix) else { return false }
        return layout != .text || ChangeLogLayout.holdsChangeLine(prefix)
    }

    package static func read<Sink: TraceSink & ~Copyable>(
        _ streams: [ByteStream], settings: ImportSettings, into sink: inout Sink, diagnostics: inout Diagnostics
    ) throws(Diagnostic) {
        let frameRate = settings.frameRate ?? FrameBudget.defaultFrameRate
        if let problem = FrameBudget.problem(withFrameRate: frameRate) {
            throw .error("the frame rate " + problem)
        }
        for stream in streams {
            var file = ChangeLogFileReader(
                stream: stream, frameRate: frameRate, header: TraceHeader(frameRate: settings.frameRate))
            try file.read(into: &sink, diagnostics: &diagnostics)
        }
    }
}
