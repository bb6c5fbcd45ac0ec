import ArgumentParser
import CauseGraph
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
        setenv("TZ", "UTC", 1)
        do {
            var command = try CauseGraphCommand.parseAsRoot()
            try command.run()
        } catch {
            exit(ExitStatus.report(error))
        }
    }
}

/// The exit statuses causegraph documents.
enum ExitStatus {
    static let success: Int32 = 0
    /// `causegraph check` found a limit exceeded.
    static let checkFailed: Int32 = 1
    /// Bad input or usage.
    static let badInput: Int32 = 2
    // SIGINT, SIGTERM and SIGHUP end it with 130, 143 and 129: see ``SignalExit``.

    /// Prints what `error` means for the user and returns the status to exit with.
    static func report(_ error: Error) -> Int32 {
        switch error {
        case let diagnostic as Diagnostic:
            Terminal.standardError.print(diagnostic)
            return badInput
        case let failure as GraphvizError:
            Terminal.standardError.print(Diagnostic.error(failure.description))
            return badInput
        default:
            let code = CauseGraphCommand.exitCode(for: error)
            let message = CauseGraphCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                return success
            }
            // Only a check that failed ends with 1; any other failure is bad input or usage.
            if let exit = error as? ExitCode, exit.rawValue == checkFailed { return checkFailed }
            if !message.isEmpty { Terminal.standardError.write(VisibleText.lines(message) + "\n") }
            return badInput
        }
    }
}
