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

    /// Starts `command` (run by sh) in a pane of `columns` × `rows`.
    init(_ command: String, columns: Int = 220, rows: Int = 20) throws {
        // The shell stays after the command, so its exit status and the terminal it left can be read.
        try tmux(["new-session", "-d", "-s", "test", "-x", "\(columns)", "-y", "\(rows)", "sh"])
        try tmux(["set-option", "-t", "test", "status", "off"])
        try type(
            command + "; echo \"EXIT=$?\"; stty -a | grep -o -- '-*icanon' ; tput cnorm >/dev/null 2>&1", enter: true)
    }

    deinit {
        _ = try? tmux(["kill-server"])
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

    /// The text the pane shows.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "test"])
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

    /// Runs tmux with posix_spawn and waitpid: the server the first command
    /// forks keeps what it inherited, and Foundation's Process did not see
    /// the client end while that server ran.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let executable = Self.executable else { throw Failure(description: Self.unavailable) }
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "causegraph-tmux-\(UUID().uuidString)"
        ).path
        defer { unlink(outputPath) }
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start tmux: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status))")
        }
        return String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }
}
