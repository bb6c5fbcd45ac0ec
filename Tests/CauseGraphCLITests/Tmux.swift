import CauseGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tmux server of its own running one command in a pane of a known size,
/// for tests of what a user sees and types on a terminal. The server is
/// killed when the value is released.
final class Tmux {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let executable: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static let unavailable = "tmux not found: `make test` installs it with apt-get"

    private let socket = "causegraph-test-\(UUID().uuidString)"
    /// The server's process, ended for sure when the value is released.
    let serverProcess: pid_t

    /// Starts `command` (run by sh) in a pane of `columns` × `rows`; with
    /// `recording`, the bytes written to the pane are copied to that file,
    /// for what the pane does not show (it clips a line when autowrap is off).
    init(_ command: String, columns: Int = 220, rows: Int = 20, recording: String? = nil) throws {
        // The shell stays after the command, so its exit status and the terminal it left can be read.
        _ = try Self.tmux(socket, ["new-session", "-d", "-s", "test", "-x", "\(columns)", "-y", "\(rows)", "sh"])
        let pid = try Self.tmux(socket, ["display-message", "-p", "#{pid}"])
        guard let server = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            _ = try? Self.tmux(socket, ["kill-server"])
            throw Failure(description: "tmux did not say which process its server is: \(pid)")
        }
        serverProcess = server
        try tmux(["set-option", "-t", "test", "status", "off"])
        if let recording { try tmux(["pipe-pane", "-o", "-t", "test", "cat > '\(recording)'"]) }
        try type(
            command + "; echo \"EXIT=$?\"; stty -a | grep -o -- '-*icanon' ; tput cnorm >/dev/null 2>&1", enter: true)
    }

    deinit {
        // A server that outlived its test would keep its pane, and whatever it inherited, to the end of the run.
        if (try? close()) == nil { kill(serverProcess, SIGKILL) }
    }

    /// Ends the server with `kill-server` and waits until its process is gone.
    func close() throws {
        guard Self.isRunning(serverProcess) else { return }
        try tmux(["kill-server"])
        let deadline = ContinuousClock.now + .seconds(5)
        while Self.isRunning(serverProcess) {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the tmux server \(serverProcess) outlived kill-server")
            }
            usleep(20_000)
        }
    }

    /// Whether a process (not necessarily a child of this one) still exists.
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Types `keys` literally into the pane.
    func type(_ keys: String, enter: Bool = false) throws {
        try tmux(["send-keys", "-t", "test", "-l", keys])
        if enter { try tmux(["send-keys", "-t", "test", "Enter"]) }
    }

    /// Presses a key by its tmux name, such as `C-c`.
    func press(_ key: String) throws {
        try tmux(["send-keys", "-t", "test", key])
    }

    /// The text the pane shows; with `escapes`, with the sequences that colour it.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", "test"])
    }

    /// A tmux format about the pane, such as `#{alternate_on}`.
    func pane(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "test", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the pane shows text that `condition` accepts, and returns it.
    @discardableResult
    func waitForScreen(timeout: Duration = .seconds(20), _ what: String, _ condition: (String) -> Bool) throws -> String
    {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(50_000)
        }
        throw Failure(description: "the pane never showed \(what); it shows:\n\(last)")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.tmux(socket, arguments)
    }

    /// Runs a tmux client on the server at `socket` and returns what it printed.
    /// Started cleanly (see ``CleanSpawn``): the server the first client forks
    /// then obeys `kill-server` and holds none of the test run's pipes.
    private static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        guard let executable else { throw Failure(description: unavailable) }
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "causegraph-tmux-\(UUID().uuidString)"
        ).path
        defer { unlink(outputPath) }
        let pid = try CleanSpawn.start(
            [executable.path, "-L", socket, "-f", "/dev/null"] + arguments,
            descriptors: [1: .file(outputPath, flags: O_WRONLY | O_CREAT | O_TRUNC)])
        let status = CleanSpawn.wait(pid)
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status))")
        }
        return String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }
}
