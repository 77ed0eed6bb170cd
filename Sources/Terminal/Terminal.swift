import CNcurses
import Foundation
import TUICore

/// The only code that touches ncurses: it copies a `Screen` to the terminal and decodes keys,
/// mouse and resizes. One dedicated thread creates it and makes every call; ncurses is never
/// used from Swift concurrency contexts.
public final class Terminal {
    /// How long to wait for the rest of an escape sequence or a paste before giving up on it.
    static let continuationTimeoutMilliseconds: Int32 = 50
    /// OSC 52 payloads above this are refused (terminals and tmux cap them; the app shows a fallback).
    static let clipboardLimit = 100_000

    let window: UnsafeMutablePointer<WINDOW>
    /// Restores the tty without ncurses: for a crash or signal path on any thread.
    let restore: TerminalRestore
    var colors: TerminalColors
    var decoder = InputDecoder()
    /// The last grid drawn (nil: the next frame writes every cell).
    var previous: Screen?
    var cursorVisibility: Int32?
    var reportedSize: (width: Int, height: Int)
    /// The SIGWINCH action before `wakeOnResize` (ncurses's), put back by `close()`.
    var previousResizeAction: sigaction?
    /// Raw input taken before ncurses (so ncurses saw raw modes as the shell's): its original
    /// modes go back whenever the screen is left.
    let typeAhead: TypeAheadInput?
    private(set) var isClosed = false

    /// Opens the terminal on standard input and output: raw keys (Ctrl+C, Ctrl+Q, Ctrl+S arrive
    /// as keys), no echo, keypad and mouse decoding, Esc after 25 ms, bracketed paste, colours
    /// unless `noColor` (NO_COLOR) or the terminal has none. Nothing here flushes input (ncurses
    /// sets modes with TCSADRAIN): keys typed before it are read by the first `readInputs()`.
    public init(noColor: Bool, typeAhead: TypeAheadInput? = nil) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        Self.setLocale()
        self.typeAhead = typeAhead
        restore = TerminalRestore(original: typeAhead?.original)
        guard cn_newterm_stdio() != nil, let window = cn_stdscr() else {
            throw .unknownTerminal(ProcessInfo.processInfo.environment["TERM"] ?? "")
        }
        self.window = window
        raw()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        set_escdelay(25)
        wtimeout(window, 0)
        _ = mousemask(cn_button1_pressed() | cn_button1_clicked() | cn_button4_pressed() | cn_button5_pressed(), nil)
        _ = mouseinterval(0)
        colors = TerminalColors(noColor: noColor)
        reportedSize = (Int(cn_getmaxx(window)), Int(cn_getmaxy(window)))
        Self.write(Self.bracketedPasteOn)
    }

    deinit { close() }

    /// The window's size in cells.
    public var size: (width: Int, height: Int) { (Int(cn_getmaxx(window)), Int(cn_getmaxy(window))) }

    /// Leaves the screen to another program ($EDITOR): the tty back in its normal modes.
    public func suspend() {
        guard !isClosed else { return }
        Self.write(Self.bracketedPasteOff)
        def_prog_mode()
        endwin()
        typeAhead?.release()
    }

    /// Takes the screen back after `suspend()` and repaints all of it on the next `draw`.
    public func resume() {
        guard !isClosed else { return }
        reset_prog_mode()
        Self.write(Self.bracketedPasteOn)
        previous = nil
        cursorVisibility = nil
        clearok(window, true)
        wrefresh(window)
    }

    /// Puts `text` on the system clipboard with OSC 52, written straight to the tty. False when
    /// it is too long (over 100 KB) or cannot be written: the app then shows a fallback. True
    /// only means the sequence went out; terminals that ignore OSC 52 say nothing.
    public func copyToClipboard(_ text: String) -> Bool {
        guard !isClosed, text.utf8.count <= Self.clipboardLimit else { return false }
        let encoded = Data(text.utf8).base64EncodedString()
        return Self.write(Array("\u{1B}]52;c;\(encoded)\u{07}".utf8))
    }

    /// Ends ncurses and bracketed paste; safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        stopWakingOnResize()
        Self.write(Self.bracketedPasteOff)
        endwin()
        typeAhead?.release()
    }

    static let bracketedPasteOn = Array("\u{1B}[?2004h".utf8)
    static let bracketedPasteOff = Array("\u{1B}[?2004l".utf8)

    /// Writes bytes to the tty outside ncurses (which has flushed its own output by then).
    @discardableResult
    static func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBufferPointer { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// The user's locale, for wide characters; with no locale set at all, C.UTF-8 (the terminal
    /// is UTF-8 in practice, and the C locale would turn every box line into '?').
    private static func setLocale() {
        setlocale(LC_ALL, "")
        let environment = ProcessInfo.processInfo.environment
        let chosen = ["LC_ALL", "LC_CTYPE", "LANG"].contains { !(environment[$0] ?? "").isEmpty }
        if !chosen, String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
