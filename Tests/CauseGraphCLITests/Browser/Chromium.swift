import CauseGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Headless Chromium (or Chrome) driven through the DevTools protocol over
/// `--remote-debugging-pipe`: messages go through two pipes the browser
/// finds as file descriptors 3 and 4, so no port is opened and nothing
/// reaches the network.
///
/// Every wait has a deadline, and the browser runs in its own process group,
/// which ``close()`` ends, so a test can neither hang on it nor leave it behind.
final class Chromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The browser to drive: `$CAUSEGRAPH_CHROME`, else the first of the
    /// usual names on `PATH`, else the usual macOS applications.
    static let executable: String? = {
        let manager = FileManager.default
        if let chosen = ProcessInfo.processInfo.environment["CAUSEGRAPH_CHROME"], !chosen.isEmpty {
            return manager.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"] {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if manager.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        let applications = [
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ]
        return applications.first { manager.isExecutableFile(atPath: $0) }
    }()

    /// Set by `.ci/run`: there a missing browser fails the browser tests instead of skipping them.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CAUSEGRAPH_REQUIRE_BROWSER"] == "1" }

    static let unavailable =
        "no Chromium or Chrome found: `make test` installs chromium with apt-get, or set CAUSEGRAPH_CHROME to a browser"

    /// Events received so far, in order.
    private(set) var events: [[String: Any]] = []

    private let process: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var received: [UInt8] = []
    private var nextID = 1
    private var isClosed = false
    /// Whether the browser ever answered; one that never did is not asked to quit.
    private var hasAnswered = false

    /// Starts the browser with an empty profile and waits until it answers.
    init(executable: String? = Chromium.executable, timeout: TimeInterval = 30) throws {
        guard let executable else { throw Failure(description: Self.unavailable) }
        signal(SIGPIPE, SIG_IGN)
        profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "causegraph-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            // Containers (and root) cannot start Chromium's sandbox; the pages are the test's own.
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
            "--mute-audio", "--hide-scrollbars", "--force-color-profile=srgb", "about:blank",
        ]
        var commands: [Int32] = [0, 0]
        var answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else {
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for descriptor in commands + answers { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

        let pid: pid_t
        do {
            pid = try CleanSpawn.start(
                arguments,
                descriptors: [
                    2: .file(profile.appendingPathComponent("stderr.log").path, flags: O_WRONLY | O_CREAT | O_TRUNC),
                    3: .descriptor(commands[0]), 4: .descriptor(answers[1]),
                ], ownProcessGroup: true)
        } catch {
            for descriptor in commands + answers { closeDescriptor(descriptor) }
            try? FileManager.default.removeItem(at: profile)
            throw Failure(description: "\(error)")
        }
        closeDescriptor(commands[0])
        closeDescriptor(answers[1])
        process = pid
        toBrowser = commands[1]
        fromBrowser = answers[0]
        do {
            _ = try send("Browser.getVersion", timeout: timeout)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Sends one command and returns its result, keeping the events that arrive meanwhile.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: TimeInterval = 20)
        throws -> [String: Any]
    {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        try write(try JSONSerialization.data(withJSONObject: message) + [0], sending: method)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let answer = try readMessage(until: deadline, waitingFor: method)
            guard answer["id"] as? Int == id else {
                if answer["method"] != nil { events.append(answer) }
                continue
            }
            hasAnswered = true
            if let error = answer["error"] as? [String: Any] {
                throw Failure(description: "\(method) failed: \(error["message"] ?? error)")
            }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for an event of `method` (already received or still to come) and returns its parameters.
    @discardableResult
    func waitForEvent(_ method: String, session: String? = nil, timeout: TimeInterval = 20) throws -> [String: Any] {
        let matches = { (event: [String: Any]) in
            event["method"] as? String == method && (session == nil || event["sessionId"] as? String == session)
        }
        if let index = events.firstIndex(where: matches) {
            return events.remove(at: index)["params"] as? [String: Any] ?? [:]
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let message = try readMessage(until: deadline, waitingFor: method)
            if matches(message) { return message["params"] as? [String: Any] ?? [:] }
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Asks the browser to quit, then ends its process group if it has not within a few seconds.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if hasAnswered { _ = try? send("Browser.close", timeout: 3) }
        closeDescriptor(toBrowser)
        closeDescriptor(fromBrowser)
        let deadline = Date(timeIntervalSinceNow: hasAnswered ? 5 : 0)
        var status: Int32 = 0
        while waitpid(process, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(-process, SIGKILL)
                waitpid(process, &status, 0)
                break
            }
            usleep(20_000)
        }
        // Helpers left in the browser's own process group, if any.
        kill(-process, SIGKILL)
        try? FileManager.default.removeItem(at: profile)
    }

    /// The end of the browser's standard error, to explain a failure.
    private var log: String {
        let text = (try? String(contentsOf: profile.appendingPathComponent("stderr.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.contains("dbus") }.suffix(5).joined(separator: "\n")
    }

    private func write(_ data: Data, sending method: String) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = writeDescriptor(toBrowser, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(
                        description:
                            "the browser quit before taking \(method) (\(String(cString: strerror(errno))))\n\(log)")
                }
                offset += written
            }
        }
    }

    private func readMessage(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = received.firstIndex(of: 0) {
                let data = Data(received[..<end])
                received.removeSubrange(...end)
                guard let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw Failure(description: "the browser sent something else than a JSON object")
                }
                return message
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "timed out waiting for \(what)") }
            var ready = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let count = poll(&ready, 1, Int32(min(remaining * 1000, 500).rounded(.up)))
            if count < 0 && errno != EINTR { throw Failure(description: "poll: \(String(cString: strerror(errno)))") }
            guard count > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let length = readDescriptor(fromBrowser, &chunk, chunk.count)
            if length < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure(description: "read: \(String(cString: strerror(errno)))")
            }
            guard length > 0 else { throw Failure(description: "the browser quit while waiting for \(what)\n\(log)") }
            received += chunk[..<length]
        }
    }
}

// The system calls, under names the methods of ``Chromium`` do not hide.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func readDescriptor(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
