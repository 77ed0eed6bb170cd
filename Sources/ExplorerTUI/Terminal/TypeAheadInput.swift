import Glibc

/// Keeps what the user types while the explorer starts, byte for byte. Until the tty is in raw
/// mode its line discipline edits the keys: it echoes them, eats Ctrl+R (reprint), Ctrl+U,
/// Ctrl+W, Ctrl+V and backspace, stops output on Ctrl+S and turns Ctrl+C into a signal. So the TUI
/// takes raw input first, before it reads files or loads terminfo, and never flushes (TCSANOW,
/// not TCSAFLUSH; no tcflush): bytes typed before this stay queued for the decoder. ncurses then
/// takes these modes as the shell's, so the way out puts `original` back itself.
struct TypeAheadInput: Sendable {
    /// The tty's modes as the shell left them.
    let original: termios

    /// Raw input on standard input when it is a tty (nil otherwise, or when it cannot be set).
    /// Output processing is left alone, so a message printed before the TUI opens reads normally.
    static func take() -> TypeAheadInput? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return nil }
        let original = modes
        var raw = modes
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | ISIG | IEXTEN)
        // ncurses's newterm turns signals on (cbreak) for a moment before `raw()`: a Ctrl+C then
        // must not flush what is queued.
        raw.c_lflag |= tcflag_t(NOFLSH)
        raw.c_iflag &= ~tcflag_t(IXON | BRKINT | PARMRK | ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        return TypeAheadInput(original: original)
    }

    /// Puts the shell's modes back (after output drains; input is kept).
    func release() {
        var modes = original
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &modes)
    }
}
