import CauseGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Causegraph {
    struct NoTerminal: Error {}

    /// Runs the executable with its standard output on a pseudo-terminal, as
    /// when a user types the command; standard error goes to a pipe, or with
    /// `standardErrorOnTerminal` to the terminal too (and its text is then in the output).
    /// A command still running after `timeout` is killed, and the run throws.
    /// With `interruptWhen`, the command gets SIGINT, as from Ctrl-C, once
    /// the terminal's text so far satisfies it.
    static func runOnTerminal(
        _ arguments: [String], standardErrorOnTerminal: Bool = false, timeout: Duration = .seconds(300),
        interruptWhen: ((String) -> Bool)? = nil
    ) throws -> CommandResult {
        let controller = try function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { throw NoTerminal() }
        defer { close(controller) }
        let grant = try function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlock = try function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        let terminalName = try function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        guard grant(controller) == 0, unlock(controller) == 0, let name = terminalName(controller) else {
            throw NoTerminal()
        }
        let terminal = open(String(cString: name), O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw NoTerminal() }
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)

        let error = try PrivatePipe()
        let program: StartedProgram
        do {
            defer {
                close(terminal)
                try? error.writing.close()
            }
            program = try StartedProgram(
                [executable.path] + arguments,
                descriptors: [
                    1: .descriptor(terminal),
                    2: .descriptor(standardErrorOnTerminal ? terminal : error.writing.fileDescriptor),
                ])
        }
        // Drain the terminal while the command runs, so it never waits on a full buffer.
        var output = Data()
        var interruptWhen = interruptWhen
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + timeout
        while true {
            let count = read(controller, &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer[..<count])
                if let interrupt = interruptWhen, interrupt(String(decoding: output, as: UTF8.self)) {
                    kill(program.pid, SIGINT)
                    interruptWhen = nil
                }
            } else if program.isRunning && ContinuousClock.now < deadline {
                usleep(2_000)
            } else {
                break
            }
        }
        let end = try program.end(within: .zero)
        let errorData = error.reading.readDataToEndOfFile()
        // A terminal turns "\n" into "\r\n".
        let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return CommandResult(
            status: end.status, standardOutput: Data(text.utf8),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    private static func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
        guard let function = cLibraryFunction(name, as: type) else { throw NoTerminal() }
        return function
    }
}
