#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps what the user types while the explorer starts, byte for byte. Until the tty is in raw
/// mode its line discipline edits the keys: it echoes them, eats Ctrl+R (reprint), Ctrl+U,
/// Ctrl+W, Ctrl+V and backspace, stops output on Ctrl+S and turns Ctrl+C into a signal. So the TUI
/// takes raw input first, before it reads files or loads terminfo, and never flushes (TCSANOW,
/// not TCSAFLUSH; no tcflush): bytes typed before this stay queued for the decoder. ncurses then
/// takes these modes as the shell's, so the way out puts `original` back itself.
public struct TypeAheadInput: Sendable {
    /// The tty's modes as the shell left them.
    public let original: termios
    private let descriptor: Int32

    /// Raw input on `descriptor` when it is a tty (nil otherwise, or when it cannot be set).
    /// Output processing is left alone, so a message printed before the TUI opens reads normally.
    public static func take(descriptor: Int32 = STDIN_FILENO) -> TypeAheadInput? {
        guard isatty(descriptor) == 1 else { return nil }
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return nil }
        let original = modes
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | ISIG | IEXTEN)
        // ncurses's newterm turns signals on (cbreak) for a moment before `raw()`: a Ctrl+C then
        // must not flush what is queued.
        modes.c_lflag |= tcflag_t(NOFLSH)
        modes.c_iflag &= ~tcflag_t(IXON | BRKINT | PARMRK | ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else { return nil }
        return TypeAheadInput(original: original, descriptor: descriptor)
    }

    /// Puts the shell's modes back (after output drains; input is kept).
    public func release() {
        var modes = original
        _ = tcsetattr(descriptor, TCSADRAIN, &modes)
    }
}
