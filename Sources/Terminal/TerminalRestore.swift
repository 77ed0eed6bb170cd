import Glibc

/// Puts the tty back the way it was without ncurses: only `write` and `tcsetattr`, both
/// async-signal-safe, so a crash or signal path can call it from any thread. `Terminal.close()`
/// is the normal way out; this is the emergency one.
struct TerminalRestore: Sendable {
    /// Bracketed paste and mouse reporting off, attributes reset, cursor shown, main screen back.
    static let sequence = Array("\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    private let settings: termios?

    /// Restores `original` (the modes from before raw input was taken early), else the tty
    /// settings of standard input as they are now (before ncurses changes them).
    init(original: termios? = nil) {
        var current = termios()
        settings = original ?? (tcgetattr(STDIN_FILENO, &current) == 0 ? current : nil)
    }

    func run() {
        Self.sequence.withUnsafeBufferPointer { bytes in
            _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
        }
        if var settings { _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
    }
}
