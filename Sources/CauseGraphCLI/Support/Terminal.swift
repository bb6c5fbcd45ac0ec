import CauseGraph
import Foundation

/// Standard error, with colour only when it is a terminal.
struct Terminal {
    static let standardError = Terminal(handle: .standardError)

    let handle: FileHandle

    var isInteractive: Bool { isatty(handle.fileDescriptor) == 1 }

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
        let interactive = isInteractive
        write(diagnostic.formatted { interactive ? colour + $0 + "\u{1B}[0m" : $0 } + "\n")
    }

    func print(_ diagnostics: Diagnostics) {
        for diagnostic in diagnostics.all { print(diagnostic) }
    }
}
