import CauseGraph
import Foundation

/// Standard error, with colour only when it is a terminal that allows it
/// (``TerminalEnvironment``).
struct Terminal {
    static let standardError = Terminal(handle: .standardError)

    let handle: FileHandle

    func write(_ text: String) {
        ProgressMeter.standardError.clear()
        handle.write(Data(text.utf8))
    }

    /// One diagnostic on its own line, its severity coloured on a terminal.
    func print(_ diagnostic: Diagnostic) {
        let colour =
            switch diagnostic.severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;35m"
            case .note: "\u{1B}[1;36m"
            }
        let coloured = TerminalEnvironment.allowsColour(on: handle.fileDescriptor)
        write(diagnostic.formatted { coloured ? colour + $0 + "\u{1B}[0m" : $0 } + "\n")
    }

    func print(_ diagnostics: Diagnostics) {
        for diagnostic in diagnostics.all { print(diagnostic) }
    }
}

/// What the user's environment allows on a terminal, for every stream
/// alike: `NO_COLOR` (set, not empty: no-color.org) turns colour off;
/// `TERM=dumb` turns off colour and every control sequence (the progress
/// line redrawn in place, `top`'s full screen).
enum TerminalEnvironment {
    /// Whether `TERM` says the terminal understands no control sequence.
    static var isDumb: Bool { ProcessInfo.processInfo.environment["TERM"] == "dumb" }

    /// Whether text written to `descriptor` may be coloured.
    static func allowsColour(on descriptor: Int32) -> Bool {
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return isatty(descriptor) == 1 && !noColour && !isDumb
    }

    /// Whether `descriptor` is a terminal that moves its cursor and clears lines as told.
    static func allowsCursorControl(on descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && !isDumb
    }
}
