import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal `causegraph top` redraws: the alternate screen with the
/// cursor hidden and lines that do not wrap, and the keyboard read a key at
/// a time from `/dev/tty` (standard input may be the log). ``leave()`` puts
/// everything back, and so does a signal that stops the process (through
/// ``SignalExit``), so Ctrl-C leaves the terminal as it was. Ctrl-Z leaves
/// it too, and on `fg` the screen is entered again and redrawn.
final class LiveScreen: @unchecked Sendable {
    private let lock = NSLock()
    /// The terminal the keys come from, or -1 when there is none to open.
    private let keyboard: Int32
    private var savedModes: termios?
    private var isActive = false
    /// Set when the screen was entered again after a stop, so the caller redraws at once.
    private var redrawWanted = false

    /// The screen of standard output, when it is a terminal that can be
    /// drawn on (not `TERM=dumb`: `top` then prints its tables as to a pipe).
    init?() {
        guard TerminalEnvironment.allowsCursorControl(on: STDOUT_FILENO) else { return nil }
        keyboard = open("/dev/tty", O_RDONLY | O_NOCTTY)
        SignalExit.onStop { [weak self] in self?.leave() }
        SignalExit.onSuspend(
            { [weak self] in self?.leave() },
            resume: { [weak self] in
                guard let self else { return }
                self.enter()
                self.lock.withLock { self.redrawWanted = true }
            })
    }

    deinit {
        leave()
        if keyboard >= 0 { close(keyboard) }
    }

    func enter() {
        lock.withLock {
            guard !isActive else { return }
            isActive = true
            var modes = termios()
            if keyboard >= 0, tcgetattr(keyboard, &modes) == 0 {
                savedModes = modes
                // Keys arrive one at a time and are not echoed; Ctrl-C still sends SIGINT.
                modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
                withUnsafeMutableBytes(of: &modes.c_cc) { characters in
                    characters[Int(VMIN)] = 1
                    characters[Int(VTIME)] = 0
                }
                tcsetattr(keyboard, TCSANOW, &modes)
            }
            // The alternate screen, the cursor hidden, no wrapping: a long line cannot scroll the heading away.
            Self.emit("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
        }
    }

    /// Whether the screen was entered again since the last draw, after Ctrl-Z and `fg`.
    var wantsRedraw: Bool { lock.withLock { redrawWanted } }

    /// Restores the terminal's modes, the main screen and the cursor.
    func leave() {
        lock.withLock {
            guard isActive else { return }
            isActive = false
            if var modes = savedModes { tcsetattr(keyboard, TCSANOW, &modes) }
            Self.emit("\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        }
    }

    /// The rows and columns of the terminal.
    var size: (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
            return (24, 80)
        }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// Replaces what the screen shows with `text`, its first lines as many
    /// as the screen has rows, each put at its row; nothing once the screen
    /// was left, since a signal may leave it while a table is being drawn,
    /// and a late table would then clear the main screen.
    func draw(_ text: String) {
        let rows = size.rows
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().prefix(rows)
        lock.withLock {
            guard isActive else { return }
            redrawWanted = false
            let placed = lines.enumerated().map { "\u{1B}[\($0.offset + 1);1H" + $0.element + "\u{1B}[K" }
            Self.emit(placed.joined() + "\u{1B}[J")
        }
    }

    /// The next key pressed before `deadline`, or `nil` when none was.
    func key(before deadline: DispatchTime) -> UInt8? {
        let now = DispatchTime.now().uptimeNanoseconds
        let remaining = deadline.uptimeNanoseconds > now ? deadline.uptimeNanoseconds - now : 0
        let milliseconds = Int32(min(remaining / 1_000_000, 1_000))
        guard keyboard >= 0 else {
            usleep(UInt32(milliseconds) * 1_000)
            return nil
        }
        guard Self.waitUntilReadable(keyboard, milliseconds: milliseconds) else { return nil }
        var key: UInt8 = 0
        return read(keyboard, &key, 1) == 1 ? key : nil
    }

    /// Waits for `descriptor` to have input, with `select`: macOS's `poll`
    /// does not support terminals (it answers at once with `POLLNVAL`, and
    /// a read would then block until a key is pressed).
    private static func waitUntilReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        guard descriptor < FD_SETSIZE else {
            usleep(UInt32(milliseconds) * 1_000)
            return false
        }
        var set = fd_set()
        // FD_SET, which Swift does not import: the bit of `descriptor` in a
        // little-endian array of words is bit descriptor % 8 of byte descriptor / 8.
        withUnsafeMutableBytes(of: &set) { bytes in
            bytes[Int(descriptor) / 8] |= UInt8(1 << (Int(descriptor) % 8))
        }
        var timeout = timeval(tv_sec: Int(milliseconds / 1_000), tv_usec: .init((milliseconds % 1_000) * 1_000))
        return select(descriptor + 1, &set, nil, nil, &timeout) > 0
    }

    private static func emit(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
