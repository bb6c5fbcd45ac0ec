import ArgumentParser
import CauseGraph
import Foundation
import GraphvizRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the command and maps every failure to a one-line message and the
/// documented exit status, instead of swift-argument-parser's own codes.
@main
enum Main {
    static func main() {
        SignalExit.install()
        // cairo stamps PDFs in local time; UTC makes the stamp (normalised
        // by the renderer) the same length on every machine.
        SpawnEnvironment.setTimeZone("UTC")
        let arguments = NegativeValue.attached(Array(CommandLine.arguments.dropFirst()))
        do {
            try CommandName.check(arguments)
            var command = try CauseGraphCommand.parseAsRoot(arguments)
            try RepeatedOption.check(Array(arguments.dropFirst()), of: type(of: command))
            try command.run()
            SignalExit.deferToStop()
        } catch {
            SignalExit.deferToStop()
            exit(ExitStatus.report(error))
        }
    }
}

/// The exit statuses causegraph documents.
enum ExitStatus {
    static let success: Int32 = 0
    /// `causegraph check` found a limit exceeded.
    static let checkFailed: Int32 = 1
    /// `causegraph diff --exit-code` found a count changed beyond the tolerance.
    static let changed: Int32 = 1
    /// Bad input or usage.
    static let badInput: Int32 = 2
    // SIGINT, SIGTERM and SIGHUP end it with 130, 143 and 129: see ``SignalExit``.

    /// Prints what `error` means for the user and returns the status to exit with.
    static func report(_ error: Error) -> Int32 {
        if !(error is Diagnostic || error is GraphvizError), CauseGraphCommand.exitCode(for: error) == .success {
            let message = CauseGraphCommand.fullMessage(for: error)
            if !message.isEmpty { print(message) }
            return success
        }
        // Only a check that failed ends with 1; any other failure is bad input or usage.
        if let exit = error as? ExitCode, exit.rawValue == checkFailed { return checkFailed }
        if let diagnostic = diagnostic(for: error) { Terminal.standardError.print(diagnostic) }
        return badInput
    }

    /// The one-line error `error` is reported with, on standard error or to
    /// an MCP client; `nil` when the parser has nothing to say.
    static func diagnostic(for error: Error) -> Diagnostic? {
        switch error {
        case let diagnostic as Diagnostic:
            return diagnostic
        case let failure as GraphvizError:
            return Diagnostic.error(failure.description)
        case let failure as ShapingError:
            return Diagnostic.error(ShapingFormatter.message(failure, spelling: CommandSpelling.current))
        default:
            // The parser's own message, on one line like every other error:
            // the usage is for --help, not for each mistake.
            let brief = CauseGraphCommand.message(for: error)
            return brief.isEmpty ? nil : Diagnostic.error(oneLine(brief))
        }
    }

    /// A parser message as causegraph writes its own: on one line, and, like
    /// a compiler's, without a leading capital (a word in capitals, an
    /// acronym, is left alone).
    private static func oneLine(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        var text = ""
        // The items of a list (`Please provide one of the following:`, then
        // `- dot` on lines of their own) follow their lead as in a sentence.
        var inList = false
        for line in lines where !line.isEmpty {
            if line.hasPrefix("- ") && (inList || text.hasSuffix(":")) {
                text += (inList ? ", " : " ") + line.dropFirst(2)
                inList = true
            } else {
                text += text.isEmpty ? line : "; " + line
                inList = false
            }
        }
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else {
            return text
        }
        return first.lowercased() + text.dropFirst()
    }
}
